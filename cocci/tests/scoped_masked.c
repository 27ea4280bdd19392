/* A masked begin and its checked fallback, one region: the block masks
 * the same way (fs/select.c's get_sigset_argpack()). */
struct argpack {
	unsigned long p;
	unsigned long size;
};

int get_argpack(struct argpack *to, struct argpack __user *from)
{
	if (from) {
		if (can_do_masked_user_access())
			from = masked_user_access_begin(from);
		else if (!user_read_access_begin(from, sizeof(*from))) /* expect: scoped-region */
			return -EFAULT;
		unsafe_get_user(to->p, &from->p, Efault);
		unsafe_get_user(to->size, &from->size, Efault);
		user_read_access_end();
	}
	return 0;
Efault:
	user_read_access_end();
	return -EFAULT;
}

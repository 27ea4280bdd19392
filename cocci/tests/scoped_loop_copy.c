/* A loop that moves the region's pointer, dead after the region: the
 * block, whose pointer is const, moves a copy (fs/select.c's
 * do_sys_poll() and _ufds). */
struct slot {
	short events;
	short revents;
};

int put_revents(struct slot __user *ufds, const short *revents, unsigned int n)
{
	unsigned int j;
	int err = 0;

	if (!user_write_access_begin(ufds, n * sizeof(*ufds))) /* expect: scoped-region */
		goto out;

	for (j = 0; j < n; ufds++, j++)
		unsafe_put_user(revents[j], &ufds->revents, Efault);
	user_write_access_end();

out:
	return err;

Efault:
	user_write_access_end();
	err = -EFAULT;
	goto out;
}

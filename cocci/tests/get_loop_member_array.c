/*
 * A loop through a flexible array member, reading into kernel memory:
 * u->data is an address, not a pointer the struct holds, so no store in
 * the loop can change it, and the loop is rewritten (compare
 * put_run_member_pointer.c, where the member is a pointer read from
 * memory at each access).  The index is into a pointer the function
 * declares, which UBSAN does not check.
 */
struct ubuf {
	unsigned int n;
	unsigned long data[];
};

static int get_data(unsigned long *kbuf, struct ubuf __user *u, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (get_user(kbuf[i], &u->data[i])) /* expect: batch-get-loop */
			return -EFAULT;
	return 0;
}

/* A read and a write of one object: one read-write region. */
struct xchg {
	int in;
	int out;
};

int exchange(struct xchg __user *ux, int val, int *old)
{
	if (get_user(*old, &ux->in) || put_user(val, &ux->out)) /* expect: batch-rw */
		return -EFAULT;
	return 0;
}

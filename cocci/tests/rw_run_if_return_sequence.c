/* A read and a write of one object: one read-write region. */
struct req {
	int in;
	int out;
};

int exchange(struct req __user *r, int out)
{
	int in;

	if (get_user(in, &r->in)) /* expect: batch-rw */
		return -EFAULT;
	if (put_user(out + in, &r->out))
		return -EFAULT;
	return in;
}

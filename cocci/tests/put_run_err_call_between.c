/*
 * A copy between the writes: the region would hold a call, so the two
 * writes are not next to one another.  Nothing to report.
 */
struct frame {
	int sig;
	char data[16];
	int code;
};

int setup_frame(struct frame __user *f, int sig, int code, const char *data)
{
	int err = 0;

	err |= __put_user(sig, &f->sig);
	err |= copy_to_user(f->data, data, sizeof(f->data));
	err |= __put_user(code, &f->code);
	if (err)
		return -EFAULT;
	return 0;
}

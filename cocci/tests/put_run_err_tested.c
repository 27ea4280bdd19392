/* Accumulated errors, tested right after the run (signal frames). */
struct frame {
	int sig;
	int code;
	long addr;
};

int setup_frame(struct frame __user *f, int sig, int code, long addr)
{
	int err = 0;

	err |= __put_user(sig, /* expect: batch-put-run */ &f->sig);
	err |= __put_user(code, &f->code);
	err |= __put_user(addr, &f->addr);
	if (err)
		return -EFAULT;
	return 0;
}

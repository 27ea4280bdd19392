/* A counted loop that computes each value before writing it. */
struct kstat {
	unsigned int dev;
	unsigned int ino;
};

int put_devs(unsigned int __user *ubuf, const struct kstat *st, size_t n)
{
	int i;

	for (i = 0; i < n; i++) {
		unsigned int v = st[i].dev << 8 | st[i].ino;

		if (put_user(v, &ubuf[i])) /* expect: batch-put-loop */
			return -EFAULT;
	}
	return 0;
}

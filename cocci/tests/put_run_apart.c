/* Not runs: the two arms of an if, two cases of a switch, and one
 * address under two casts.
 */
struct pair {
	int a;
	int b;
};

int put_either(struct pair __user *p, int which, int v)
{
	if (which) {
		if (put_user(v, &p->a))
			return -EFAULT;
	} else {
		if (put_user(v, &p->b))
			return -EFAULT;
	}
	return 0;
}

long pair_ioctl(unsigned int cmd, unsigned long arg, int v)
{
	struct pair __user *p = (struct pair __user *)arg;

	switch (cmd) {
	case 1:
		return put_user(v, &p->a);
	case 2:
		return put_user(v, &p->b);
	}
	return -EINVAL;
}

long size_ioctl(unsigned int cmd, unsigned long arg, int v)
{
	int size;

	if (get_user(size, (int __user *)arg))
		return -EFAULT;
	return put_user(size + v, (unsigned int __user *)arg);
}

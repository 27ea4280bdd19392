/*
 * A label efault in another function of the file: labels are per
 * function, so the fault path is still named efault.
 */
struct pair {
	int a;
	int b;
};

int other(int __user *p)
{
	if (put_user(1, p))
		goto efault;
	return 0;
efault:
	return -EFAULT;
}

int put_pair(struct pair __user *up, int a, int b)
{
	if (put_user(a, &up->a) || put_user(b, &up->b)) /* expect: batch-put-run */
		return -EFAULT;
	return 0;
}

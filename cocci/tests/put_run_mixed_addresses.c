/* An element beyond *p and a field of *p: no one size covers both. */
struct pair {
	int a;
	int b;
};

int put_two(struct pair __user *p, int a, int b)
{
	if (__put_user(a, &p->a)) /* expect: batch-put-run not auto-fixable */
		return -EFAULT;
	if (__put_user(b, &p[1].b))
		return -EFAULT;
	return 0;
}

/* A comment inside the run: the rewrite would drop it. */
struct pair {
	int a;
	int b;
};

int put_pair(struct pair __user *p, int a, int b)
{
	if (__put_user(a, &p->a)) /* expect: batch-put-run not auto-fixable */
		return -EFAULT;
	/* b is written last: user space polls it */
	if (__put_user(b, &p->b))
		return -EFAULT;
	return 0;
}

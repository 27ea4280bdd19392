/* A call computes a value: it would run with user access open. */
struct pair {
	int a;
	int b;
};

int compute(int);

int put_pair(struct pair __user *up, int a, int b)
{
	if (__put_user(compute(a), &up->a) || __put_user(b, &up->b)) /* expect: batch-put-run not auto-fixable */
		return -EFAULT;
	return 0;
}

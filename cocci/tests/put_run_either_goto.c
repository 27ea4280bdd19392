/* Two writes under one condition, the error path a goto. */
struct pair {
	int a;
	int b;
};

int put_pair(struct pair __user *up, int a, int b)
{
	int ret = -EFAULT;

	if (__put_user(a, &up->a) || __put_user(b, &up->b)) /* expect: batch-put-run */
		goto out;
	ret = 0;
out:
	return ret;
}

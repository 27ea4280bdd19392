/* Each access leaves its own way: one fault path cannot serve them. */
struct pair {
	int a;
	int b;
};

int put_pair(struct pair __user *p, int a, int b)
{
	if (__put_user(a, &p->a)) /* expect: batch-put-run not auto-fixable */
		return -EFAULT;
	if (__put_user(b, &p->b))
		return -EINVAL;
	return 0;
}

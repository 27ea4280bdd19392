/* Two runs in one function that leave the same way: one fault path. */
struct pair {
	int a;
	int b;
};

int put_pairs(struct pair __user *p, struct pair __user *q, int a, int b)
{
	if (__put_user(a, &p->a)) /* expect: batch-put-run */
		return -EFAULT;
	if (__put_user(b, &p->b))
		return -EFAULT;
	a++;
	if (__put_user(a, &q->a)) /* expect: batch-put-run */
		return -EFAULT;
	if (__put_user(b, &q->b))
		return -EFAULT;
	return 0;
}

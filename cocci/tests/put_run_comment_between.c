/*
 * A comment between the accesses: the classic rewrite leaves it where it
 * is; a scoped block would lose it, so the scoped rewrite is refused.
 */
struct pair {
	int a;
	int b;
};

int put_pair(struct pair __user *p, int a, int b)
{
	if (__put_user(a, &p->a)) /* expect: batch-put-run */
		return -EFAULT;
	/* b is written last: user space polls it */
	if (__put_user(b, &p->b))
		return -EFAULT;
	return 0;
}

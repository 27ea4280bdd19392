/* 'efault' is taken: the fix must pick another label. */
struct pair {
	int a;
	int b;
};

int put_pair(struct pair __user *up, int a, int b, int efault)
{
	if (__put_user(a, &up->a) || __put_user(b, &up->b)) /* expect: batch-put-run */
		return -EFAULT;
	return efault;
}

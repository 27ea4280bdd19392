/* Writes to two different user objects: no run. */
int put_two(int __user *a, int __user *b, int x)
{
	if (__put_user(x, a) || __put_user(x, b))
		return -EFAULT;
	return 0;
}

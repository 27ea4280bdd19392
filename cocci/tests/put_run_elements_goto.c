/* Constant elements of a user array: the region covers all of them. */
int put_pair(int __user *p, int a, int b)
{
	int ret = -EFAULT;

	if (put_user(a, p)) /* expect: batch-put-run */
		goto out;
	if (put_user(b, p + 1))
		goto out;
	ret = 0;
out:
	return ret;
}

/* One write: nothing to batch. */
int put_one(int __user *a, int x)
{
	return put_user(x, a);
}

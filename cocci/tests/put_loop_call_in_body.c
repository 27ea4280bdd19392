/* A call in the loop body would run with user access open. */
int value_of(int);

int put_array(int __user *uarr, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (put_user(value_of(i), &uarr[i])) /* expect: batch-put-loop not auto-fixable */
			return -EFAULT;
	return 0;
}

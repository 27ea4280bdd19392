/* A loop that indexes the user array and returns on a fault. */
int put_array(int __user *uarr, const int *karr, unsigned long n)
{
	int i;

	for (i = 0; i < n; i++)
		if (put_user(karr[i], &uarr[i])) /* expect: batch-put-loop */
			return -EFAULT;
	return 0;
}

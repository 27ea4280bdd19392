/* Reading a user array into a kernel one. */
int read_array(const int __user *uarr, int *karr, unsigned int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (__get_user(karr[i], &uarr[i])) /* expect: batch-get-loop */
			goto fault;
	return 0;
fault:
	return -EFAULT;
}

/*
 * A call in an access's value would run with user access open: one region
 * cannot serve the loop as it stands, and one write an iteration is no
 * run.  Nothing to report.
 */
int value_of(int);

int put_array(int __user *uarr, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (put_user(value_of(i), &uarr[i]))
			return -EFAULT;
	return 0;
}

/*
 * A signed bound: where n is negative the loop reads nothing, but a region
 * of n elements fails its check.  Not rewritten.
 */
int read_array(const int __user *uarr, int *karr, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (__get_user(karr[i], &uarr[i])) /* expect: batch-get-loop not auto-fixable */
			return -EFAULT;
	return 0;
}

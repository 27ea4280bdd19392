/*
 * A signed bound and index: where n is negative the loop reads nothing,
 * but a region of n elements fails its check.  Not rewritten.
 */
int read_array(const int __user *uarr, int *karr, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (__get_user(karr[i], &uarr[i])) /* expect: batch-get-loop not auto-fixable */
			return -EFAULT;
	return 0;
}

/*
 * An unsigned index against a bound wider than int: "i < n" converts i
 * to long and compares signed.  Not rewritten either.
 */
int read_long_array(const int __user *uarr, int *karr, long n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (__get_user(karr[i], &uarr[i])) /* expect: batch-get-loop not auto-fixable */
			return -EFAULT;
	return 0;
}

/*
 * A call in the loop body cannot run in a user access region: one region
 * cannot serve the loop as it stands, and one write an iteration is no
 * run.  Nothing to report.
 */
unsigned int convert(unsigned int v);

int put_converted(unsigned int __user *ubuf, const unsigned int *k, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		unsigned int v = convert(k[i]);

		if (put_user(v, &ubuf[i]))
			return -EFAULT;
	}
	return 0;
}

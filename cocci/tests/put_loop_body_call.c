/* A call in the loop body: it cannot run in a user access region. */
unsigned int convert(unsigned int v);

int put_converted(unsigned int __user *ubuf, const unsigned int *k, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		unsigned int v = convert(k[i]);

		if (put_user(v, &ubuf[i])) /* expect: batch-put-loop not auto-fixable */
			return -EFAULT;
	}
	return 0;
}

/* The body moves the pointer: n * sizeof(*p) from p would not cover it. */
int sum_pairs(const int __user *p, int n, int *sum)
{
	int i, v;

	for (i = 0; i < n; i++) {
		if (get_user(v, &p[i])) /* expect: batch-get-loop not auto-fixable */
			return -EFAULT;
		p++;
		*sum += v;
	}
	return 0;
}

/* A loop body with more than the access: the rest only computes. */
int sum_array(const int __user *uarr, unsigned int n, int *sum)
{
	unsigned int i;
	int v, err = -EFAULT;

	*sum = 0;
	for (i = 0; i < n; i++) {
		if (get_user(v, &uarr[i])) /* expect: batch-get-loop */
			goto out;
		*sum += v;
	}
	err = 0;
out:
	return err;
}

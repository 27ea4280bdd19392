/*
 * err is read after its test (where it is 0): without it the rewrite
 * would return what err held before.  Not rewritten.
 */
struct range {
	int sync;
	long start;
	long len;
};

int get_range(struct range __user *urange, struct range *range)
{
	int err;

	err = get_user(range->sync, /* expect: batch-get-run not auto-fixable */ &urange->sync);
	err |= get_user(range->start, &urange->start);
	err |= get_user(range->len, &urange->len);
	if (err)
		return -EFAULT;
	return err;
}

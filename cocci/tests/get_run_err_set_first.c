/*
 * 'err = get_user(..)' then 'err |= get_user(..)', tested right after, as
 * f2fs_compat_ioc_gc_range() does: err only gathers the faults, so it
 * goes with its test and its declaration.
 */
struct range {
	int sync;
	long start;
	long len;
};

int get_range(struct range __user *urange, struct range *range)
{
	int err;

	err = get_user(range->sync, /* expect: batch-get-run */ &urange->sync);
	err |= get_user(range->start, &urange->start);
	err |= get_user(range->len, &urange->len);
	if (err)
		return -EFAULT;
	return 0;
}

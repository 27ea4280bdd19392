/*
 * A member's address cast to a wider type after access_ok() of the whole
 * object, as in get_run_member_cast.c, but read with get_user(), which
 * checks each access's own range: the old code did not depend on the
 * cast staying inside what access_ok() checked, and a region of
 * sizeof(*h) cannot be shown to cover it.  Not rewritten.
 */
struct hdr {
	u32 magic;
	u32 flags;
};

int read_hdr(struct hdr __user *h, u64 *magic, u32 *flags)
{
	if (!access_ok(h, sizeof(*h)))
		return -EFAULT;
	if (get_user(*magic, /* expect: batch-get-run not auto-fixable */ (u64 __user *)&h->flags))
		return -EFAULT;
	if (get_user(*flags, &h->flags))
		return -EFAULT;
	return 0;
}

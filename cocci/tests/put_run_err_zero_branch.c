/*
 * err holds 0 where a branch starts whose condition does not name it:
 * the run at the top of the branch is rewritten, err's test goes, and
 * err, used after the branch, stays.  The second run follows a label,
 * a way in where err may hold anything: not rewritten.
 */
struct hdr {
	u32 magic;
	u32 size;
};

int put_hdrs(struct hdr __user *h, struct hdr __user *g, u32 magic, u32 size, int more)
{
	int err = 0;

	if (more) {
		err |= __put_user(magic, /* expect: batch-put-run */ &h->magic);
		err |= __put_user(size, &h->size);
		if (err)
			return -EFAULT;
	}
	err = more_work(h);
	if (err > 0)
		goto again;
	return err;

again:
	err |= __put_user(magic, /* expect: batch-put-run not auto-fixable */ &g->magic);
	err |= __put_user(size, &g->size);
	if (err)
		return -EFAULT;
	return 0;
}

/*
 * err holds 0 before the run and is tested after it, but its test goes
 * to a label that returns err: the fault path would get there with err
 * holding 0.  Not rewritten.
 */
struct hdr {
	u32 magic;
	u32 size;
};

static long read_hdr(struct hdr __user *h, u32 *magic, u32 *size)
{
	long err = 0;

	err |= __get_user(*magic, /* expect: batch-get-run not auto-fixable */ &h->magic);
	err |= __get_user(*size, &h->size);
	if (err)
		goto out;
	*size -= sizeof(*h);
out:
	return err;
}

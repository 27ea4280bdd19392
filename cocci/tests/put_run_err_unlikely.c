/* Accumulated errors, tested in unlikely() right after the run (the
 * context headers of riscv's signal frames). */
struct ctx_hdr {
	unsigned int magic;
	unsigned int size;
};

static long put_end_header(struct ctx_hdr __user *head)
{
	long err = 0;

	err |= __put_user(0x0, /* expect: batch-put-run */ &head->magic);
	err |= __put_user(sizeof(*head), &head->size);
	if (unlikely(err))
		return -EFAULT;
	return 0;
}

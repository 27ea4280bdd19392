/*
 * drivers/scsi/megaraid/megaraid_sas_base.c,
 * megasas_compat_iocpacket_get_user(): the loop body indexes a kernel
 * array of a known size with the loop's variable; a kernel built with
 * UBSAN_BOUNDS checks that index with a call, which would run inside the
 * region.  Not rewritten.  The same loop into an array the function only
 * has a pointer to is.
 */
struct iovec32 {
	unsigned int iov_base;
	unsigned int iov_len;
};

struct kiovec {
	void *iov_base;
	unsigned long iov_len;
};

struct ioc {
	struct kiovec sgl[16];
};

struct cioc {
	struct iovec32 sgl[16];
};

int get_sgl(struct ioc *ioc, struct cioc __user *cioc, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (get_user(ioc->sgl[i].iov_len, &cioc->sgl[i].iov_len)) /* expect: batch-get-loop not auto-fixable */
			return -EFAULT;
	return 0;
}

int get_lens(unsigned long *lens, struct iovec32 __user *usgl, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (get_user(lens[i], &usgl[i].iov_len)) /* expect: batch-get-loop */
			return -EFAULT;
	return 0;
}

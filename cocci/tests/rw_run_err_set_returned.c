/*
 * arch/x86/kernel/fpu/xstate.h (7.2), set_xfeature_in_sigframe(): the
 * run's first access sets err ('err = __get_user(..)'), the second adds
 * to it, and err is returned right after: 0 without a fault, -EFAULT
 * with one, whatever err held before.  err only gathers the faults, so
 * it goes; the return becomes 'return 0;' and the fault path returns
 * -EFAULT.  The comment above the run stays.  The region covers the
 * header's first member only (offsetofend()), which is all the old code
 * touched: *xbuf ends in a flexible array.
 */
struct fxregs_state {
	u16 cwd;
	u16 swd;
	u32 padding[126];
};

struct xstate_header {
	u64 xfeatures;
	u64 xcomp_bv;
	u64 reserved[6];
} __attribute__((packed));

struct xregs_state {
	struct fxregs_state i387;
	struct xstate_header header;
	u8 extended_state_area[];
} __attribute__ ((packed, aligned (64)));

static inline int set_xfeature_in_sigframe(struct xregs_state __user *xbuf, u64 mask)
{
	u64 xfeatures;
	int err;

	/* Read the xfeatures value already saved in the user buffer */
	err  = __get_user(xfeatures, /* expect: batch-rw */ &xbuf->header.xfeatures);
	xfeatures |= mask;
	err |= __put_user(xfeatures, &xbuf->header.xfeatures);

	return err;
}

/*
 * err is read again after the return's statement would have gone: it
 * stays, and so does the rule's refusal.
 */
static inline int set_xfeature_logged(struct xregs_state __user *xbuf, u64 mask)
{
	u64 xfeatures;
	int err;

	err  = __get_user(xfeatures, /* expect: batch-rw not auto-fixable */ &xbuf->header.xfeatures);
	xfeatures |= mask;
	err |= __put_user(xfeatures, &xbuf->header.xfeatures);
	if (err)
		pr_debug("xfeatures: %d\n", err);
	return err;
}

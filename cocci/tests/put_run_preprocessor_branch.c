/*
 * arch/x86/um/signal.c, copy_sc_to_user(): the run is in an #ifdef branch
 * and the function ends after its #endif; a fault path there would be
 * in another branch than its uses.  Not rewritten.
 */
struct fpstate {
	int status;
	int magic;
};

int copy_fp_to_user(struct fpstate __user *to_fp, int swd, int have_fpx)
{
#ifdef CONFIG_X86_32
	if (have_fpx) {
		if (__put_user(swd, &to_fp->status)) /* expect: batch-put-run not auto-fixable */
			return 1;
		if (__put_user(0x46505853, &to_fp->magic))
			return 1;
	}
#endif
	return 0;
}

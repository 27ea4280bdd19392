/*
 * arch/riscv/kernel/signal.c (7.2), setup_rt_frame(): the ucontext's
 * head, two writes and __save_altstack(), which only makes user writes
 * through its first argument and has a twin of the same contract,
 * unsafe_save_altstack() (model/twins).  In a run the helper becomes its
 * twin, and the region covers the member it writes (uc.uc_stack, ending
 * last: offsetofend(); struct ucontext is defined apart from struct
 * rt_sigframe, as in the tree's asm/ucontext.h).  Here err is tested after more helpers, so the
 * fault path goes on (scoped style only); in riscv_frame_head() it is
 * tested right after, and both styles rewrite it.  Two helpers alone are
 * no run, nor a helper in a loop a loop.
 */
struct ucontext {
	unsigned long	  uc_flags;
	struct ucontext	 *uc_link;
	stack_t		  uc_stack;
	sigset_t	  uc_sigmask;
	struct sigcontext uc_mcontext;
};

struct rt_sigframe {
	struct siginfo info;
	struct ucontext uc;
};

static int setup_rt_frame(struct ksignal *ksig, sigset_t *set,
	struct pt_regs *regs)
{
	struct rt_sigframe __user *frame;
	long err = 0;

	frame = get_sigframe(ksig, regs, sizeof(*frame));
	if (!access_ok(frame, sizeof(*frame)))
		return -EFAULT;

	err |= copy_siginfo_to_user(&frame->info, &ksig->info);

	/* Create the ucontext. */
	err |= __put_user(0, &frame->uc.uc_flags); /* expect: batch-put-run not auto-fixable */
	err |= __put_user(NULL, &frame->uc.uc_link);
	err |= __save_altstack(&frame->uc.uc_stack, regs->sp);
	err |= setup_sigcontext(frame, regs);
	err |= __copy_to_user(&frame->uc.uc_sigmask, set, sizeof(*set));
	if (err)
		return -EFAULT;

	regs->epc = (unsigned long)ksig->ka.sa.sa_handler;
	return 0;
}

static int riscv_frame_head(struct rt_sigframe __user *frame, struct pt_regs *regs)
{
	long err = 0;

	err |= __put_user(0, &frame->uc.uc_flags); /* expect: batch-put-run */
	err |= __put_user(NULL, &frame->uc.uc_link);
	err |= __save_altstack(&frame->uc.uc_stack, regs->sp);
	if (err)
		return -EFAULT;
	return 0;
}

static int two_stacks(struct rt_sigframe __user *a, struct rt_sigframe __user *b,
		      unsigned long sp)
{
	long err = 0;

	err |= __save_altstack(&a->uc.uc_stack, sp);
	err |= __save_altstack(&b->uc.uc_stack, sp);
	return err;
}

static int stacks(struct rt_sigframe __user *frames, int n, unsigned long sp)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (__save_altstack(&frames[i].uc.uc_stack, sp))
			return -EFAULT;
	return 0;
}

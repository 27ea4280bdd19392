/*
 * x86 rt_sigreturn() (7.2): the first read casts a member's address to
 * another type.  How far the cast reaches the layout cannot say, but the
 * accesses do not check their range and follow access_ok() of the whole
 * frame: the old code was right only if they stay inside it, and a
 * region over *frame covers them.  The cast keeps its __user.
 */
struct rt_sigframe {
	char __user *pretcode;
	struct ucontext uc;
	struct siginfo info;
};

long sys_rt_sigreturn(struct pt_regs *regs)
{
	struct rt_sigframe __user *frame;
	sigset_t set;
	unsigned long uc_flags;

	frame = (struct rt_sigframe __user *)(regs->sp - sizeof(long));
	if (!access_ok(frame, sizeof(*frame)))
		goto badframe;
	if (__get_user(*(__u64 *)&set, /* expect: batch-get-run */ (__u64 __user *)&frame->uc.uc_sigmask))
		goto badframe;
	if (__get_user(uc_flags, &frame->uc.uc_flags))
		goto badframe;

	set_current_blocked(&set);
	return regs->ax;

badframe:
	signal_fault(regs, frame, "rt_sigreturn");
	return 0;
}

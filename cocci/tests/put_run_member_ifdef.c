/*
 * powerpc handle_rt_signal64() (5.10): the frame has a member only
 * CONFIG_PPC_TRANSACTIONAL_MEM builds, before the two written; they keep
 * their order in every configuration, so the region ends at
 * offsetofend() of the later.  err is gathered from 0 and tested right
 * after; badframe does not read it, so the fault path may go there with
 * err left 0.
 */
struct rt_sigframe {
	/* sys_rt_sigreturn requires the ucontext be the first field */
	struct ucontext uc;
#ifdef CONFIG_PPC_TRANSACTIONAL_MEM
	struct ucontext uc_transact;
#endif
	unsigned long _unused[2];
	unsigned int tramp[TRAMP_SIZE];
	struct siginfo __user *pinfo;
	void __user *puc;
	struct siginfo info;
	/* New 64 bit little-endian ABI allows redzone of 512 bytes below sp */
	char abigap[USER_REDZONE_SIZE];
} __attribute__ ((aligned (16)));

int handle_rt_signal64(struct ksignal *ksig, sigset_t *set, struct task_struct *tsk)
{
	struct rt_sigframe __user *frame;
	long err = 0;

	frame = get_sigframe(ksig, get_tm_stackpointer(tsk), sizeof(*frame), 0);
	if (unlikely(frame == NULL))
		goto badframe;

	err |= __put_user(&frame->info, /* expect: batch-put-run */ &frame->pinfo);
	err |= __put_user(&frame->uc, &frame->puc);
	if (err)
		goto badframe;

	err |= copy_siginfo_to_user(&frame->info, &ksig->info);
	if (err)
		goto badframe;
	return 0;

badframe:
	signal_fault(current, tsk, "handle_rt_signal64", frame);
	return 1;
}

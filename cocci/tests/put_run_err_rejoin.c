/*
 * arch/riscv/kernel/signal.c (7.2), setup_sigcontext(): faults
 * gathered in err, which is returned only after other work (a pointer
 * advanced, a loop's next iteration; setup_rt_frame() in
 * put_run_twin_altstack.c, more helpers).  The fault path sets err as
 * the old code left it after a fault (err | -EFAULT) and goes on after
 * the run, as the old code did; a scoped block ends the region before
 * its label, so one label serves a fault and a failed begin: "if (0) {
 * label: ... }" right after the block.  A classic region would need a
 * second label (a failed begin must not end it): not rewritten in
 * classic style.
 */
struct __riscv_ctx_hdr {
	__u32 magic;
	__u32 size;
};

static long setup_sigcontext(struct rt_sigframe __user *frame,
	struct pt_regs *regs)
{
	struct sigcontext __user *sc = &frame->uc.uc_mcontext;
	struct __riscv_ctx_hdr __user *sc_ext_ptr = &sc->sc_extdesc.hdr;
	struct arch_ext_priv *arch_ext;
	long err, i, ext_size;

	err = __copy_to_user(&sc->sc_regs, regs, sizeof(sc->sc_regs));
	for (i = 0; i < nr_arch_exts; i++) {
		arch_ext = &arch_ext_list[i];
		if (!arch_ext->save)
			continue;

		ext_size = arch_ext->save(regs, sc_ext_ptr + 1);
		if (ext_size <= 0) {
			err |= ext_size;
		} else {
			err |= __put_user(arch_ext->magic, &sc_ext_ptr->magic); /* expect: batch-put-run not auto-fixable */
			err |= __put_user(ext_size, &sc_ext_ptr->size);
			sc_ext_ptr = (void __user *)sc_ext_ptr + ext_size;
		}
	}
	err |= __put_user(0, &sc->sc_extdesc.reserved);
	err |= __put_user(END_MAGIC, &sc_ext_ptr->magic); /* expect: batch-put-run */
	err |= __put_user(END_HDR_SIZE, &sc_ext_ptr->size);

	return err;
}

/*
 * arch/powerpc/kernel/signal_64.c, handle_rt_signal64()'s ELFv1 branch:
 * a read run gathered in err, tested only later.  get_user() zeroes
 * regs->ctr on a fault, unsafe_get_user() would leave it as it was, and
 * the code after the run goes on: not rewritten.
 */
struct func_desc {
	unsigned long addr;
	unsigned long toc;
	unsigned long env;
};

int handle_rt_signal64(struct ksignal *ksig, struct pt_regs *regs)
{
	long err = 0;

	if (!is_elf2_task()) {
		struct func_desc __user *ptr =
			(struct func_desc __user *)ksig->ka.sa.sa_handler;

		err |= get_user(regs->ctr, &ptr->addr); /* expect: batch-get-run not auto-fixable */
		err |= get_user(regs->gpr[2], &ptr->toc);
	}
	regs->msr &= ~MSR_LE;
	if (err)
		goto badframe;
	return 0;

badframe:
	return 1;
}

/*
 * drivers/video/fbdev/core/fb_chrdev.c, do_fscreeninfo_to_user(): a
 * statement between the writes sets data, which goes into the block; a
 * fault skips it.  Where data is not read after the run, the rewrite
 * stands (fix_to_user()); where it is (fix_to_user_twice()), the old
 * code's later read would see what a fault left: not rewritten.
 */
struct fb_fix32 {
	u32 smem_start;
	u32 smem_len;
	u32 mmio_start;
	u32 mmio_len;
};

static int fix_to_user(struct fb_fix_screeninfo *fix, struct fb_fix32 __user *fix32)
{
	__u32 data;
	int err;

	err = copy_to_user(&fix32->id, &fix->id, sizeof(fix32->id));
	data = (__u32) (unsigned long) fix->smem_start;
	err |= put_user(data, &fix32->smem_start); /* expect: batch-put-run not auto-fixable */
	err |= put_user(fix->smem_len, &fix32->smem_len);
	data = (__u32) (unsigned long) fix->mmio_start;
	err |= put_user(data, &fix32->mmio_start);
	err |= put_user(fix->mmio_len, &fix32->mmio_len);
	err |= copy_to_user(fix32->reserved, fix->reserved, sizeof(fix->reserved));
	if (err)
		return -EFAULT;
	return 0;
}

static int fix_to_user_twice(struct fb_fix_screeninfo *fix, struct fb_fix32 __user *fix32,
			     u32 *last)
{
	__u32 data;
	int err;

	err = copy_to_user(&fix32->id, &fix->id, sizeof(fix32->id));
	data = (__u32) (unsigned long) fix->smem_start;
	err |= put_user(data, &fix32->smem_start); /* expect: batch-put-run not auto-fixable */
	err |= put_user(fix->smem_len, &fix32->smem_len);
	data = (__u32) (unsigned long) fix->mmio_start;
	err |= put_user(data, &fix32->mmio_start);
	err |= put_user(fix->mmio_len, &fix32->mmio_len);
	*last = data;
	err |= copy_to_user(fix32->reserved, fix->reserved, sizeof(fix->reserved));
	if (err)
		return -EFAULT;
	return 0;
}

/*
 * riscv setup_sigcontext() (7.2): the last run gathers its faults in
 * err, which earlier writes may have set, and returns it.  The fault
 * path returns err | -EFAULT, what the old code returned.
 */
struct __riscv_ctx_hdr {
	__u32 magic;
	__u32 size;
};

static long setup_sigcontext(struct rt_sigframe __user *frame, struct pt_regs *regs)
{
	struct sigcontext __user *sc = &frame->uc.uc_mcontext;
	struct __riscv_ctx_hdr __user *sc_ext_ptr = &sc->sc_extdesc.hdr;
	long err, i, ext_size;

	err = __copy_to_user(&sc->sc_regs, regs, sizeof(sc->sc_regs));
	for (i = 0; i < nr_arch_exts; i++) {
		ext_size = arch_ext_list[i].save(regs, sc_ext_ptr + 1);
		if (ext_size <= 0) {
			err |= ext_size;
		} else {
			err |= __put_user(arch_ext_list[i].magic, /* expect: batch-put-run not auto-fixable */ &sc_ext_ptr->magic);
			err |= __put_user(ext_size, &sc_ext_ptr->size);
			sc_ext_ptr = (void __user *)sc_ext_ptr + ext_size;
		}
	}
	/* Write zero to fp-reserved space and check it on restore_sigcontext */
	err |= __put_user(0, &sc->sc_extdesc.reserved);
	/* And put END __riscv_ctx_hdr at the end. */
	err |= __put_user(END_MAGIC, /* expect: batch-put-run */ &sc_ext_ptr->magic);
	err |= __put_user(END_HDR_SIZE, &sc_ext_ptr->size);

	return err;
}

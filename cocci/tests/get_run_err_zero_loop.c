/*
 * riscv restore_sigcontext() (7.2): faults gathered in err at the top
 * of a 'while (!err)' body, where err holds 0, and tested right after.
 * err is used elsewhere, so it stays; the test goes, as err holds 0
 * there without a fault.
 */
struct __riscv_ctx_hdr {
	__u32 magic;
	__u32 size;
};

static long restore_sigcontext(struct pt_regs *regs, struct sigcontext __user *sc)
{
	void __user *sc_ext_ptr = &sc->sc_extdesc.hdr;
	long err;

	err = __copy_from_user(regs, &sc->sc_regs, sizeof(sc->sc_regs));
	if (unlikely(err))
		return err;

	while (!err) {
		__u32 magic, size;
		struct __riscv_ctx_hdr __user *head = sc_ext_ptr;

		err |= __get_user(magic, /* expect: batch-get-run */ &head->magic);
		err |= __get_user(size, &head->size);
		if (unlikely(err))
			return err;

		sc_ext_ptr += sizeof(*head);
		switch (magic) {
		case END_MAGIC:
			if (size != END_HDR_SIZE)
				return -EINVAL;
			return 0;
		case RISCV_V_MAGIC:
			err = __restore_v_state(regs, sc_ext_ptr);
			break;
		default:
			return -EINVAL;
		}
		sc_ext_ptr = (void __user *)head + size;
	}
	return err;
}

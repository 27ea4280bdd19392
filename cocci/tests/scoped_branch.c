/* A region that is the branch of its begin's if, opened on an address
 * that is an integer (6.12's powerpc sstep.c): the block opens on a user
 * pointer made of it, which the accesses in it use, and its fault path
 * runs the else branch, then the return after the if. */
static int read_mem(unsigned long *dest, unsigned long ea, int nb, struct pt_regs *regs)
{
	int err;

	if (is_kernel_addr(ea))
		return __read_mem(dest, ea, nb, regs);

	if (user_read_access_begin((void __user *)ea, nb)) { /* expect: scoped-region */
		err = __read_mem(dest, ea, nb, regs);
		user_read_access_end();
	} else {
		err = -EFAULT;
		regs->dar = ea;
	}

	return err;
}

/* The address changes before the region: a pointer declared at the top
 * would not follow it, and its if is an else branch (6.12's
 * emulate_dcbz()). */
int zero_block(unsigned long ea, struct pt_regs *regs)
{
	int err;
	unsigned long size = block_bytes();

	ea &= ~(size - 1);
	if (is_kernel_addr(ea)) {
		err = __zero_block(ea);
	} else if (user_write_access_begin((void __user *)ea, size)) { /* expect: scoped-region not auto-fixable */
		err = __zero_block(ea);
		user_write_access_end();
	} else {
		err = -EFAULT;
	}

	if (err)
		regs->dar = ea;
	return err;
}

/* The same, at the top of the function: the address still changes. */
int zero_aligned(unsigned long ea)
{
	int err;

	ea &= ~63UL;
	if (user_write_access_begin((void __user *)ea, 64)) { /* expect: scoped-region not auto-fixable */
		err = __zero_block(ea);
		user_write_access_end();
	} else {
		err = -EFAULT;
	}

	return err;
}

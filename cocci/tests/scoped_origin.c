/* A region that moves its pointer u, set from ubuf just before: the block
 * opens on ubuf and sets u from it first; an early return ends the region
 * no more (arch/powerpc's gpr32_set_common_user()). */
int get_regs(unsigned long *regs, const void __user *ubuf, unsigned int count)
{
	const unsigned int __user *u = ubuf;
	unsigned int reg;
	unsigned int pos = 0;

	if (!user_read_access_begin(u, count)) /* expect: scoped-region */
		return -EFAULT;
	for (; count > 0; --count) {
		unsafe_get_user(reg, u++, Efault);
		if (reg > 255) {
			user_read_access_end();
			return -EINVAL;
		}
		regs[pos++] = reg;
	}
	user_read_access_end();
	return 0;

Efault:
	user_read_access_end();
	return -EFAULT;
}

/* A retry loop that reads the same fields each time walks no array: a
 * run, not a loop.
 */
struct fpu {
	unsigned long fcc;
	unsigned int fcsr;
};

int restore_fpu(struct fpu __user *fpu, int (*restore)(void))
{
	unsigned long fcc;
	unsigned int fcsr;
	int err;

	while (1) {
		err = restore();
		if (!err)
			break;
		if (__get_user(fcc, &fpu->fcc) || /* expect: batch-get-run */
		    __get_user(fcsr, &fpu->fcsr))
			return -EFAULT;
	}
	return 0;
}

#include "uaccess.h"

/* a write in a read region, a read in a write region */
static int wrong_modes(int __user *p, int __user *q, int *v)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(*v, p, efault);
	user_read_access_end();
	if (!user_write_access_begin(q, sizeof(*q)))
		return -EFAULT;
	unsafe_get_user(*v, q, efault);
	user_write_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

/* scoped read region */
static int scoped_write_in_read(int __user *p, int v)
{
	scoped_user_read_access(p, efault) {
		unsafe_put_user(v, p, efault);
	}
	return 0;
efault:
	return -EFAULT;
}

/* the right modes, and both in a read-write region */
static int right_modes(int __user *p, int *v)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*v, p, efault);
	user_read_access_end();
	if (!user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*v, p, efault);
	unsafe_put_user(*v + 1, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

/*
 * check-name: mode-mismatch
 * check-command: sparse-uaccess --uaccess-only $file
 *
 * check-error-start
 * mode-mismatch.c:8:9: warning: unsafe_put_user() in a read region opened by user_read_access_begin() [uaccess:mode-mismatch]
 * mode-mismatch.c:12:9: warning: unsafe_get_user() in a write region opened by user_write_access_begin() [uaccess:mode-mismatch]
 * mode-mismatch.c:24:17: warning: unsafe_put_user() in a read region opened by scoped_user_read_access() [uaccess:mode-mismatch]
 * check-error-end
 */

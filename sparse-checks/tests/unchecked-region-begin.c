#include "uaccess.h"

/* the result is ignored */
static int ignored(int __user *p, int v)
{
	user_write_access_begin(p, sizeof(*p));
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* tested, in the forms the kernel writes */
static int tested(int __user *p, int v)
{
	if (unlikely(!user_write_access_begin(p, sizeof(*p))))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	if (v < 0 || !user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	user_access_end();
	if (user_read_access_begin(p, sizeof(*p))) {
		unsafe_get_user(v, p, efault);
		user_read_access_end();
	}
	return v;
efault:
	user_access_end();
	return -EFAULT;
}

/*
 * check-name: unchecked-region-begin
 * check-command: sparse-uaccess --uaccess-only $file
 *
 * check-error-start
 * unchecked-region-begin.c:6:9: warning: the result of user_write_access_begin() is not tested [uaccess:unchecked-region-begin]
 * check-error-end
 */

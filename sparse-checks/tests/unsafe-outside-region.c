#include "uaccess.h"

/* accessor after the end */
static int after_end(int __user *p, int v)
{
	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	unsafe_put_user(v, p + 1, efault);
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* on the path where the begin failed */
static int on_failure_path(int __user *p, int *v)
{
	if (!user_read_access_begin(p, sizeof(*p))) {
		unsafe_get_user(*v, p, out);
		return -EFAULT;
	}
	unsafe_get_user(*v, p, efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
out:
	return -EFAULT;
}

/* inside a region and inside a scope: fine */
static int inside(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	scoped_user_write_access(p, efault2) {
		unsafe_put_user(v, p, efault2);
	}
	return 0;
efault:
	user_write_access_end();
efault2:
	return -EFAULT;
}

/*
 * check-name: unsafe-outside-region
 * check-command: sparse-uaccess --uaccess-only $file
 *
 * check-error-start
 * unsafe-outside-region.c:10:9: warning: unsafe_put_user() with no user-access region open [uaccess:unsafe-outside-region]
 * unsafe-outside-region.c:13:9: warning: user_write_access_end() with no user-access region open [uaccess:unbalanced-region-end]
 * unsafe-outside-region.c:21:17: warning: unsafe_get_user() with no user-access region open [uaccess:unsafe-outside-region]
 * check-error-end
 */

#include "uaccess.h"

/* ended twice */
static int twice(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
efault:
	user_write_access_end();
	return -EFAULT;
}

/* the failure path of the begin jumps to the label that ends */
static int end_on_failure(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		goto efault;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* an end with nothing open */
static void lone_end(void)
{
	clac();
}

/* balanced */
static int balanced(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/*
 * check-name: unbalanced-region-end
 * check-command: sparse-uaccess --uaccess-only $file
 *
 * check-error-start
 * unbalanced-region-end.c:11:9: warning: user_write_access_end() with no user-access region open [uaccess:unbalanced-region-end]
 * unbalanced-region-end.c:24:9: warning: user_write_access_end() with no user-access region open [uaccess:unbalanced-region-end]
 * unbalanced-region-end.c:31:9: warning: clac() with no user-access region open [uaccess:unbalanced-region-end]
 * check-error-end
 */

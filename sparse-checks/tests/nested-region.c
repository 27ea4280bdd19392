#include "uaccess.h"

static int nested(int __user *p, int __user *q, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	if (!user_write_access_begin(q, sizeof(*q)))
		goto efault;
	unsafe_put_user(v, q, efault2);
	user_write_access_end();
efault2:
	user_write_access_end();
efault:
	user_write_access_end();
	return -EFAULT;
}

/* a scope inside a region */
static int scope_in_region(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	scoped_user_write_access(p, efault) {
		unsafe_put_user(v, p, efault);
	}
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

/* two regions one after the other: fine */
static int sequential(int __user *p, int __user *q, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	if (!user_write_access_begin(q, sizeof(*q)))
		return -EFAULT;
	unsafe_put_user(v, q, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/*
 * check-name: nested-region
 * check-command: sparse-uaccess --uaccess-only $file
 *
 * check-error-start
 * nested-region.c:7:14: warning: user_write_access_begin() while the region opened by user_write_access_begin() at line 5 is open [uaccess:nested-region]
 * nested-region.c:12:9: warning: user_write_access_end() with no user-access region open [uaccess:unbalanced-region-end]
 * nested-region.c:14:9: warning: user_write_access_end() with no user-access region open [uaccess:unbalanced-region-end]
 * nested-region.c:23:9: warning: scoped_user_write_access() while the region opened by user_write_access_begin() at line 21 is open [uaccess:nested-region]
 * check-error-end
 */

/*
 * The options the GCC plugin has too: with region-leak disabled and
 * helper() on a safe list, only the unsafe accessor's error is left, and
 * under --uaccess-werror it fails the run.
 */
#include "uaccess.h"

extern void helper(int v);

int leaks_and_calls(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	helper(v);
	unsafe_put_user(v, p, efault);
	return 0;
efault:
	return -EFAULT;
}

int outside(int __user *p, int v)
{
	unsafe_put_user(v, p, efault);
	return 0;
efault:
	return -EFAULT;
}

/*
 * check-name: options
 * check-command: sparse-uaccess --uaccess-only -I../../region/tests --uaccess-disable=region-leak,nested-region --uaccess-safe-list=options.list --uaccess-werror $file; echo "exit status $?"
 *
 * check-error-start
 * options.c:23:9: error: unsafe_put_user() with no user-access region open [uaccess:unsafe-outside-region]
 * exit status 1
 * check-error-end
 */

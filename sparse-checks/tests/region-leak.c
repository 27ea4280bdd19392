#include "uaccess.h"

/* the error label forgets the end: one path leaks */
static int leak_on_error(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}

/* an early return in the region */
static int leak_early_return(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	if (v < 0)
		return -1;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* closed on every path, through a loop and a switch */
static int closed_everywhere(int __user *p, int n)
{
	int i;

	if (!user_write_access_begin(p, n * sizeof(*p)))
		return -EFAULT;
	for (i = 0; i < n; i++) {
		switch (i) {
		case 0:
			unsafe_put_user(1, p, efault);
			break;
		default:
			unsafe_put_user(i, p + i, efault);
		}
	}
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* a void function that falls off its end with the region open */
static void falls_off(int __user *p)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return;
	unsafe_put_user(0, p, out);
out:
	;
}

/* scoped regions end on every exit, return included */
static int scoped_return(int __user *p, int v)
{
	scoped_user_write_access(p, efault) {
		if (v < 0)
			return -1;
		unsafe_put_user(v, p, efault);
	}
	return 0;
efault:
	return -EFAULT;
}

/*
 * check-name: region-leak
 * check-command: sparse-uaccess --uaccess-only $file
 *
 * check-error-start
 * region-leak.c:12:9: warning: leak_on_error() returns with the region opened by user_write_access_begin() at line 6 still open [uaccess:region-leak]
 * region-leak.c:21:17: warning: leak_early_return() returns with the region opened by user_write_access_begin() at line 18 still open [uaccess:region-leak]
 * region-leak.c:54:13: warning: falls_off() returns with the region opened by user_write_access_begin() at line 56 still open [uaccess:region-leak]
 * check-error-end
 */

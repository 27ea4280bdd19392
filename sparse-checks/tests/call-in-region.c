#include "uaccess.h"

extern int compute(int v);

static __always_inline int twice(int v)
{
	return v * 2;
}

static __always_inline int logs(int v)
{
	printk("v=%d\n", v);
	return v;
}

static int calls(int __user *p, int v, int (*cb)(int))
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	v = compute(v);
	unsafe_put_user(v, p, efault);
	v = cb(v);
	v = logs(v);
	v = twice(v);
	__builtin_memset(&v, 0, sizeof(v));
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	printk("done\n");
	return compute(v);
efault:
	user_write_access_end();
	return -EFAULT;
}

/* in a scope, in an accessor's argument too; after it, calls are fine */
static int scoped_calls(int __user *p, int v)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(compute(v), p, efault);
		might_sleep_fn();
	}
	might_sleep_fn();
	return 0;
efault:
	return -EFAULT;
}

/*
 * check-name: call-in-region
 * check-command: sparse-uaccess --uaccess-only $file
 *
 * check-error-start
 * call-in-region.c:20:13: warning: call to compute() with a user-access region open [uaccess:call-in-region]
 * call-in-region.c:22:13: warning: indirect call with a user-access region open in calls() [uaccess:call-in-region]
 * call-in-region.c:23:13: warning: call to printk() (through inline logs()) with a user-access region open [uaccess:call-in-region]
 * call-in-region.c:39:33: warning: call to compute() with a user-access region open [uaccess:call-in-region]
 * call-in-region.c:40:17: warning: call to might_sleep_fn() with a user-access region open [uaccess:call-in-region]
 * check-error-end
 */

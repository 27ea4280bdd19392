/* call-in-region: objtool's rule, no call to a function that is not
 * uaccess-safe while a region is open. */
#include "uaccess_x86.h"

extern void helper(int v);
static __always_inline int twice(int v)
{
	return 2 * v;
}

int bad_call(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	_printk("wrote %d\n", a); /* { dg-warning "call-in-region" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int bad_indirect(int __user *p, void (*cb)(int))
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	cb(1); /* { dg-warning "call-in-region" } */
	user_read_access_end();
	return 0;
}

/* Only on one path. */
int bad_some_path(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	if (a > 1)
		helper(a); /* { dg-warning "call-in-region" } */
	user_write_access_end();
	return 0;
}

/* Calls before and after the region, safe and inlined calls inside. */
int good_calls(int __user *p, int a)
{
	helper(a);
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	kasan_report(0);
	unsafe_put_user(twice(a), p, efault);
	user_write_access_end();
	helper(a);
	_printk("done\n");
	return 0;
efault:
	user_write_access_end();
	_printk("fault\n");
	return -EFAULT;
}

/* A scoped region: the call in the scope is in the region. */
int scoped_call(int __user *p, int a)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(a, p, efault);
		helper(a); /* { dg-warning "call-in-region" } */
	}
	helper(a);
	return 0;
efault:
	helper(-1);
	return -EFAULT;
}

/* A call written in an accessor's argument is the source's call. */
extern int compute(int v);

int call_in_argument(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(compute(a), p, efault); /* { dg-warning "call-in-region" } */
	unsafe_put_user(twice(a), p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/*
 * An __always_inline helper that ends its caller's region: once GCC
 * inlines it, the caller's region ends there.  Both checkers follow the
 * caller on from the helper's returns: no leak where the caller returns
 * the helper's value, an access or an end after it is outside the region.
 */
#include "uaccess.h"

static __always_inline int put_last_and_end(int __user *p, int v)
{
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int returns_through_end(int __user *p, int a)
{
	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	return put_last_and_end(p + 1, a);
efault:
	user_write_access_end();
	return -EFAULT;
}

int writes_after_end(int __user *p, int a)
{
	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	if (put_last_and_end(p, a))
		return -EFAULT;
	unsafe_put_user(a, p + 1, efault); /* { dg-warning "unsafe-outside-region" } */
	return 0;
efault:
	return -EFAULT;
}

static __always_inline void end_writes(void)
{
	user_write_access_end();
}

int ends_twice(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	end_writes();
	user_write_access_end(); /* { dg-warning "unbalanced-region-end" } */
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

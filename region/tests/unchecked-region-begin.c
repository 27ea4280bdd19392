/* unchecked-region-begin: the result of a checking begin is not tested. */
#include "uaccess.h"

#pragma GCC diagnostic ignored "-Wunused-result"

int ignored(int __user *p, int a)
{
	user_write_access_begin(p, sizeof(*p)); /* { dg-warning "unchecked-region-begin" } */
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int stored_not_tested(int __user *p, int a)
{
	bool ok = user_write_access_begin(p, sizeof(*p)); /* { dg-warning "unchecked-region-begin" } */

	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return ok;
efault:
	user_write_access_end();
	return -EFAULT;
}

int tested(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int tested_later(int __user *p, int a)
{
	bool ok = user_read_access_begin(p, sizeof(*p));

	if (!ok)
		return -EFAULT;
	unsafe_get_user(a, p, efault);
	user_read_access_end();
	return a;
efault:
	user_read_access_end();
	return -EFAULT;
}

int tested_positively(int __user *p, int a)
{
	if (likely(user_write_access_begin(p, sizeof(*p)))) {
		unsafe_put_user(a, p, efault);
		user_write_access_end();
		return 0;
	}
	return -EFAULT;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* Tested, in the other forms the kernel writes. */
int tested_forms(int __user *p, int v)
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

/* The begin's result dropped by a comma: the test tests nothing. */
int dropped_by_comma(int __user *p, int a)
{
	if (!(user_write_access_begin(p, sizeof(*p)), 1)) /* { dg-warning "unchecked-region-begin" } */
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

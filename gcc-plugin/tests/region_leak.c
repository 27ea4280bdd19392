/* region-leak: a path leaves the function with the region open. */
#include "uaccess_x86.h"

int leak_on_error(int __user *p, int a, int b)
{
	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	if (b < 0)
		return -22; /* { dg-warning "region-leak" } */
	unsafe_put_user(b, p + 1, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int leak_at_label(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT; /* { dg-warning "region-leak" } */
}

int balanced(int __user *p, int a, int b)
{
	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	if (b < 0) {
		user_write_access_end();
		return -22;
	}
	unsafe_put_user(b, p + 1, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* Every exit of a scope closes it, return included. */
int scoped_return(int __user *p, int a)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(a, p, efault);
		if (a)
			return 1;
	}
	return 0;
efault:
	return -EFAULT;
}

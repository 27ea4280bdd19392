/* unverified-region: a non-checking open with no access_ok() or masking. */
#include "uaccess_x86.h"

int unverified(int __user *p, int a)
{
	__uaccess_begin(); /* { dg-warning "unverified-region" } */
	unsafe_put_user(a, p, efault);
	__uaccess_end();
	return 0;
efault:
	__uaccess_end();
	return -EFAULT;
}

int unverified_stac(int __user *p, int a)
{
	stac(); /* { dg-warning "unverified-region" } */
	unsafe_put_user(a, p, efault);
	clac();
	return 0;
efault:
	clac();
	return -EFAULT;
}

int verified(int __user *p, int a)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	__uaccess_begin_nospec();
	unsafe_put_user(a, p, efault);
	__uaccess_end();
	return 0;
efault:
	__uaccess_end();
	return -EFAULT;
}

int masked(int __user *p, int a)
{
	p = masked_user_access_begin(p);
	unsafe_put_user(a, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

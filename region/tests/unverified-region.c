/* unverified-region: a non-checking open with no access_ok() or masking. */
#include "uaccess.h"

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

struct ev { unsigned int events; unsigned long long data; };

/* epoll-v1.patch: the region opens with no access_ok() nearby. */
struct ev __user *put_ev_v1(unsigned int revents, unsigned long long data,
			    struct ev __user *uevent)
{
	__user_write_access_begin(uevent, sizeof(*uevent)); /* { dg-warning "unverified-region" } */
	unsafe_put_user(revents, &uevent->events, efault);
	unsafe_put_user(data, &uevent->data, efault);
	user_access_end();
	return uevent + 1;
efault:
	user_access_end();
	return (void __user *)0;
}

/* The same with the check in the function: verified. */
struct ev __user *put_ev_checked(unsigned int revents, struct ev __user *uevent)
{
	if (!access_ok(uevent, sizeof(*uevent)))
		return (void __user *)0;
	__user_write_access_begin(uevent, sizeof(*uevent));
	unsafe_put_user(revents, &uevent->events, efault);
	user_access_end();
	return uevent + 1;
efault:
	user_access_end();
	return (void __user *)0;
}

/*
 * Where the open's code has no pointer (x86 spells the proposed
 * '__user_write_access_begin(p, n)' a bare stac()), neither checker can
 * tell which pointer it is on: a check of any verifies it.  powerpc's
 * open keeps it (powerpc-aliases.c, allow_other_checked()).
 */
int put_other_checked(int __user *a, int __user *b, int v)
{
	if (!access_ok(a, sizeof(*a)))
		return -EFAULT;
	__user_write_access_begin(b, sizeof(*b));
	unsafe_put_user(v, b, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

/*
 * A checking begin checks its pointer: like access_ok(), it verifies a
 * later open whose code has no pointer (x86's __uaccess_begin(), a bare
 * stac()).
 */
int stac_after_begin(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	user_access_end();
	__uaccess_begin();
	unsafe_put_user(a, p, efault);
	__uaccess_end();
	return 0;
efault:
	__uaccess_end();
	return -EFAULT;
}

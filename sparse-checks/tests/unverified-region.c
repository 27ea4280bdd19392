#include "uaccess.h"

struct ev { unsigned int events; unsigned long long data; };

/* epoll-v1.patch: the region opens with no access_ok() nearby */
static struct ev __user *put_ev_v1(unsigned int revents, unsigned long long data,
				   struct ev __user *uevent)
{
	__user_write_access_begin(uevent, sizeof(*uevent));
	unsafe_put_user(revents, &uevent->events, efault);
	unsafe_put_user(data, &uevent->data, efault);
	user_access_end();
	return uevent + 1;
efault:
	user_access_end();
	return (void __user *)0;
}

/* the same with the check in the function: verified */
static struct ev __user *put_ev_checked(unsigned int revents, struct ev __user *uevent)
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

/* a check of another pointer does not verify this one */
static int put_other_checked(int __user *a, int __user *b, int v)
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

/* bare stac(): any check in the function will do */
static int bare_stac(int __user *p, int v)
{
	stac();
	unsafe_put_user(v, p, efault);
	clac();
	return 0;
efault:
	clac();
	return -EFAULT;
}

static int bare_stac_checked(int __user *p, int v)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(v, p, efault);
	__uaccess_end();
	return 0;
efault:
	__uaccess_end();
	return -EFAULT;
}

/*
 * check-name: unverified-region
 * check-command: sparse-uaccess --uaccess-only $file
 *
 * check-error-start
 * unverified-region.c:9:9: warning: __user_write_access_begin() opens a region on 'uevent' with no access_ok() or masking of it in put_ev_v1() [uaccess:unverified-region]
 * unverified-region.c:38:9: warning: __user_write_access_begin() opens a region on 'b' with no access_ok() or masking of it in put_other_checked() [uaccess:unverified-region]
 * unverified-region.c:50:9: warning: stac() opens a region with no access_ok() or masking in bare_stac() [uaccess:unverified-region]
 * check-error-end
 */

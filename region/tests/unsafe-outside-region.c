/* unsafe-outside-region: an unsafe_*() accessor with no region open. */
#include "uaccess.h"

int after_end(int __user *p, int a, int b)
{
	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	unsafe_put_user(b, p + 1, out); /* { dg-warning "unsafe-outside-region" } */
	return 0;
efault:
	user_write_access_end();
out:
	return -EFAULT;
}

int no_region(int __user *p)
{
	int v;

	unsafe_get_user(v, p, efault); /* { dg-warning "unsafe-outside-region" } */
	return v;
efault:
	return -EFAULT;
}

int after_scope(int __user *p, int a)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(a, p, efault);
	}
	unsafe_put_user(a, p, efault); /* { dg-warning "unsafe-outside-region" } */
	return 0;
efault:
	return -EFAULT;
}

int inside(int __user *p, int __user *q)
{
	int v;

	if (!user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(v, p, efault);
	unsafe_put_user(v + 1, p, efault);
	user_access_end();
	scoped_user_rw_access(q, out) {
		unsafe_get_user(v, q, out);
		unsafe_put_user(v + 1, q, out);
	}
	return v;
efault:
	user_access_end();
out:
	return -EFAULT;
}

/*
 * An __always_inline helper called inside its caller's region is the
 * caller's business (a plain inline one may stay a call: call-in-region).
 */
static __always_inline int put_pair(int __user *p, int a, int b)
{
	unsafe_put_user(a, p, efault);
	unsafe_put_user(b, p + 1, efault);
	return 0;
efault:
	return -EFAULT;
}

int with_helper(int __user *p, int a)
{
	int ret;

	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	ret = put_pair(p, a, a);
	user_write_access_end();
	return ret;
}

/* On the path where the begin failed. */
int on_failure_path(int __user *p, int *v)
{
	if (!user_read_access_begin(p, sizeof(*p))) {
		unsafe_get_user(*v, p, out); /* { dg-warning "unsafe-outside-region" } */
		return -EFAULT;
	}
	unsafe_get_user(*v, p, efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
out:
	return -EFAULT;
}

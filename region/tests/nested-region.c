/* nested-region: a region opened while one is open. */
#include "uaccess.h"

int nested(int __user *p, int __user *q, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	if (!user_write_access_begin(q, sizeof(*q))) /* { dg-warning "nested-region" } */
		goto efault;
	unsafe_put_user(a, q, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int nested_scope(int __user *p, int __user *q, int a)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	scoped_user_write_access(q, efault) { /* { dg-warning "nested-region" } */
		unsafe_put_user(a, q, efault);
	}
	/* The scope's end closed the read region too: no end here. */
	return 0;
efault:
	return -EFAULT;
}

int one_after_another(int __user *p, int __user *q, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	if (!user_write_access_begin(q, sizeof(*q)))
		return -EFAULT;
	unsafe_put_user(a, q, efault);
	user_write_access_end();
	scoped_user_write_access(p, out) {
		unsafe_put_user(a, p, out);
	}
	scoped_user_write_access(q, out) {
		unsafe_put_user(a, q, out);
	}
	return 0;
efault:
	user_write_access_end();
out:
	return -EFAULT;
}

/* The inner region's end ends both: the outer end is one too many. */
int nested_ends(int __user *p, int __user *q, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	if (!user_write_access_begin(q, sizeof(*q))) /* { dg-warning "nested-region" } */
		goto efault;
	unsafe_put_user(v, q, efault2);
	user_write_access_end();
efault2:
	user_write_access_end(); /* { dg-warning "unbalanced-region-end" } */
efault:
	user_write_access_end(); /* { dg-warning "unbalanced-region-end" } */
	return -EFAULT;
}

/* A scope inside a region. */
int scope_in_region(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	scoped_user_write_access(p, efault) { /* { dg-warning "nested-region" } */
		unsafe_put_user(v, p, efault);
	}
	/* The scope's end ended both. */
	user_write_access_end(); /* { dg-warning "unbalanced-region-end" } */
	return 0;
efault:
	return -EFAULT;
}

/* mode-mismatch: a write accessor in a read region, or the reverse. */
#include "uaccess.h"

int write_in_read(int __user *p, int a)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault); /* { dg-warning "mode-mismatch" } */
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}

int read_in_write_scope(int __user *p)
{
	int v = 0;

	scoped_user_write_access(p, efault) {
		unsafe_get_user(v, p, efault); /* { dg-warning "mode-mismatch" } */
	}
	return v;
efault:
	return -EFAULT;
}

int both_in_rw(int __user *p)
{
	int v;

	if (!user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(v, p, efault);
	unsafe_put_user(v + 1, p, efault);
	user_access_end();
	scoped_user_rw_access(p, out) {
		unsafe_get_user(v, p, out);
		unsafe_put_user(v + 1, p, out);
	}
	return v;
efault:
	user_access_end();
out:
	return -EFAULT;
}

int matching(int __user *p, int __user *q)
{
	int v;

	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(v, p, efault);
	user_read_access_end();
	if (!user_write_access_begin(q, sizeof(*q)))
		return -EFAULT;
	unsafe_put_user(v, q, efault);
	user_write_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

/* A write in a scoped read region. */
int scoped_write_in_read(int __user *p, int v)
{
	scoped_user_read_access(p, efault) {
		unsafe_put_user(v, p, efault); /* { dg-warning "mode-mismatch" } */
	}
	return 0;
efault:
	return -EFAULT;
}

/*
 * An end of another mode than the region's: where the ends are different
 * instructions (powerpc's KUAP), a read end leaves writes to user memory
 * allowed.  An end of both modes closes any region.
 */
int read_end_of_rw(int __user *p)
{
	int v;

	if (!user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(v, p, efault);
	unsafe_put_user(v + 1, p, efault);
	user_read_access_end(); /* { dg-warning "mode-mismatch" } */
	return v;
efault:
	user_access_end();
	return -EFAULT;
}

int read_end_of_write(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_read_access_end(); /* { dg-warning "mode-mismatch" } */
	return -EFAULT;
}

int write_end_of_read(int __user *p)
{
	int v;

	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(v, p, efault);
	user_write_access_end(); /* { dg-warning "mode-mismatch" } */
	return v;
efault:
	user_read_access_end();
	return -EFAULT;
}

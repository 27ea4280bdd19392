/* region-leak: a path leaves the function with the region open. */
#include "uaccess.h"

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

/*
 * A return of a call's value with the region open: told at the call,
 * where GCC places it (sparse places a call at its '(').
 */
extern int finish_write(int __user *p);

int leak_returning_call(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	return finish_write(p); /* { dg-warning "region-leak" } { dg-warning "call-in-region" } */
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

/* Closed on every path, through a loop and a switch. */
int closed_everywhere(int __user *p, int n)
{
	int i;

	if (!user_write_access_begin(p, n * sizeof(*p)))
		return -EFAULT;
	for (i = 0; i < n; i++) {
		switch (i) {
		case 0:
			unsafe_put_user(1, p, efault);
			break;
		default:
			unsafe_put_user(i, p + i, efault);
		}
	}
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* A void function that falls off its end with the region open. */
void falls_off(int __user *p) /* { dg-warning "region-leak" } */
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return;
	unsafe_put_user(0, p, out);
out:
	;
}

/* A void function's own 'return;' with the region open: told there. */
void returns_open(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return;
	if (v < 0)
		return; /* { dg-warning "region-leak" } */
	unsafe_put_user(v, p, out);
	user_write_access_end();
	return;
out:
	user_write_access_end();
}

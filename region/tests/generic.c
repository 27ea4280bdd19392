/* The generic fallback (an architecture with no user_access_begin()):
 * the begin is access_ok(), the accessors are __put_user()/__get_user(),
 * and a classic region's end, do { } while (0), compiles to nothing:
 * what needs the end (calls in the region, leaks, ends, nesting) is
 * checked in scopes, whose end is their cleanup call, and not after a
 * classic begin, by either checker (sparse-uaccess sees the end's macro,
 * but checks what is compiled). */
#include "uaccess_generic.h"

#pragma GCC diagnostic ignored "-Wunused-value"

extern void helper(int v);

struct pair {
	int first;
	int second;
};

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

int no_region(int __user *p)
{
	int v;

	unsafe_get_user(v, p, efault); /* { dg-warning "unsafe-outside-region" } */
	return v;
efault:
	return -EFAULT;
}

int on_failed_begin(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p))) {
		unsafe_put_user(a, p, efault); /* { dg-warning "unsafe-outside-region" } */
		return -EFAULT;
	}
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();	/* also with none open: it is nothing */
	return -EFAULT;
}

/* Not checked after a classic begin (above): the call, the leak. */
int classic_blind(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	helper(a);
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

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

int beyond_size(struct pair __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(p->first)))
		return -EFAULT;
	unsafe_put_user(a, &p->first, efault);
	unsafe_put_user(a, &p->second, efault); /* { dg-warning "pointer-mismatch" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* Scopes end in their cleanup call: everything is checked. */
int scoped_defects(int __user *p, int __user *q, int a)
{
	int v = 0;

	scoped_user_write_access(p, efault) {
		unsafe_put_user(a, p, efault);
		helper(a); /* { dg-warning "call-in-region" } */
	}
	unsafe_put_user(a, p, efault); /* { dg-warning "unsafe-outside-region" } */
	scoped_user_write_access(q, efault) {
		unsafe_get_user(v, q, efault); /* { dg-warning "mode-mismatch" } */
	}
	return v;
efault:
	return -EFAULT;
}

/* The inner scope's end closes the outer region: the outer one ends twice. */
int scoped_nested(int __user *p, int __user *q, int a)
{
	scoped_user_write_access(p, efault) { /* { dg-warning "unbalanced-region-end" } */
		scoped_user_write_access(q, efault) { /* { dg-warning "nested-region" } */
			unsafe_put_user(a, q, efault);
		}
	}
	return 0;
efault:
	return -EFAULT;
}

/* Correct code: calls after the (unseen) end, regions one after another. */
int correct(struct pair __user *p, int __user *q, int a)
{
	int v;

	helper(a);
	if (!user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(v, &p->second, efault);
	unsafe_put_user(v, &p->first, efault);
	user_access_end();
	helper(v);
	if (!user_read_access_begin(q, sizeof(*q)))
		return -EFAULT;
	unsafe_get_user(v, q, efault);
	user_read_access_end();
	scoped_user_rw_access(q, out) {
		unsafe_get_user(v, q, out);
		unsafe_put_user(v + 1, q, out);
	}
	helper(v);
	return v;
efault:
	user_access_end();
	helper(-1);
out:
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

int checked_then_accessed(int __user *p, int a)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return __put_user(a, p);
}

/* The generic user_access_save() is an inline function that does nothing. */
void __stack_chk_fail(void)
{
	unsigned long flags = user_access_save();

	_printk("stack-protector\n");
	user_access_restore(flags);
}

void __ubsan_handle_load_invalid_value(void *data, void *val)
{
	_printk("load of an invalid value\n"); /* { dg-warning "call-in-region" } */
}

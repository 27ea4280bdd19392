/* riscv64's shapes of 7.2: the region is opened and closed by the asm
 * that __enable_user_access() and __disable_user_access() are written as
 * (csrs/csrc sstatus), the begin an inline function around the first;
 * the x86_64 ids at the same defects. */
#include "uaccess_riscv.h"

extern void helper(int v);

int put_pair(int __user *p, int a, int b)
{
	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	unsafe_put_user(b, p + 1, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int put_scoped(int __user *p, int a)
{
	scoped_user_write_access(p, efault)
		unsafe_put_user(a, p, efault);
	return 0;
efault:
	return -EFAULT;
}

int leak(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	return 0; /* { dg-warning "region-leak" } */
efault:
	user_write_access_end();
	return -EFAULT;
}

int after_end(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	user_write_access_end();
	unsafe_put_user(a, p, efault); /* { dg-warning "unsafe-outside-region" } */
	return 0;
efault:
	return -EFAULT;
}

int call_in(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	helper(a); /* { dg-warning "call-in-region" } */
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int end_twice(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	user_write_access_end(); /* { dg-warning "unbalanced-region-end" } */
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* user_write_access_begin is an alias of the rw begin: the source asked for a write region. */
int read_in_write(int __user *p, int *v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*v, p, efault); /* { dg-warning "mode-mismatch" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/*
 * sound/core/pcm_native.c's shape: a wrapper macro that opens and closes
 * a region of its own, all its tokens at the place it is used.
 */
#define put_pair_wrapped(__a, __b, __ptr) ({				\
	__label__ failed, failed_begin;					\
	int __err = -EFAULT;						\
									\
	if (!user_write_access_begin(__ptr, 2 * sizeof(*(__ptr))))	\
		goto failed_begin;					\
	unsafe_put_user(__a, __ptr, failed);				\
	unsafe_put_user(__b, (__ptr) + 1, failed);			\
	__err = 0;							\
failed:									\
	user_write_access_end();					\
failed_begin:								\
	__err;								\
})

int put_wrapped(int __user *p, int a, int b)
{
	if (put_pair_wrapped(a, b, p))
		return -EFAULT;
	helper(a);
	return put_pair_wrapped(b, a, p);
}

int end_after_wrapped(int __user *p, int a, int b)
{
	int err = put_pair_wrapped(a, b, p);

	user_write_access_end(); /* { dg-warning "unbalanced-region-end" } */
	return err;
}

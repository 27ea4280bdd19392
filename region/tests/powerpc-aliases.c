/* 6.12 powerpc's aliases: the end the source writes is an object-like
 * alias of the function it calls, with the source's '()': one end, not
 * two. */
#include "uaccess_powerpc.h"
#include "asm/current.h"

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

int put_noisy(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	helper(a); /* { dg-warning "call-in-region" } */
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	user_write_access_end(); /* { dg-warning "unbalanced-region-end" } */
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* user_access_save() is KUAP's own save, behind an alias of its name. */
void __stack_chk_fail(void)
{
	unsigned long flags = user_access_save();

	helper(0);
	user_access_restore(flags);
}

void __ubsan_handle_load_invalid_value(void *data, void *val)
{
	helper(1); /* { dg-warning "call-in-region" } */
}

/*
 * powerpc's non-checking open keeps its pointer (allow_write_to_user(p,
 * n) is a call of it): a check of another pointer does not verify it.
 */
int allow_other_checked(int __user *a, int __user *b, int v)
{
	if (!access_ok(a, sizeof(*a)))
		return -EFAULT;
	allow_write_to_user(b, sizeof(*b)); /* { dg-warning "unverified-region" } */
	unsafe_put_user(v, b, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* The same open on the pointer checked: verified. */
int allow_checked(int __user *b, int v)
{
	if (!access_ok(b, sizeof(*b)))
		return -EFAULT;
	allow_write_to_user(b, sizeof(*b));
	unsafe_put_user(v, b, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/*
 * powerpc's 'current' is a call of get_current(), plain inline in
 * asm/current.h: written in an accessor's argument, it is a call in the
 * region, told at the accessor (7.2's signal_64.c, '&current->blocked'
 * in unsafe_copy_to_user()).
 */
int put_current(struct task_struct *__user *p)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(current, p, efault); /* { dg-warning "call-in-region" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

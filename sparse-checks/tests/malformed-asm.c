/*
 * An accessor whose value argument is lost ('*' alone), leaving the asm
 * output operand "=r" () of unsafe_get_user() with no expression, in a
 * function and in an inline helper inlined into its caller.  sparse
 * 0.6.5~rc1 itself crashed linearizing it (linearize_address_gen() of
 * NULL); sparse-fixes.patch skips the operand the parser reported.
 */
#include "uaccess.h"

static int lost_value(int __user *p, int *v)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*, p, efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}

static __always_inline int helper(int __user *p)
{
	unsafe_get_user(*, p, efault);
	return 0;
efault:
	return -EFAULT;
}

static int caller(int __user *p, int *v)
{
	int err;

	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	err = helper(p);
	user_read_access_end();
	return err + lost_value(p, v);
}

/*
 * check-name: malformed-asm
 * check-command: sparse-uaccess --uaccess-only -I../../region/tests $file; echo "exit status $?"
 *
 * check-error-start
 * malformed-asm.c:14:25: error: Syntax error in unary expression
 * malformed-asm.c:24:25: error: Syntax error in unary expression
 * exit status 0
 * check-error-end
 */

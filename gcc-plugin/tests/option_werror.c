/* -werror makes findings errors (and only those: -Wall stays warnings). */
/* { dg-options "-fplugin-arg-uaccess_plugin-werror" } */
#include "uaccess.h"

extern void helper(int v);

int f(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	helper(a); /* { dg-error "call-in-region" } */
	user_write_access_end();
	return 0;
}

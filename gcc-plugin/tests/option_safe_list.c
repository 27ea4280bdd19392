/* -safe-list=<file> adds uaccess-safe functions (safe.list: helper). */
/* { dg-options "-fplugin-arg-uaccess_plugin-safe-list=@SRCDIR@/safe.list" } */
#include "uaccess.h"

extern void helper(int v);
extern void other(int v);

int f(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	helper(a);
	other(a); /* { dg-warning "call-in-region" } */
	user_write_access_end();
	return 0;
}

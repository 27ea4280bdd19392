/* -disable=<id,...> silences those ids, and only those. */
/* { dg-options "-fplugin-arg-uaccess_plugin-disable=call-in-region,region-leak" } */
#include "uaccess.h"

extern void helper(int v);

int f(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	helper(a);
	if (a)
		return 1;
	user_write_access_end();
	user_write_access_end(); /* { dg-warning "unbalanced-region-end" } */
	return 0;
}

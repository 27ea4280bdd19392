/*
 * With format=json, a finding is a JSON line; with werror too, an error
 * that still fails the compilation.
 */
/* { dg-options "-fplugin-arg-uaccess_plugin-format=json -fplugin-arg-uaccess_plugin-werror" } */
/* { dg-plugin-fails "option_format_werror.c","line":15,"column":9,"severity":"error","id":"call-in-region","kind":"defect","function":"f","message":"call to helper() with a user-access region open","engine":"gcc"}" } */
#include "uaccess.h"

extern void helper(int v);

int f(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	helper(a);
	user_write_access_end();
	return 0;
}

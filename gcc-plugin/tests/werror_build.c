/* A finding stays a warning under the build's own -Werror. */
/* { dg-options "-Werror" } */
#include "uaccess.h"

extern void helper(int v);

int f(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	helper(a); /* { dg-warning "call-in-region" } */
	user_write_access_end();
	return 0;
}

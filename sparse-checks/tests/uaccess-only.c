#include "uaccess.h"

/*
 * --uaccess-only: sparse's own warnings are silenced (the cast that
 * loses __user), the checker's are not.
 */
int not_static(int __user *p)
{
	int *k = (int *)p;

	__uaccess_begin();
	return *k;
}

/*
 * check-name: uaccess-only
 * check-command: sparse-uaccess --uaccess-only -I../../region/tests -Wno-decl $file
 *
 * check-error-start
 * uaccess-only.c:11:9: warning: __uaccess_begin() opens a region with no access_ok() or masking in not_static() [uaccess:unverified-region]
 * uaccess-only.c:12:16: warning: not_static() returns with the region opened by __uaccess_begin() at line 11 still open [uaccess:region-leak]
 * check-error-end
 */

#include "uaccess.h"

/*
 * A drop-in for sparse: its own warnings come out too, and in order with
 * the checker's; --uaccess-only (test uaccess-only.c) silences them.
 */
int not_static(int __user *p)
{
	int *k = (int *)p;

	__uaccess_begin();
	return *k;
}

/*
 * check-name: sparse-warnings
 * check-command: sparse-uaccess -I../../region/tests -Wno-decl $file
 *
 * check-error-start
 * sparse-warnings.c:9:19: warning: cast removes address space '__user' of expression
 * sparse-warnings.c:11:9: warning: __uaccess_begin() opens a region with no access_ok() or masking in not_static() [uaccess:unverified-region]
 * sparse-warnings.c:12:16: warning: not_static() returns with the region opened by __uaccess_begin() at line 11 still open [uaccess:region-leak]
 * check-error-end
 */

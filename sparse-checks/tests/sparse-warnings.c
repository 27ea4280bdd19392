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
 * An inline helper's own warning is said once, where sparse inlines it,
 * with its lines of what was expected: the checker walks a copy of the
 * helper it has evaluated silently.
 */
static inline int load(int __user *p)
{
	int *q = p;

	return *q;
}

int through_helper(int __user *p)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	user_read_access_end();
	return load(p);
}

/*
 * check-name: sparse-warnings
 * check-command: sparse-uaccess -I../../region/tests -Wno-decl $file
 *
 * check-error-start
 * sparse-warnings.c:9:19: warning: cast removes address space '__user' of expression
 * sparse-warnings.c:11:9: warning: __uaccess_begin() opens a region with no access_ok() or masking in not_static() [uaccess:unverified-region]
 * sparse-warnings.c:12:16: warning: not_static() returns with the region opened by __uaccess_begin() at line 11 still open [uaccess:region-leak]
 * sparse-warnings.c:22:18: warning: incorrect type in initializer (different address spaces)
 * sparse-warnings.c:22:18:    expected int *q
 * sparse-warnings.c:22:18:    got int [noderef] __user *p
 * check-error-end
 */

/*
 * --uaccess-format=json: each finding is one JSON object on a line, the
 * finding of the text form, in the order of their places; "function" is
 * the function analysed, an inline helper's own.  An unknown format is refused.
 */
#include "uaccess.h"

extern void helper(int v);

static inline void put_one(int __user *p, int v)
{
	unsafe_put_user(v, p, efault);
efault:
	return;
}

int calls(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	helper(v);
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	put_one(p, v);
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/*
 * check-name: json
 * check-command: for f in json xml; do sparse-uaccess --uaccess-only -I../../region/tests --uaccess-format=$f $file; done; echo "exit status $?"
 *
 * check-error-start
 * {"path":"json.c","line":12,"column":9,"severity":"warning","id":"unsafe-outside-region","kind":"defect","function":"put_one","message":"unsafe_put_user() with no user-access region open","engine":"sparse"}
 * {"path":"json.c","line":21,"column":9,"severity":"warning","id":"call-in-region","kind":"defect","function":"calls","message":"call to helper() with a user-access region open","engine":"sparse"}
 * --uaccess-format: unknown format 'xml' (text or json)
 * exit status 1
 * check-error-end
 */

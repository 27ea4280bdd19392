/* unbalanced-region-end: an end with no region open, or ended twice. */
#include "uaccess_x86.h"

int end_twice(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	user_write_access_end(); /* { dg-warning "unbalanced-region-end" } */
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

void end_without_begin(void)
{
	user_access_end(); /* { dg-warning "unbalanced-region-end" } */
}

/* The failed begin opened nothing: ending there is wrong too. */
int end_after_failed_begin(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p))) {
		user_write_access_end(); /* { dg-warning "unbalanced-region-end" } */
		return -EFAULT;
	}
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int ends_on_each_path(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	if (a) {
		unsafe_put_user(a, p, efault);
		user_write_access_end();
		return 1;
	}
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* unbalanced-region-end: an end with no region open, or ended twice. */
#include "uaccess.h"

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

/* The region's end path falls into the fault label's end. */
int ended_then_label(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
efault:
	user_write_access_end(); /* { dg-warning "unbalanced-region-end" } */
	return -EFAULT;
}

/* The failure path of the begin jumps to the label that ends. */
int end_on_failure(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		goto efault;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end(); /* { dg-warning "unbalanced-region-end" } */
	return -EFAULT;
}

/* A bare primitive ends nothing either. */
void lone_clac(void)
{
	clac(); /* { dg-warning "unbalanced-region-end" } */
}

/* pointer-mismatch: an access the begin's pointer and size do not cover. */
#include "uaccess_x86.h"

struct pair {
	int first;
	int second;
};

int beyond_size(struct pair __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(p->first)))
		return -EFAULT;
	unsafe_put_user(a, &p->first, efault);
	unsafe_put_user(a, &p->second, efault); /* { dg-warning "pointer-mismatch" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int beyond_array(int __user *p, int a)
{
	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	unsafe_put_user(a, p + 1, efault);
	unsafe_put_user(a, p + 2, efault); /* { dg-warning "pointer-mismatch" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int covered(struct pair __user *p, int __user *q, long n)
{
	int v;

	if (!user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(v, &p->second, efault);
	unsafe_put_user(v, &p->first, efault);
	user_access_end();
	/* A size known only at run time: nothing to say. */
	if (!user_read_access_begin(q, n))
		return -EFAULT;
	unsafe_get_user(v, q + 5, efault);
	user_read_access_end();
	return v;
efault:
	user_access_end();
	return -EFAULT;
}

/* A pointer that moves is not followed. */
int moving(int __user *p, int a)
{
	int i;

	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	for (i = 0; i < 2; i++, p++)
		unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

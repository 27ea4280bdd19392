#include "uaccess.h"

struct ev { unsigned int events; unsigned long long data; };

/* an access through a pointer the begin did not cover */
static int other_pointer(int __user *p, int __user *q, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, q, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* past the size the begin covered */
static int beyond(struct ev __user *uevent, unsigned int v)
{
	if (!user_write_access_begin(uevent, sizeof(*uevent)))
		return -EFAULT;
	unsafe_put_user(v, &uevent->events, efault);
	unsafe_put_user(v, &uevent[1].events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* fields and elements of the covered object */
static int covered(struct ev __user *uevent, int __user *arr, int n)
{
	int i;

	if (!user_write_access_begin(uevent, sizeof(*uevent)))
		return -EFAULT;
	unsafe_put_user(1, &uevent->events, efault);
	unsafe_put_user(2, &uevent->data, efault);
	user_write_access_end();
	if (!user_write_access_begin(arr, n * sizeof(*arr)))
		return -EFAULT;
	for (i = 0; i < n; i++)
		unsafe_put_user(i, &arr[i], efault);
	unsafe_put_user(0, arr + 1, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/*
 * check-name: pointer-mismatch
 * check-command: sparse-uaccess --uaccess-only $file
 *
 * check-error-start
 * pointer-mismatch.c:10:9: warning: unsafe_put_user() through 'q', but the region opened by user_write_access_begin() covers 'p' [uaccess:pointer-mismatch]
 * pointer-mismatch.c:24:9: warning: unsafe_put_user() at '&uevent[1].events', past the sizeof(*uevent) bytes that user_write_access_begin() opened [uaccess:pointer-mismatch]
 * check-error-end
 */

#include "uaccess.h"

/*
 * Shapes of real kernel code that must give no finding: a wrapper macro
 * that opens and closes a region inside (sound/core/pcm_native.c), an
 * inline helper that continues its caller's region (signal_64.c), a size
 * dispatch whose default calls an undefined __put_user_bad(), the
 * masked-or-checked begin of fs/select.c.  The last function shows that
 * a helper's call is still reported, at the caller's call of the helper.
 */
#define get_pair(a, b, ptr) ({					\
	__label__ failed, failed_begin;				\
	int __err = -EFAULT;					\
	if (!user_read_access_begin(ptr, 2 * sizeof(*(ptr))))	\
		goto failed_begin;				\
	unsafe_get_user(a, ptr, failed);			\
	unsafe_get_user(b, ptr + 1, failed);			\
	__err = 0;						\
failed:								\
	user_read_access_end();					\
failed_begin:							\
	__err;							\
})

int wrapper(int __user *p)
{
	int a, b;

	if (get_pair(a, b, p))
		return -EFAULT;
	return a + b;
}

extern void __put_user_bad(void);

static __always_inline int put_sized(int __user *p, long v, int size)
{
	switch (size) {
	case 4:
		unsafe_put_user(v, p, efault);
		return 0;
	default:
		__put_user_bad();
	}
efault:
	return -EFAULT;
}

static __always_inline int fill(int __user *p, int v)
{
	unsafe_put_user(v, p, efault);
	unsafe_put_user(v, p + 1, efault);
	return 0;
efault:
	return -EFAULT;
}

int helper_caller(int __user *p, int v)
{
	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	if (fill(p, v) || put_sized(p, v, 4))
		goto efault;
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/*
 * 6.12's get_sigset_argpack(): a read-and-write masked begin, read ends.
 * Where ends are by mode (powerpc, masked from 6.19) writes stay open;
 * upstream begins for reading since (4322c8f81c58 in lib/strn*).
 */
int masked_or_checked(int __user *from, int *v)
{
	if (can_do_masked_user_access())
		from = masked_user_access_begin(from);
	else if (!user_read_access_begin(from, sizeof(*from)))
		return -EFAULT;
	unsafe_get_user(*v, from, efault);
	user_read_access_end(); /* { dg-warning "mode-mismatch" } */
	return 0;
efault:
	user_read_access_end(); /* { dg-warning "mode-mismatch" } */
	return -EFAULT;
}

static __always_inline int noisy_fill(int __user *p, int v)
{
	unsafe_put_user(v, p, efault);
	printk("filled\n");
	return 0;
efault:
	return -EFAULT;
}

int noisy_caller(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	if (noisy_fill(p, v)) /* { dg-warning "call-in-region" } */
		goto efault;
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

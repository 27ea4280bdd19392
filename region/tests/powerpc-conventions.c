/* powerpc's two conventions of 7.2 that both checkers know: an
 * __unsafe_*() function runs in its caller's region (checked at the
 * call), and where is_kernel_addr() holds the unsafe accessors reach
 * kernel memory, which needs no region (arch/powerpc/lib/sstep.c). */
#include "uaccess.h"

/* powerpc's asm/page.h, 64-bit */
#define is_kernel_addr(x)	((x) >= 0x8000000000000000ul)

extern void helper(int v);

static long __attribute__((noinline)) __unsafe_put_pair(int __user *p, int a, int b)
{
	unsafe_put_user(a, p, efault);
	unsafe_put_user(b, p + 1, efault);
	return 0;
efault:
	return -EFAULT;
}

static long __attribute__((noinline)) __unsafe_noisy(int __user *p, int a)
{
	helper(a); /* { dg-warning "call-in-region" } */
	unsafe_put_user(a, p, efault);
	return 0;
efault:
	return -EFAULT;
}

int put_pair(int __user *p, int a, int b)
{
	long err;

	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	err = __unsafe_put_pair(p, a, b);
	err |= __unsafe_noisy(p, a);
	user_write_access_end();
	return err;
}

int put_pair_unopened(int __user *p, int a, int b)
{
	return __unsafe_put_pair(p, a, b); /* { dg-warning "unsafe-outside-region" } */
}

static __always_inline int __write_long(unsigned long ea, unsigned long v)
{
	unsafe_put_user(v, (unsigned long __user *)ea, efault); /* { dg-warning "unsafe-outside-region" } */
	return 0;
efault:
	return -EFAULT;
}

int write_long(unsigned long ea, unsigned long v)
{
	void __user *uea = (void __user *)ea;

	if (is_kernel_addr(ea))
		return __write_long(ea, v);
	scoped_user_write_access_size(uea, sizeof(v), efault)
		return __write_long((unsigned long)uea, v);
efault:
	return -EFAULT;
}

/* The test negated: the helper runs on a user address with no region. */
int write_long_negated(unsigned long ea, unsigned long v)
{
	if (!is_kernel_addr(ea))
		return __write_long(ea, v);
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal stand-ins of the kernel's user-access API as linux-7.2 expands
 * it on x86_64 (arch/x86/include/asm/uaccess*.h, smap.h and
 * include/linux/uaccess.h): the same macro names around the same inline
 * primitives, so that both checkers see what they see in a kernel build
 * (sparse defines __CHECKER__, as under the kernel's C=1).
 */
#ifndef TEST_UACCESS_H
#define TEST_UACCESS_H

#include "uaccess_types.h"

static __always_inline void clac(void)
{
	asm volatile("# clac" ::: "memory");
}

static __always_inline void stac(void)
{
	asm volatile("# stac" ::: "memory");
}

static __always_inline bool __access_ok(const void __user *ptr, unsigned long size)
{
	return (unsigned long)ptr + size >= size;
}
#define access_ok(addr, size)	likely(__access_ok(addr, size))

#define __uaccess_begin()	stac()
#define __uaccess_end()		clac()
#define barrier_nospec()	asm volatile("lfence")
#define __uaccess_begin_nospec()	\
({					\
	stac();				\
	barrier_nospec();		\
})

static __always_inline __attribute__((warn_unused_result))
bool user_access_begin(const void __user *ptr, size_t len)
{
	if (unlikely(!access_ok(ptr, len)))
		return 0;
	__uaccess_begin_nospec();
	return 1;
}
#define user_access_begin(a, b)	user_access_begin(a, b)
#define user_access_end()	__uaccess_end()
#define user_write_access_begin	user_access_begin
#define user_write_access_end	user_access_end
#define user_read_access_begin	user_access_begin
#define user_read_access_end	user_access_end
#define user_rw_access_begin(u, s)	user_access_begin(u, s)

/* The v1 epoll proposal: a region open with no check of its own. */
#define __user_write_access_begin(a, b)	__uaccess_begin()

static inline void kmsan_copy_to_user(void __user *to, const void *from,
				      size_t to_copy, size_t left)
{
}

#define __put_user_size(x, ptr, label)					\
do {									\
	__typeof__(*(ptr)) __pu_val = (x);				\
	asm goto("mov %0, %1" : : "r" (__pu_val), "m" (*(ptr)) : : label);	\
	kmsan_copy_to_user(ptr, &__pu_val, sizeof(*(ptr)), 0);		\
} while (0)

/* The value cast to the type stored, as x86's: a call in it takes the cast's place. */
#define arch_unsafe_put_user(x, ptr, label)				\
	__put_user_size((__typeof__(*(ptr)))(x), (ptr), label)

#define arch_unsafe_get_user(x, ptr, label)				\
do {									\
	__typeof__(*(ptr)) __gu_val;					\
	asm goto("" : : "m" (*(ptr)) : : label);			\
	__gu_val = *(volatile __typeof__(*(ptr)) *)(ptr);		\
	(x) = __gu_val;							\
} while (0)

#include "uaccess_labels.h"

static inline void __user *mask_user_address(const void __user *ptr)
{
	void __user *ret;

	asm("cmp %1,%0" : "=r" (ret) : "0" (ptr));
	return ret;
}
#define masked_user_access_begin(x) ({				\
	__auto_type __masked_ptr = (x);				\
	__masked_ptr = mask_user_address(__masked_ptr);		\
	__uaccess_begin(); __masked_ptr; })
#define can_do_masked_user_access()	1
#define masked_user_write_access_begin	masked_user_access_begin
#define masked_user_read_access_begin	masked_user_access_begin
#define masked_user_rw_access_begin(u)	masked_user_access_begin(u)

#include "uaccess_scoped.h"

/* What a function that a region may call turns user access off with. */
static __always_inline unsigned long smap_save(void)
{
	unsigned long flags;

	asm volatile("# smap_save" : "=rm" (flags) : : "memory", "cc");
	return flags;
}

static __always_inline void smap_restore(unsigned long flags)
{
	asm volatile("# smap_restore" : : "g" (flags) : "memory", "cc");
}
#define user_access_save()	smap_save()
#define user_access_restore(x)	smap_restore(x)

extern int _printk(const char *fmt, ...);
#define printk _printk
extern void kasan_report(unsigned long addr);
extern void might_sleep_fn(void);

#endif

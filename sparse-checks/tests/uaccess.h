/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The shapes of the x86_64 user-access primitives after expansion, small
 * enough for a testcase: stac()/clac() inline asm, user_access_begin() an
 * inline function behind a macro of its own name, the accessors asm goto
 * or a do-while with a goto, the scoped regions nested for-loops with a
 * cleanup variable (as in linux-7.2).
 */
#ifndef TEST_UACCESS_H
#define TEST_UACCESS_H

#define __user __attribute__((noderef, address_space(__user)))
#define __always_inline inline __attribute__((__always_inline__))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define EFAULT 14
typedef unsigned long size_t;
typedef _Bool bool;
#define false 0
#define true 1

static __always_inline void stac(void) { asm volatile("stac" ::: "memory"); }
static __always_inline void clac(void) { asm volatile("clac" ::: "memory"); }
#define __uaccess_begin() stac()
#define __uaccess_end() clac()
#define __uaccess_begin_nospec() ({ stac(); asm volatile("lfence"); })

static __always_inline bool __access_ok(const void __user *ptr, unsigned long size)
{
	return (unsigned long)ptr + size <= 0x7ffffffff000UL;
}
#define access_ok(addr, size) likely(__access_ok(addr, size))

static __always_inline void __user *mask_user_address(const void __user *ptr)
{
	return (void __user *)((unsigned long)ptr & 0x7fffffffffffUL);
}
#define masked_user_access_begin(x) ({ __uaccess_begin(); mask_user_address(x); })
#define masked_user_write_access_begin masked_user_access_begin
#define masked_user_read_access_begin masked_user_access_begin

static __always_inline bool user_access_begin(const void __user *ptr, size_t len)
{
	if (unlikely(!access_ok(ptr, len)))
		return 0;
	__uaccess_begin_nospec();
	return 1;
}
#define user_access_begin(a, b) user_access_begin(a, b)
#define user_access_end() __uaccess_end()
#define user_write_access_begin user_access_begin
#define user_write_access_end user_access_end
#define user_read_access_begin user_access_begin
#define user_read_access_end user_access_end

/* The v1 epoll proposal: a region open with no check of its own. */
#define __user_write_access_begin(a, b) __uaccess_begin()

#define unsafe_put_user(x, ptr, label) \
	asm goto("1: mov %0, %1" : : "r" (x), "m" (*(ptr)) : : label)
#define unsafe_get_user(x, ptr, label) do {				\
	int __gu_err;							\
	asm volatile("mov %2, %1; xor %0, %0"				\
		     : "=r" (__gu_err), "=r" (x) : "m" (*(ptr)));	\
	if (unlikely(__gu_err))						\
		goto label;						\
} while (0)

static __always_inline void __scoped_user_write_access_end(const void *p)
{
	user_write_access_end();
}
static __always_inline void __scoped_user_read_access_end(const void *p)
{
	user_read_access_end();
}
#define can_do_masked_user_access() 1
#define __scoped_user_access_begin(mode, uptr, size, elbl)		\
({									\
	typeof(uptr) __retptr;						\
	if (can_do_masked_user_access()) {				\
		__retptr = masked_user_##mode##_access_begin(uptr);	\
	} else {							\
		__retptr = uptr;					\
		if (!user_##mode##_access_begin(uptr, size))		\
			goto elbl;					\
	}								\
	__retptr;							\
})
#define __scoped_user_access(mode, uptr, size, elbl)				\
for (bool done = false; !done; done = true)					\
	for (typeof(uptr) _tmpptr = __scoped_user_access_begin(mode, uptr, size, elbl); \
	     !done; done = true)						\
		for (typeof(uptr) const uptr					\
		     __attribute__((cleanup(__scoped_user_##mode##_access_end))) = \
		     _tmpptr; !done; done = true)
#define scoped_user_write_access_size(udst, size, elbl) \
	__scoped_user_access(write, udst, size, elbl)
#define scoped_user_write_access(udst, elbl) \
	scoped_user_write_access_size(udst, sizeof(*(udst)), elbl)
#define scoped_user_read_access(usrc, elbl) \
	__scoped_user_access(read, usrc, sizeof(*(usrc)), elbl)

extern void printk(const char *fmt, ...);
extern void might_sleep_fn(void);

#endif

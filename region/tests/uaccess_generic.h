/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal stand-ins of the kernel's user-access API as linux-7.2 expands
 * it on an architecture with no user-access regions of its own: the
 * generic fallback of include/linux/uaccess.h (user_access_begin() is
 * access_ok(), user_access_end() is empty, each unsafe_*() accessor is a
 * __put_user()/__get_user() and a goto) over asm-generic/access_ok.h and
 * asm-generic/uaccess.h, with the same scoped forms as on x86.
 */
#ifndef UACCESS_GENERIC_H
#define UACCESS_GENERIC_H

#include "uaccess_types.h"

/* asm-generic/access_ok.h */
#define TASK_SIZE_MAX	0x0000800000000000UL

static inline int __access_ok(const void __user *ptr, unsigned long size)
{
	unsigned long limit = TASK_SIZE_MAX;
	unsigned long addr = (unsigned long)ptr;

	return (size <= limit) && (addr <= (limit - size));
}
#define access_ok(addr, size) likely(__access_ok(addr, size))

/* asm-generic/uaccess.h: the architecture's raw copies do the access. */
extern unsigned long raw_copy_to_user(void __user *to, const void *from,
				      unsigned long n);
extern unsigned long raw_copy_from_user(void *to, const void __user *from,
					unsigned long n);
extern int __put_user_bad(void) __attribute__((noreturn));
extern int __get_user_bad(void) __attribute__((noreturn));

static inline int __put_user_fn(size_t size, void __user *ptr, void *x)
{
	return unlikely(raw_copy_to_user(ptr, x, size)) ? -EFAULT : 0;
}

static inline int __get_user_fn(size_t size, const void __user *ptr, void *x)
{
	return unlikely(raw_copy_from_user(x, ptr, size)) ? -EFAULT : 0;
}

#define __put_user(x, ptr)					\
({								\
	__typeof__(*(ptr)) __x = (x);				\
	int __pu_err = -EFAULT;					\
	switch (sizeof(*(ptr))) {				\
	case 1:							\
	case 2:							\
	case 4:							\
	case 8:							\
		__pu_err = __put_user_fn(sizeof(*(ptr)),	\
					 ptr, &__x);		\
		break;						\
	default:						\
		__put_user_bad();				\
		break;						\
	}							\
	__pu_err;						\
})

#define __get_user(x, ptr)					\
({								\
	int __gu_err = -EFAULT;					\
	switch (sizeof(*(ptr))) {				\
	case 4: {						\
		unsigned int __x = 0;				\
		__gu_err = __get_user_fn(sizeof(*(ptr)),	\
					 ptr, &__x);		\
		(x) = (__typeof__(*(ptr)))__x;			\
		break;						\
	};							\
	case 8: {						\
		unsigned long long __x = 0;			\
		__gu_err = __get_user_fn(sizeof(*(ptr)),	\
					 ptr, &__x);		\
		(x) = (__typeof__(*(ptr)))__x;			\
		break;						\
	};							\
	default:						\
		__get_user_bad();				\
		break;						\
	}							\
	__gu_err;						\
})

/* include/linux/uaccess.h, no masked user access */
#define can_do_masked_user_access() 0
#define masked_user_access_begin(src) NULL
#define masked_user_read_access_begin(src) NULL
#define masked_user_write_access_begin(src) NULL
#define mask_user_address(src) (src)

/* include/linux/uaccess.h, #else of #ifdef user_access_begin */
#define user_access_begin(ptr,len) access_ok(ptr, len)
#define user_access_end() do { } while (0)
#define unsafe_op_wrap(op, err) do { if (unlikely(op)) goto err; } while (0)
#define unsafe_get_user(x,p,e) unsafe_op_wrap(__get_user(x,p),e)
#define unsafe_put_user(x,p,e) unsafe_op_wrap(__put_user(x,p),e)

static inline unsigned long user_access_save(void) { return 0UL; }
static inline void user_access_restore(unsigned long flags) { }

#define user_write_access_begin user_access_begin
#define user_write_access_end user_access_end
#define user_read_access_begin user_access_begin
#define user_read_access_end user_access_end
#define masked_user_rw_access_begin(u)	masked_user_access_begin(u)
#define user_rw_access_begin(u, s)	user_access_begin(u, s)

#include "uaccess_scoped.h"

extern int _printk(const char *fmt, ...);

#endif

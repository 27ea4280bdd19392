/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal stand-ins of the kernel's user-access API as linux-7.2 expands
 * it on riscv64 (the instructions as comments, to assemble anywhere):
 * user_access_begin() is an inline function that sets SUM
 * with the asm __enable_user_access() is written as, user_access_end() is
 * __disable_user_access(), the accessors are asm goto; no masked begin.
 */
#ifndef UACCESS_RISCV_H
#define UACCESS_RISCV_H

#include "uaccess_types.h"
#define SR_SUM 0x00040000UL

static inline int __access_ok(const void __user *ptr, unsigned long size)
{
	return (unsigned long)ptr + size >= size;
}
#define access_ok(addr, size) likely(__access_ok(addr, size))

#define __enable_user_access()							\
	__asm__ __volatile__ ("# csrs sstatus, %0" : : "r" (SR_SUM) : "memory")
#define __disable_user_access()							\
	__asm__ __volatile__ ("# csrc sstatus, %0" : : "r" (SR_SUM) : "memory")

static __always_inline bool user_access_begin(const void __user *ptr, size_t len)
{
	if (unlikely(!access_ok(ptr, len)))
		return 0;
	__enable_user_access();
	return 1;
}
#define user_access_begin user_access_begin
#define user_access_end __disable_user_access
#define user_write_access_begin	user_access_begin
#define user_write_access_end	user_access_end
#define user_read_access_begin	user_access_begin
#define user_read_access_end	user_access_end

#define arch_unsafe_put_user(x, ptr, label)				\
do {									\
	__typeof__(*(ptr)) __pu_val = (x);				\
	asm goto("# sw %0, %1" : : "r" (__pu_val), "m" (*(ptr)) : : label); \
} while (0)

#define arch_unsafe_get_user(x, ptr, label)				\
do {									\
	__typeof__(*(ptr)) __gu_val;					\
	asm goto("# lw %0, %1" : "=r" (__gu_val) : "m" (*(ptr)) : : label); \
	(x) = __gu_val;							\
} while (0)

#include "uaccess_labels.h"

#define can_do_masked_user_access()	0
#define masked_user_write_access_begin(src)	NULL
#define masked_user_read_access_begin(src)	NULL
#define masked_user_rw_access_begin(src)	NULL

#include "uaccess_scoped.h"

extern int _printk(const char *fmt, ...);
#define printk _printk

#endif

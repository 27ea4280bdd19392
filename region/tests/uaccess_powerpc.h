/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal stand-ins of the kernel's user-access API as linux-6.12
 * expands it on powerpc64 (KUAP's mtspr as a comment, to assemble
 * anywhere): each begin is an inline function behind an object-like
 * alias of its own name, each end an object-like alias of a KUAP inline
 * function (user_write_access_end is prevent_current_write_to_user), which
 * the source calls with its own '()'.
 */
#ifndef UACCESS_POWERPC_H
#define UACCESS_POWERPC_H

#include "uaccess_types.h"

static inline int __access_ok(const void __user *ptr, unsigned long size)
{
	return (unsigned long)ptr + size >= size;
}
#define access_ok(addr, size) likely(__access_ok(addr, size))

static __always_inline void allow_write_to_user(void __user *to, unsigned long size)
{
	__asm__ __volatile__ ("# mtspr SPRN_KUAP" : : : "memory");
}

static __always_inline void prevent_current_write_to_user(void)
{
	__asm__ __volatile__ ("# mtspr SPRN_KUAP" : : : "memory");
}

static __always_inline bool user_write_access_begin(const void __user *ptr, size_t len)
{
	if (unlikely(!access_ok(ptr, len)))
		return 0;
	allow_write_to_user((void __user *)ptr, len);
	return 1;
}
#define user_write_access_begin	user_write_access_begin
#define user_write_access_end	prevent_current_write_to_user

static __always_inline unsigned long prevent_user_access_return(void)
{
	unsigned long flags;

	__asm__ __volatile__ ("# mfspr %0, SPRN_KUAP; mtspr SPRN_KUAP" : "=r" (flags) : : "memory");
	return flags;
}

static __always_inline void restore_user_access(unsigned long flags)
{
	__asm__ __volatile__ ("# mtspr SPRN_KUAP, %0" : : "r" (flags) : "memory");
}
#define user_access_save	prevent_user_access_return
#define user_access_restore	restore_user_access

#define unsafe_put_user(x, ptr, label)					\
	__asm__ goto ("# stw %0, 0(%1)" : : "r" (x), "r" (ptr) : : label)

#endif

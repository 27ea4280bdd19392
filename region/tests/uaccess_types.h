/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every stand-in API header needs of the kernel's compiler and type
 * headers: __user (an address space for sparse), the errno, size_t and
 * bool, likely()/unlikely(), __always_inline and __cleanup().
 */
#ifndef UACCESS_TYPES_H
#define UACCESS_TYPES_H

#ifdef __CHECKER__
#define __user __attribute__((noderef, address_space(__user)))
#else
#define __user
#endif
#define NULL ((void *)0)
#define EFAULT 14
typedef unsigned long size_t;
typedef _Bool bool;

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#define __always_inline	inline __attribute__((__always_inline__))
#define __cleanup(f)	__attribute__((__cleanup__(f)))

#endif

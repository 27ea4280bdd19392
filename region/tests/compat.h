/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A header of the kernel's own that is no part of the user-access API,
 * as include/linux/compat.h: a macro that writes with the accessors, and
 * a plain inline helper it calls in an accessor's value.
 */
#ifndef TEST_COMPAT_H
#define TEST_COMPAT_H

#include "uaccess.h"

typedef unsigned int compat_uptr_t;

static inline compat_uptr_t ptr_to_compat(void __user *uptr)
{
	return (unsigned long)uptr;
}

struct compat_stack {
	compat_uptr_t ss_sp;
	int ss_flags;
};

#define unsafe_compat_save_altstack(uss, sp, label) do {		\
	struct compat_stack __user *__uss = uss;			\
	unsafe_put_user(ptr_to_compat((void __user *)(sp)),		\
			&__uss->ss_sp, label);				\
	unsafe_put_user(0, &__uss->ss_flags, label);			\
} while (0)

#endif

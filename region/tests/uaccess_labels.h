/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux-7.2's unsafe_get_user() and unsafe_put_user() over an
 * architecture's arch_unsafe_*() asm goto: included by uaccess.h (x86_64)
 * and uaccess_riscv.h once they define those.
 */
#ifndef UACCESS_LABELS_H
#define UACCESS_LABELS_H

/* A plain goto leaves a scope through its cleanup; an asm goto would not. */
#define unsafe_get_user(x, ptr, label)			\
do {							\
	__label__ local_label;				\
	arch_unsafe_get_user(x, ptr, local_label);	\
	if (0) {					\
	local_label:					\
		goto label;				\
	}						\
} while (0)

#define unsafe_put_user(x, ptr, label)			\
do {							\
	__label__ local_label;				\
	arch_unsafe_put_user(x, ptr, local_label);	\
	if (0) {					\
	local_label:					\
		goto label;				\
	}						\
} while (0)

#endif

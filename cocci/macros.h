/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel macros Coccinelle 1.1.1 cannot parse on its own, for
 * spatch --macro-file: without them it drops, without a word, the
 * functions that use them.  A macro that takes a block is an iterator.
 */
#define scoped_guard(_name, args...) YACFE_ITERATOR
#define scoped_cond_guard(_name, _fail, args...) YACFE_ITERATOR
/* System calls: standard.h knows SYSCALL_DEFINE1..6 only. */
#define SYSCALL_DEFINE0(func) asmlinkage unsigned long func(void)
#define SYSCALL32_DEFINE0(func) asmlinkage unsigned long func(void)
#define COMPAT_SYSCALL_DEFINE0(func) asmlinkage unsigned long func(void)
#define COMPAT_SYSCALL_DEFINE1(func, t1, a1) \
	asmlinkage unsigned long func(t1 a1)
#define COMPAT_SYSCALL_DEFINE2(func, t1, a1, t2, a2) \
	asmlinkage unsigned long func(t1 a1, t2 a2)
#define COMPAT_SYSCALL_DEFINE3(func, t1, a1, t2, a2, t3, a3) \
	asmlinkage unsigned long func(t1 a1, t2 a2, t3 a3)
#define COMPAT_SYSCALL_DEFINE4(func, t1, a1, t2, a2, t3, a3, t4, a4) \
	asmlinkage unsigned long func(t1 a1, t2 a2, t3 a3, t4 a4)
#define COMPAT_SYSCALL_DEFINE5(func, t1, a1, t2, a2, t3, a3, t4, a4, t5, a5) \
	asmlinkage unsigned long func(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5)
#define COMPAT_SYSCALL_DEFINE6(func, t1, a1, t2, a2, t3, a3, t4, a4, t5, a5, t6, a6) \
	asmlinkage unsigned long func(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5, t6 a6)
/*
 * A cleanup attribute, before the declarator ("void __free(kfree) *buf")
 * or after it ("struct file *f __free(fput)"): as an attribute standard.h
 * knows in both places (an empty expansion breaks the second).
 */
#define __free(func) __maybe_unused

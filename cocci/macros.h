/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel macros Coccinelle 1.1.1 cannot parse on its own, for
 * spatch --macro-file: without them it drops, without a word, the
 * functions that use them.  A macro that takes a block is an iterator.
 */
#define scoped_guard(_name, args...) YACFE_ITERATOR
#define scoped_cond_guard(_name, _fail, args...) YACFE_ITERATOR

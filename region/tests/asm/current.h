/* SPDX-License-Identifier: GPL-2.0 */
/* powerpc's asm/current.h: 'current' is a call of a plain inline function. */
#ifndef ASM_CURRENT_H
#define ASM_CURRENT_H

struct task_struct;
extern struct task_struct *paca_current_task;

static inline struct task_struct *get_current(void)
{
	return paca_current_task;
}
#define current get_current()

#endif

/*
 * Labels outside any function, after a function definition (the inline
 * primitives of uaccess.h): accessors written at file scope (an asm goto
 * that names a label, a do-while block: errors), and a label's address in
 * a file-scope initializer.
 * sparse 0.6.5~rc1 itself crashed on both (segmentation faults in
 * bind_scope() and check_label_declaration()); sparse-fixes.patch makes
 * them errors, and the run ends normally.
 */
#include "uaccess.h"

/* the two shapes of x86's accessors of old, at file scope */
#define put_asm_goto(x, ptr, label) \
	asm goto("1: mov %0, %1" : : "r" (x), "m" (*(ptr)) : : label)
#define get_do_while(x, ptr, label) do {				\
	int __gu_err;							\
	asm volatile("mov %2, %1; xor %0, %0"				\
		     : "=r" (__gu_err), "=r" (x) : "m" (*(ptr)));	\
	if (unlikely(__gu_err))						\
		goto label;						\
} while (0)

put_asm_goto(a, p, efault);
get_do_while(a, p, efault);
void *where = &&nowhere;

/*
 * check-name: malformed-labels
 * check-command: sparse-uaccess --uaccess-only -I../../region/tests $file; echo "exit status $?"
 *
 * check-error-start
 * malformed-labels.c:24:1: error: Trying to use reserved word 'do' as identifier
 * malformed-labels.c:24:1: error: Expected ; at end of declaration
 * malformed-labels.c:24:1: error: got {
 * malformed-labels.c:24:1: error: Expected ) in function declarator
 * malformed-labels.c:24:1: error: got (
 * malformed-labels.c:24:1: error: Trying to use reserved word 'if' as identifier
 * malformed-labels.c:24:1: error: Expected ; at the end of type declaration
 * malformed-labels.c:24:1: error: got }
 * malformed-labels.c:25:15: error: label 'nowhere' was not declared
 * exit status 0
 * check-error-end
 */

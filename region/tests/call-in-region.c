/* call-in-region: objtool's rule, no call to a function that is not
 * uaccess-safe while a region is open. */
#include "uaccess.h"

extern void helper(int v);
static __always_inline int twice(int v)
{
	return 2 * v;
}

/* A call in an __always_inline helper: told at its call, "through" it. */
static __always_inline int logs(int v)
{
	_printk("v=%d\n", v);
	return v;
}

int bad_call(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	_printk("wrote %d\n", a); /* { dg-warning "call-in-region" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int bad_indirect(int __user *p, void (*cb)(int))
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	cb(1); /* { dg-warning "call-in-region" } */
	user_read_access_end();
	return 0;
}

/*
 * Through a member of a struct, an operations table's: told at the
 * start of what is called, where GCC places the call ('ops', not the
 * '->' or '[' sparse places a member or an element at).
 */
struct put_ops {
	int (*put)(int __user *p, int v);
};

int bad_through_ops(int __user *p, const struct put_ops *ops, int a)
{
	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	ops->put(p + 1, a); /* { dg-warning "call-in-region" } */
	ops[1].put(p + 1, a); /* { dg-warning "call-in-region" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* Only on one path. */
int bad_some_path(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	if (a > 1)
		helper(a); /* { dg-warning "call-in-region" } */
	user_write_access_end();
	return 0;
}

/* Calls before and after the region, safe and inlined calls inside. */
int good_calls(int __user *p, int a)
{
	helper(a);
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	kasan_report(0);
	unsafe_put_user(twice(a), p, efault);
	user_write_access_end();
	helper(a);
	_printk("done\n");
	return 0;
efault:
	user_write_access_end();
	_printk("fault\n");
	return -EFAULT;
}

/* A scoped region: the call in the scope is in the region. */
int scoped_call(int __user *p, int a)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(a, p, efault);
		helper(a); /* { dg-warning "call-in-region" } */
	}
	helper(a);
	return 0;
efault:
	helper(-1);
	return -EFAULT;
}

/* A call written in an accessor's argument is the source's call. */
extern int compute(int v);

int call_in_argument(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(compute(a), p, efault); /* { dg-warning "call-in-region" } */
	unsafe_put_user(twice(a), p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* Through an inline helper; a builtin that stays inline is no call. */
int through_inline(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	v = logs(v); /* { dg-warning "call-in-region" } */
	__builtin_memset(&v, 0, sizeof(v));
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return compute(v);
efault:
	user_write_access_end();
	return -EFAULT;
}

/* A scope: in an accessor's argument too; after it, calls are fine. */
int scoped_calls(int __user *p, int v)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(compute(v), p, efault); /* { dg-warning "call-in-region" } */
		might_sleep_fn(); /* { dg-warning "call-in-region" } */
	}
	might_sleep_fn();
	return 0;
efault:
	return -EFAULT;
}

/*
 * cond_resched() and might_sleep() as an x86_64_defconfig build expands
 * them (PREEMPT_DYNAMIC, HAVE_STATIC_CALL_INLINE, no DEBUG_ATOMIC_SLEEP):
 * static calls through a trampoline whose key is made addressable, from
 * an always_inline helper or a macro (include/linux/static_call_types.h).
 */
struct static_call_key {
	void *func;
};
extern int __cond_resched(void);
extern struct static_call_key __SCK__cond_resched, __SCK__might_resched;
extern typeof(__cond_resched) __SCT__cond_resched, __SCT__might_resched;
#define __ADDRESSABLE(sym) \
	static void *__attribute__((used)) __addressable_##sym = (void *)&sym;
#define static_call_mod(name) \
	({ __ADDRESSABLE(__SCK__##name); &__SCT__##name; })
static inline void __might_resched(const char *file, int line, unsigned int offsets)
{
}
static __always_inline int _cond_resched(void)
{
	return static_call_mod(cond_resched)();
}
#define cond_resched() ({ __might_resched(__FILE__, __LINE__, 0); _cond_resched(); })
#define might_sleep() do { static_call_mod(might_resched)(); } while (0)

int scheduler_calls(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, p, efault);
	cond_resched(); /* { dg-warning "call-in-region" } */
	might_sleep(); /* { dg-warning "call-in-region" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/*
 * A plain inline function may stay a call (with KASAN, or -Os): objtool
 * then warns, as it did for x86's instruction_pointer_set() in
 * rseq_update_user_cs()'s region until upstream 1fe4002cf7f2
 * ("x86/ptrace: Always inline trivial accessors").  Only an
 * __always_inline function may be called with a region open, whatever
 * its body; where the attribute stands on the line before the name too.
 */
static inline int plain_twice(int v)
{
	return 2 * v;
}

static __always_inline int
twice_declared_apart(int v)
{
	return 2 * v;
}

int plain_inline_call(int __user *p, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(plain_twice(v), p, efault); /* { dg-warning "call-in-region" } */
	unsafe_put_user(twice_declared_apart(v), p, efault);
	user_write_access_end();
	return plain_twice(v);
efault:
	user_write_access_end();
	return -EFAULT;
}

int plain_inline_in_scope(int __user *p, int v)
{
	scoped_user_write_access(p, efault) {
		v = plain_twice(v); /* { dg-warning "call-in-region" } */
		unsafe_put_user(v, p, efault);
	}
	return 0;
efault:
	return -EFAULT;
}

/*
 * What objtool lets a region call (its uaccess-safe list) it checks as
 * entered with user access on: the stack protector's failure calls
 * panic() only once user_access_save() turned it off (upstream
 * 72c774aa9d1e) ...
 */
void __stack_chk_fail(void)
{
	unsigned long flags = user_access_save();

	_printk("stack-protector: Kernel stack is corrupted\n");
	user_access_restore(flags);
}

/* ... which a sanitizer's report forgot (d08965a27e84) ... */
void __ubsan_handle_load_invalid_value(void *data, void *val)
{
	_printk("load of an invalid value\n"); /* { dg-warning "call-in-region" } */
}

/* ... and after the restore, user access is on again. */
void __ubsan_handle_shift_out_of_bounds(void *data, void *lhs, void *rhs)
{
	unsigned long flags = user_access_save();

	_printk("shift out of bounds\n");
	user_access_restore(flags);
	helper(1); /* { dg-warning "call-in-region" } */
}

/* A save in a region of one's own: the restore opens it again. */
int saved_in_region(int __user *p, int a)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	flags = user_access_save();
	helper(a);
	user_access_restore(flags);
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

extern int plain(int v);
extern long widened(long v);
#define log_two(fmt, ...)	_printk(fmt, ##__VA_ARGS__)

/*
 * Where a call is told: GCC gives one that is another call's argument,
 * with no conversion between, the place of that call (and each line
 * says one finding of an id); a call that converts, or that a macro's
 * argument spells, is told where it is written.
 */
int calls_in_arguments(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	_printk("%d\n", /* { dg-warning "call-in-region" } */
		plain(a));
	widened( /* { dg-warning "call-in-region" } */
		plain(a)); /* { dg-warning "call-in-region" } */
	log_two("%d %d\n", a, /* { dg-warning "call-in-region" } */
		1 + plain(a)); /* { dg-warning "call-in-region" } */
	unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

#include "compat.h"

/*
 * A call that a macro of another header writes in an accessor's value is
 * a call all the same (x32's frame, 6.12 signal_64.c): the plugin took
 * it for part of the accessor, declared in the header that spells it.
 */
int compat_frame(struct compat_stack __user *uss, unsigned long sp)
{
	if (!user_write_access_begin(uss, sizeof(*uss)))
		return -EFAULT;
	unsafe_compat_save_altstack(uss, sp, efault); /* { dg-warning "call-in-region" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/*
 * A copy of a length GCC does not know, or of many bytes, may stay a call
 * of the library's function (objtool, in 5.6's ia32_setup_rt_frame():
 * "call to memset() with UACCESS enabled", ClangBuiltLinux #876); one of
 * a few bytes GCC expands inline.
 */
int builtin_in_region(int __user *p, int *k, unsigned long n)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	__builtin_memset(k, 0, 16);
	__builtin_memset(k, 0, n); /* { dg-warning "call-in-region" } */
	__builtin_memcpy(k, k + 8, 64); /* { dg-warning "call-in-region" } */
	unsafe_put_user(k[0], p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

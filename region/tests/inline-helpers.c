/*
 * Inline helpers, analysed where they are called, from their caller's
 * state: a call in the region at the caller's call of the helper ("call
 * to _printk() (through inline log_value())"), the defects of the
 * helper's own body at its lines, once for all its calls, and the caller
 * going on from the helper's returns.
 */
#include "uaccess.h"

static __always_inline void log_value(int v)
{
	_printk("value %d\n", v);
}

int call_through_helper(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	log_value(a); /* { dg-warning "call-in-region" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* Two helpers deep: at the call of the outer one, through it. */
static __always_inline void trace_value(int v)
{
	_printk("trace %d\n", v);
}

static __always_inline void note_value(int v)
{
	trace_value(v + 1);
}

int call_two_deep(int __user *p, int a)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(a, p, efault);
		note_value(a); /* { dg-warning "call-in-region" } */
	}
	return 0;
efault:
	return -EFAULT;
}

/* An accessor in a helper called with no region open. */
static __always_inline int store(int __user *p, int v)
{
	unsafe_put_user(v, p, efault); /* { dg-warning "unsafe-outside-region" } */
	return 0;
efault:
	return -EFAULT;
}

int store_outside(int __user *p, int a)
{
	return store(p, a);
}

/* Two helpers deep: both calls are on the trail. */
static __always_inline int store_via(int __user *p, int v)
{
	return store(p, v);
}

int store_two_deep(int __user *p, int a)
{
	return store_via(p, a);
}

/*
 * A helper that ends the region on one of its returns only: its caller
 * returns with it open on that path.
 */
static __always_inline int finish(int __user *p, int v)
{
	if (v < 0)
		return -22;
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int leak_through_helper(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	return finish(p, a); /* { dg-warning "region-leak" } */
}

/* The same helpers, used right: nothing to say. */
static __always_inline int finish_all(int __user *p, int v)
{
	unsafe_put_user(v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int helpers_used_right(int __user *p, int a)
{
	log_value(a);
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	if (store(p, a))
		goto efault;
	user_write_access_end();
	note_value(a);
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	return finish_all(p, a);
efault:
	user_write_access_end();
	return -EFAULT;
}

/*
 * A helper that ends its caller's region (finish_all()) ends it: an
 * access or an end after it is outside the region.
 */
int writes_after_end(int __user *p, int a)
{
	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	if (finish_all(p, a))
		return -EFAULT;
	unsafe_put_user(a, p + 1, efault); /* { dg-warning "unsafe-outside-region" } */
	return 0;
efault:
	return -EFAULT;
}

static __always_inline void end_writes(void)
{
	user_write_access_end();
}

int ends_twice(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	end_writes();
	user_write_access_end(); /* { dg-warning "unbalanced-region-end" } */
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* A helper with a scope of its own (kernel/rseq.c's rseq_handle_cs()). */
extern void helper(int v);
extern int other(int v);

static __always_inline bool scope_in_helper(int __user *p)
{
	int v;

	scoped_user_read_access(p, efault)
		unsafe_get_user(v, p, efault);
	if (likely(!v))
		return 1;
	return other(v);
efault:
	return 0;
}

void deliver(int __user *p)
{
	if (!scope_in_helper(p))
		helper(1);
}

/* A helper with no part in regions: the caller's missing end is the
 * caller's leak, reported at its own line. */
static __always_inline int put_plain(int __user *p, int v)
{
	unsafe_put_user(v, p, efault);
	return 0;
efault:
	return -EFAULT;
}

int caller_forgets_end(int __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	return put_plain(p, a); /* { dg-warning "region-leak" } */
}

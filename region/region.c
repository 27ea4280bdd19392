// SPDX-License-Identifier: GPL-2.0
/*
 * The region analysis that sparse-uaccess and the GCC plugin share: the
 * state lattice, its transitions and the message of every id (region.h
 * says how a front end uses it; names.c what a function's name tells
 * it; findings.c which findings are said, and how).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "region.h"

const char *const region_ids[NR_REGION_IDS] = {
#define REGION_NAME(sym, id) id,
	UACCESS_DEFECTS(REGION_NAME)
#undef REGION_NAME
};

/* ---- the lattice ---- */

const char *region_mode_name(unsigned int mode)
{
	return mode == UA_READ ? "read" : mode == UA_WRITE ? "write" : "read-write";
}

/* Field by field: the struct's padding is no part of the state. */
bool region_same(const struct region_state *a, const struct region_state *b)
{
	return a->bits == b->bits && a->mode == b->mode &&
	       a->end_modes == b->end_modes && a->flags == b->flags && a->begin == b->begin &&
	       a->result == b->result;
}

/*
 * @into gets the paths of @from too; true if it changed.  A flag holds
 * where it holds on some path, but for REGION_KERNEL, which must hold
 * on every one.
 */
bool region_join(struct region_state *into, const struct region_state *from)
{
	struct region_state old = *into;
	/* an empty @into, no path yet, takes @from's */
	unsigned char kernel = from->flags & REGION_KERNEL &
			       (into->bits ? into->flags : REGION_KERNEL);

	if (!from->bits)
		return false;	/* no path */

	into->bits |= from->bits;
	into->mode |= from->mode;
	into->end_modes |= from->end_modes;
	into->flags = ((into->flags | from->flags) & ~REGION_KERNEL) | kernel;
	if (!from->begin || into->begin == from->begin)
		;
	else if (!into->begin)
		into->begin = from->begin;
	else
		into->begin = REGION_MANY;
	if (into->result != from->result)
		into->result = NULL;
	return !region_same(&old, into);
}

/* The modes an end of the region @b opens must name (region_ends_by_mode()). */
static unsigned char end_modes_of(const struct region_begin *b)
{
	return region_ends_by_mode(b->name) ? b->mode : 0;
}

static const struct region_begin *one_begin(const struct region_state *st)
{
	return st->begin == REGION_MANY ? NULL : st->begin;
}

static void say(struct region_sink *sink, const void *where,
		enum region_id id, const char *fmt, ...)
#ifdef __GNUC__
	__attribute__((format(printf, 4, 5)))
#endif
	;

static void say(struct region_sink *sink, const void *where,
		enum region_id id, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (!sink->report || !region_enabled(id))
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	sink->report(sink, where, id, msg);
}

/* ---- the transitions ---- */

/*
 * A begin of @b.  A checking begin whose result the code tests leaves
 * the region pending until the test (region_tested()); an untested one
 * is open all the same, for what follows to be checked against it.
 */
void region_open(struct region_sink *sink, const void *where,
		 struct region_state *st, const struct region_begin *b,
		 bool tested)
{
	const struct region_begin *outer = one_begin(st);

	if ((st->bits & (REGION_OPEN | REGION_PENDING)) &&
	    !(st->flags & REGION_BLIND)) {
		if (outer)
			say(sink, where, REGION_NESTED_REGION,
			    "%s() while the region opened by %s() at line %u is open",
			    b->name, outer->name, outer->line);
		else
			say(sink, where, REGION_NESTED_REGION,
			    "%s() while a user-access region is open", b->name);
		/*
		 * Whether or not the inner begin succeeds, one is open; a
		 * scoped inner one is ended when its block is left.
		 */
		if (!(st->bits & REGION_CLOSED)) {
			st->bits = REGION_OPEN;
			st->mode |= b->mode;
			st->end_modes |= end_modes_of(b);
			st->begin = REGION_MANY;
			if (b->kind == UA_SCOPED)
				st->flags |= REGION_SCOPED;
			return;
		}
	}
	if (b->kind == UA_BEGIN && !tested)
		say(sink, where, REGION_UNCHECKED_REGION_BEGIN,
		    "the result of %s() is not tested", b->name);
	st->bits = b->kind == UA_BEGIN && tested ? REGION_PENDING : REGION_OPEN;
	st->mode = b->mode;
	st->end_modes = end_modes_of(b);
	st->begin = b;
	st->result = NULL;
	st->flags &= ~(REGION_BLIND | REGION_SCOPED | REGION_SAVED);
	if (b->kind == UA_SCOPED)
		st->flags |= REGION_SCOPED;
	if (b->blind)
		st->flags |= REGION_BLIND;
}

/* The path where a checking begin's result was tested: it succeeded or not. */
void region_tested(struct region_state *st, bool success)
{
	if (!(st->bits & REGION_PENDING))
		return;
	st->bits &= ~REGION_PENDING;
	st->result = NULL;
	if (success) {
		st->bits |= REGION_OPEN;
	} else {
		st->bits |= REGION_CLOSED;
		if (!(st->bits & REGION_OPEN)) {
			st->mode = 0;
			st->end_modes = 0;
			st->begin = NULL;
		}
	}
}

/*
 * Where is_kernel_addr() held: the accessors reach kernel memory (the
 * test is taken to be of their address), which needs no region.
 */
void region_kernel_address(struct region_state *st)
{
	if (st->bits)
		st->flags |= REGION_KERNEL;
}

/*
 * An inline helper is analysed where it is called, as the compiler will
 * inline it: its body starts from its caller's state @st, and its caller
 * goes on from the states at its returns.  __unsafe_setup_sigcontext()
 * continues its caller's region; a helper that ends the region ends its
 * caller's (tests/inline-helpers.c).  A region open at the call is
 * inherited, the caller's to end (no leak of the helper's, no call told
 * in it: the caller tells those at its call); what is wrong in the
 * helper is told at its lines, once for all its calls.
 */
void region_enter_helper(struct region_state *st)
{
	if (st->bits & REGION_OPEN)
		st->flags |= REGION_INHERITED;
}

/*
 * The helper's caller goes on from @st, the state at the helper's
 * returns: back in a function of its own (@own, no helper itself), what
 * it inherited is its own again.
 */
void region_leave_helper(struct region_state *st, bool own)
{
	if (own)
		st->flags &= ~REGION_INHERITED;
}

/* The walks done, each allocated once (region_walk_done() gives them out). */
static struct region_walk **walks;
static unsigned int nr_walks, max_walks;

/* The same states, in any order. */
static bool same_states(const struct region_state *a, unsigned int na,
			const struct region_state *b, unsigned int nb)
{
	unsigned int i, j;

	if (na != nb)
		return false;
	for (i = 0; i < na; i++) {
		for (j = 0; j < nb && !region_same(&a[i], &b[j]); j++)
			;
		if (j == nb)
			return false;
	}
	return true;
}

/*
 * A walk of helper @fn from the @n states @entry that said what it found,
 * or need not have (@say false); NULL if there is none.
 */
const struct region_walk *region_walk_done(const void *fn, const struct region_state *entry,
					   unsigned int n, bool say)
{
	unsigned int i;

	for (i = 0; i < nr_walks; i++)
		if (walks[i]->fn == fn && (walks[i]->said || !say) &&
		    same_states(walks[i]->entry, walks[i]->n_entry, entry, n))
			return walks[i];
	return NULL;
}

/* Walk @w is done: a copy is kept until region_walks_forget(). */
void region_walk_add(const struct region_walk *w)
{
	struct region_walk *copy = (struct region_walk *)malloc(sizeof(*copy));

	if (nr_walks == max_walks) {
		max_walks = 2 * max_walks + 16;
		walks = (struct region_walk **)realloc(walks, max_walks * sizeof(*walks));
	}
	if (!copy || !walks) {
		fprintf(stderr, "uaccess: out of memory\n");
		exit(1);
	}
	*copy = *w;
	walks[nr_walks++] = copy;
}

/* At the end of a file: its helpers' walks point to its begins. */
void region_walks_forget(void)
{
	while (nr_walks)
		free(walks[--nr_walks]);
}

/*
 * user_access_save(): user access off on every path; where a region was
 * open, its restore will open it again.
 */
void region_save(struct region_state *st)
{
	if (st->bits & (REGION_OPEN | REGION_PENDING))
		st->flags |= REGION_SAVED;
	st->bits = REGION_CLOSED;
}

/* user_access_restore(): what the save closed is open again. */
void region_restore(struct region_state *st)
{
	if (!(st->flags & REGION_SAVED))
		return;
	st->bits = REGION_OPEN;
	st->flags &= ~REGION_SAVED;
}

/*
 * An end closes the modes it names: where they are different
 * instructions (powerpc's KUAP: book3s/32 never locks reads, so a read
 * end leaves user memory writable), an end that does not name every
 * mode of the region leaves the others open.
 */
static void check_end_mode(struct region_sink *sink, const void *where,
			   const struct region_state *st, const char *name)
{
	const struct uaccess_name *end = region_model_name(name);

	if (!(st->bits & REGION_OPEN) || !end || end->kind != UA_END ||
	    !(st->end_modes & ~end->mode))
		return;
	/* Not by its begin: paths of two begins of one name join in GCC's. */
	say(sink, where, REGION_MODE_MISMATCH, "%s() ends a %s region", name,
	    region_mode_name(st->mode));
}

void region_end(struct region_sink *sink, const void *where,
		struct region_state *st, const char *name)
{
	if (st->bits & REGION_CLOSED)
		say(sink, where, REGION_UNBALANCED_REGION_END,
		    "%s() with no user-access region open", name);
	else
		check_end_mode(sink, where, st, name);
	st->bits = REGION_CLOSED;
	st->mode = 0;
	st->end_modes = 0;
	st->begin = NULL;
	st->result = NULL;
	st->flags &= ~(REGION_BLIND | REGION_SCOPED | REGION_SAVED);
}

void region_access(struct region_sink *sink, const void *where,
		   const struct region_state *st, const char *name,
		   enum uaccess_mode mode)
{
	const struct region_begin *b = one_begin(st);

	if ((st->bits & REGION_CLOSED) && !(st->flags & REGION_KERNEL))
		say(sink, where, REGION_UNSAFE_OUTSIDE_REGION,
		    "%s() with no user-access region open", name);
	else if (st->bits & REGION_PENDING)
		say(sink, where, REGION_UNCHECKED_REGION_BEGIN,
		    "%s() before the result of %s() is tested", name,
		    b ? b->name : "its begin");
	if (!(st->bits & REGION_OPEN) || !st->mode || !(mode & ~st->mode))
		return;
	if (b)
		say(sink, where, REGION_MODE_MISMATCH,
		    "%s() in a %s region opened by %s()", name,
		    region_mode_name(st->mode), b->name);
	else
		say(sink, where, REGION_MODE_MISMATCH,
		    "%s() in a %s region", name, region_mode_name(st->mode));
}

/*
 * A call the front end found not uaccess-safe: @callee (NULL: indirect),
 * reached @through an inline helper of that name, or directly (NULL).
 * A @plain_inline callee is inline but not __always_inline: GCC may leave
 * it a call (with KASAN, or -Os: objtool then warns), so only an
 * __always_inline one may be called with a region open, whatever its body.
 */
void region_call(struct region_sink *sink, const void *where,
		 const struct region_state *st, const char *callee,
		 const char *through, bool plain_inline)
{
	if (!(st->bits & (REGION_OPEN | REGION_PENDING)) ||
	    (st->flags & (REGION_BLIND | REGION_INHERITED)))
		return;
	if (callee && (st->flags & REGION_CALLERS) && region_may_call(sink->fn))
		say(sink, where, REGION_CALL_IN_REGION,
		    "call to %s() before user_access_save(): a user-access region may call %s() (objtool's uaccess-safe list)",
		    callee, sink->fn);
	else if (!callee)
		say(sink, where, REGION_CALL_IN_REGION,
		    "indirect call with a user-access region open");
	else if (through)
		say(sink, where, REGION_CALL_IN_REGION,
		    "call to %s() (through inline %s()) with a user-access region open",
		    callee, through);
	else if (plain_inline)
		say(sink, where, REGION_CALL_IN_REGION,
		    "call to %s() (inline, not __always_inline) with a user-access region open",
		    callee);
	else
		say(sink, where, REGION_CALL_IN_REGION,
		    "call to %s() with a user-access region open", callee);
}

/* A way out of the function; true if it leaks a region. */
bool region_exit(struct region_sink *sink, const void *where,
		 const struct region_state *st)
{
	const struct region_begin *b = one_begin(st);

	if (!(st->bits & REGION_OPEN) ||
	    (st->flags & (REGION_SCOPED | REGION_INHERITED | REGION_BLIND | REGION_CALLERS)))
		return false;
	if (b)
		say(sink, where, REGION_REGION_LEAK,
		    "%s() returns with the region opened by %s() at line %u still open",
		    sink->fn, b->name, b->line);
	else
		say(sink, where, REGION_REGION_LEAK,
		    "%s() returns with a user-access region open", sink->fn);
	return true;
}

/* ---- unverified-region: is an open checked? ---- */

/*
 * A check of the variable @name (NULL: of a pointer of no name, or of
 * more names than are kept: it may be any).
 */
void region_checked(struct region_checks *c, const void *name)
{
	unsigned int i;

	c->any = true;
	for (i = 0; name && i < c->n; i++)
		if (c->names[i] == name)
			return;
	if (name && c->n < REGION_CHECKED_NAMES)
		c->names[c->n++] = name;
	else
		c->unnamed = true;
}

/*
 * Non-checking open @name, in @file, on the variable @var (named @ptr):
 * a check of it verifies it, at any offset, or one of a pointer of no
 * name.  Where its code has no pointer (NULL: x86's bare stac(), and the
 * proposed '__user_write_access_begin(p, n)' that x86 spells so), a
 * check of any pointer does, and the finding names none.  An
 * architecture's own code checks the range its own way
 * (region_range_checked_by_arch()).
 */
void region_verify(struct region_sink *sink, const void *where,
		   const struct region_checks *c, const char *file,
		   const char *name, const void *var, const char *ptr)
{
	unsigned int i;

	if (var ? c->unnamed : c->any)
		return;
	for (i = 0; i < c->n; i++)
		if (c->names[i] == var)
			return;
	if (region_range_checked_by_arch(file))
		return;
	if (ptr)
		say(sink, where, REGION_UNVERIFIED_REGION,
		    "%s() opens a region on '%s' with no access_ok() or masking of it in %s()",
		    name, ptr, sink->fn);
	else
		say(sink, where, REGION_UNVERIFIED_REGION,
		    "%s() opens a region with no access_ok() or masking in %s()",
		    name, sink->fn);
}

/* ---- pointer-mismatch: does the begin cover where an accessor lands? ---- */

/* What a begin covers, as its source says it: 'sizeof(*p)', or the bytes. */
static const char *covered_size(const struct region_covered *cov, char *buf,
				size_t size)
{
	if (!cov->off && cov->bytes == cov->pointee && cov->ptr)
		snprintf(buf, size, "sizeof(*%s)", cov->ptr);
	else
		snprintf(buf, size, "%lld", cov->bytes);
	return buf;
}

static void past_flexible(struct region_sink *sink, const void *where,
			  const char *name, const struct region_place *pl,
			  const struct region_covered *cov,
			  const struct region_begin *b)
{
	char size[100];

	say(sink, where, REGION_POINTER_MISMATCH,
	    "%s() at an element of the flexible array member '%s', past the %s bytes that %s() opened",
	    name, pl->flex, covered_size(cov, size, sizeof(size)), b->name);
}

static void past_member(struct region_sink *sink, const void *where,
			const char *name, const struct region_place *pl)
{
	say(sink, where, REGION_POINTER_MISMATCH,
	    "%s() at element %lld of the array member '%s', past its %lld elements",
	    name, pl->index, pl->member, pl->count);
}

/* An access at byte @off of the begin's pointer, outside what it covers. */
static void outside(struct region_sink *sink, const void *where,
		    const char *name, long long off,
		    const struct region_covered *cov,
		    const struct region_begin *b)
{
	char size[100];

	say(sink, where, REGION_POINTER_MISMATCH,
	    "%s() at byte %lld of '%s', %s the %s bytes that %s() opened",
	    name, off, cov->ptr, off < 0 ? "before" : "past",
	    covered_size(cov, size, sizeof(size)), b->name);
}

/*
 * The begin whose range an access is checked against in the path class
 * @i of the @n in @st that reach it: its one begin, where the region is
 * open on every path (where it may be closed, the access is
 * unsafe-outside-region, which is what is said), and not the caller's
 * of an inline helper, whose pointers are not the helper's; NULL
 * otherwise.  The plugin joins the paths that sparse-uaccess keeps
 * apart: both ask it so.
 */
const struct region_begin *region_placing(const struct region_state *st, int n, int i)
{
	int j;

	for (j = 0; j < n; j++)
		if (st[j].bits != REGION_OPEN)
			return NULL;
	return st[i].flags & REGION_INHERITED ? NULL : one_begin(&st[i]);
}

/*
 * Where accessor @name lands, in the region of begin @b that covers
 * @cov: past a flexible array's start or an array member's end, or
 * outside the constant range; through a pointer set from the begin's
 * less an amount (it reaches before what the begin covers: filldir64()
 * wrote the previous entry so, in a region begun on the new one, until
 * upstream 3c2659bd1db8), or through another parameter.
 */
void region_placed(struct region_sink *sink, const void *where,
		   const char *name, const struct region_place *pl,
		   const struct region_covered *cov,
		   const struct region_begin *b)
{
	switch (pl->through) {
	case REGION_THROUGH_LESS:
		say(sink, where, REGION_POINTER_MISMATCH,
		    "%s() through '%s', which is '%s' less an amount: before the region %s() opened on '%s'",
		    name, pl->ptr, cov->ptr, b->name, cov->ptr);
		return;
	case REGION_THROUGH_OTHER:
		say(sink, where, REGION_POINTER_MISMATCH,
		    "%s() through '%s', but the region opened by %s() covers '%s'",
		    name, pl->ptr, b->name, cov->ptr);
		return;
	case REGION_THROUGH_BEGUN:
		break;
	}
	/* a flexible array starts where the object begun for ends */
	if (pl->flex && cov->bytes >= 0 && cov->pointee >= 0 &&
	    cov->off + cov->bytes <= cov->pointee)
		past_flexible(sink, where, name, pl, cov, b);
	else if (pl->member)
		past_member(sink, where, name, pl);
	else if (pl->exact && cov->bytes >= 0 &&
		 (pl->off < cov->off || pl->off - cov->off >= cov->bytes))
		outside(sink, where, name, pl->off - cov->off, cov, b);
}

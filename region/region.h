/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The region analysis that sparse-uaccess and the GCC plugin share.
 *
 * Each front end turns its IR (sparse's tree, GIMPLE) into region events
 * at its own points (a begin, an end, an accessor, a call, a way out of
 * the function) and keeps one region_state per path class; everything
 * that decides a defect and says it is here: the state lattice, the
 * transitions, the uaccess-safe list, the options and the message of
 * every id.  So one defect gives one id and one text, whichever engine
 * saw it.  Plain C that also compiles as C++ (the plugin is C++).
 */
#ifndef UACCESS_REGION_H
#define UACCESS_REGION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "uaccess_model.h"

#define REGION_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The ids of model/ids whose kind is 'defect'. */
enum region_id {
#define REGION_ENUM(sym, id) REGION_##sym,
	UACCESS_DEFECTS(REGION_ENUM)
#undef REGION_ENUM
	NR_REGION_IDS
};

extern const char *const region_ids[NR_REGION_IDS];

/* What reaches a point: a bit for each, the union over its paths. */
enum region_bits {
	REGION_CLOSED = 1,
	REGION_OPEN = 2,
	REGION_PENDING = 4,	/* begun, the begin's result not tested yet */
};

enum region_flags {
	REGION_SCOPED = 1,	/* a scoped block: its cleanup ends it */
	REGION_INHERITED = 2,	/* opened by the caller of an inline helper */
	REGION_BLIND = 4,	/* opened the generic way: its end leaves no trace */
	REGION_CALLERS = 8,	/* the region of the caller of an __unsafe_*() function */
	REGION_KERNEL = 16,	/* on every path, is_kernel_addr() held: no region needed */
	REGION_SAVED = 32,	/* closed by user_access_save(): its restore reopens it */
};

/* A begin, as the front end saw it. */
struct region_begin {
	const char *name;		/* the primitive the source wrote */
	unsigned int line;
	enum uaccess_kind kind;
	enum uaccess_mode mode;
	/*
	 * The generic fallback's classic begin, access_ok() alone: its end
	 * compiles to nothing, which GCC cannot see, so the region it opens
	 * is REGION_BLIND in both checkers.
	 */
	bool blind;
};

/* More than one begin reaches a point. */
#define REGION_MANY ((const struct region_begin *)1)

struct region_state {
	unsigned char bits;		/* enum region_bits */
	unsigned char mode;		/* of the open region(s) */
	unsigned char flags;		/* enum region_flags */
	unsigned char end_modes;	/* the modes its end must name (ends_by_mode()) */
	const struct region_begin *begin;
	const void *result;		/* the front end's: what holds a pending result */
};

/*
 * Where the front end reports: @where is its own handle of the place (a
 * sparse position, a GCC location), @msg the finding's text without the
 * id.  The front end dedups, prints and adds " [uaccess:<id>]".  A sink
 * of no @report says nothing: the state moves all the same.
 */
struct region_sink {
	void (*report)(struct region_sink *sink, const void *where,
		       enum region_id id, const char *msg);
	const char *fn;			/* the function being analysed */
};

/* Options, the same for both checkers (front ends spell them their way). */
int region_option(const char *key, const char *value, char *why, size_t size);
int region_read_safe_list(const char *path, char *why, size_t size);
extern bool region_werror;
bool region_enabled(enum region_id id);
extern bool region_json;

/*
 * A finding as the front end places it, for region_print(): the kernel's
 * text line, or with region_json one JSON object on a line (JSON Lines),
 * the same finding.  GCC prints its text form itself (colours, -w):
 * the plugin calls this for JSON only.
 */
struct region_finding {
	const char *path;
	unsigned int line;
	int column;			/* < 0: not known */
	enum region_id id;
	const char *function;		/* NULL: not known */
	const char *msg;		/* the text report() got */
	const char *engine;		/* "sparse", "gcc" */
};

void region_print(FILE *out, const struct region_finding *f);

/*
 * What a front end saw in one file, with --uaccess-stats or stats:
 * a test tells a clean run from a blind one by it.  One text line, or with
 * region_json one JSON object {"stats": {...}} beside the findings.
 */
struct region_stats {
	const char *engine;		/* "sparse", "gcc" */
	const char *path;
	unsigned long functions;	/* defined in the file */
	unsigned long analysed;		/* of them, analysed for regions */
	unsigned long opens;		/* region opens in them */
	double seconds;			/* CPU time of the analysis; < 0: not measured */
};

void region_print_stats(FILE *out, const struct region_stats *s);
extern bool region_show_stats;	/* the option 'stats' */

/* A call to @name cannot turn user access off, nor open a hole in it. */
bool region_safe_name(const char *name);
bool region_expanded_copy(const char *name, long long length);

const struct uaccess_name *region_model_name(const char *name);
bool region_implements_api(const char *function, const char *file);
bool region_range_checked_by_arch(const char *file);
bool region_in_callers_region(const char *function);
bool region_may_call(const char *function);
bool region_starts_in_callers(const char *function);
extern const struct region_state region_callers_state;
const char *region_mode_name(unsigned int mode);
bool region_ends_by_mode(const char *name);

bool region_same(const struct region_state *a, const struct region_state *b);
bool region_join(struct region_state *into, const struct region_state *from);

/* The transitions: each reports what it finds wrong in @st, then moves it. */
void region_open(struct region_sink *sink, const void *where,
		 struct region_state *st, const struct region_begin *b,
		 bool tested);
void region_tested(struct region_state *st, bool success);
void region_kernel_address(struct region_state *st);
void region_enter_helper(struct region_state *st);
void region_leave_helper(struct region_state *st, bool own);
void region_save(struct region_state *st);
void region_restore(struct region_state *st);
void region_end(struct region_sink *sink, const void *where,
		struct region_state *st, const char *name);
void region_access(struct region_sink *sink, const void *where,
		   const struct region_state *st, const char *name,
		   enum uaccess_mode mode);
void region_call(struct region_sink *sink, const void *where,
		 const struct region_state *st, const char *callee,
		 const char *through, bool plain_inline);
bool region_exit(struct region_sink *sink, const void *where,
		 const struct region_state *st);

/*
 * The walks of inline helpers done in a file: a helper is walked again
 * at a call only from other entry states, or to say what it found where
 * the walk done said nothing.  A front end keeps up to REGION_STATES
 * states apart at a point (one, the plugin).
 */
#define REGION_STATES 8

struct region_walk {
	const void *fn;			/* the front end's handle of the helper */
	bool said;			/* its findings were said */
	int events;			/* what the front end counted in it */
	unsigned int n_entry, n_exit;
	struct region_state entry[REGION_STATES], exit[REGION_STATES];
};

const struct region_walk *region_walk_done(const void *fn, const struct region_state *entry,
					   unsigned int n, bool say);
void region_walk_add(const struct region_walk *w);
void region_walks_forget(void);

/*
 * unverified-region: the checks of a function (access_ok()'s, a
 * masking's, a checking begin's), which verify its non-checking opens.
 * A front end notes each by the variables its pointer is computed from,
 * each by the front end's own handle of its name (one per name: sparse's
 * ident, GCC's IDENTIFIER_NODE), or as of a pointer of no name.
 */
#define REGION_CHECKED_NAMES 64

struct region_checks {
	bool any;			/* a check in the function */
	bool unnamed;			/* of a pointer of no name: it may be any */
	unsigned int n;
	const void *names[REGION_CHECKED_NAMES];
};

void region_checked(struct region_checks *c, const void *name);
void region_verify(struct region_sink *sink, const void *where,
		   const struct region_checks *c, const char *file,
		   const char *name, const void *var, const char *ptr);

/*
 * pointer-mismatch.  What a begin covers, as the front end worked it out:
 * its pointer (@ptr: a variable's name, or 'p->m' for a pointer member),
 * @off bytes from the base object of @pointee bytes, @bytes long.
 */
struct region_covered {
	const char *ptr;
	long long off;
	long long bytes;		/* -1: not a constant */
	long long pointee;		/* -1: not known */
};

enum region_through {
	REGION_THROUGH_BEGUN,		/* the begin's own pointer */
	REGION_THROUGH_LESS,		/* a local set once to it less an amount */
	REGION_THROUGH_OTHER,		/* another parameter, as the begin's is */
};

/* Where an accessor lands, as the front end located it. */
struct region_place {
	enum region_through through;
	const char *ptr;		/* the accessor's pointer, named as @cov's */
	bool exact;			/* at constant byte @off of the base */
	long long off;
	const char *flex;		/* an element of this flexible array member */
	const char *member;		/* an element of this array member ... */
	long long index, count;		/* ... at a constant index past its count */
};

const struct region_begin *region_placing(const struct region_state *st, int n, int i);
void region_placed(struct region_sink *sink, const void *where,
		   const char *name, const struct region_place *pl,
		   const struct region_covered *cov,
		   const struct region_begin *b);

#endif /* UACCESS_REGION_H */

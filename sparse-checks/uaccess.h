/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the parts of sparse-uaccess share: an instance of a model
 * primitive, the states a walk carries, the per-function context.
 */
#ifndef SPARSE_UACCESS_H
#define SPARSE_UACCESS_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"
#include "allocate.h"
#include "token.h"
#include "parse.h"
#include "symbol.h"
#include "expression.h"
#include "target.h"

#include "region.h"

extern void (*preprocess_expand_hook)(struct token *name, int nargs, struct token **args);
struct symbol *evaluate_symbol(struct symbol *sym);

/*
 * table.c: a hash table from 64-bit keys (pointers, pos_key()) to
 * pointers, for every lookup of the checker.  Open addressing, kept at
 * most half full; 0 is no key.  The preprocessor's hook looks up every
 * macro it expands: the lookup is inline.
 */
struct table {
	struct table_slot {
		unsigned long long key;
		void *value;
	} *slots;
	unsigned int nr, size;
};

/*
 * sparse allocates its nodes one after another, so pointers as keys make
 * runs of neighbouring slots, which linear probing walks through: a
 * multiplicative hash spreads them over the table.
 */
static inline struct table_slot *table_slot(struct table_slot *slots, unsigned int size,
					    unsigned long long key)
{
	unsigned int i = (unsigned int)((key * 0x9e3779b97f4a7c15ULL) >> 32) & (size - 1);

	while (slots[i].key && slots[i].key != key)
		i = (i + 1) & (size - 1);
	return &slots[i];
}

/* The value of @key; NULL when none was set. */
static inline void *table_get(const struct table *t, unsigned long long key)
{
	return t->size ? table_slot(t->slots, t->size, key)->value : NULL;
}

static inline unsigned long long pos_key(struct position pos)
{
	return 1ULL << 63 | (unsigned long long)pos.stream << 42 |
	       (unsigned long long)pos.line << 10 | pos.pos;
}

void **table_value(struct table *t, unsigned long long key);
void table_free(struct table *t);

/*
 * A macro argument as the source wrote it.  Sparse frees the tokens once
 * the file is parsed, before the checker runs: what the checker needs of
 * them is kept here.  Each token keeps its own position (the patch), which
 * is how the nodes of the evaluated tree that came from the argument are
 * found again (find_at()).
 */
#define ARG_TOKENS 40
struct arg_token {
	struct position pos;
	int type;			/* TOKEN_IDENT, TOKEN_SPECIAL, ... */
	union {
		struct ident *ident;
		int special;
	};
};

struct arg {
	int n;				/* -1: too long to keep */
	struct arg_token t[ARG_TOKENS];
};

/* The constant part of what a begin covers, once worked out. */
struct range {
	int known;			/* 0: not yet, 1: done, -1: no range */
	struct ident *via;		/* of 'base->via', the pointer a struct holds */
	long long off;			/* the pointer's offset from its base */
	long long size;			/* -1: not a constant */
	long long pointee;		/* sizeof(*base), -1 if unknown */
};

/* One invocation of a model primitive. */
struct instance {
	struct position pos;
	const struct uaccess_name *api;
	struct ident *ptr;		/* base identifier of the user pointer */
	struct arg ptr_arg, size_arg;	/* the pointer and size arguments, as tokens */
	int covers_pointee;		/* a begin of no size: it covers sizeof(*ptr) */
	struct expression *call;	/* a call to a function, not a macro */
	int nargs;			/* 0: an alias, its target has them */
	/* the node the walk met it at: its evaluated arguments are below */
	struct statement *stmt;
	struct expression *expr;
	struct range range;		/* of a begin */
	struct region_begin begin;	/* what the region analysis knows of it */
};


/* ---- region states ---- */

/*
 * The states that reach a point, apart: each is one path class of the
 * region analysis, so a defect on one path is told with its own begin.
 */
struct states {
	int n;
	struct region_state s[REGION_STATES];
};

/* ---- per-function context ---- */

struct finding {
	struct position pos;
	enum region_id id;
	struct symbol *fn;		/* the function whose walk found it */
	char msg[200];
};

struct switch_ctx {
	struct states entry;
	int has_default;
};

struct ctx {
	struct region_sink sink;	/* first: report() finds the ctx */
	struct symbol *fn;
	struct statement *body;
	char fn_name[100];		/* show_ident()'s buffers rotate */
	int pass;
	struct instance *cur;		/* the primitive being walked into */
	struct position *arg_of;	/* where the call walked is told, as an argument */
	int scope_depth;
	struct table labels;		/* the states that reach each label */
	unsigned int labels_grown;	/* gotos that brought a label a state */
	struct switch_ctx *sw;
	struct instance *opens[64];	/* non-checking opens, for the end */
	int nr_opens;
	struct region_checks checks;	/* what can verify an open */
	/* variables a condition tests, from every pass: begins' results */
	struct symbol *tested_vars[64];
	int nr_tested_vars;
	int nr_events;			/* primitives met in this pass */
	unsigned int stores_counted;	/* the stamp of stores_of()'s one walk; 0: none yet */
	struct states *returns;		/* an inline helper's: the states at its returns */
	int depth;			/* of inline helpers walked into */
	int caller_scopes;		/* scoped blocks its call is in */
};

extern const struct region_state closed_state;
extern struct region_stats file_stats;

/*
 * What a function does to the variables of a name, counted in one walk
 * of its body (stores_of()): its stores, and its uses, a use that is no
 * value of it ('*(&p)') taking its address.
 */
struct stores {
	unsigned int stamp;		/* the walk that counted these */
	int n;				/* '++' counts 2: moved, where to unknown */
	int uses, values;
	struct expression *value;	/* of the last '=', NULL if that was 'op=' */
};

/*
 * What an identifier is to the analysis, found once an identifier: the
 * preprocessor asks for every macro it expands, the walk for every call
 * in a region and in the inline callees it looks into.
 */
struct ident_info {
	const struct uaccess_name *api;	/* the model's entry it names */
	int safe;			/* region_safe_name() */
	int always_inline;		/* declared __always_inline */
	int is_always_inline;		/* the macro __always_inline itself */
	struct stores stores;		/* in the function being analysed */
};

/* macros.c */
struct instance *asm_instance(struct statement *stmt);
struct instance *begin_instance(const struct region_begin *b);
struct ident_info *ident_info(struct ident *ident);
int in_access(struct position pos);
struct instance *instance_at(struct position pos);
const struct uaccess_name *model_lookup(struct ident *ident);
int same_pos(struct position a, struct position b);
struct instance *new_instance(struct position pos, const struct uaccess_name *api);
int stream_uses_model(int stream);
const struct uaccess_name *wrapper_alias(struct position pos, struct ident *callee,
					 enum uaccess_kind kind);

/* calls.c */
struct instance *call_instance(struct ctx *c, struct expression *expr);
struct symbol *callee(struct expression *fn);
struct statement *evaluated_body(struct symbol *sym);
struct position call_place(struct expression *call);
void check_call(struct ctx *c, struct expression *expr, struct states *st,
		struct position *told);
int is_builtin_expect(struct expression *fn);
int muted(struct ctx *c, struct position pos);

/* nodes.c */
typedef int (*expr_match)(struct expression *e, const void *data);
int addition_at(struct expression *e, const void *data);
int constant(struct expression *e, long long *v);
struct ident *evaluated_ptr(struct instance *in);
struct expression *find_at(struct instance *in, expr_match m, const void *data);
struct expression *find_compiled(struct statement *stmt, expr_match m,
				 const void *data);
struct expression *find_in_stmt(struct statement *stmt, expr_match m,
				const void *data);
int from_arg(struct expression *e, const void *data);
int literal_cond(struct expression *e);
struct symbol *member_of(struct symbol *su, struct ident *id, long long *off, int depth);
long long size_of(struct symbol *t);
int symbol_at(struct expression *e, const void *data);
struct symbol *type_of(struct symbol *t);

/* places.c */
void access_in(struct ctx *c, struct instance *in, const struct region_begin *begin);

/* walk.c */
int add_state(struct states *st, struct region_state s);
void check_leak(struct ctx *c, struct position pos, struct states *st);
struct expression *strip_casts(struct expression *e);
struct symbol *var_of(struct expression *e);
int join(struct states *to, const struct states *from);
void walk_stmt(struct ctx *c, struct statement *stmt, struct states *st);

/* uaccess.c */
void walk_inline(struct ctx *c, struct symbol *sym, struct states *st);

#endif

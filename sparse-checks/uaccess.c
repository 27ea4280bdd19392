// SPDX-License-Identifier: GPL-2.0
/*
 * sparse-uaccess: user-access region checks on top of sparse.
 *
 * After expansion the region primitives are asm, inline functions and
 * do-while blocks that look alike on every architecture, so the checker
 * works from the macro the source wrote: the patched preprocessor reports
 * each expansion, every token of a macro body carries the position of its
 * invocation, and the arguments keep their own (sparse-uaccess.patch).
 * An AST node whose position is the invocation of a model macro
 * (build/uaccess_model.h) is that primitive; the macro's raw arguments
 * give its user pointer and size.  A model name that is a function
 * (stac(), clac()) is recognised at its call.
 *
 * Each function body is then walked once per pass (two passes, so that
 * backward gotos are seen) with the set of region states that can reach
 * each point: path-sensitive, a defect on one path is reported.  What a
 * primitive does to a state, and what is wrong with it, is the region
 * analysis the GCC plugin shares (../region/region.c): this file only
 * finds the primitives in sparse's tree and walks it.
 */
#include <limits.h>
#include <stdarg.h>
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
	long long off;			/* the pointer's offset from its base */
	long long size;			/* -1: not a constant */
	long long pointee;		/* sizeof(*base), -1 if unknown */
};

/* One invocation of a model primitive. */
struct instance {
	struct position pos;
	const struct uaccess_name *api;
	struct ident *ptr;		/* base identifier of the user pointer */
	char ptr_text[80];		/* the pointer argument, spelled */
	char size_text[80];		/* the size argument, spelled */
	struct arg ptr_arg, size_arg;	/* the same, as tokens */
	int is_call;			/* a call to a function, not a macro */
	struct expression *call;	/* that call */
	int nargs;			/* 0: an alias, its target has them */
	/* the node the walk met it at: its evaluated arguments are below */
	struct statement *stmt;
	struct expression *expr;
	struct range range;		/* of a begin */
	struct region_begin begin;	/* what the region analysis knows of it */
	struct instance *hash_next;
};

static struct instance *begin_instance(const struct region_begin *b)
{
	return (struct instance *)((char *)b - offsetof(struct instance, begin));
}

static void set_begin(struct instance *in)
{
	in->begin.name = in->api->name;
	in->begin.line = in->pos.line;
	in->begin.kind = in->api->kind;
	in->begin.mode = in->api->mode;
}

#define INST_HASH 4096
static struct instance *inst_hash[INST_HASH];	/* macros, by position */
static struct instance *call_hash[INST_HASH];	/* calls, by expression */
/* --uaccess-stats: what was seen, to tell a clean run from a blind one */
static int show_stats, nr_functions, nr_regions, nr_accessors;
/* What was reported: under --uaccess-werror, an error the exit status tells. */
static int nr_findings;

static unsigned int pos_hash(struct position pos)
{
	return (pos.stream * 31u + pos.line * 131u + pos.pos) % INST_HASH;
}

static int same_pos(struct position a, struct position b)
{
	return a.stream == b.stream && a.line == b.line && a.pos == b.pos;
}

static struct instance *instance_at(struct position pos)
{
	struct instance *in;

	for (in = inst_hash[pos_hash(pos)]; in; in = in->hash_next)
		if (same_pos(in->pos, pos))
			return in;
	return NULL;
}

/*
 * What an identifier is to the analysis, found once an identifier: the
 * preprocessor asks for every macro it expands, the walk for every call
 * in a region and in the inline callees it looks into.
 */
struct ident_info {
	struct ident *ident;
	const struct uaccess_name *api;	/* the model's entry it names */
	int safe;			/* region_safe_name() */
	int always_inline;		/* declared __always_inline */
	int is_always_inline;		/* the macro __always_inline itself */
};

static struct ident_info *ident_infos;	/* open addressing, by pointer */
static unsigned int nr_ident_infos, ident_infos_size;

static struct ident_info *ident_slot(struct ident_info *table, unsigned int size,
				     struct ident *ident)
{
	unsigned int i = ((unsigned long)ident >> 4) & (size - 1);

	while (table[i].ident && table[i].ident != ident)
		i = (i + 1) & (size - 1);
	return &table[i];
}

static void grow_ident_infos(void)
{
	unsigned int i, size = ident_infos_size ? 2 * ident_infos_size : 4096;
	struct ident_info *table = calloc(size, sizeof(*table));

	if (!table)
		die("sparse-uaccess: out of memory");
	for (i = 0; i < ident_infos_size; i++)
		if (ident_infos[i].ident)
			*ident_slot(table, size, ident_infos[i].ident) = ident_infos[i];
	free(ident_infos);
	ident_infos = table;
	ident_infos_size = size;
}

static struct ident_info *ident_info(struct ident *ident)
{
	struct ident_info *info;
	char name[256];

	if (2 * (nr_ident_infos + 1) > ident_infos_size)
		grow_ident_infos();
	info = ident_slot(ident_infos, ident_infos_size, ident);
	if (!info->ident) {
		snprintf(name, sizeof(name), "%.*s", ident->len, ident->name);
		info->ident = ident;
		info->api = region_model_name(name);
		info->safe = region_safe_name(name);
		info->is_always_inline = !strcmp(name, "__always_inline");
		nr_ident_infos++;
	}
	return info;
}

/*
 * Sparse ignores the always_inline attribute, so the checker learns it
 * from the macro: '__always_inline' declares the function whose name
 * stands before the first '(' after it, past __attribute__((...)).
 */
static void note_always_inline(struct token *name)
{
	struct token *t, *prev = NULL;
	int depth;

	for (t = name->next; !eof_token(t); prev = t, t = t->next) {
		if (match_op(t, ';') || match_op(t, '{') || match_op(t, '='))
			return;
		if (!match_op(t, '('))
			continue;
		if (prev && token_type(prev) == TOKEN_IDENT &&
		    strcmp(show_ident(prev->ident), "__attribute__") &&
		    strcmp(show_ident(prev->ident), "__attribute")) {
			ident_info(prev->ident)->always_inline = 1;
			return;
		}
		for (depth = 0; !eof_token(t); t = t->next) {
			depth += match_op(t, '(') - match_op(t, ')');
			if (!depth)
				break;
		}
		if (eof_token(t))
			return;
	}
}

static const struct uaccess_name *model_lookup(struct ident *ident)
{
	return ident ? ident_info(ident)->api : NULL;
}

static int wordlike(struct token *t)
{
	return token_type(t) == TOKEN_IDENT || token_type(t) == TOKEN_NUMBER;
}

/* Spell a token list into buf, as C: a space only between words. */
static void spell(struct token *t, char *buf, int size)
{
	struct token *prev = NULL;
	int len = 0;

	buf[0] = 0;
	for (; t && !eof_token(t) && len < size - 1; prev = t, t = t->next)
		len += snprintf(buf + len, size - len, "%s%s",
				prev && wordlike(prev) && wordlike(t) ? " " : "",
				show_token(t));
}

/*
 * The base identifier of a pointer argument: '&p->f', 'p + 1', '(T *)p'
 * all give 'p'.  A leading cast is skipped.
 */
static struct ident *base_ident(struct token *t)
{
	/* '(T *)p': a parenthesised group followed by more is a cast */
	if (t && match_op(t, '(')) {
		struct token *s = t;
		int depth = 0;

		for (; !eof_token(s); s = s->next) {
			if (match_op(s, '('))
				depth++;
			else if (match_op(s, ')') && !--depth)
				break;
		}
		if (!eof_token(s) && !eof_token(s->next) &&
		    (token_type(s->next) == TOKEN_IDENT || match_op(s->next, '(')))
			t = s->next;
	}
	for (; t && !eof_token(t); t = t->next)
		if (token_type(t) == TOKEN_IDENT && !t->ident->keyword)
			return t->ident;
	return NULL;
}

/*
 * A member named by an object-like macro, '&infop->si_pid' with
 * '#define si_pid _sifields._kill._pid': its expansion, else NULL.
 */
static struct token *member_macro(struct token *prev, struct token *t)
{
	struct symbol *sym;

	if (!prev || token_type(t) != TOKEN_IDENT ||
	    !(match_op(prev, '.') || match_op(prev, SPECIAL_DEREFERENCE)))
		return NULL;
	sym = lookup_symbol(t->ident, NS_MACRO);
	return sym && !sym->arglist ? sym->expansion : NULL;
}

static int keep_token(struct arg *a, struct token *t)
{
	struct arg_token *k;

	if (a->n == ARG_TOKENS) {
		a->n = -1;
		return 0;
	}
	k = &a->t[a->n++];
	k->pos = t->pos;
	k->type = token_type(t);
	if (k->type == TOKEN_IDENT)
		k->ident = t->ident;
	else if (k->type == TOKEN_SPECIAL)
		k->special = t->special;
	return 1;
}

static void keep_arg(struct arg *a, struct token *t)
{
	struct token *prev = NULL, *m;

	a->n = 0;
	for (; t && !eof_token(t); prev = t, t = t->next) {
		m = member_macro(prev, t);
		if (!m) {
			if (!keep_token(a, t))
				return;
			continue;
		}
		/* the body's words, not its <untaint> marker */
		for (; m && !eof_token(m); m = m->next)
			if (token_type(m) != TOKEN_UNTAINT && !keep_token(a, m))
				return;
	}
}

/* Which argument is the user pointer: the accessors put it second. */
static int ptr_arg(const struct uaccess_name *api, int nargs)
{
	if (api->kind == UA_UNSAFE)
		return nargs == 4 && api->mode == UA_WRITE ? 0 : 1;
	return 0;
}

/* The pointer and size of a primitive, from its raw arguments. */
static void take_args(struct instance *in, const struct uaccess_name *api,
		      int nargs, struct token **args)
{
	int p = ptr_arg(api, nargs);

	in->nargs = nargs;
	if (p < nargs) {
		in->ptr = base_ident(args[p]);
		spell(args[p], in->ptr_text, sizeof(in->ptr_text));
		keep_arg(&in->ptr_arg, args[p]);
	}
	if (api->kind != UA_UNSAFE && nargs >= 2 &&
	    (api->kind != UA_SCOPED || nargs == 3)) {
		spell(args[1], in->size_text, sizeof(in->size_text));
		keep_arg(&in->size_arg, args[1]);
	} else if ((api->kind == UA_SCOPED || api->kind == UA_MASKED) && in->ptr)
		/*
		 * scoped_user_*_access(p, label) covers sizeof(*(p)); a masked
		 * pointer is meant for the object it points to.
		 */
		snprintf(in->size_text, sizeof(in->size_text), "sizeof(*%s)",
			 show_ident(in->ptr));
}

/* The streams (files) where a primitive is written. */
static unsigned char *model_streams;
static int nr_model_streams;

static void mark_stream(int stream)
{
	if (stream >= nr_model_streams) {
		int n = stream * 2 + 64;

		model_streams = realloc(model_streams, n);
		memset(model_streams + nr_model_streams, 0, n - nr_model_streams);
		nr_model_streams = n;
	}
	model_streams[stream] = 1;
}

static int stream_uses_model(int stream)
{
	return stream < nr_model_streams && model_streams[stream];
}

static void record(struct position pos, const struct uaccess_name *api,
		   int nargs, struct token **args)
{
	struct instance *in = calloc(1, sizeof(*in));
	unsigned int h = pos_hash(pos);

	in->pos = pos;
	in->api = api;
	set_begin(in);
	take_args(in, api, nargs, args);
	mark_stream(pos.stream);
	in->hash_next = inst_hash[h];
	inst_hash[h] = in;
}

/*
 * Positions where a macro outside the model expanded first: a model macro
 * expanded later at the same position came from its body.  A wrapper like
 * snd_pcm_sync_ptr_get_user() opens and closes a region inside; its body
 * is then walked as plain code, where the inline functions the primitives
 * become (user_access_begin(), clac()...) still give the events.  A cache,
 * not a set: the inner expansions follow the wrapper's closely.
 */
static struct position wrappers[INST_HASH];

/*
 * Where a self-contained access (put_user(), __get_user()...) was
 * written: the open and end its body calls (7.2 powerpc's
 * allow_user_access() and prevent_user_access()) are its own, not a
 * region of the function's.
 */
static struct access_site {
	struct position pos;
	struct access_site *next;
} *access_hash[INST_HASH];

static int in_access(struct position pos)
{
	struct access_site *a;

	for (a = access_hash[pos_hash(pos)]; a; a = a->next)
		if (same_pos(a->pos, pos))
			return 1;
	return 0;
}

static void note_access(struct position pos)
{
	struct access_site *a;

	if (in_access(pos))
		return;		/* put_user() expands __put_user() there too */
	a = malloc(sizeof(*a));
	a->pos = pos;
	a->next = access_hash[pos_hash(pos)];
	access_hash[pos_hash(pos)] = a;
}

/*
 * The asm a model open or end is written as, where it expanded in the
 * body of a wrapper macro: riscv's user_access_end is
 * __disable_user_access(), 'csrc sstatus', and a wrapper's tokens all
 * have the wrapper's position, so the asm statement itself is the event,
 * found again by that position and its template.  It is credited to the
 * model macro the wrapper wrote (user_write_access_end, an alias of it).
 */
static struct asm_switch {
	struct position pos;			/* the wrapper's */
	const char *template;			/* the asm's string */
	const struct uaccess_name *api;
	struct instance *in;			/* its event, once walked */
	struct asm_switch *next;
} *asm_switches[INST_HASH];

/* The chain of aliases being expanded in a wrapper's body. */
static struct {
	struct position pos;
	struct ident *next;		/* the name its expansion starts with */
	const struct uaccess_name *top;	/* the one the wrapper wrote */
} alias_chain;

static const char *asm_template(struct token *body)
{
	const char *kw;

	if (token_type(body) != TOKEN_IDENT)
		return NULL;
	kw = show_ident(body->ident);
	if (strcmp(kw, "asm") && strcmp(kw, "__asm__") && strcmp(kw, "__asm"))
		return NULL;
	for (; !eof_token(body); body = body->next)
		if (token_type(body) == TOKEN_STRING)
			return body->string->data;
	return NULL;
}

/*
 * The model macro a wrapper's body wrote for @name, expanded at its
 * position: @name's own, or the first of the chain of aliases that
 * expands to it (user_write_access_begin for riscv's user_access_begin).
 */
static const struct uaccess_name *written_alias(struct token *name,
						const struct uaccess_name *api)
{
	struct symbol *sym = lookup_symbol(name->ident, NS_MACRO);
	const struct uaccess_name *top = api;

	if (same_pos(alias_chain.pos, name->pos) &&
	    alias_chain.next == name->ident && alias_chain.top->kind == api->kind)
		top = alias_chain.top;
	alias_chain.pos = name->pos;
	alias_chain.top = top;
	alias_chain.next = sym && token_type(sym->expansion) == TOKEN_IDENT ?
			   sym->expansion->ident : NULL;
	return top;
}

static void note_asm_switch(struct token *name, const struct uaccess_name *top)
{
	struct symbol *sym = lookup_symbol(name->ident, NS_MACRO);
	struct asm_switch *a;
	const char *template;

	if ((top->kind != UA_OPEN && top->kind != UA_END) || !sym)
		return;
	template = asm_template(sym->expansion);
	if (!template)
		return;
	a = calloc(1, sizeof(*a));
	a->pos = name->pos;
	a->template = template;
	a->api = top;
	a->next = asm_switches[pos_hash(name->pos)];
	asm_switches[pos_hash(name->pos)] = a;
}

/*
 * A model function a wrapper's body calls through an alias (riscv's
 * user_write_access_begin for the inline user_access_begin()): the call
 * shares the wrapper's position, and is the region the alias asks for.
 */
static struct wrapper_call {
	struct position pos;			/* the wrapper's */
	struct ident *callee;			/* the function the alias becomes */
	const struct uaccess_name *api;		/* the alias */
	struct wrapper_call *next;
} *wrapper_calls[INST_HASH];

static void note_wrapper_call(struct token *name, const struct uaccess_name *top)
{
	struct wrapper_call *w;

	if (top == model_lookup(name->ident) || !alias_chain.next)
		return;
	w = calloc(1, sizeof(*w));
	w->pos = name->pos;
	w->callee = alias_chain.next;
	w->api = top;
	w->next = wrapper_calls[pos_hash(name->pos)];
	wrapper_calls[pos_hash(name->pos)] = w;
}

static const struct uaccess_name *wrapper_alias(struct position pos, struct ident *callee,
						 enum uaccess_kind kind)
{
	struct wrapper_call *w;

	for (w = wrapper_calls[pos_hash(pos)]; w; w = w->next)
		if (same_pos(w->pos, pos) && w->callee == callee && w->api->kind == kind)
			return w->api;
	return NULL;
}

/* The open or end an asm statement of a wrapper's body is, if any. */
static struct instance *asm_instance(struct statement *stmt)
{
	struct expression *s = stmt->asm_string;
	struct asm_switch *a;

	if (!s || s->type != EXPR_STRING)
		return NULL;
	for (a = asm_switches[pos_hash(stmt->pos)]; a; a = a->next) {
		if (!same_pos(a->pos, stmt->pos) || strcmp(a->template, s->string->data))
			continue;
		if (a->in && a->in->stmt == stmt)
			return a->in;
		if (a->in)
			continue;	/* a second asm of the same template */
		a->in = calloc(1, sizeof(*a->in));
		a->in->pos = stmt->pos;
		a->in->api = a->api;
		set_begin(a->in);
		a->in->stmt = stmt;
		return a->in;
	}
	return NULL;
}

/*
 * Called by the preprocessor for each expansion.  The first model macro
 * expanded at a position is the one the source wrote: the ones nested in
 * its body are expanded later at the same position.
 */
static void expand_hook(struct token *name, int nargs, struct token **args)
{
	const struct uaccess_name *api = model_lookup(name->ident);
	struct position *w = &wrappers[pos_hash(name->pos)];
	struct instance *in;

	in = instance_at(name->pos);
	if (ident_info(name->ident)->is_always_inline)
		note_always_inline(name);
	if (api && api->kind == UA_ACCESS)
		note_access(name->pos);
	if (!api || api->kind == UA_ACCESS) {
		if (!in)
			*w = name->pos;
		return;
	}
	if (!in && same_pos(*w, name->pos)) {
		/* from the body of a wrapper macro */
		if (!in_access(name->pos)) {
			const struct uaccess_name *top = written_alias(name, api);

			note_asm_switch(name, top);
			note_wrapper_call(name, top);
		}
		return;
	}
	if (!in)
		record(name->pos, api, nargs, args);
	else if (!in->nargs && nargs && in->api->kind == api->kind)
		/* an alias, user_write_access_begin -> user_access_begin(a, b) */
		take_args(in, api, nargs, args);
}

int uaccess_options(int argc, char **argv)
{
	char why[200];
	int i, j;

	preprocess_expand_hook = expand_hook;
	for (i = j = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--uaccess-stats")) {
			show_stats = 1;
			continue;
		}
		if (!strcmp(argv[i], "--uaccess-only")) {
			/* sparse's warning() gives up at its limit */
			fmax_warnings = 0;
			continue;
		}
		if (!strcmp(argv[i], "--uaccess-werror")) {
			region_werror = true;
			continue;
		}
		if (!strncmp(argv[i], "--uaccess-disable=", 18)) {
			if (region_disable(argv[i] + 18, why, sizeof(why)))
				die("--uaccess-disable: %s", why);
			continue;
		}
		if (!strncmp(argv[i], "--uaccess-format=", 17)) {
			if (region_format(argv[i] + 17, why, sizeof(why)))
				die("--uaccess-format: %s", why);
			continue;
		}
		if (!strncmp(argv[i], "--uaccess-safe-list=", 20)) {
			if (region_read_safe_list(argv[i] + 20, why, sizeof(why)))
				die("safe list '%s': %s", argv[i] + 20, why);
			continue;
		}
		argv[j++] = argv[i];
	}
	argv[j] = NULL;
	return j;
}

/* ---- region states ---- */

/*
 * The states that reach a point, apart: each is one path class of the
 * region analysis, so a defect on one path is told with its own begin.
 */
#define MAX_STATES 8
struct states {
	int n;
	struct region_state s[MAX_STATES];
};

static const struct region_state closed_state = { REGION_CLOSED };

static void add_state(struct states *st, struct region_state s)
{
	int i;

	for (i = 0; i < st->n; i++)
		if (region_same(&st->s[i], &s))
			return;
	if (st->n < MAX_STATES)
		st->s[st->n++] = s;
}

static void join(struct states *to, const struct states *from)
{
	int i;

	for (i = 0; i < from->n; i++)
		add_state(to, from->s[i]);
}

/* ---- per-function context ---- */

struct label_states {
	struct symbol *label;
	struct states st;
};

struct finding {
	struct position pos;
	enum region_id id;
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
	int scope_depth;
	struct label_states *labels;
	int nr_labels, max_labels;
	int *label_slots;		/* 1 + index in labels, by pointer */
	int label_slots_size;
	struct finding *findings;
	int nr_findings, max_findings;
	struct switch_ctx *sw;
	struct instance *opens[64];	/* non-checking opens, for the end */
	int nr_opens;
	struct instance *checks[256];	/* what can verify an open */
	int nr_checks;
	/* variables a condition tests, from every pass: begins' results */
	struct symbol *tested_vars[64];
	int nr_tested_vars;
	int nr_events;			/* primitives met in this pass */
};

static void walk_stmt(struct ctx *c, struct statement *stmt, struct states *st);
static void walk_expr(struct ctx *c, struct expression *expr, struct states *st);
static void queue_inline(struct symbol *sym, struct states *st);

static int *label_slot(int *slots, int size, struct label_states *labels,
		      struct symbol *label)
{
	int i = ((unsigned long)label >> 4) & (size - 1);

	while (slots[i] && labels[slots[i] - 1].label != label)
		i = (i + 1) & (size - 1);
	return &slots[i];
}

/* Room for one more label: the table of slots kept at most half full. */
static void grow_labels(struct ctx *c)
{
	int i, size;

	if (c->nr_labels == c->max_labels) {
		c->max_labels = c->max_labels * 2 + 16;
		c->labels = realloc(c->labels, c->max_labels * sizeof(*c->labels));
		if (!c->labels)
			die("sparse-uaccess: out of memory");
	}
	if (2 * (c->nr_labels + 1) <= c->label_slots_size)
		return;
	size = c->label_slots_size ? 2 * c->label_slots_size : 64;
	free(c->label_slots);
	c->label_slots = calloc(size, sizeof(*c->label_slots));
	if (!c->label_slots)
		die("sparse-uaccess: out of memory");
	c->label_slots_size = size;
	for (i = 0; i < c->nr_labels; i++)
		*label_slot(c->label_slots, size, c->labels, c->labels[i].label) = i + 1;
}

/* The states that reach @label (a goto's, a loop's break or continue). */
static struct states *label_of(struct ctx *c, struct symbol *label)
{
	int *slot;

	grow_labels(c);
	slot = label_slot(c->label_slots, c->label_slots_size, c->labels, label);
	if (!*slot) {
		c->labels[c->nr_labels].label = label;
		c->labels[c->nr_labels].st.n = 0;
		*slot = ++c->nr_labels;
	}
	return &c->labels[*slot - 1].st;
}

/* The region analysis reports here: one finding per place and id. */
static void report(struct region_sink *sink, const void *where,
		   enum region_id id, const char *msg)
{
	struct ctx *c = (struct ctx *)sink;
	struct position pos = *(const struct position *)where;
	struct finding *f;
	int i;

	/* The last pass sees all the first did, and what it learnt. */
	if (!c->pass)
		return;
	for (i = 0; i < c->nr_findings; i++)
		if (same_pos(c->findings[i].pos, pos) && c->findings[i].id == id)
			return;
	if (c->nr_findings == c->max_findings) {
		c->max_findings = c->max_findings * 2 + 8;
		c->findings = realloc(c->findings, c->max_findings * sizeof(*f));
	}
	f = &c->findings[c->nr_findings++];
	f->pos = pos;
	f->id = id;
	snprintf(f->msg, sizeof(f->msg), "%s", msg);
}

static int cmp_finding(const void *a, const void *b)
{
	const struct finding *x = a, *y = b;

	if (x->pos.stream != y->pos.stream)
		return x->pos.stream - y->pos.stream;
	if (x->pos.line != y->pos.line)
		return x->pos.line - y->pos.line;
	if (x->pos.pos != y->pos.pos)
		return x->pos.pos - y->pos.pos;
	return strcmp(region_ids[x->id], region_ids[y->id]);
}

/* ---- what a call does ---- */

/* The value of statement expression @e: its last statement's. */
static struct expression *stmt_value(struct expression *e)
{
	struct statement *last = NULL;

	if (e->statement && e->statement->type == STMT_COMPOUND)
		last = last_ptr_list((struct ptr_list *)e->statement->stmts);
	return last && last->type == STMT_EXPRESSION ? last->expression : NULL;
}

static struct symbol *callee(struct expression *fn)
{
	/*
	 * Through '*', casts and parentheses (in an inline's unevaluated
	 * template), and static_call_mod(f)()'s
	 * ({ __ADDRESSABLE(key); &__SCT__f; })().
	 */
	while (fn) {
		if (fn->type == EXPR_PREOP &&
		    (fn->op == '*' || fn->op == '(' || fn->op == '&'))
			fn = fn->unop;
		else if (fn->type == EXPR_CAST || fn->type == EXPR_IMPLIED_CAST)
			fn = fn->cast_expression;
		else if (fn->type == EXPR_STATEMENT)
			fn = stmt_value(fn);
		else
			break;
	}
	if (!fn || fn->type != EXPR_SYMBOL || !fn->symbol)
		return NULL;
	/* 'extern typeof(f) __SCT__f;' is a function once examined */
	examine_symbol_type(fn->symbol);
	/* a pointer to a function is an indirect call */
	if (fn->symbol->ctype.base_type &&
	    fn->symbol->ctype.base_type->type == SYM_FN)
		return fn->symbol;
	return NULL;
}

static struct symbol *unsafe_call_in_stmt(struct statement *stmt, int depth);

static struct symbol *unsafe_call_in_expr(struct expression *e, int depth);

/*
 * The first call under 'sym' that may not run with user access enabled:
 * an out-of-line function not on objtool's list, or an indirect call.  An
 * inline callee is looked into, as objtool sees it once inlined.
 */
static struct symbol *unsafe_callee(struct symbol *sym, int depth)
{
	struct symbol *base;

	if (!sym || !sym->ident)
		return sym;
	if (ident_info(sym->ident)->safe)
		return NULL;
	if (sym->definition)
		sym = sym->definition;
	base = sym->ctype.base_type;
	if (!(sym->ctype.modifiers & MOD_INLINE) || !base ||
	    base->type != SYM_FN || depth > 6)
		return sym;
	/* called with the region open: it must be inlined for sure */
	if (!depth && !ident_info(sym->ident)->always_inline)
		return sym;
	if (!base->stmt && !base->inline_stmt)
		return sym;
	return unsafe_call_in_stmt(base->stmt ? base->stmt : base->inline_stmt,
				   depth + 1);
}

static struct symbol *unsafe_call_in_expr(struct expression *e, int depth)
{
	struct symbol *s = NULL;
	struct expression *arg;

	if (!e)
		return NULL;
	switch (e->type) {
	case EXPR_CALL:
		s = callee(e->fn);
		if (!s)
			return &bad_ctype;	/* indirect */
		s = unsafe_callee(s, depth);
		if (s)
			return s;
		FOR_EACH_PTR(e->args, arg) {
			s = unsafe_call_in_expr(arg, depth);
			if (s)
				return s;
		} END_FOR_EACH_PTR(arg);
		return NULL;
	case EXPR_STATEMENT:
		return unsafe_call_in_stmt(e->statement, depth);
	case EXPR_BINOP: case EXPR_COMMA: case EXPR_COMPARE:
	case EXPR_LOGICAL: case EXPR_ASSIGNMENT:
		s = unsafe_call_in_expr(e->left, depth);
		return s ? s : unsafe_call_in_expr(e->right, depth);
	case EXPR_PREOP: case EXPR_POSTOP:
		return unsafe_call_in_expr(e->unop, depth);
	case EXPR_DEREF:
		return unsafe_call_in_expr(e->deref, depth);
	case EXPR_CAST: case EXPR_FORCE_CAST: case EXPR_IMPLIED_CAST:
		return unsafe_call_in_expr(e->cast_expression, depth);
	case EXPR_CONDITIONAL: case EXPR_SELECT:
		s = unsafe_call_in_expr(e->conditional, depth);
		if (!s)
			s = unsafe_call_in_expr(e->cond_true, depth);
		return s ? s : unsafe_call_in_expr(e->cond_false, depth);
	default:
		return NULL;
	}
}

/*
 * A condition that is a literal, 1 or 0, as IS_ENABLED(CONFIG_...) is in
 * an inline template: -1 if it is not one.
 */
static int literal_cond(struct expression *e)
{
	return e && e->type == EXPR_VALUE ? e->value != 0 : -1;
}

/*
 * 'if (1) return f();' and what follows it: the code after it is dead,
 * as in riscv's riscv_has_extension_unlikely(), whose call of
 * __riscv_isa_extension_available() is for !RISCV_ALTERNATIVE only.
 */
static int returns_here(struct statement *s)
{
	return s->type == STMT_IF && literal_cond(s->if_conditional) == 1 &&
	       s->if_true && s->if_true->type == STMT_RETURN;
}

static struct symbol *unsafe_call_in_stmt(struct statement *stmt, int depth)
{
	struct statement *s;
	struct symbol *sym, *r = NULL;
	int lit;

	if (!stmt)
		return NULL;
	switch (stmt->type) {
	case STMT_EXPRESSION:
		return unsafe_call_in_expr(stmt->expression, depth);
	case STMT_RETURN:
		return unsafe_call_in_expr(stmt->ret_value, depth);
	case STMT_DECLARATION:
		FOR_EACH_PTR(stmt->declaration, sym) {
			r = unsafe_call_in_expr(sym->initializer, depth);
			if (r)
				return r;
		} END_FOR_EACH_PTR(sym);
		return NULL;
	case STMT_COMPOUND:
		FOR_EACH_PTR(stmt->stmts, s) {
			r = unsafe_call_in_stmt(s, depth);
			if (r || returns_here(s))
				return r;
		} END_FOR_EACH_PTR(s);
		return NULL;
	case STMT_IF:
		/* A branch a literal condition never takes is not compiled. */
		lit = literal_cond(stmt->if_conditional);
		if (lit >= 0)
			return unsafe_call_in_stmt(lit ? stmt->if_true : stmt->if_false, depth);
		r = unsafe_call_in_expr(stmt->if_conditional, depth);
		if (!r)
			r = unsafe_call_in_stmt(stmt->if_true, depth);
		return r ? r : unsafe_call_in_stmt(stmt->if_false, depth);
	case STMT_ITERATOR:
		r = unsafe_call_in_stmt(stmt->iterator_pre_statement, depth);
		if (!r)
			r = unsafe_call_in_expr(stmt->iterator_pre_condition, depth);
		if (!r)
			r = unsafe_call_in_stmt(stmt->iterator_statement, depth);
		if (!r)
			r = unsafe_call_in_stmt(stmt->iterator_post_statement, depth);
		return r ? r : unsafe_call_in_expr(stmt->iterator_post_condition, depth);
	case STMT_SWITCH:
		r = unsafe_call_in_expr(stmt->switch_expression, depth);
		return r ? r : unsafe_call_in_stmt(stmt->switch_statement, depth);
	case STMT_CASE:
		return unsafe_call_in_stmt(stmt->case_statement, depth);
	case STMT_LABEL:
		return unsafe_call_in_stmt(stmt->label_statement, depth);
	default:
		return NULL;
	}
}

/* Open by this function: an inline helper's inherited region is not. */
static int own_open(const struct states *st)
{
	int i;

	for (i = 0; i < st->n; i++)
		if ((st->s[i].bits & REGION_OPEN) &&
		    !(st->s[i].flags & REGION_INHERITED))
			return 1;
	return 0;
}

/*
 * A call in an inline helper that continues its caller's region was
 * reported at the caller, "through inline ...".
 */
static void check_call(struct ctx *c, struct expression *expr, struct states *st)
{
	struct symbol *sym, *bad;
	const char *name, *through;
	int i, plain_inline;

	sym = callee(expr->fn);
	if (sym && sym->ident && region_in_callers_region(show_ident(sym->ident))) {
		/* It runs in the caller's region: an accessor. */
		c->nr_events++;
		for (i = 0; i < st->n; i++)
			region_access(&c->sink, &expr->fn->pos, &st->s[i],
				      show_ident(sym->ident), (enum uaccess_mode)0);
		return;
	}
	if (!own_open(st))
		return;
	bad = sym ? unsafe_callee(sym, 0) : &bad_ctype;
	if (!bad)
		return;
	name = bad == &bad_ctype ? NULL : show_ident(bad->ident);
	through = !name || bad->ident == sym->ident ? NULL : show_ident(sym->ident);
	plain_inline = name && !through && (bad->ctype.modifiers & MOD_INLINE);
	for (i = 0; i < st->n; i++)
		region_call(&c->sink, &expr->fn->pos, &st->s[i], name, through,
			    plain_inline);
}

static int is_builtin_expect(struct expression *fn)
{
	while (fn && fn->type == EXPR_PREOP && fn->op == '*')
		fn = fn->unop;
	return fn && fn->type == EXPR_SYMBOL && fn->symbol_name &&
	       !strcmp(show_ident(fn->symbol_name), "__builtin_expect");
}

/* Inside the primitive being walked, at its position: its own expansion. */
static int muted(struct ctx *c, struct position pos)
{
	return c->cur && same_pos(c->cur->pos, pos);
}

/* A call to a model name that is a function, not a macro: stac(), clac(). */
static struct instance *call_instance(struct ctx *c, struct expression *expr)
{
	struct symbol *sym = callee(expr->fn);
	const struct uaccess_name *api, *written;
	struct instance *in, *alias;
	struct expression *arg;
	unsigned long h;

	/*
	 * The callee named at the position of the primitive being walked is
	 * its expansion: 6.12 powerpc's user_write_access_end is an alias of
	 * prevent_current_write_to_user, called with the source's '()'.
	 */
	if (!sym || !(api = model_lookup(sym->ident)) || api->kind == UA_ACCESS ||
	    api->kind == UA_SAFE || in_access(expr->fn->pos) || muted(c, expr->fn->pos))
		return NULL;
	/* by call, not by position: a wrapper macro shares one position */
	h = ((unsigned long)expr >> 4) % INST_HASH;
	for (in = call_hash[h]; in; in = in->hash_next)
		if (in->call == expr)
			return in;
	in = calloc(1, sizeof(*in));
	in->pos = expr->fn->pos;
	in->api = api;
	set_begin(in);
	/*
	 * Called through an object-like alias the source wrote (riscv's
	 * user_write_access_begin for its user_access_begin()): the region
	 * is the one the source asked for, by name and mode.
	 */
	alias = instance_at(expr->fn->pos);
	if (alias && !alias->nargs && alias->api->kind == api->kind) {
		in->begin.name = alias->api->name;
		in->begin.mode = alias->api->mode;
	} else if (!alias && (written = wrapper_alias(expr->fn->pos, sym->ident, api->kind))) {
		in->begin.name = written->name;
		in->begin.mode = written->mode;
	}
	in->is_call = 1;
	in->call = expr;
	in->hash_next = call_hash[h];
	call_hash[h] = in;
	arg = first_expression(expr->args);
	while (arg && arg->type != EXPR_SYMBOL) {
		if (arg->type == EXPR_CAST || arg->type == EXPR_IMPLIED_CAST ||
		    arg->type == EXPR_FORCE_CAST)
			arg = arg->cast_expression;
		else if (arg->type == EXPR_PREOP || arg->type == EXPR_POSTOP)
			arg = arg->unop;
		else if (arg->type == EXPR_BINOP)
			arg = arg->left;
		else if (arg->type == EXPR_DEREF)
			arg = arg->deref;
		else
			arg = NULL;
	}
	if (arg && arg->symbol)
		in->ptr = arg->symbol->ident;
	return in;
}

/* ---- the events ---- */

static int is_param(struct ctx *c, struct ident *ident)
{
	struct symbol *arg;

	FOR_EACH_PTR(c->fn->ctype.base_type->arguments, arg) {
		if (arg->ident == ident)
			return 1;
	} END_FOR_EACH_PTR(arg);
	return 0;
}

/*
 * The old, spelled test, for the arguments locate() cannot follow:
 * 'p + 1' or '&p[1]' against a begin of 'sizeof(*p)' is past the end.
 */
static int beyond_size(struct instance *begin, struct instance *acc)
{
	char one[100], two[100], name[80];
	const char *p = acc->ptr_text;

	snprintf(name, sizeof(name), "%s", show_ident(begin->ptr));
	snprintf(one, sizeof(one), "sizeof(*%s)", name);
	snprintf(two, sizeof(two), "sizeof(%s[0])", name);
	if (strcmp(begin->size_text, one) && strcmp(begin->size_text, two))
		return 0;
	if (*p == '&')
		p++;
	if (strncmp(p, name, strlen(name)))
		return 0;
	p += strlen(name);
	if (*p == '+' || *p == '[')
		return p[1] >= '1' && p[1] <= '9';
	return 0;
}

/*
 * ---- where an access lands ----
 *
 * Evaluation rewrites the tree in place ('p->a[i]' becomes pointer
 * arithmetic on 'p'): which member an index applies to is gone from it,
 * but not from the argument's tokens.  So the argument is followed token
 * by token through sparse's types of its base pointer, and the values of
 * its indexes are read from the evaluated tree, at the '[' or '+' they
 * were written at.
 */

typedef int (*expr_match)(struct expression *e, const void *data);

static struct expression *find_in_stmt(struct statement *stmt, expr_match m,
				       const void *data, int depth);

/* The first node under @e, in preorder, that @m accepts. */
static struct expression *find_in_expr(struct expression *e, expr_match m,
				       const void *data, int depth)
{
	struct expression *r = NULL, *arg;

	if (!e || depth > 200)
		return NULL;
	if (m(e, data))
		return e;
	depth++;
	switch (e->type) {
	case EXPR_BINOP: case EXPR_COMMA: case EXPR_COMPARE:
	case EXPR_LOGICAL: case EXPR_ASSIGNMENT:
		r = find_in_expr(e->left, m, data, depth);
		return r ? r : find_in_expr(e->right, m, data, depth);
	case EXPR_PREOP: case EXPR_POSTOP:
		return find_in_expr(e->unop, m, data, depth);
	case EXPR_DEREF:
		return find_in_expr(e->deref, m, data, depth);
	case EXPR_SLICE:
		return find_in_expr(e->base, m, data, depth);
	case EXPR_CAST: case EXPR_FORCE_CAST: case EXPR_IMPLIED_CAST:
		return find_in_expr(e->cast_expression, m, data, depth);
	case EXPR_CONDITIONAL: case EXPR_SELECT:
		r = find_in_expr(e->conditional, m, data, depth);
		if (!r)
			r = find_in_expr(e->cond_true, m, data, depth);
		return r ? r : find_in_expr(e->cond_false, m, data, depth);
	case EXPR_CALL:
		r = find_in_expr(e->fn, m, data, depth);
		FOR_EACH_PTR(e->args, arg) {
			if (!r)
				r = find_in_expr(arg, m, data, depth);
		} END_FOR_EACH_PTR(arg);
		return r;
	case EXPR_STATEMENT:
		return find_in_stmt(e->statement, m, data, depth);
	case EXPR_INITIALIZER:
		FOR_EACH_PTR(e->expr_list, arg) {
			if (!r)
				r = find_in_expr(arg, m, data, depth);
		} END_FOR_EACH_PTR(arg);
		return r;
	case EXPR_IDENTIFIER:
		return find_in_expr(e->ident_expression, m, data, depth);
	case EXPR_INDEX:
		return find_in_expr(e->idx_expression, m, data, depth);
	case EXPR_POS:
		return find_in_expr(e->init_expr, m, data, depth);
	default:
		return NULL;
	}
}

static struct expression *find_in_syms(struct symbol_list *list, expr_match m,
				       const void *data, int depth)
{
	struct expression *r = NULL;
	struct symbol *sym;

	FOR_EACH_PTR(list, sym) {
		if (!r)
			r = find_in_expr(sym->initializer, m, data, depth);
	} END_FOR_EACH_PTR(sym);
	return r;
}

static struct expression *find_in_operands(struct asm_operand_list *list,
					   expr_match m, const void *data,
					   int depth)
{
	struct expression *r = NULL;
	struct asm_operand *op;

	FOR_EACH_PTR(list, op) {
		if (!r)
			r = find_in_expr(op->expr, m, data, depth);
	} END_FOR_EACH_PTR(op);
	return r;
}

static struct expression *find_in_stmt(struct statement *stmt, expr_match m,
				       const void *data, int depth)
{
	struct expression *r = NULL;
	struct statement *s;

	if (!stmt || depth > 200)
		return NULL;
	depth++;
	switch (stmt->type) {
	case STMT_EXPRESSION:
		return find_in_expr(stmt->expression, m, data, depth);
	case STMT_RETURN:
		return find_in_expr(stmt->ret_value, m, data, depth);
	case STMT_DECLARATION:
		return find_in_syms(stmt->declaration, m, data, depth);
	case STMT_COMPOUND:
		FOR_EACH_PTR(stmt->stmts, s) {
			if (!r)
				r = find_in_stmt(s, m, data, depth);
		} END_FOR_EACH_PTR(s);
		return r;
	case STMT_IF:
		r = find_in_expr(stmt->if_conditional, m, data, depth);
		if (!r)
			r = find_in_stmt(stmt->if_true, m, data, depth);
		return r ? r : find_in_stmt(stmt->if_false, m, data, depth);
	case STMT_ITERATOR:
		r = find_in_syms(stmt->iterator_syms, m, data, depth);
		if (!r)
			r = find_in_stmt(stmt->iterator_pre_statement, m, data, depth);
		if (!r)
			r = find_in_expr(stmt->iterator_pre_condition, m, data, depth);
		if (!r)
			r = find_in_stmt(stmt->iterator_statement, m, data, depth);
		if (!r)
			r = find_in_stmt(stmt->iterator_post_statement, m, data, depth);
		return r ? r : find_in_expr(stmt->iterator_post_condition, m, data, depth);
	case STMT_SWITCH:
		r = find_in_expr(stmt->switch_expression, m, data, depth);
		return r ? r : find_in_stmt(stmt->switch_statement, m, data, depth);
	case STMT_CASE:
		return find_in_stmt(stmt->case_statement, m, data, depth);
	case STMT_LABEL:
		return find_in_stmt(stmt->label_statement, m, data, depth);
	case STMT_ASM:
		r = find_in_operands(stmt->asm_inputs, m, data, depth);
		return r ? r : find_in_operands(stmt->asm_outputs, m, data, depth);
	default:
		return NULL;
	}
}

/* Under the node the walk met primitive @in at. */
static struct expression *find_at(struct instance *in, expr_match m,
				  const void *data)
{
	if (in->stmt)
		return find_in_stmt(in->stmt, m, data, 0);
	return find_in_expr(in->expr ? in->expr : in->call, m, data, 0);
}

static int symbol_at(struct expression *e, const void *data)
{
	return e->type == EXPR_SYMBOL && e->symbol &&
	       same_pos(e->pos, *(const struct position *)data);
}

/* The pointer addition of an index ('[') or of a '+', at its token. */
static int addition_at(struct expression *e, const void *data)
{
	return e->type == EXPR_BINOP && e->op == '+' &&
	       same_pos(e->pos, *(const struct position *)data);
}

/* The outermost node of an argument: its position is one of its tokens. */
static int from_arg(struct expression *e, const void *data)
{
	const struct arg *a = data;
	int i;

	for (i = 0; i < a->n; i++)
		if (same_pos(e->pos, a->t[i].pos))
			return 1;
	return 0;
}

static struct symbol *type_of(struct symbol *t);
/* Member @id of struct or union @su, anonymous members looked into. */
static struct symbol *member_of(struct symbol *su, struct ident *id,
				long long *off, int depth)
{
	struct symbol *m, *t, *found = NULL;

	if (depth > 8)
		return NULL;
	FOR_EACH_PTR(su->symbol_list, m) {
		if (found)
			break;
		if (m->ident == id) {
			*off = m->offset;
			found = m;
		} else if (!m->ident && (t = type_of(m)) &&
			   (t->type == SYM_STRUCT || t->type == SYM_UNION)) {
			found = member_of(t, id, off, depth + 1);
			if (found)
				*off += m->offset;
		}
	} END_FOR_EACH_PTR(m);
	return found;
}

static struct symbol *type_of_depth(struct symbol *t, int depth);

/*
 * The type of an expression of an inline's template, which is not
 * evaluated: only the shapes a pointer or a size is written in ('p',
 * '*p', 'p->f', 'p + 1', a cast, '({ ...; p; })'), worked out without
 * evaluating anything.
 */
static struct symbol *expr_type(struct expression *e, int depth)
{
	struct symbol *t;
	struct statement *last;
	long long off;

	if (!e || depth > 16)
		return NULL;
	if (e->ctype)
		return type_of_depth(e->ctype, depth + 1);	/* evaluated */
	switch (e->type) {
	case EXPR_SYMBOL:
		return e->symbol ? type_of_depth(e->symbol, depth + 1) : NULL;
	case EXPR_CAST: case EXPR_FORCE_CAST: case EXPR_IMPLIED_CAST:
		return type_of_depth(e->cast_type, depth + 1);
	case EXPR_PREOP:
		t = expr_type(e->unop, depth + 1);
		if (e->op == '(')
			return t;
		if (e->op != '*' || !t ||
		    (t->type != SYM_PTR && t->type != SYM_ARRAY))
			return NULL;
		return type_of_depth(t->ctype.base_type, depth + 1);
	case EXPR_BINOP:
		t = expr_type(e->left, depth + 1);
		return t && (e->op == '+' || e->op == '-') &&
		       (t->type == SYM_PTR || t->type == SYM_ARRAY) ? t : NULL;
	case EXPR_DEREF:
		t = expr_type(e->deref, depth + 1);
		if (!t || (t->type != SYM_STRUCT && t->type != SYM_UNION))
			return NULL;
		t = member_of(t, e->member, &off, 0);
		return t ? type_of_depth(t, depth + 1) : NULL;
	case EXPR_STATEMENT:
		if (!e->statement || e->statement->type != STMT_COMPOUND)
			return NULL;
		last = last_ptr_list((struct ptr_list *)e->statement->stmts);
		return last && last->type == STMT_EXPRESSION ?
		       expr_type(last->expression, depth + 1) : NULL;
	default:
		return NULL;
	}
}

/*
 * A type without its qualifiers and address space.  The bodies of inline
 * functions are walked unevaluated (their templates): a 'typeof()' or
 * '__auto_type' there is not resolved, and evaluating its expression out
 * of any function can crash sparse (a goto in it); expr_type() reads
 * the simple ones.  Other types are examined if they were not: a struct's
 * offsets, an array's length.
 */
static struct symbol *type_of_depth(struct symbol *t, int depth)
{
	for (; t && depth < 32; depth++) {
		if (t->type == SYM_TYPEOF || t->type == SYM_TYPEOF_UNQUAL)
			return expr_type(t->initializer, depth + 1);
		if (t->type != SYM_NODE)
			return t == &autotype_ctype ? NULL : examine_symbol_type(t);
		if (t->ctype.base_type == &autotype_ctype)
			return expr_type(t->initializer, depth + 1);
		t = t->ctype.base_type;
	}
	return NULL;
}

static struct symbol *type_of(struct symbol *t)
{
	return type_of_depth(t, 0);
}

static long long size_of(struct symbol *t)
{
	return t && t->bit_size > 0 ? bits_to_bytes(t->bit_size) : -1;
}

/* The value of a constant expression, evaluated or not. */
static int constant(struct expression *e, long long *v)
{
	long long l, r;

	if (!e)
		return 0;
	switch (e->type) {
	case EXPR_VALUE:
		*v = e->value;
		return 1;
	case EXPR_CAST: case EXPR_FORCE_CAST: case EXPR_IMPLIED_CAST:
		return constant(e->cast_expression, v);
	case EXPR_SIZEOF:
		/* not evaluated: an inline's template */
		*v = size_of(e->cast_type ? type_of(e->cast_type) :
			     expr_type(e->cast_expression, 0));
		return *v >= 0;
	case EXPR_PREOP:
		if (!constant(e->unop, v))
			return 0;
		if (e->op == '-')
			*v = -*v;
		return e->op == '(' || e->op == '+' || e->op == '-';
	case EXPR_BINOP:
		if (!constant(e->left, &l) || !constant(e->right, &r))
			return 0;
		switch (e->op) {
		case '+': *v = l + r; return 1;
		case '-': *v = l - r; return 1;
		case '*': *v = l * r; return 1;
		case '/': if (!r) return 0; *v = l / r; return 1;
		case SPECIAL_LEFTSHIFT: if (r < 0 || r > 62) return 0; *v = l << r; return 1;
		default: return 0;
		}
	default:
		return 0;
	}
}

/* Where an access lands, from its base pointer. */
struct place {
	long long off;		/* constant byte offset */
	int exact;		/* 0: a variable index adds to it */
	long long pointee;	/* sizeof(*base) */
	struct ident *flex;	/* an element of this flexible array member */
	struct ident *member;	/* an element of this array member ... */
	long long index, count;	/* ... at a constant index past its count */
};

/*
 * An index into what 'cur' is, written at @tok ('[' or '+'): its byte
 * offset as evaluated (pointer arithmetic scales it), and what an element
 * of an array member past its end is.
 */
static int index_step(struct instance *in, const struct arg_token *tok,
		      struct symbol *cur, struct ident *member,
		      struct place *pl)
{
	struct expression *add = find_at(in, addition_at, &tok->pos);
	struct symbol *elem = type_of(cur->ctype.base_type);
	long long esize = size_of(elem), bytes, count = -1;
	int known;

	/*
	 * A member of the element ('p[1].f') adds its offset to it in a node
	 * of its own at the same position: the index is the inner one.
	 */
	while (add && add->left && addition_at(add->left, &tok->pos))
		add = add->left;
	known = add && constant(add->right, &bytes);
	/* evaluation scaled it to bytes; an inline's template is not evaluated */
	if (known && !add->ctype)
		bytes *= esize;

	if (esize <= 0)
		return 0;
	if (known)
		pl->off += bytes;
	else
		pl->exact = 0;
	if (cur->type != SYM_ARRAY)
		return 1;		/* the base pointer, indexed */
	if (cur->array_size && !constant(cur->array_size, &count))
		return 1;		/* variable length */
	/* 'a[]', or the old 'a[0]' */
	if (!cur->array_size || !count) {
		if (!pl->flex)
			pl->flex = member;
	} else if (known && bytes / esize >= count && !pl->member) {
		pl->member = member;
		pl->index = bytes / esize;
		pl->count = count;
	}
	return 1;
}

/*
 * The @n tokens after a '+' are all its right operand: no operator of
 * its precedence or lower outside brackets ('p + 1 - 1' is not 'p + 0').
 */
static int one_addend(const struct arg_token *t, int n)
{
	int i, depth = 0;

	for (i = 0; i < n; i++) {
		if (t[i].type != TOKEN_SPECIAL)
			continue;
		switch (t[i].special) {
		case '(': case '[':
			depth++;
			break;
		case ')': case ']':
			depth--;
			break;
		case '*': case '/': case '%': case '.': case SPECIAL_DEREFERENCE:
			break;
		default:
			if (!depth)
				return 0;
		}
	}
	return n > 0;
}

/*
 * Follow pointer argument @a of primitive @in: '&p->a[i].b', 'p + 1',
 * '&p[1]', 'p->arr', 'p->arr + i'.  0 when it is not one of those (a
 * cast, parentheses, a pointer member followed: another object).
 */
static int locate(struct instance *in, const struct arg *a, struct place *pl)
{
	const struct arg_token *t = a->t;
	struct expression *e;
	struct symbol *cur, *pointee, *m;
	struct ident *member = NULL;
	int i = 0, addr = 0, on_base = 1, decayed = 0, depth, close;
	long long off;

	memset(pl, 0, sizeof(*pl));
	pl->exact = 1;
	if (a->n <= 0)
		return 0;
	if (t[0].type == TOKEN_SPECIAL && t[0].special == '&') {
		addr = 1;
		i = 1;
	}
	if (i >= a->n || t[i].type != TOKEN_IDENT || t[i].ident->keyword)
		return 0;
	e = find_at(in, symbol_at, &t[i].pos);
	cur = e ? type_of(e->symbol) : NULL;
	if (!cur || cur->type != SYM_PTR)
		return 0;
	pointee = type_of(cur->ctype.base_type);
	pl->pointee = size_of(pointee);
	if (pl->pointee <= 0)
		return 0;
	for (i++; i < a->n; ) {
		if (t[i].type != TOKEN_SPECIAL || decayed)
			return 0;
		switch (t[i].special) {
		case SPECIAL_DEREFERENCE:
		case '.':
			if ((t[i].special == '.') == on_base)
				return 0;	/* '->' only on the base pointer */
			if (on_base)
				cur = pointee;
			on_base = 0;
			if (i + 1 >= a->n || t[i + 1].type != TOKEN_IDENT ||
			    !cur || (cur->type != SYM_STRUCT && cur->type != SYM_UNION))
				return 0;
			m = member_of(cur, t[i + 1].ident, &off, 0);
			if (!m)
				return 0;
			pl->off += off;
			member = m->ident;
			cur = type_of(m);
			i += 2;
			break;
		case '[':
			if (!on_base && (!cur || cur->type != SYM_ARRAY))
				return 0;	/* through a pointer member */
			for (close = i, depth = 0; close < a->n; close++) {
				if (t[close].type != TOKEN_SPECIAL)
					continue;
				if (t[close].special == '[')
					depth++;
				else if (t[close].special == ']' && !--depth)
					break;
			}
			if (close == a->n ||
			    !index_step(in, &t[i], cur, member, pl))
				return 0;
			cur = on_base ? pointee : type_of(cur->ctype.base_type);
			on_base = 0;
			i = close + 1;
			break;
		case '+':
			/* 'p + n', 'p->arr + n': the rest is the addend */
			if (addr || (!on_base && (!cur || cur->type != SYM_ARRAY)) ||
			    !one_addend(t + i + 1, a->n - i - 1) ||
			    !index_step(in, &t[i], cur, member, pl))
				return 0;
			decayed = !on_base;
			i = a->n;
			break;
		default:
			return 0;
		}
	}
	/* '&p' is not the user object; without '&', the base or an array */
	if (addr)
		return !on_base;
	return on_base || decayed || (cur && cur->type == SYM_ARRAY);
}

/* The constant part of what begin @b covers; range.known < 0 if none. */
static struct range *begin_range(struct instance *b)
{
	struct range *r = &b->range;
	struct expression *e;
	struct place pl;

	if (r->known)
		return r;
	r->known = -1;
	if (!locate(b, &b->ptr_arg, &pl) || !pl.exact)
		return r;
	r->known = 1;
	r->off = pl.off;
	r->pointee = pl.pointee;
	r->size = -1;
	if (b->size_arg.n > 0) {
		e = find_at(b, from_arg, &b->size_arg);
		if (!constant(e, &r->size) || r->size < 0)
			r->size = -1;
	} else if (!b->size_arg.n && b->size_text[0]) {
		r->size = pl.pointee;	/* scoped, masked: sizeof(*p) */
	}
	return r;
}

/* An access through the pointer begin @b covered: does it stay inside? */
static void check_place(struct ctx *c, struct instance *b, struct instance *in)
{
	struct range *r = begin_range(b);
	struct place pl;
	char size[100];

	if (r->known < 0 || !locate(in, &in->ptr_arg, &pl)) {
		if (beyond_size(b, in))
			region_outside(&c->sink, &in->pos, in->api->name,
				       LLONG_MIN, in->ptr_text, b->size_text,
				       &b->begin);
		return;
	}
	if (!r->off && r->size == r->pointee)
		snprintf(size, sizeof(size), "sizeof(*%s)", show_ident(b->ptr));
	else
		snprintf(size, sizeof(size), "%lld", r->size);
	/* a flexible array starts where the object begun for ends */
	if (pl.flex && r->size >= 0 && r->off + r->size <= r->pointee)
		region_past_flexible(&c->sink, &in->pos, in->api->name,
				     show_ident(pl.flex), size, &b->begin);
	else if (pl.member)
		region_past_member(&c->sink, &in->pos, in->api->name, pl.index,
				   show_ident(pl.member), pl.count);
	else if (pl.exact && r->size >= 0 &&
		 (pl.off < r->off || pl.off - r->off >= r->size))
		region_outside(&c->sink, &in->pos, in->api->name,
			       pl.off - r->off, show_ident(b->ptr), size,
			       &b->begin);
}

static struct expression *no_casts(struct expression *e)
{
	while (e && (e->type == EXPR_CAST || e->type == EXPR_FORCE_CAST ||
		     e->type == EXPR_IMPLIED_CAST))
		e = e->cast_expression;
	return e;
}

/* A variable's value: sparse evaluates the name 'p' as '*(&p)'. */
static int names(struct expression *e, struct ident *ident)
{
	e = no_casts(e);
	return e && e->type == EXPR_PREOP && e->op == '*' &&
	       e->unop->type == EXPR_SYMBOL && e->unop->symbol &&
	       e->unop->symbol->ident == ident;
}

/*
 * The stores to a variable, whether the last is 'var = from - n', and
 * its uses: a use that is no value of it ('*(&p)') takes its address.
 */
struct stores {
	struct ident *var, *from;
	int n, less;
	int values, uses;
};

/* 'from - n', n no constant, casts aside. */
static int less_an_amount(struct expression *e, struct ident *from)
{
	long long v;

	e = no_casts(e);
	return e && e->type == EXPR_BINOP && e->op == '-' &&
	       names(e->left, from) && !constant(e->right, &v);
}

/* Counts the stores to the variable; matches nothing (the walk goes on). */
static int count_store(struct expression *e, const void *data)
{
	struct stores *st = (struct stores *)data;

	if (e->type == EXPR_SYMBOL && e->symbol && e->symbol->ident == st->var)
		st->uses++;
	else if (names(e, st->var))
		st->values++;
	else if (e->type == EXPR_ASSIGNMENT && names(e->left, st->var)) {
		st->n++;
		st->less = e->op == '=' && less_an_amount(e->right, st->from);
	} else if ((e->type == EXPR_PREOP || e->type == EXPR_POSTOP) &&
		   (e->op == SPECIAL_INCREMENT || e->op == SPECIAL_DECREMENT) &&
		   names(e->unop, st->var)) {
		st->n += 2;	/* moved: unknown */
	}
	return 0;
}

static int symbol_named(struct expression *e, const void *data)
{
	return e->type == EXPR_SYMBOL && e->symbol &&
	       e->symbol->ident == (const struct ident *)data;
}

/*
 * Whether the pointer accessor @in goes through is set once in the
 * function, to the pointer @from less an amount (as the plugin sees it:
 * one definition, 'p = from - n').
 */
static int set_before(struct ctx *c, struct instance *in, struct ident *from)
{
	struct stores st = { in->ptr, from, 0, 0, 0, 0 };
	struct expression *var = find_at(in, symbol_named, in->ptr);

	if (!var || var->symbol->ctype.modifiers & MOD_STATIC)
		return 0;
	if (var->symbol->initializer) {
		st.n++;
		st.less = less_an_amount(var->symbol->initializer, from);
	}
	find_in_stmt(c->body, count_store, &st, 0);
	return st.n == 1 && st.less && st.uses == st.values;
}

/* An accessor in a region of one begin: does the begin cover it? */
static void access_in(struct ctx *c, struct instance *in,
		      const struct region_state *s)
{
	struct instance *b;

	if (!(s->bits & REGION_OPEN) || !s->begin || s->begin == REGION_MANY)
		return;
	b = begin_instance(s->begin);
	if (!b->ptr || !in->ptr)
		return;
	if (b->ptr == in->ptr)
		check_place(c, b, in);
	else if (set_before(c, in, b->ptr))
		region_before(&c->sink, &in->pos, in->api->name, show_ident(in->ptr),
			      show_ident(b->ptr), &b->begin);
	else if (is_param(c, b->ptr) && is_param(c, in->ptr))
		region_other_pointer(&c->sink, &in->pos, in->api->name,
				     in->ptr_text, &b->begin, b->ptr_text);
}

/*
 * What the code does with a checking begin's result: tests it (the
 * region opens where the test says it succeeded, walk_cond()), drops it,
 * or uses it otherwise ('ok = user_access_begin()'), where it is taken as
 * tested: this walk follows no variable.
 */
enum begin_use { BEGIN_USED, BEGIN_TESTED, BEGIN_IGNORED };

/* Apply primitive 'in' to every state. */
static void event(struct ctx *c, struct instance *in, struct states *st,
		  enum begin_use use)
{
	struct states out = { 0 };
	int i;

	c->nr_events++;
	/* what verifies an open region: a check, masking, a checking begin */
	if (in->api->kind == UA_CHECK || in->api->kind == UA_MASKED ||
	    in->api->kind == UA_BEGIN) {
		for (i = 0; i < c->nr_checks; i++)
			if (c->checks[i] == in)
				break;
		if (i == c->nr_checks && i < ARRAY_SIZE(c->checks))
			c->checks[c->nr_checks++] = in;
	}
	if (c->pass == 1 && in->api->kind == UA_UNSAFE)
		nr_accessors++;
	else if (c->pass == 1 && in->api->kind != UA_END &&
		 in->api->kind != UA_CHECK && in->api->kind != UA_KERNEL)
		nr_regions++;
	switch (in->api->kind) {
	case UA_BEGIN: case UA_MASKED: case UA_OPEN: case UA_SCOPED:
		if (in->api->kind == UA_OPEN && c->nr_opens < ARRAY_SIZE(c->opens))
			c->opens[c->nr_opens++] = in;
		for (i = 0; i < st->n; i++) {
			region_open(&c->sink, &in->pos, &st->s[i], &in->begin,
				    use != BEGIN_IGNORED);
			if (use == BEGIN_USED)
				region_tested(&st->s[i], true);
			add_state(&out, st->s[i]);
		}
		*st = out;
		break;
	case UA_END:
		for (i = 0; i < st->n; i++) {
			region_end(&c->sink, &in->pos, &st->s[i], in->api->name);
			add_state(&out, st->s[i]);
		}
		*st = out;
		break;
	case UA_UNSAFE:
		for (i = 0; i < st->n; i++) {
			region_access(&c->sink, &in->pos, &st->s[i],
				      in->api->name, in->api->mode);
			access_in(c, in, &st->s[i]);
		}
		break;
	default:
		break;
	}
}

/* The states where a tested begin's result said it succeeded, or not. */
static void tested(struct states *st, bool success)
{
	struct states out = { 0 };
	int i;

	for (i = 0; i < st->n; i++) {
		region_tested(&st->s[i], success);
		add_state(&out, st->s[i]);
	}
	*st = out;
}

/* The body of a primitive: its gotos and nested primitives still count. */
static void walk_instance_stmt(struct ctx *c, struct instance *in,
			       struct statement *stmt, struct states *st)
{
	struct instance *saved = c->cur;
	struct states before = *st;

	if (!in->stmt && !in->expr)
		in->stmt = stmt;
	event(c, in, st, BEGIN_USED);
	c->cur = in;
	if (in->api->kind == UA_SCOPED) {
		c->scope_depth++;
		walk_stmt(c, stmt, st);
		c->scope_depth--;
		/*
		 * The cleanup ended it on every exit, and so any region open
		 * around the block (a nested-region).
		 */
		st->n = !!before.n;
		st->s[0] = closed_state;
	} else {
		walk_stmt(c, stmt, st);
	}
	c->cur = saved;
}

static void walk_instance_expr(struct ctx *c, struct instance *in,
			       struct expression *expr, struct states *st,
			       enum begin_use use)
{
	struct instance *saved = c->cur;

	if (!in->stmt && !in->expr)
		in->expr = expr;
	event(c, in, st, use);
	if (in->is_call)
		return;
	c->cur = in;
	walk_expr(c, expr, st);
	c->cur = saved;
}

/* A primitive starts at this node (and not one we are already inside). */
static struct instance *starts_here(struct ctx *c, struct position pos)
{
	struct instance *in = instance_at(pos);

	return in == c->cur ? NULL : in;
}

/* The checking begin expression @e is, if it is one. */
static struct instance *begin_at(struct ctx *c, struct expression *e)
{
	struct instance *in;

	while (e && (e->type == EXPR_CAST || e->type == EXPR_IMPLIED_CAST))
		e = e->cast_expression;
	if (!e)
		return NULL;
	in = starts_here(c, e->pos);
	if (!in && e->type == EXPR_CALL && !muted(c, e->pos))
		in = call_instance(c, e);
	return in && in->api->kind == UA_BEGIN ? in : NULL;
}

/* The variable @e reads: evaluation writes 'v' as '*(&v)'. */
static struct symbol *var_of(struct expression *e)
{
	while (e && (e->type == EXPR_CAST || e->type == EXPR_IMPLIED_CAST))
		e = e->cast_expression;
	if (e && e->type == EXPR_PREOP && e->op == '*')
		e = e->unop;
	return e && e->type == EXPR_SYMBOL ? e->symbol : NULL;
}

static int var_tested(struct ctx *c, struct symbol *var)
{
	int i;

	for (i = 0; i < c->nr_tested_vars; i++)
		if (c->tested_vars[i] == var)
			return 1;
	return 0;
}

/*
 * 'var = begin()': the region is pending until a test of var, which the
 * first pass saw if there is one; if there is none, the result is not
 * tested.
 */
static void stored_begin(struct ctx *c, struct instance *in,
			 struct expression *value, struct symbol *var,
			 struct states *st)
{
	int tested = var_tested(c, var), i;

	walk_instance_expr(c, in, value, st,
			   tested ? BEGIN_TESTED : BEGIN_IGNORED);
	for (i = 0; tested && i < st->n; i++)
		if (st->s[i].bits & REGION_PENDING)
			st->s[i].result = var;
}

/* A test of variable @var: where it holds a begin's result, the test's. */
static void test_var(struct ctx *c, struct symbol *var, struct states *st,
		     struct states *t, struct states *f)
{
	int i;

	if (!var_tested(c, var) && c->nr_tested_vars < ARRAY_SIZE(c->tested_vars))
		c->tested_vars[c->nr_tested_vars++] = var;
	t->n = f->n = 0;
	for (i = 0; i < st->n; i++) {
		struct region_state yes = st->s[i], no = st->s[i];

		if (yes.result == var) {
			region_tested(&yes, true);
			region_tested(&no, false);
		}
		add_state(t, yes);
		add_state(f, no);
	}
}

/* An expression whose value is dropped: the left of a comma. */
static void walk_discarded(struct ctx *c, struct expression *e,
			   struct states *st)
{
	struct instance *in = begin_at(c, e);

	if (in)
		walk_instance_expr(c, in, e, st, BEGIN_IGNORED);
	else
		walk_expr(c, e, st);
}

/*
 * A condition: the states where it is true and where it is false.  A
 * checking begin opens the region only where it returned true.
 */
static void walk_cond(struct ctx *c, struct expression *e, struct states *st,
		      struct states *t, struct states *f)
{
	struct instance *in;
	struct states lt, lf, rt, rf;

	if (!e) {
		*t = *st;
		*f = *st;
		return;
	}
	in = starts_here(c, e->pos);
	if (!in && e->type == EXPR_CALL && !muted(c, e->pos))
		in = call_instance(c, e);
	if (in && in->api->kind == UA_BEGIN) {
		*f = *st;
		walk_instance_expr(c, in, e, st, BEGIN_TESTED);
		tested(st, true);
		*t = *st;
		return;
	}
	if (in && in->api->kind == UA_KERNEL) {
		int i;

		*f = *st;
		*t = *st;
		for (i = 0; i < t->n; i++)
			region_kernel_address(&t->s[i]);
		return;
	}
	switch (e->type) {
	case EXPR_PREOP:
		if (e->op == '!' && !in) {
			walk_cond(c, e->unop, st, f, t);
			return;
		}
		break;
	case EXPR_CAST: case EXPR_IMPLIED_CAST: case EXPR_FORCE_CAST:
		if (!in) {
			walk_cond(c, e->cast_expression, st, t, f);
			return;
		}
		break;
	case EXPR_COMPARE:
		/* 'x == 0' and 'x != 0', as evaluate may write '!x' */
		if (!in && e->right && e->right->type == EXPR_VALUE &&
		    !e->right->value && (e->op == SPECIAL_EQUAL ||
					 e->op == SPECIAL_NOTEQUAL)) {
			if (e->op == SPECIAL_EQUAL)
				walk_cond(c, e->left, st, f, t);
			else
				walk_cond(c, e->left, st, t, f);
			return;
		}
		break;
	case EXPR_CALL:
		if (!in && is_builtin_expect(e->fn)) {
			walk_cond(c, first_expression(e->args), st, t, f);
			return;
		}
		break;
	case EXPR_LOGICAL:
		if (in)
			break;
		walk_cond(c, e->left, st, &lt, &lf);
		if (e->op == SPECIAL_LOGICAL_AND) {
			walk_cond(c, e->right, &lt, &rt, &rf);
			*t = rt;
			*f = lf;
			join(f, &rf);
		} else {
			walk_cond(c, e->right, &lf, &rt, &rf);
			*t = lt;
			join(t, &rt);
			*f = rf;
		}
		return;
	case EXPR_VALUE:
		*t = *st;
		*f = *st;
		if (e->value)
			f->n = 0;
		else
			t->n = 0;
		return;
	case EXPR_COMMA:
		if (in)
			break;
		walk_discarded(c, e->left, st);
		walk_cond(c, e->right, st, t, f);
		return;
	default:
		break;
	}
	if (!in && var_of(e)) {
		test_var(c, var_of(e), st, t, f);
		return;
	}
	walk_expr(c, e, st);
	*t = *st;
	*f = *st;
}

static void walk_expr(struct ctx *c, struct expression *e, struct states *st)
{
	struct instance *in;
	struct expression *arg;
	struct states t, f;

	if (!e)
		return;
	in = starts_here(c, e->pos);
	if (in) {
		walk_instance_expr(c, in, e, st, BEGIN_USED);
		return;
	}
	switch (e->type) {
	case EXPR_CALL:
		if (!muted(c, e->pos)) {
			in = call_instance(c, e);
			if (in) {
				event(c, in, st, BEGIN_USED);
				return;
			}
		}
		FOR_EACH_PTR(e->args, arg) {
			walk_expr(c, arg, st);
		} END_FOR_EACH_PTR(arg);
		if (!muted(c, e->pos)) {
			check_call(c, e, st);
			queue_inline(callee(e->fn), st);
		}
		break;
	case EXPR_STATEMENT:
		walk_stmt(c, e->statement, st);
		break;
	case EXPR_LOGICAL:
		walk_cond(c, e, st, &t, &f);
		*st = t;
		join(st, &f);
		break;
	case EXPR_CONDITIONAL: case EXPR_SELECT:
		walk_cond(c, e->conditional, st, &t, &f);
		walk_expr(c, e->cond_true, &t);
		walk_expr(c, e->cond_false, &f);
		*st = t;
		join(st, &f);
		break;
	case EXPR_ASSIGNMENT:
		in = begin_at(c, e->right);
		if (in && e->op == '=' && var_of(e->left)) {
			stored_begin(c, in, e->right, var_of(e->left), st);
			break;
		}
		/* fall through */
	case EXPR_BINOP: case EXPR_COMPARE:
		walk_expr(c, e->left, st);
		walk_expr(c, e->right, st);
		break;
	case EXPR_COMMA:
		walk_discarded(c, e->left, st);
		walk_expr(c, e->right, st);
		break;
	case EXPR_PREOP: case EXPR_POSTOP:
		walk_expr(c, e->unop, st);
		break;
	case EXPR_DEREF:
		walk_expr(c, e->deref, st);
		break;
	case EXPR_CAST: case EXPR_FORCE_CAST: case EXPR_IMPLIED_CAST:
		walk_expr(c, e->cast_expression, st);
		break;
	case EXPR_INITIALIZER:
		FOR_EACH_PTR(e->expr_list, arg) {
			walk_expr(c, arg, st);
		} END_FOR_EACH_PTR(arg);
		break;
	case EXPR_IDENTIFIER:
		walk_expr(c, e->ident_expression, st);
		break;
	case EXPR_INDEX:
		walk_expr(c, e->idx_expression, st);
		break;
	case EXPR_POS:
		walk_expr(c, e->init_expr, st);
		break;
	default:
		break;
	}
}

static void goto_label(struct ctx *c, struct symbol *label, struct states *st)
{
	if (label)
		join(label_of(c, label), st);
}

/* Leaving a scope through a label outside it: the cleanup ran. */
static void leave_scopes(struct ctx *c, struct states *st)
{
	struct states out = { 0 };
	int i;

	if (c->scope_depth)
		return;
	for (i = 0; i < st->n; i++)
		add_state(&out, st->s[i].flags & REGION_SCOPED ?
			  closed_state : st->s[i]);
	*st = out;
}

static void check_leak(struct ctx *c, struct position pos, struct states *st)
{
	int i;

	for (i = 0; i < st->n; i++)
		region_exit(&c->sink, &pos, &st->s[i]);
}

static void walk_loop(struct ctx *c, struct statement *stmt, struct states *st)
{
	struct states in, cur, t, f, exits = { 0 };
	int pass;

	walk_stmt(c, stmt->iterator_pre_statement, st);
	in = *st;
	for (pass = 0; pass < 2; pass++) {
		cur = in;
		if (stmt->iterator_pre_condition) {
			walk_cond(c, stmt->iterator_pre_condition, &cur, &t, &f);
			join(&exits, &f);
			cur = t;
		}
		walk_stmt(c, stmt->iterator_statement, &cur);
		join(&cur, label_of(c, stmt->iterator_continue));
		walk_stmt(c, stmt->iterator_post_statement, &cur);
		if (stmt->iterator_post_condition) {
			walk_cond(c, stmt->iterator_post_condition, &cur, &t, &f);
			join(&exits, &f);
			cur = t;
		}
		join(&in, &cur);
	}
	join(&exits, label_of(c, stmt->iterator_break));
	*st = exits;
}

static void walk_switch(struct ctx *c, struct statement *stmt, struct states *st)
{
	struct switch_ctx sw, *saved = c->sw;

	walk_expr(c, stmt->switch_expression, st);
	sw.entry = *st;
	sw.has_default = 0;
	c->sw = &sw;
	st->n = 0;
	walk_stmt(c, stmt->switch_statement, st);
	c->sw = saved;
	join(st, label_of(c, stmt->switch_break));
	if (!sw.has_default)
		join(st, &sw.entry);
}

static void walk_stmt(struct ctx *c, struct statement *stmt, struct states *st)
{
	struct instance *in;
	struct statement *s;
	struct symbol *sym;
	struct expression *e;
	struct asm_operand *op;

	if (!stmt)
		return;
	in = starts_here(c, stmt->pos);
	if (in && stmt->type != STMT_EXPRESSION) {
		walk_instance_stmt(c, in, stmt, st);
		return;
	}
	switch (stmt->type) {
	case STMT_EXPRESSION:
		e = stmt->expression;
		while (e && (e->type == EXPR_CAST || e->type == EXPR_IMPLIED_CAST))
			e = e->cast_expression;
		if (!in && e && e->type == EXPR_CALL && !muted(c, e->pos))
			in = call_instance(c, e);
		if (in)
			walk_instance_expr(c, in, stmt->expression, st,
					   BEGIN_IGNORED);
		else
			walk_expr(c, stmt->expression, st);
		break;
	case STMT_DECLARATION:
		FOR_EACH_PTR(stmt->declaration, sym) {
			in = begin_at(c, sym->initializer);
			if (in)
				stored_begin(c, in, sym->initializer, sym, st);
			else
				walk_expr(c, sym->initializer, st);
		} END_FOR_EACH_PTR(sym);
		break;
	case STMT_COMPOUND:
		FOR_EACH_PTR(stmt->stmts, s) {
			walk_stmt(c, s, st);
		} END_FOR_EACH_PTR(s);
		break;
	case STMT_IF: {
		struct expression *cond = stmt->if_conditional;
		int lit = literal_cond(cond);
		struct states t, f;

		walk_cond(c, cond, st, &t, &f);
		/*
		 * A branch that a constant condition rules out is reached by
		 * no state, only at its labels: the 'if (0) { l: goto e; }'
		 * of unsafe_put_user(); strncpy_from_user()'s
		 * 'if (can_do_masked_user_access())' where the architecture
		 * has no masking.
		 */
		if (lit >= 0)
			(lit ? &f : &t)->n = 0;
		walk_stmt(c, stmt->if_true, &t);
		walk_stmt(c, stmt->if_false, &f);
		*st = t;
		join(st, &f);
		break;
	}
	case STMT_RETURN:
		walk_expr(c, stmt->ret_value, st);
		check_leak(c, stmt->pos, st);
		st->n = 0;
		break;
	case STMT_ITERATOR:
		walk_loop(c, stmt, st);
		break;
	case STMT_SWITCH:
		walk_switch(c, stmt, st);
		break;
	case STMT_CASE:
		if (c->sw) {
			join(st, &c->sw->entry);
			if (!stmt->case_expression)
				c->sw->has_default = 1;
		}
		walk_stmt(c, stmt->case_statement, st);
		break;
	case STMT_LABEL:
		join(st, label_of(c, stmt->label_identifier));
		leave_scopes(c, st);
		walk_stmt(c, stmt->label_statement, st);
		break;
	case STMT_GOTO:
		if (stmt->goto_label) {
			goto_label(c, stmt->goto_label, st);
		} else {
			FOR_EACH_PTR(stmt->target_list, sym) {
				goto_label(c, sym, st);
			} END_FOR_EACH_PTR(sym);
		}
		st->n = 0;
		break;
	case STMT_ASM:
		/* operands are evaluated first (an accessor's value may be a call) */
		FOR_EACH_PTR(stmt->asm_inputs, op) {
			walk_expr(c, op->expr, st);
		} END_FOR_EACH_PTR(op);
		FOR_EACH_PTR(stmt->asm_outputs, op) {
			walk_expr(c, op->expr, st);
		} END_FOR_EACH_PTR(op);
		in = asm_instance(stmt);
		if (in)
			event(c, in, st, BEGIN_IGNORED);
		/* asm goto: each label may be reached, and so may the next */
		FOR_EACH_PTR(stmt->asm_labels, sym) {
			goto_label(c, sym, st);
		} END_FOR_EACH_PTR(sym);
		break;
	default:
		break;
	}
}

/* ---- functions ---- */

static int checked_in_fn(struct ctx *c, struct instance *open)
{
	int i;

	for (i = 0; i < c->nr_checks; i++)
		if (!open->ptr || c->checks[i]->ptr == open->ptr)
			return 1;
	return 0;
}

/* No path of @st has a region open or begun. */
static int all_closed(const struct states *st)
{
	int i;

	for (i = 0; i < st->n; i++)
		if (st->s[i].bits & ~REGION_CLOSED)
			return 0;
	return 1;
}

static void check_function(struct symbol *sym, struct statement *body,
			   struct states *entry)
{
	struct states st;
	struct ctx c = { .sink = { report, c.fn_name }, .fn = sym, .body = body };
	int checked_by_arch = region_range_checked_by_arch(stream_name(sym->pos.stream));
	int pass, i;

	snprintf(c.fn_name, sizeof(c.fn_name), "%s", show_ident(sym->ident));
	nr_functions++;
	for (pass = 0; pass < 2; pass++) {
		c.pass = pass;
		st = *entry;
		c.nr_opens = 0;
		c.nr_checks = 0;
		c.nr_events = 0;
		walk_stmt(&c, body, &st);
		check_leak(&c, sym->pos, &st);
		/*
		 * Most functions meet no primitive: with no region at the
		 * entry, the last pass would find nothing either.
		 */
		if (!c.nr_events && all_closed(entry))
			break;
	}
	for (i = 0; i < c.nr_opens && !checked_by_arch; i++)
		if (!checked_in_fn(&c, c.opens[i]))
			region_unverified(&c.sink, &c.opens[i]->pos,
					  c.opens[i]->api->name,
					  c.opens[i]->ptr ? c.opens[i]->ptr_text : NULL);
	qsort(c.findings, c.nr_findings, sizeof(*c.findings), cmp_finding);
	for (i = 0; i < c.nr_findings; i++) {
		struct finding *f = &c.findings[i];
		struct region_finding rf = {
			stream_name(f->pos.stream), f->pos.line, f->pos.pos,
			f->id, c.fn_name, f->msg, "sparse",
		};

		region_print(stderr, &rf);
		nr_findings++;
	}
	free(c.findings);
	free(c.labels);
	free(c.label_slots);
}

/*
 * Sparse keeps inline definitions out of the file's symbol list: the ones
 * called from an analysed function are queued and analysed in turn
 * (fs/select.c get_sigset_argpack(), epoll_put_uevent() in a header).
 */
struct queued {
	struct symbol *sym;
	struct states entry;
	struct queued *next;
};
static struct queued *inline_queue;

/* What an inline helper was queued with, over all its calls so far. */
#define SEEN_HASH 1024
static struct seen {
	struct symbol *sym;
	struct states entry;
	struct queued *pending;		/* queued, not analysed yet */
	struct seen *next;
} *seen_hash[SEEN_HASH];

static struct seen *seen_of(struct symbol *sym)
{
	unsigned int h = ((unsigned long)sym >> 4) % SEEN_HASH;
	struct seen *s;

	for (s = seen_hash[h]; s; s = s->next)
		if (s->sym == sym)
			return s;
	s = calloc(1, sizeof(*s));
	s->sym = sym;
	s->next = seen_hash[h];
	seen_hash[h] = s;
	return s;
}

/*
 * An inline helper called with a region open (__unsafe_setup_sigcontext(),
 * do_strncpy_from_user()) continues its caller's region: it is analysed
 * from the states of all its calls (sstep.c's __read_mem_aligned() is
 * called in a scope and where is_kernel_addr() held); a call that brings
 * states the analysis already had adds nothing.
 */
static void queue_inline(struct symbol *sym, struct states *st)
{
	struct symbol *base;
	struct states fresh = { 0 };
	struct queued *q;
	struct seen *seen;
	int i, j;

	if (sym && sym->definition)
		sym = sym->definition;	/* not the prototype */
	if (!sym || !(sym->ctype.modifiers & MOD_INLINE))
		return;
	base = sym->ctype.base_type;
	if (!base || (!base->stmt && !base->inline_stmt))
		return;
	/* A call no state reaches (in 'if (0)') tells nothing of its region. */
	if (!st->n || !stream_uses_model(sym->pos.stream))
		return;
	seen = seen_of(sym);
	for (i = 0; i < st->n; i++) {
		struct region_state s = st->s[i];

		if (s.bits & REGION_OPEN)
			s.flags |= REGION_INHERITED;
		for (j = 0; j < seen->entry.n; j++)
			if (region_same(&seen->entry.s[j], &s))
				break;
		/* (past MAX_STATES, a state is dropped: no queueing for ever) */
		if (j == seen->entry.n && j < MAX_STATES) {
			add_state(&seen->entry, s);
			add_state(&fresh, s);
		}
	}
	if (!fresh.n)
		return;
	if (seen->pending) {
		join(&seen->pending->entry, &fresh);
		return;
	}
	q = calloc(1, sizeof(*q));
	q->sym = sym;
	q->entry = fresh;
	q->next = inline_queue;
	inline_queue = q;
	seen->pending = q;
}

static void check_symbol(struct symbol *sym, struct states *entry)
{
	struct states callers = { 1, { region_callers_state } };
	struct symbol *base = sym->ctype.base_type;
	struct statement *body;

	if (!base || base->type != SYM_FN || !sym->ident)
		return;
	/* the template of an inline function is unevaluated but walkable */
	body = base->stmt ? base->stmt : base->inline_stmt;
	if (!body ||
	    region_implements_api(show_ident(sym->ident), stream_name(sym->pos.stream)))
		return;
	if (region_in_callers_region(show_ident(sym->ident)) && all_closed(entry))
		entry = &callers;
	check_function(sym, body, entry);
}

void uaccess_check_symbols(struct symbol_list *list)
{
	struct states closed = { 1, { closed_state } };
	struct symbol *sym;
	struct queued *q;

	FOR_EACH_PTR(list, sym) {
		check_symbol(sym, &closed);
	} END_FOR_EACH_PTR(sym);
	while ((q = inline_queue)) {
		inline_queue = q->next;
		seen_of(q->sym)->pending = NULL;
		check_symbol(q->sym, &q->entry);
		free(q);
	}
	if (show_stats)
		fprintf(stderr, "sparse-uaccess: %d functions, %d region opens, %d accessors\n",
			nr_functions, nr_regions, nr_accessors);
}

/* sparse-uaccess's exit status: 1 where --uaccess-werror made findings errors. */
int uaccess_status(void)
{
	return region_werror && nr_findings;
}

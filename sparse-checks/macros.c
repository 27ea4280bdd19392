// SPDX-License-Identifier: GPL-2.0
/*
 * The primitives the source wrote: each expansion of a model macro that
 * the patched preprocessor reports is an instance, with its arguments as
 * tokens; the asm switches and wrappers; the options.
 */
#include "uaccess.h"

struct instance *begin_instance(const struct region_begin *b)
{
	return (struct instance *)((char *)b - offsetof(struct instance, begin));
}

struct instance *new_instance(struct position pos, const struct uaccess_name *api)
{
	struct instance *in = calloc(1, sizeof(*in));

	if (!in)
		die("sparse-uaccess: out of memory");
	in->pos = pos;
	in->api = api;
	in->begin.name = api->name;
	in->begin.line = pos.line;
	in->begin.kind = api->kind;
	in->begin.mode = api->mode;
	return in;
}

static struct table instances;		/* macros, by position */
/* --uaccess-stats: what was seen, to tell a clean run from a blind one */
struct region_stats file_stats = { .engine = "sparse", .seconds = -1 };

int same_pos(struct position a, struct position b)
{
	return a.stream == b.stream && a.line == b.line && a.pos == b.pos;
}

struct instance *instance_at(struct position pos)
{
	return table_get(&instances, pos_key(pos));
}

static struct table ident_infos;

struct ident_info *ident_info(struct ident *ident)
{
	struct ident_info *info = table_get(&ident_infos, (unsigned long)ident);
	char name[256];

	if (info)
		return info;
	info = calloc(1, sizeof(*info));
	if (!info)
		die("sparse-uaccess: out of memory");
	snprintf(name, sizeof(name), "%.*s", ident->len, ident->name);
	info->api = region_model_name(name);
	info->safe = region_safe_name(name);
	info->is_always_inline = !strcmp(name, "__always_inline");
	*table_value(&ident_infos, (unsigned long)ident) = info;
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

const struct uaccess_name *model_lookup(struct ident *ident)
{
	return ident ? ident_info(ident)->api : NULL;
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
		keep_arg(&in->ptr_arg, args[p]);
	}
	if (api->kind != UA_UNSAFE && nargs >= 2 &&
	    (api->kind != UA_SCOPED || nargs == 3))
		keep_arg(&in->size_arg, args[1]);
	else if ((api->kind == UA_SCOPED || api->kind == UA_MASKED) && in->ptr)
		/*
		 * scoped_user_*_access(p, label) covers sizeof(*(p)); a masked
		 * pointer is meant for the object it points to.
		 */
		in->covers_pointee = 1;
}

/* The streams (files) where a primitive is written: one of each, by stream + 1. */
static struct table model_streams;

int stream_uses_model(int stream)
{
	return table_get(&model_streams, stream + 1ULL) != NULL;
}

static void record(struct position pos, const struct uaccess_name *api,
		   int nargs, struct token **args)
{
	struct instance *in = new_instance(pos, api);

	take_args(in, api, nargs, args);
	*table_value(&model_streams, pos.stream + 1ULL) = in;
	*table_value(&instances, pos_key(pos)) = in;
}

/*
 * Positions where a macro outside the model expanded first: a model macro
 * expanded later at the same position came from its body.  A wrapper like
 * snd_pcm_sync_ptr_get_user() opens and closes a region inside; its body
 * is then walked as plain code, where the inline functions the primitives
 * become (user_access_begin(), clac()...) still give the events.  A cache,
 * not a set: the inner expansions follow the wrapper's closely.
 */
#define WRAPPERS 4096
static struct position wrappers[WRAPPERS];

/*
 * Where a self-contained access (put_user(), __get_user()...) was
 * written: the open and end its body calls (7.2 powerpc's
 * allow_user_access() and prevent_user_access()) are its own, not a
 * region of the function's.
 */
static struct table accesses;	/* the model's entry of the access, by position */

int in_access(struct position pos)
{
	return table_get(&accesses, pos_key(pos)) != NULL;
}

static void note_access(struct position pos, const struct uaccess_name *api)
{
	void **access = table_value(&accesses, pos_key(pos));

	/* put_user() expands __put_user() there too: the source wrote the first */
	if (!*access)
		*access = (void *)api;
}

/*
 * The asm a model open or end is written as, where it expanded in the
 * body of a wrapper macro: riscv's user_access_end is
 * __disable_user_access(), 'csrc sstatus', and a wrapper's tokens all
 * have the wrapper's position, so the asm statement itself is the event,
 * found again by that position and its template.  It is credited to the
 * model macro the wrapper wrote (user_write_access_end, an alias of it).
 */
struct asm_switch {
	const char *template;			/* the asm's string */
	const struct uaccess_name *api;
	struct instance *in;			/* its event, once walked */
	struct asm_switch *next;		/* at the same position */
};
static struct table asm_switches;		/* by the wrapper's position */

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
	struct asm_switch *a, **at;
	const char *template;

	if ((top->kind != UA_OPEN && top->kind != UA_END) || !sym)
		return;
	template = asm_template(sym->expansion);
	if (!template)
		return;
	a = calloc(1, sizeof(*a));
	a->template = template;
	a->api = top;
	at = (struct asm_switch **)table_value(&asm_switches, pos_key(name->pos));
	a->next = *at;
	*at = a;
}

/*
 * A model function a wrapper's body calls through an alias (riscv's
 * user_write_access_begin for the inline user_access_begin()): the call
 * shares the wrapper's position, and is the region the alias asks for.
 */
struct wrapper_call {
	struct ident *callee;			/* the function the alias becomes */
	const struct uaccess_name *api;		/* the alias */
	struct wrapper_call *next;		/* at the same position */
};
static struct table wrapper_calls;		/* by the wrapper's position */

static void note_wrapper_call(struct token *name, const struct uaccess_name *top)
{
	struct wrapper_call *w, **at;

	if (top == model_lookup(name->ident) || !alias_chain.next)
		return;
	w = calloc(1, sizeof(*w));
	w->callee = alias_chain.next;
	w->api = top;
	at = (struct wrapper_call **)table_value(&wrapper_calls, pos_key(name->pos));
	w->next = *at;
	*at = w;
}

const struct uaccess_name *wrapper_alias(struct position pos, struct ident *callee,
					 enum uaccess_kind kind)
{
	struct wrapper_call *w;

	for (w = table_get(&wrapper_calls, pos_key(pos)); w; w = w->next)
		if (w->callee == callee && w->api->kind == kind)
			return w->api;
	return NULL;
}

/* The open or end an asm statement of a wrapper's body is, if any. */
struct instance *asm_instance(struct statement *stmt)
{
	struct expression *s = stmt->asm_string;
	struct asm_switch *a;

	if (!s || s->type != EXPR_STRING)
		return NULL;
	for (a = table_get(&asm_switches, pos_key(stmt->pos)); a; a = a->next) {
		if (strcmp(a->template, s->string->data))
			continue;
		if (a->in && a->in->stmt == stmt)
			return a->in;
		if (a->in)
			continue;	/* a second asm of the same template */
		a->in = new_instance(stmt->pos, a->api);
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
	struct ident_info *info = ident_info(name->ident);
	const struct uaccess_name *api = info->api;
	struct position *w = &wrappers[(name->pos.stream * 31u + name->pos.line * 131u +
					 name->pos.pos) % WRAPPERS];
	struct instance *in;

	in = instance_at(name->pos);
	if (info->is_always_inline)
		note_always_inline(name);
	if (api && api->kind == UA_ACCESS)
		note_access(name->pos, api);
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
	else if (in->api->kind == UA_BEGIN && api->kind == UA_CHECK)
		/* include/linux/uaccess.h's fallback: the begin is access_ok() */
		in->begin.blind = true;
}

/* Takes the --uaccess-* options out of @argv (the others are sparse's). */
int uaccess_options(int argc, char **argv)
{
	char key[32], why[300];
	const char *eq;
	int i, j, refused;

	preprocess_expand_hook = expand_hook;
	for (i = j = 0; i < argc; i++) {
		if (strncmp(argv[i], "--uaccess-", 10)) {
			argv[j++] = argv[i];
			continue;
		}
		eq = strchr(argv[i], '=');
		snprintf(key, sizeof(key), "%.*s",
			 eq ? (int)(eq - argv[i] - 10) : (int)sizeof(key) - 1, argv[i] + 10);
		if (!strcmp(argv[i], "--uaccess-only"))
			fmax_warnings = 0;	/* sparse's warning() gives up at its limit */
		else if ((refused = region_option(key, eq ? eq + 1 : NULL, why, sizeof(why))) > 0)
			die("unknown option '%s'", argv[i]);
		else if (refused)
			die("--uaccess-%s: %s", key, why);
	}
	argv[j] = NULL;
	return j;
}

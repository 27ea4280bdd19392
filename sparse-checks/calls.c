// SPDX-License-Identifier: GPL-2.0
/*
 * What a call does in a region: the callee, whether it is uaccess-safe
 * (the model, __always_inline, objtool's list), and the instance a call
 * of a model function is.
 */
#include "uaccess.h"

/* ---- what a call does ---- */

/*
 * The body of function @sym, evaluated.  Sparse keeps an inline one as
 * an unevaluated template, a copy of which it evaluates where it
 * inlines it; the checker has a copy evaluated, as sparse does for an
 * inline function whose address is taken, silently: sparse warns where
 * it inlines it.
 */
struct statement *evaluated_body(struct symbol *sym)
{
	int max_warnings = fmax_warnings;

	fmax_warnings = 0;
	evaluate_symbol(sym);
	fmax_warnings = max_warnings;
	return sym->ctype.base_type->stmt;
}

/* The value of statement expression @e: its last statement's. */
static struct expression *stmt_value(struct expression *e)
{
	struct statement *last = NULL;

	if (e->statement && e->statement->type == STMT_COMPOUND)
		last = last_ptr_list((struct ptr_list *)e->statement->stmts);
	return last && last->type == STMT_EXPRESSION ? last->expression : NULL;
}

struct symbol *callee(struct expression *fn)
{
	/*
	 * Through '*', '&' and casts, and static_call_mod(f)()'s
	 * ({ __ADDRESSABLE(key); &__SCT__f; })().
	 */
	while (fn) {
		if (fn->type == EXPR_PREOP && (fn->op == '*' || fn->op == '&'))
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

/*
 * Where GCC places call @call: at the start of what it calls, 's' of
 * 's->fn(a)' (sparse places a member at its '->', an index at its '[').
 */
struct position call_place(struct expression *call)
{
	struct expression *e = call->fn, *next;
	struct position pos = e->pos;

	for (; e; e = next) {
		if (e->type == EXPR_PREOP || e->type == EXPR_POSTOP)
			next = e->unop;
		else if (e->type == EXPR_BINOP)
			next = e->left;
		else if (e->type == EXPR_DEREF)
			next = e->deref;
		else if (e->type == EXPR_IMPLIED_CAST)
			next = e->cast_expression;
		else
			next = NULL;
		if (next && next->pos.stream == pos.stream &&
		    next->pos.line == pos.line && next->pos.pos < pos.pos)
			pos = next->pos;
	}
	return pos;
}

/* A search for the first call that may not run with user access enabled. */
struct unsafe_search {
	int depth;			/* of inline callees looked into */
	struct symbol **found;		/* &bad_ctype: an indirect call */
};

static int unsafe_call(struct expression *e, const void *data);

/* A copy of a few bytes, which GCC expands inline (region_expanded_copy()). */
static int expanded_copy(struct symbol *sym, struct expression *call)
{
	long long n;

	return expression_list_size(call->args) == 3 &&
	       constant(ptr_list_nth(call->args, 2), &n) &&
	       region_expanded_copy(show_ident(sym->ident), n);
}

/*
 * The first call under 'sym', called by @call, that may not run with user
 * access enabled: an out-of-line function not on objtool's list, or an
 * indirect call.  An inline callee is looked into, as objtool sees it
 * once inlined.
 */
static struct symbol *unsafe_callee(struct symbol *sym, struct expression *call,
				    int depth)
{
	struct symbol *base, *found = NULL;
	struct unsafe_search search = { depth + 1, &found };
	struct statement *body;

	if (!sym || !sym->ident)
		return sym;
	if (ident_info(sym->ident)->safe || expanded_copy(sym, call))
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
	body = evaluated_body(sym);
	if (!body)
		return sym;
	find_compiled(body, unsafe_call, &search);
	return found;
}

static int unsafe_call(struct expression *e, const void *data)
{
	const struct unsafe_search *search = data;
	struct symbol *s;

	if (e->type != EXPR_CALL)
		return 0;
	s = callee(e->fn);
	*search->found = s ? unsafe_callee(s, e, search->depth) : &bad_ctype;
	return *search->found != NULL;
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
void check_call(struct ctx *c, struct expression *expr, struct states *st,
		struct position *told)
{
	struct symbol *sym, *bad;
	struct position *at, here = call_place(expr);
	const char *name, *through;
	int i, plain_inline;

	sym = callee(expr->fn);
	if (sym && sym->ident && region_in_callers_region(show_ident(sym->ident))) {
		/* It runs in the caller's region: an accessor. */
		c->nr_events++;
		for (i = 0; i < st->n; i++)
			region_access(&c->sink, &here, &st->s[i],
				      show_ident(sym->ident), (enum uaccess_mode)0);
		return;
	}
	if (!own_open(st))
		return;
	bad = sym ? unsafe_callee(sym, expr, 0) : &bad_ctype;
	if (!bad)
		return;
	name = bad == &bad_ctype ? NULL : show_ident(bad->ident);
	through = !name || bad->ident == sym->ident ? NULL : show_ident(sym->ident);
	plain_inline = name && !through && (bad->ctype.modifiers & MOD_INLINE);
	/*
	 * In an accessor's argument, at the accessor; as another call's
	 * argument, at the place GCC gives it (@told); as the plugin tells it.
	 */
	at = c->cur && c->cur->api->kind == UA_UNSAFE ? &c->cur->pos :
	     told ? told : &here;
	for (i = 0; i < st->n; i++)
		region_call(&c->sink, at, &st->s[i], name, through, plain_inline);
}

int is_builtin_expect(struct expression *fn)
{
	while (fn && fn->type == EXPR_PREOP && fn->op == '*')
		fn = fn->unop;
	return fn && fn->type == EXPR_SYMBOL && fn->symbol_name &&
	       !strcmp(show_ident(fn->symbol_name), "__builtin_expect");
}

/* Inside the primitive being walked, at its position: its own expansion. */
int muted(struct ctx *c, struct position pos)
{
	return c->cur && same_pos(c->cur->pos, pos);
}

/* The instances of calls to model functions, by call. */
static struct table call_instances;

/* A call to a model name that is a function, not a macro: stac(), clac(). */
struct instance *call_instance(struct ctx *c, struct expression *expr)
{
	struct symbol *sym = callee(expr->fn);
	const struct uaccess_name *api, *written;
	struct instance **slot, *in, *alias;
	struct expression *arg;

	/*
	 * The callee named at the position of the primitive being walked is
	 * its expansion: 6.12 powerpc's user_write_access_end is an alias of
	 * prevent_current_write_to_user, called with the source's '()'.
	 */
	if (!sym || !(api = model_lookup(sym->ident)) || api->kind == UA_ACCESS ||
	    api->kind == UA_SAFE || in_access(expr->fn->pos) || muted(c, expr->fn->pos))
		return NULL;
	/* by call, not by position: a wrapper macro shares one position */
	slot = (struct instance **)table_value(&call_instances, (unsigned long)expr);
	if (*slot)
		return *slot;
	in = *slot = new_instance(expr->fn->pos, api);
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
	in->call = expr;
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

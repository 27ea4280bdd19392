// SPDX-License-Identifier: GPL-2.0
/*
 * What a call does in a region: the callee, whether it is uaccess-safe
 * (the model, __always_inline, objtool's list), and the instance a call
 * of a model function is.
 */
#include "uaccess.h"

/* ---- what a call does ---- */

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
int literal_cond(struct expression *e)
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
void check_call(struct ctx *c, struct expression *expr, struct states *st,
		struct position *told)
{
	struct symbol *sym, *bad;
	struct position *at;
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
	/*
	 * In an accessor's argument, at the accessor; as another call's
	 * argument, at the place GCC gives it (@told); as the plugin tells it.
	 */
	at = c->cur && c->cur->api->kind == UA_UNSAFE ? &c->cur->pos :
	     told ? told : &expr->fn->pos;
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

/* A call to a model name that is a function, not a macro: stac(), clac(). */
struct instance *call_instance(struct ctx *c, struct expression *expr)
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

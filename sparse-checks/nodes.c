// SPDX-License-Identifier: GPL-2.0
/*
 * The evaluated nodes under a primitive's arguments: the first node a
 * match accepts under the statement or expression the walk met it at,
 * the types of what they name and their constant values.  places.c
 * follows an argument's tokens through them.
 */
#include "uaccess.h"

/* What a search looks for, and where. */
struct search {
	expr_match m;
	const void *data;
	int compiled;		/* only in what is compiled (find_compiled()) */
};

static struct expression *search_stmt(struct statement *stmt,
				      const struct search *s, int depth);

/*
 * A condition that is a literal, 1 or 0, as IS_ENABLED(CONFIG_...) is:
 * -1 if it is not one (sparse folds no other before the checker runs).
 */
int literal_cond(struct expression *e)
{
	return e && e->type == EXPR_VALUE ? e->value != 0 : -1;
}

/*
 * 'if (1) return f();': what follows it is not compiled, as in riscv's
 * riscv_has_extension_unlikely(), whose call of
 * __riscv_isa_extension_available() is for !RISCV_ALTERNATIVE only.
 */
static int returns_here(struct statement *s)
{
	return s->type == STMT_IF && literal_cond(s->if_conditional) == 1 &&
	       s->if_true && s->if_true->type == STMT_RETURN;
}

/* The first node under @e, in preorder, that @s->m accepts. */
static struct expression *find_in_expr(struct expression *e,
				       const struct search *s, int depth)
{
	struct expression *r = NULL, *arg;

	if (!e || depth > 200)
		return NULL;
	if (s->m(e, s->data))
		return e;
	depth++;
	switch (e->type) {
	case EXPR_BINOP: case EXPR_COMMA: case EXPR_COMPARE:
	case EXPR_LOGICAL: case EXPR_ASSIGNMENT:
		r = find_in_expr(e->left, s, depth);
		return r ? r : find_in_expr(e->right, s, depth);
	case EXPR_PREOP: case EXPR_POSTOP:
		return find_in_expr(e->unop, s, depth);
	case EXPR_DEREF:
		return find_in_expr(e->deref, s, depth);
	case EXPR_SLICE:
		return find_in_expr(e->base, s, depth);
	case EXPR_CAST: case EXPR_FORCE_CAST: case EXPR_IMPLIED_CAST:
		return find_in_expr(e->cast_expression, s, depth);
	case EXPR_CONDITIONAL: case EXPR_SELECT:
		r = find_in_expr(e->conditional, s, depth);
		if (!r)
			r = find_in_expr(e->cond_true, s, depth);
		return r ? r : find_in_expr(e->cond_false, s, depth);
	case EXPR_CALL:
		r = find_in_expr(e->fn, s, depth);
		FOR_EACH_PTR(e->args, arg) {
			if (!r)
				r = find_in_expr(arg, s, depth);
		} END_FOR_EACH_PTR(arg);
		return r;
	case EXPR_STATEMENT:
		return search_stmt(e->statement, s, depth);
	case EXPR_INITIALIZER:
		FOR_EACH_PTR(e->expr_list, arg) {
			if (!r)
				r = find_in_expr(arg, s, depth);
		} END_FOR_EACH_PTR(arg);
		return r;
	case EXPR_IDENTIFIER:
		return find_in_expr(e->ident_expression, s, depth);
	case EXPR_INDEX:
		return find_in_expr(e->idx_expression, s, depth);
	case EXPR_POS:
		return find_in_expr(e->init_expr, s, depth);
	default:
		return NULL;
	}
}

static struct expression *find_in_syms(struct symbol_list *list,
				       const struct search *s, int depth)
{
	struct expression *r = NULL;
	struct symbol *sym;

	FOR_EACH_PTR(list, sym) {
		if (!r)
			r = find_in_expr(sym->initializer, s, depth);
	} END_FOR_EACH_PTR(sym);
	return r;
}

static struct expression *find_in_operands(struct asm_operand_list *list,
					   const struct search *s, int depth)
{
	struct expression *r = NULL;
	struct asm_operand *op;

	FOR_EACH_PTR(list, op) {
		if (!r)
			r = find_in_expr(op->expr, s, depth);
	} END_FOR_EACH_PTR(op);
	return r;
}

static struct expression *search_stmt(struct statement *stmt,
				      const struct search *s, int depth)
{
	struct expression *r = NULL;
	struct statement *sub;
	int lit, dead = 0;

	if (!stmt || depth > 200)
		return NULL;
	depth++;
	switch (stmt->type) {
	case STMT_EXPRESSION:
		return find_in_expr(stmt->expression, s, depth);
	case STMT_RETURN:
		return find_in_expr(stmt->ret_value, s, depth);
	case STMT_DECLARATION:
		return find_in_syms(stmt->declaration, s, depth);
	case STMT_COMPOUND:
		FOR_EACH_PTR(stmt->stmts, sub) {
			if (!r && !dead) {
				r = search_stmt(sub, s, depth);
				dead = s->compiled && returns_here(sub);
			}
		} END_FOR_EACH_PTR(sub);
		return r;
	case STMT_IF:
		lit = s->compiled ? literal_cond(stmt->if_conditional) : -1;
		if (lit >= 0)
			return search_stmt(lit ? stmt->if_true : stmt->if_false,
					   s, depth);
		r = find_in_expr(stmt->if_conditional, s, depth);
		if (!r)
			r = search_stmt(stmt->if_true, s, depth);
		return r ? r : search_stmt(stmt->if_false, s, depth);
	case STMT_ITERATOR:
		r = find_in_syms(stmt->iterator_syms, s, depth);
		if (!r)
			r = search_stmt(stmt->iterator_pre_statement, s, depth);
		if (!r)
			r = find_in_expr(stmt->iterator_pre_condition, s, depth);
		if (!r)
			r = search_stmt(stmt->iterator_statement, s, depth);
		if (!r)
			r = search_stmt(stmt->iterator_post_statement, s, depth);
		return r ? r : find_in_expr(stmt->iterator_post_condition, s, depth);
	case STMT_SWITCH:
		r = find_in_expr(stmt->switch_expression, s, depth);
		return r ? r : search_stmt(stmt->switch_statement, s, depth);
	case STMT_CASE:
		return search_stmt(stmt->case_statement, s, depth);
	case STMT_LABEL:
		return search_stmt(stmt->label_statement, s, depth);
	case STMT_ASM:
		r = find_in_operands(stmt->asm_inputs, s, depth);
		return r ? r : find_in_operands(stmt->asm_outputs, s, depth);
	default:
		return NULL;
	}
}

/* The first node under @stmt, in preorder, that @m accepts. */
struct expression *find_in_stmt(struct statement *stmt, expr_match m,
				const void *data)
{
	struct search s = { m, data, 0 };

	return search_stmt(stmt, &s, 0);
}

/*
 * The same in what is compiled: not in a branch that a literal condition
 * rules out, nor after 'if (1) return ...;'.  (A primitive's arguments
 * are looked for in both branches: a scope's size is only in the one
 * of no masking.)
 */
struct expression *find_compiled(struct statement *stmt, expr_match m,
				 const void *data)
{
	struct search s = { m, data, 1 };

	return search_stmt(stmt, &s, 0);
}

/* Under the node the walk met primitive @in at. */
struct expression *find_at(struct instance *in, expr_match m, const void *data)
{
	struct search s = { m, data, 0 };

	if (in->stmt)
		return search_stmt(in->stmt, &s, 0);
	return find_in_expr(in->expr ? in->expr : in->call, &s, 0);
}

int symbol_at(struct expression *e, const void *data)
{
	return e->type == EXPR_SYMBOL && e->symbol &&
	       same_pos(e->pos, *(const struct position *)data);
}

/* The pointer addition of an index ('[') or of a '+', at its token. */
int addition_at(struct expression *e, const void *data)
{
	return e->type == EXPR_BINOP && e->op == '+' &&
	       same_pos(e->pos, *(const struct position *)data);
}

/* The outermost node of an argument: its position is one of its tokens. */
int from_arg(struct expression *e, const void *data)
{
	const struct arg *a = data;
	int i;

	for (i = 0; i < a->n; i++)
		if (same_pos(e->pos, a->t[i].pos))
			return 1;
	return 0;
}

/*
 * The user pointer of @in where its code evaluates it; NULL where its
 * macro drops it (x86 spells '__user_write_access_begin(p, n)' a bare
 * stac()), as GIMPLE then has nothing of it either.
 */
struct ident *evaluated_ptr(struct instance *in)
{
	if (in->call)
		return in->ptr;		/* an argument of the call */
	if (!in->ptr || in->ptr_arg.n <= 0 || !find_at(in, from_arg, &in->ptr_arg))
		return NULL;
	return in->ptr;
}

/* Member @id of struct or union @su, anonymous members looked into. */
struct symbol *member_of(struct symbol *su, struct ident *id, long long *off, int depth)
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

/*
 * A type without its qualifiers and address space, examined if it was
 * not: a struct's offsets, an array's length, what a 'typeof()' is.
 */
struct symbol *type_of(struct symbol *t)
{
	int depth;

	for (depth = 0; t && depth < 32; depth++) {
		t = examine_symbol_type(t);
		if (!t || t->type != SYM_NODE)
			return t == &autotype_ctype ? NULL : t;
		t = t->ctype.base_type;
	}
	return NULL;
}

long long size_of(struct symbol *t)
{
	return t && t->bit_size > 0 ? bits_to_bytes(t->bit_size) : -1;
}

/* The value of a constant expression. */
int constant(struct expression *e, long long *v)
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
	case EXPR_PREOP:
		if (!constant(e->unop, v))
			return 0;
		if (e->op == '-')
			*v = -*v;
		return e->op == '+' || e->op == '-';
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

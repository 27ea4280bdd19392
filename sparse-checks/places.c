// SPDX-License-Identifier: GPL-2.0
/*
 * Where an access lands: its argument followed token by token through
 * the evaluated nodes under it (nodes.c), the range a begin covers,
 * what a local pointer was set from, and the pointer-mismatch reports.
 */
#include "uaccess.h"

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
 * ---- where an access lands ----
 *
 * Evaluation rewrites the tree in place ('p->a[i]' becomes pointer
 * arithmetic on 'p'): which member an index applies to is gone from it,
 * but not from the argument's tokens.  So the argument is followed token
 * by token through sparse's types of its base pointer, and the values of
 * its indexes are read from the evaluated tree, at the '[' or '+' they
 * were written at.
 */

/* Where an access lands, from its base pointer. */
struct place {
	struct ident *via;	/* 'b->via' is the pointer: a member the base holds */
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
	known = add && constant(add->right, &bytes);	/* scaled to bytes */

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
 * 'b->m', a pointer that the struct the base points to holds, is the
 * pointer the rest goes through (rseq's 't->rseq'): @first, the member
 * is the first step from the base.  Both the begin and each access read
 * it, and are compared as reads of the same member.
 */
static int rebased(struct place *pl, int first, struct symbol *m)
{
	struct symbol *type = type_of(m);
	long long size;

	if (!first || !type || type->type != SYM_PTR)
		return 0;
	size = size_of(type_of(type->ctype.base_type));
	if (size <= 0)
		return 0;
	pl->via = m->ident;
	pl->off = 0;
	pl->pointee = size;
	return 1;
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
	int i = 0, addr = 0, on_base = 1, from_base, decayed = 0, depth, close;
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
			from_base = on_base;
			if (on_base)
				cur = pointee;
			on_base = 0;
			if (i + 1 >= a->n || t[i + 1].type != TOKEN_IDENT ||
			    !cur || (cur->type != SYM_STRUCT && cur->type != SYM_UNION))
				return 0;
			m = member_of(cur, t[i + 1].ident, &off, 0);
			if (!m)
				return 0;
			/* '&b->m' alone is the member, not where it points */
			if (rebased(pl, from_base && !pl->via && (!addr || i + 2 < a->n), m)) {
				pointee = type_of(type_of(m)->ctype.base_type);
				cur = type_of(m);
				on_base = 1;
				i += 2;
				break;
			}
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

/* 'p->m', the pointer member @m of what @p points to, in @buf. */
static const char *member_name(struct ident *p, struct ident *m, char *buf, int size)
{
	snprintf(buf, size, "%s->%s", show_ident(p), show_ident(m));
	return buf;
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
	r->via = pl.via;
	r->off = pl.off;
	r->pointee = pl.pointee;
	r->size = -1;
	if (b->size_arg.n > 0) {
		e = find_at(b, from_arg, &b->size_arg);
		if (!constant(e, &r->size) || r->size < 0)
			r->size = -1;
	} else if (b->covers_pointee) {
		r->size = pl.pointee;	/* scoped, masked: sizeof(*p) */
	}
	return r;
}

/*
 * Where an access through the pointer begin @b covered lands; the begin's
 * range and size said as @cov says them.
 */
static void check_place(struct ctx *c, struct instance *b, struct instance *in,
			struct region_covered *cov)
{
	struct range *r = begin_range(b);
	struct region_place at = { REGION_THROUGH_BEGUN };
	struct place pl;
	char through[100], begun[100];

	if (r->known > 0 && locate(in, &in->ptr_arg, &pl) && pl.via && r->via &&
	    pl.via != r->via) {
		/* 't->other' in a region opened on 't->rseq' */
		at.through = REGION_THROUGH_OTHER;
		at.ptr = member_name(in->ptr, pl.via, through, sizeof(through));
		cov->ptr = member_name(b->ptr, r->via, begun, sizeof(begun));
		region_placed(&c->sink, &in->pos, in->api->name, &at, cov, &b->begin);
		return;
	}
	if (r->known < 0 || !locate(in, &in->ptr_arg, &pl) || pl.via != r->via)
		return;
	if (r->via)
		cov->ptr = member_name(b->ptr, r->via, begun, sizeof(begun));
	cov->off = r->off;
	cov->bytes = r->size;
	cov->pointee = r->pointee;
	at.exact = pl.exact;
	at.off = pl.off;
	at.flex = pl.flex ? show_ident(pl.flex) : NULL;
	at.member = pl.member ? show_ident(pl.member) : NULL;
	at.index = pl.index;
	at.count = pl.count;
	region_placed(&c->sink, &in->pos, in->api->name, &at, cov, &b->begin);
}

/* Whether @e reads the variable named @ident. */
static int names(struct expression *e, struct ident *ident)
{
	struct symbol *var = var_of(e);

	return var && var->ident == ident;
}

/* 'from - n', n no constant, casts aside. */
static int less_an_amount(struct expression *e, struct ident *from)
{
	long long v;

	e = strip_casts(e);
	return e && e->type == EXPR_BINOP && e->op == '-' &&
	       names(e->left, from) && !constant(e->right, &v);
}

/* The stores of the variables of @e's name, counted in the walk @stamp. */
static struct stores *stores_in(struct expression *e, unsigned int stamp)
{
	struct symbol *var = var_of(e);
	struct stores *st;

	if (!var || !var->ident)
		return NULL;
	st = &ident_info(var->ident)->stores;
	if (st->stamp != stamp)
		*st = (struct stores){ stamp };
	return st;
}

/* Counts stores and uses; matches nothing (the walk goes on). */
static int count_store(struct expression *e, const void *data)
{
	unsigned int stamp = *(const unsigned int *)data;
	struct stores *st;

	if (e->type == EXPR_SYMBOL) {
		if ((st = stores_in(e, stamp)))
			st->uses++;
	} else if (e->type == EXPR_PREOP && e->op == '*') {
		if ((st = stores_in(e, stamp)))
			st->values++;
	} else if (e->type == EXPR_ASSIGNMENT) {
		if ((st = stores_in(e->left, stamp))) {
			st->n++;
			st->value = e->op == '=' ? e->right : NULL;
		}
	} else if ((e->type == EXPR_PREOP || e->type == EXPR_POSTOP) &&
		   (e->op == SPECIAL_INCREMENT || e->op == SPECIAL_DECREMENT)) {
		if ((st = stores_in(e->unop, stamp)))
			st->n += 2;	/* moved: unknown */
	}
	return 0;
}

/*
 * What @c's function does to the variables named @var, apart from
 * their initializers: the body is walked once a function, for every
 * name, as each access of a region asks of two pointers.
 */
static struct stores stores_of(struct ctx *c, struct ident *var)
{
	static unsigned int stamp;
	struct stores *st;

	if (!c->stores_counted) {
		c->stores_counted = ++stamp;
		find_in_stmt(c->body, count_store, &c->stores_counted);
	}
	st = &ident_info(var)->stores;
	if (st->stamp != c->stores_counted)
		return (struct stores){ c->stores_counted };
	return *st;
}

/*
 * The one value the variable that @e names is given in the function, by
 * its initializer or by one '=', its address never taken; NULL if none.
 */
static struct expression *one_value(struct ctx *c, struct expression *e)
{
	struct expression *init;
	struct stores st;

	if (!e || e->symbol->ctype.modifiers & MOD_STATIC)
		return NULL;
	init = e->symbol->initializer;
	st = stores_of(c, e->symbol->ident);
	if (st.uses != st.values || st.n + !!init != 1)
		return NULL;
	return init ? init : st.value;
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
	return less_an_amount(one_value(c, find_at(in, symbol_named, in->ptr)), from);
}

/* Whether the function stores to variable @var (or moves it, or takes its address). */
static int stored(struct ctx *c, struct ident *var)
{
	struct stores st = stores_of(c, var);

	return st.n || st.uses != st.values;
}

/*
 * The variable that local @var of instance @in's function is a copy of:
 * set once, to another variable ('q = p', casts aside), its address
 * never taken, and that one a local of the same kind or a parameter
 * never stored to; @var itself otherwise.
 * As the plugin follows a pointer's one definition.
 */
static struct ident *copy_of(struct ctx *c, struct instance *in, struct ident *var)
{
	struct expression *e = find_at(in, symbol_named, var);
	struct symbol *from;
	int depth;

	for (depth = 0; e && depth < 4 && !is_param(c, var); depth++) {
		from = var_of(one_value(c, e));
		/* a pointer, not an address held in an integer */
		if (!from || !from->ident || !type_of(from) || type_of(from)->type != SYM_PTR ||
		    (is_param(c, from->ident) && stored(c, from->ident)))
			break;
		var = from->ident;
		e = find_in_stmt(c->body, symbol_named, var);
	}
	return var;
}

/* An accessor in the region of @begin (region_placing()): does it cover it? */
void access_in(struct ctx *c, struct instance *in, const struct region_begin *begin)
{
	struct region_covered cov = { NULL };
	struct region_place at = { REGION_THROUGH_OTHER };
	struct instance *b = begin_instance(begin);
	struct ident *begun, *through;
	char ptr[80];

	if (!b->ptr || !in->ptr)
		return;
	begun = copy_of(c, b, b->ptr);
	through = copy_of(c, in, in->ptr);
	snprintf(ptr, sizeof(ptr), "%s", show_ident(begun));
	cov.ptr = ptr;
	if (begun == through) {
		check_place(c, b, in, &cov);
		return;
	}
	if (set_before(c, in, b->ptr)) {
		at.through = REGION_THROUGH_LESS;
		at.ptr = show_ident(in->ptr);
	} else if (is_param(c, begun) && is_param(c, through)) {
		at.ptr = show_ident(through);
	} else {
		return;
	}
	region_placed(&c->sink, &in->pos, in->api->name, &at, &cov, &b->begin);
}

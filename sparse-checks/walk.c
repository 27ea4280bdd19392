// SPDX-License-Identifier: GPL-2.0
/*
 * The walk of a function body with the set of region states that reach
 * each point: statements, expressions, conditions on a begin's result,
 * labels, loops, switches and scopes, each primitive an event of
 * ../region/region.c.
 */
#include "uaccess.h"

static void walk_expr(struct ctx *c, struct expression *expr, struct states *st);

const struct region_state closed_state = { REGION_CLOSED };

/* Adds state @s to @st; whether it was not there (and there was room). */
int add_state(struct states *st, struct region_state s)
{
	int i;

	for (i = 0; i < st->n; i++)
		if (region_same(&st->s[i], &s))
			return 0;
	if (st->n == REGION_STATES)
		return 0;
	st->s[st->n++] = s;
	return 1;
}

/* Joins @from into @to; whether @to has a state more. */
int join(struct states *to, const struct states *from)
{
	int i, more = 0;

	for (i = 0; i < from->n; i++)
		more |= add_state(to, from->s[i]);
	return more;
}

/* The states that reach @label (a goto's, a loop's break or continue). */
static struct states *label_of(struct ctx *c, struct symbol *label)
{
	void **st = table_value(&c->labels, (unsigned long)label);

	if (!*st && !(*st = calloc(1, sizeof(struct states))))
		die("sparse-uaccess: out of memory");
	return *st;
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
	    in->api->kind == UA_BEGIN)
		region_checked(&c->checks, in->ptr);
	switch (in->api->kind) {
	case UA_BEGIN: case UA_MASKED: case UA_OPEN: case UA_SCOPED:
		if (c->pass == 1)
			file_stats.opens++;
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
	case UA_END: case UA_SAVE: case UA_RESTORE:
		for (i = 0; i < st->n; i++) {
			if (in->api->kind == UA_END)
				region_end(&c->sink, &in->pos, &st->s[i], in->api->name);
			else if (in->api->kind == UA_SAVE)
				region_save(&st->s[i]);
			else
				region_restore(&st->s[i]);
			add_state(&out, st->s[i]);
		}
		*st = out;
		break;
	case UA_UNSAFE:
		for (i = 0; i < st->n; i++) {
			const struct region_begin *b = region_placing(st->s, st->n, i);

			region_access(&c->sink, &in->pos, &st->s[i],
				      in->api->name, in->api->mode);
			if (b)
				access_in(c, in, b);
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

/*
 * The generic fallback's classic end, 'do { } while (0)', compiles to
 * nothing: GCC has nothing of it to see, and the region it would end is
 * blind in both checkers (generic.c's tests).
 */
static int compiles_to_nothing(struct statement *s)
{
	return s->type == STMT_ITERATOR && !s->iterator_pre_condition &&
	       literal_cond(s->iterator_post_condition) == 0 &&
	       s->iterator_statement &&
	       s->iterator_statement->type == STMT_COMPOUND &&
	       !s->iterator_statement->stmts;
}

/* The body of a primitive: its gotos and nested primitives still count. */
static void walk_instance_stmt(struct ctx *c, struct instance *in,
			       struct statement *stmt, struct states *st)
{
	struct instance *saved = c->cur;
	struct states before = *st;
	int i;

	if (in->api->kind == UA_END && compiles_to_nothing(stmt))
		return;
	if (!in->stmt && !in->expr)
		in->stmt = stmt;
	event(c, in, st, BEGIN_USED);
	c->cur = in;
	if (in->api->kind == UA_SCOPED) {
		c->scope_depth++;
		walk_stmt(c, stmt, st);
		c->scope_depth--;
		/*
		 * The cleanup ends it on every exit, where GCC places its
		 * call, at the pointer argument: what a nested scope's
		 * cleanup ended already ends twice.  It ends any region open
		 * around the block too (a nested-region).
		 */
		for (i = 0; i < st->n; i++)
			region_end(&c->sink, in->ptr_arg.n > 0 ? &in->ptr_arg.t[0].pos : &in->pos,
				   &st->s[i], in->api->name);
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
	if (in->call)
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

/* @e without the casts around it, __force ones too. */
struct expression *strip_casts(struct expression *e)
{
	while (e && (e->type == EXPR_CAST || e->type == EXPR_FORCE_CAST ||
		     e->type == EXPR_IMPLIED_CAST))
		e = e->cast_expression;
	return e;
}

/* The checking begin expression @e is, if it is one. */
static struct instance *begin_at(struct ctx *c, struct expression *e)
{
	struct instance *in;

	e = strip_casts(e);
	if (!e)
		return NULL;
	in = starts_here(c, e->pos);
	if (!in && e->type == EXPR_CALL && !muted(c, e->pos))
		in = call_instance(c, e);
	return in && in->api->kind == UA_BEGIN ? in : NULL;
}

/* The variable @e reads: evaluation writes 'v' as '*(&v)'. */
struct symbol *var_of(struct expression *e)
{
	e = strip_casts(e);
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
	struct position *told = c->arg_of, here;
	struct instance *in;
	struct expression *arg;
	struct states t, f;

	c->arg_of = NULL;
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
		/*
		 * GCC gives a call that is another's argument, with no
		 * conversion between, the place of that call.
		 */
		here = call_place(e);
		FOR_EACH_PTR(e->args, arg) {
			if (arg && arg->type == EXPR_CALL)
				c->arg_of = told ? told : &here;
			walk_expr(c, arg, st);
		} END_FOR_EACH_PTR(arg);
		if (!muted(c, e->pos)) {
			check_call(c, e, st, told);
			walk_inline(c, callee(e->fn), st);
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
	if (label && join(label_of(c, label), st))
		c->labels_grown++;
}

/* A path leaves the scoped blocks it is in: their cleanups ran. */
static void end_scopes(struct states *st)
{
	struct states out = { 0 };
	int i;

	for (i = 0; i < st->n; i++)
		add_state(&out, st->s[i].flags & REGION_SCOPED ?
			  closed_state : st->s[i]);
	*st = out;
}

void check_leak(struct ctx *c, struct position pos, struct states *st)
{
	int i;

	for (i = 0; i < st->n; i++)
		region_exit(&c->sink, &pos, &st->s[i]);
}

/*
 * Where GCC places a return: at its value; where that is a call, at the
 * call ('other' of 'return other(a);'), not at the '(' where sparse
 * places it.
 */
static struct position return_place(struct statement *stmt)
{
	struct expression *e = stmt->ret_value;

	while (e && e->type == EXPR_IMPLIED_CAST)
		e = e->cast_expression;
	if (e && e->type == EXPR_CALL && e->fn)
		return call_place(e);
	return stmt->ret_value ? stmt->ret_value->pos : stmt->pos;
}

static void walk_loop(struct ctx *c, struct statement *stmt, struct states *st)
{
	struct states in, cur, t, f, exits = { 0 };
	int pass, grown;

	walk_stmt(c, stmt->iterator_pre_statement, st);
	in = *st;
	for (pass = 0; pass < 2; pass++) {
		cur = in;
		grown = c->labels_grown;
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
		/*
		 * Nothing new at the top nor at a label, the second pass
		 * would walk the same states: 'do { } while (0)', which the
		 * accessors' macros nest several deep, is walked once.
		 */
		if (!join(&in, &cur) && c->labels_grown == grown)
			break;
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

void walk_stmt(struct ctx *c, struct statement *stmt, struct states *st)
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
		e = strip_casts(stmt->expression);
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
		check_leak(c, return_place(stmt), st);
		if (c->returns) {
			/* its own scopes end with it, not its caller's */
			if (!c->caller_scopes)
				end_scopes(st);
			join(c->returns, st);
		}
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
		/* a label outside every scope: a goto left them */
		if (!c->scope_depth)
			end_scopes(st);
		walk_stmt(c, stmt->label_statement, st);
		break;
	case STMT_GOTO:
		/* 'goto label', or 'goto *p' to any of its targets */
		goto_label(c, stmt->goto_label, st);
		FOR_EACH_PTR(stmt->target_list, sym) {
			goto_label(c, sym, st);
		} END_FOR_EACH_PTR(sym);
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

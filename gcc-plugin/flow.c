// SPDX-License-Identifier: GPL-2.0
/*
 * The data-flow over a function's CFG: the region state reaching each
 * block, split by the value of a scope's flag, moved by each statement's
 * role (roles.c) through the transitions of region/region.c; where a
 * checking begin's result is tested; the leaks at the function's exits;
 * an inline helper's body at its call (uaccess_plugin.c analyses it).
 */
#include "uaccess_plugin.h"

/*
 * A scoped region is three nested for loops that run once, driven by a
 * flag 'done' declared in the macro.  Paths that go round such a loop
 * again are not feasible: the state is split by the value the current
 * scope flag was last given (0, 1, or unknown) and a test of the flag
 * prunes the edge it cannot take.
 */
enum { FLAG_0, FLAG_1, FLAG_ANY, NFLAG };

struct ua_flow {
	struct region_state v[NFLAG];
};

/*
 * Whether @stmt gives its result the truth of *@from (1), its negation
 * (-1), or neither (0): a copy, a conversion, '!', '^ 1', '== 0', '!= 0',
 * __builtin_expect().
 */
static int copies_truth(gimple *stmt, tree *from)
{
	tree b;

	if (is_gimple_call(stmt)) {
		if (!gimple_call_lhs(stmt) || !gimple_call_builtin_p(stmt, BUILT_IN_EXPECT))
			return 0;
		*from = gimple_call_arg(stmt, 0);
		return 1;
	}
	if (!is_gimple_assign(stmt))
		return 0;
	*from = gimple_assign_rhs1(stmt);
	b = gimple_num_ops(stmt) > 2 ? gimple_assign_rhs2(stmt) : NULL_TREE;
	switch (gimple_assign_rhs_code(stmt)) {
	case BIT_NOT_EXPR:
	case TRUTH_NOT_EXPR:
		return -1;
	case BIT_XOR_EXPR:
		return b && integer_onep(b) ? -1 : 0;
	case EQ_EXPR:
		return b && integer_zerop(b) ? -1 : 0;
	case NE_EXPR:
		return b && integer_zerop(b) ? 1 : 0;
	default:
		return CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(stmt)) ||
		       gimple_assign_rhs_code(stmt) == TREE_CODE(*from);
	}
}

/*
 * Follow a begin's result, and a scope flag (the '!done' tests), into
 * the variables that copy or negate it.
 */
static void track_truth(struct fn_info *fi, gimple *stmt)
{
	tree from, lhs = gimple_get_lhs(stmt);
	int sign = copies_truth(stmt, &from), *pol;
	result_info *r;

	if (lhs && scope_flag_decl(lhs) && !fi->flags.get(lhs))
		fi->flags.put(lhs, 1);
	if (!sign || lhs == from)
		return;
	r = fi->res.get(from);
	if (r) {
		result_info copy = { r->pol * sign, r->begin };

		fi->res.put(lhs, copy);
	}
	pol = fi->flags.get(from);
	if (pol)
		fi->flags.put(lhs, *pol * sign);
}

/*
 * For a condition on a begin's result: 1 if its true edge is the
 * begin's success, -1 if its false edge is, 0 if it tests no result.
 */
static int cond_polarity(result_map &res, gimple *stmt, gimple **begin)
{
	result_info *r = res.get(gimple_cond_lhs(stmt));

	if (!r || !integer_zerop(gimple_cond_rhs(stmt)))
		return 0;
	*begin = r->begin;
	switch (gimple_cond_code(stmt)) {
	case NE_EXPR:
		return r->pol;
	case EQ_EXPR:
		return -r->pol;
	default:
		return 0;
	}
}

static void do_open(struct fn_info *fi, gimple *stmt, const struct stmt_role *r,
		    struct region_state *st, struct region_sink *sink)
{
	const struct ua_begin *b = *fi->begins->get(stmt);
	tree var = NULL_TREE;

	region_open(sink, &r->loc, st, &b->region, fi->tested.contains(stmt));
	/*
	 * unverified-region: of a region a non-checking open opened afresh,
	 * not of a begin in an open region (a region is open after it
	 * whether or not it succeeds), is the pointer, the call's first
	 * argument (none: a bare stac()), checked in the function?
	 */
	if (st->begin != &b->region || r->kind != UA_OPEN)
		return;
	if (is_gimple_call(stmt) && gimple_call_num_args(stmt))
		var = pointer_ident(fi, gimple_call_arg(stmt, 0));
	region_verify(sink, &r->loc, &fi->checks, DECL_SOURCE_FILE(current_function_decl),
		      r->name, var, var ? IDENTIFIER_POINTER(var) : NULL);
}

/* A copy of a few bytes, which GCC expands inline (region_expanded_copy()). */
static bool expanded_copy(gimple *stmt, tree fn)
{
	tree len = gimple_call_num_args(stmt) == 3 ? gimple_call_arg(stmt, 2) : NULL_TREE;

	return len && tree_fits_shwi_p(len) &&
	       region_expanded_copy(IDENTIFIER_POINTER(DECL_NAME(fn)), tree_to_shwi(len));
}

/*
 * The first call in the body of inline @fn, called in a region, that may
 * not run with user access enabled once @fn is inlined: in @found, its
 * callee, or NULL_TREE for an indirect call.  An inline callee is looked
 * into, as sparse-uaccess looks into it.
 */
static bool unsafe_call_in(tree fn, int depth, tree *found)
{
	struct fn_info body = fn_info();
	gimple_stmt_iterator gsi;
	basic_block bb;
	tree callee;

	if (depth > 6)
		return false;
	/* its temporaries, for a static call's __SCT__ function */
	FOR_EACH_BB_FN(bb, DECL_STRUCT_FUNCTION(fn))
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
			record_def(&body, gsi_stmt(gsi));
	FOR_EACH_BB_FN(bb, DECL_STRUCT_FUNCTION(fn)) {
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);

			if (!is_gimple_call(stmt) || gimple_call_internal_p(stmt) ||
			    classify(stmt).role != R_CALL)
				continue;
			callee = called_fndecl(&body, stmt);
			*found = callee;
			if (!callee)
				return true;
			if (region_safe_name(IDENTIFIER_POINTER(DECL_NAME(callee))) ||
			    expanded_copy(stmt, callee))
				continue;
			if (inline_body(callee) ? unsafe_call_in(callee, depth + 1, found) :
			    !uaccess_safe(callee))
				return true;
		}
	}
	return false;
}

/*
 * A call in a region that may not run with user access enabled: an
 * out-of-line function not uaccess-safe, a plain inline one, a call in
 * the body of an __always_inline one (told here, "through" it); then an
 * inline helper's body moves the state as it will once inlined.
 */
static void do_call(struct fn_info *fi, gimple *stmt, const struct stmt_role *r,
		    struct region_state *st, bool emit)
{
	tree fn = called_fndecl(fi, stmt), bad;
	location_t loc = r->loc;

	if (emit && (st->bits & (REGION_OPEN | REGION_PENDING)) &&
	    !gimple_call_internal_p(stmt)) {
		if (!fn)
			region_call(&fi->sink, &loc, st, NULL, NULL, false);
		else if (lookup_attribute("always_inline", DECL_ATTRIBUTES(fn)) &&
			 inline_body(fn)) {
			if (unsafe_call_in(fn, 0, &bad))
				region_call(&fi->sink, &loc, st,
					    bad ? IDENTIFIER_POINTER(DECL_NAME(bad)) : NULL,
					    bad ? IDENTIFIER_POINTER(DECL_NAME(fn)) : NULL,
					    false);
		} else if (!uaccess_safe(fn) && !expanded_copy(stmt, fn)) {
			region_call(&fi->sink, &loc, st, IDENTIFIER_POINTER(DECL_NAME(fn)),
				    NULL, DECL_DECLARED_INLINE_P(fn));
		}
	}
	if (fn && inline_body(fn))
		analyse_helper(fi, fn, st, emit);
}

/* Apply statement @stmt to one state. */
static void step(struct fn_info *fi, gimple *stmt, struct region_state *st,
		 bool emit)
{
	struct stmt_role r = classify(stmt);
	struct region_sink quiet = { NULL, fi->sink.fn };
	struct region_sink *sink = emit ? &fi->sink : &quiet;

	if (emit && opt_debug && r.role != R_NONE)
		inform(gimple_location(stmt), "role %d kind %d mode %d %s",
		       r.role, r.kind, r.mode, r.name ? r.name : "-");
	switch (r.role) {
	case R_OPEN:
		do_open(fi, stmt, &r, st, sink);
		break;
	case R_END:
		region_end(sink, &r.loc, st, r.name);
		break;
	case R_ACCESS:
		/*
		 * An accessor moves no state: it is only checked, once.  A
		 * call of an __unsafe_*() function (of no mode: it may read
		 * and write) reaches beyond its arguments: only its region is
		 * checked.
		 */
		if (emit && r.mode)
			check_range(fi, stmt, &r, st);
		if (emit)
			region_access(sink, &r.loc, st, r.name, r.mode);
		break;
	case R_CALL:
		do_call(fi, stmt, &r, st, emit);
		break;
	case R_SAVE:
		region_save(st);
		break;
	case R_RESTORE:
		region_restore(st);
		break;
	default:
		break;
	}
}

/* The scope flag was given value @one: the flow is split by it again. */
static void set_flag(struct ua_flow *fl, bool one)
{
	struct ua_flow nf = {};
	int i;

	for (i = 0; i < NFLAG; i++)
		region_join(&nf.v[one ? FLAG_1 : FLAG_0], &fl->v[i]);
	*fl = nf;
}

/* The flow after block @bb, from the flow @fl at its entry. */
static void transfer(struct fn_info *fi, basic_block bb, struct ua_flow *fl,
		     bool emit)
{
	gimple_stmt_iterator gsi;
	int i;

	for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
		gimple *stmt = gsi_stmt(gsi);

		if (is_gimple_debug(stmt))
			continue;
		if (gimple_assign_single_p(stmt) &&
		    fi->flags.get(gimple_assign_lhs(stmt)) &&
		    scope_flag_decl(gimple_assign_lhs(stmt)) &&
		    TREE_CODE(gimple_assign_rhs1(stmt)) == INTEGER_CST) {
			set_flag(fl, !integer_zerop(gimple_assign_rhs1(stmt)));
			continue;
		}
		for (i = 0; i < NFLAG; i++)
			if (fl->v[i].bits)
				step(fi, stmt, &fl->v[i], emit);
	}
}

/* The state along edge @e out of a block whose exit state is @st. */
static struct region_state edge_state(struct fn_info *fi, edge e,
				      struct region_state st)
{
	gimple *last = last_nondebug_stmt(e->src), *b = NULL;
	int pol;

	if (!last || gimple_code(last) != GIMPLE_COND)
		return st;
	pol = cond_polarity(fi->res, last, &b);
	if (pol)
		region_tested(&st, (e->flags & EDGE_TRUE_VALUE) ? pol > 0 : pol < 0);
	pol = classify(last).kernel;
	if (pol && ((e->flags & EDGE_TRUE_VALUE) ? pol > 0 : pol < 0))
		region_kernel_address(&st);
	return st;
}

/* Whether edge @e can be taken when the scope flag has value @val. */
static bool flag_allows(struct fn_info *fi, edge e, int val)
{
	gimple *last = last_nondebug_stmt(e->src);
	int *pol;
	bool truth;

	if (val == FLAG_ANY || !last || gimple_code(last) != GIMPLE_COND ||
	    !(e->flags & (EDGE_TRUE_VALUE | EDGE_FALSE_VALUE)))
		return true;
	pol = fi->flags.get(gimple_cond_lhs(last));
	if (!pol || !integer_zerop(gimple_cond_rhs(last)))
		return true;
	/* The condition's value: (flag ^ negated) compared with zero. */
	truth = (val == FLAG_1) == (*pol > 0);
	if (gimple_cond_code(last) == EQ_EXPR)
		truth = !truth;
	else if (gimple_cond_code(last) != NE_EXPR)
		return true;
	return (e->flags & EDGE_TRUE_VALUE) ? truth : !truth;
}

/* The flow along edge @e out of a block whose exit flow is @fl. */
static struct ua_flow edge_flow(struct fn_info *fi, edge e, struct ua_flow fl)
{
	int i;

	for (i = 0; i < NFLAG; i++) {
		if (!flag_allows(fi, e, i))
			memset(&fl.v[i], 0, sizeof(fl.v[i]));
		else
			fl.v[i] = edge_state(fi, e, fl.v[i]);
	}
	return fl;
}

static unsigned flow_bits(struct ua_flow fl)
{
	return fl.v[0].bits | fl.v[1].bits | fl.v[2].bits;
}

/* The location of a path's last step into the function's exit. */
static location_t last_step(edge e)
{
	gimple *last = last_nondebug_stmt(e->src);

	if (LOCATION_LOCUS(e->goto_locus) != UNKNOWN_LOCATION)
		return e->goto_locus;
	if (last && LOCATION_LOCUS(gimple_location(last)) != UNKNOWN_LOCATION)
		return gimple_location(last);
	return DECL_SOURCE_LOCATION(current_function_decl);
}

/*
 * Where the source wrote a void function's 'return;', by the location of
 * its caret (a statement's location may carry a range, an edge's none).
 */
static uid_set *return_locs;

static tree note_statement(gimple_stmt_iterator *gsi, bool *handled_ops,
			   struct walk_stmt_info *wi)
{
	gimple *stmt = gsi_stmt(*gsi);
	bool void_fn = wi->info;

	/* (not handled: the walk goes into binds and tries) */
	if (void_fn && gimple_code(stmt) == GIMPLE_RETURN && gimple_has_location(stmt))
		return_locs->add(get_pure_location(gimple_location(stmt)));
	else if (is_gimple_call(stmt))
		note_scoped_size(stmt);
	return NULL_TREE;
}

/*
 * Before "lower", what lowering and the CFG lose: the returns of a void
 * function, which lowering merges into one that has the place of none of
 * them, and the size of a masked scope (ranges.c).
 */
unsigned int note_unlowered(void)
{
	struct walk_stmt_info wi;

	if (!return_locs)
		return_locs = new uid_set;
	memset(&wi, 0, sizeof(wi));
	wi.info = (void *)VOID_TYPE_P(TREE_TYPE(TREE_TYPE(current_function_decl)));
	walk_gimple_seq(gimple_body(current_function_decl), note_statement, NULL, &wi);
	return 0;
}

/*
 * Where a path along @e, into the function's return block or from it
 * out of the function, leaves it.  The return a void function's body
 * falls off its end to has no place of its own (the last 'return;'
 * stands for it) or the closing brace's: a path there by no 'return' of
 * the source falls off the end, told at the function's line, as
 * sparse-uaccess tells it (it knows no end of a body).
 */
static location_t exit_loc(edge e)
{
	location_t loc = last_step(e), at;
	gimple *ret = last_nondebug_stmt(e->dest == EXIT_BLOCK_PTR_FOR_FN(cfun) ?
					 e->src : e->dest);

	if (!ret || gimple_code(ret) != GIMPLE_RETURN ||
	    !VOID_TYPE_P(TREE_TYPE(TREE_TYPE(current_function_decl))))
		return loc;
	at = LOCATION_LOCUS(gimple_location(ret));
	if ((at == UNKNOWN_LOCATION || at == cfun->function_end_locus) &&
	    !(return_locs && return_locs->contains(get_pure_location(loc))))
		return DECL_SOURCE_LOCATION(current_function_decl);
	return loc;
}

/* Whether block @bb only returns: no region event in it. */
static bool only_returns(basic_block bb)
{
	gimple_stmt_iterator gsi;

	if (!single_succ_p(bb) ||
	    single_succ(bb) != EXIT_BLOCK_PTR_FOR_FN(cfun))
		return false;
	for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
		struct stmt_role r = classify(gsi_stmt(gsi));

		if (r.role != R_NONE && r.role != R_PART)
			return false;
	}
	return true;
}

/*
 * A path with flow @fl leaves the function along @e: an inline helper's
 * caller goes on from it (fi->exit), and a region it leaves open leaks
 * (region_exit() says which: not a scope's, nor one the caller opened).
 */
static void check_exit(struct fn_info *fi, struct ua_flow fl, edge e)
{
	struct region_state leak = {};
	location_t loc;
	int i;

	for (i = 0; i < NFLAG; i++) {
		if (fi->exit)
			region_join(fi->exit, &fl.v[i]);
		if ((fl.v[i].bits & REGION_OPEN) && !(fl.v[i].flags & REGION_BLIND))
			region_join(&leak, &fl.v[i]);
	}
	/* Most leave with no region open: where does not matter. */
	if (!leak.bits)
		return;
	loc = exit_loc(e);
	region_exit(&fi->sink, &loc, &leak);
}

static void check_leaks(struct fn_info *fi, struct ua_flow *out)
{
	edge e, p;
	edge_iterator ei, pi;

	FOR_EACH_EDGE(e, ei, EXIT_BLOCK_PTR_FOR_FN(cfun)->preds) {
		basic_block bb = e->src;

		if (only_returns(bb)) {
			FOR_EACH_EDGE(p, pi, bb->preds)
				check_exit(fi, edge_flow(fi, p, out[p->src->index]), p);
			continue;
		}
		check_exit(fi, out[bb->index], e);
	}
}

/*
 * The pointers of statement @stmt of role @r, once the definitions are
 * all known: what a check checks, what a begin covers (a masked one,
 * what the masking before it in its block, *@masking, was given).
 */
static void scan_pointers(struct fn_info *fi, gimple *stmt,
			  const struct stmt_role *r, gimple **masking)
{
	bool pointer = is_gimple_call(stmt) && gimple_call_num_args(stmt) &&
		       POINTER_TYPE_P(TREE_TYPE(gimple_call_arg(stmt, 0)));

	if (pointer && r->role == R_CHECK && r->kind == UA_MASKED)
		*masking = stmt;
	if (pointer && (r->role == R_CHECK ||
			(r->role == R_OPEN && r->kind == UA_BEGIN)))
		record_check(fi, gimple_call_arg(stmt, 0));
	if (r->role != R_OPEN)
		return;
	if (pointer && r->kind == UA_BEGIN)
		record_range(fi, *fi->begins->get(stmt), stmt, false);
	else if (*masking && r->kind == UA_MASKED)
		record_range(fi, *fi->begins->get(stmt), *masking, r->whole);
}

/* Begins, tested results, checks: what does not depend on the path. */
void scan_function(struct fn_info *fi)
{
	basic_block bb;
	int round;

	for (round = 0; round < 2; round++) {
		FOR_EACH_BB_FN(bb, cfun) {
			gimple_stmt_iterator gsi;
			gimple *masking = NULL;

			for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
				gimple *stmt = gsi_stmt(gsi), *begin;
				struct stmt_role r = classify(stmt);

				if (!round && r.role == R_OPEN) {
					bool existed;
					struct ua_begin *&b = fi->begins->get_or_insert(stmt, &existed);
					struct region_begin rb = {
						r.name, (unsigned int)LOCATION_LINE(r.loc),
						r.kind, r.mode, r.blind,
					};

					if (!existed)
						b = XCNEW(struct ua_begin);
					b->region = rb;
					fi->opens++;
				}
				if (r.role == R_CHECK ||
				    (r.role == R_OPEN && r.kind == UA_MASKED))
					fi->checks.any = true;
				if (!round)
					record_def(fi, stmt);
				if (round)
					scan_pointers(fi, stmt, &r, &masking);
				if (r.role == R_OPEN && r.kind == UA_BEGIN &&
				    gimple_call_lhs(stmt)) {
					result_info ri = { 1, stmt };

					fi->res.put(gimple_call_lhs(stmt), ri);
				}
				track_truth(fi, stmt);
				if (gimple_code(stmt) == GIMPLE_COND &&
				    cond_polarity(fi->res, stmt, &begin))
					fi->tested.add(begin);
			}
		}
	}
}

/*
 * The data-flow over the current function from state @entry; with
 * @exit, the states at its returns, joined, for an inline helper's
 * caller to go on from.
 */
void analyse(struct fn_info *fi, struct region_state entry,
	     struct region_state *exit)
{
	int n = last_basic_block_for_fn(cfun);
	struct ua_flow *in = XCNEWVEC(struct ua_flow, n);
	struct ua_flow *out = XCNEWVEC(struct ua_flow, n);
	int *order = XNEWVEC(int, n);
	int count = pre_and_rev_post_order_compute(NULL, order, false);
	bool changed = true;
	int i;

	in[ENTRY_BLOCK_PTR_FOR_FN(cfun)->next_bb->index].v[FLAG_ANY] = entry;
	while (changed) {
		changed = false;
		for (i = 0; i < count; i++) {
			basic_block bb = BASIC_BLOCK_FOR_FN(cfun, order[i]);
			struct ua_flow fl = in[bb->index], along;
			edge e;
			edge_iterator ei;
			int j;

			if (!flow_bits(fl))
				continue;
			transfer(fi, bb, &fl, false);
			out[bb->index] = fl;
			FOR_EACH_EDGE(e, ei, bb->succs) {
				if (e->dest == EXIT_BLOCK_PTR_FOR_FN(cfun))
					continue;
				along = edge_flow(fi, e, fl);
				for (j = 0; j < NFLAG; j++)
					changed |= region_join(&in[e->dest->index].v[j], &along.v[j]);
			}
		}
	}
	for (i = 0; i < count; i++) {
		basic_block bb = BASIC_BLOCK_FOR_FN(cfun, order[i]);
		struct ua_flow fl = in[bb->index];

		if (flow_bits(fl))
			transfer(fi, bb, &fl, true);
	}
	fi->exit = exit;
	check_leaks(fi, out);
	XDELETEVEC(in);
	XDELETEVEC(out);
	XDELETEVEC(order);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * uaccess_plugin: check Linux user-access regions at compile time.
 *
 * A GIMPLE pass right after "cfg" follows, path by path, whether a
 * user-access region (user_access_begin() ... user_access_end(), or a
 * scoped_user_*_access() block) is open, and reports the region defects
 * of the uabatch contract with " [uaccess:<id>]".
 *
 * At that pass nothing is inlined yet: the API shows as calls to its
 * inline primitives (user_access_begin, stac, clac, mask_user_address),
 * and the macro the source wrote is recovered from the statement's
 * location.  Which name is what comes from the model of the API
 * (build/uaccess_model.h, generated from model/uaccess.api).
 *
 * A second GIMPLE pass, "uaccess_inlined", runs the same analysis once
 * the inliner is done, on the functions that inlined a helper, and
 * reports only what the first pass could not see: a defect in an
 * inlined helper's body given its caller's region, or in the caller
 * given what the helper did.  Its locations keep their inlined BLOCK,
 * so GCC prints the "inlined from" trail.
 *
 * Options, as -fplugin-arg-uaccess_plugin-<name>[=<value>]:
 *	werror			report errors, not warnings
 *	disable=<id,...>	do not report these ids
 *	safe-list=<file>	more uaccess-safe functions, one name a line
 *	time-report		print the CPU time of the pass at the end
 */

#include "gcc-compat.h"
#include "uaccess_model.h"

int plugin_is_GPL_compatible;

static struct plugin_info uaccess_plugin_info = {
	.version = "1",
	.help = "werror\tdiagnostics are errors\n"
		"disable=<id,...>\tdo not report these ids\n"
		"safe-list=<file>\tmore uaccess-safe functions, one a line\n"
		"time-report\tprint the CPU time of the pass\n",
};

/* objtool's uaccess_safe_builtin[]: calls it accepts in a region. */
static const char *const objtool_safe[] = {
#include "objtool_safe.h"
};

/* The contract's region-defect ids, for one key per line and id. */
static const char *const ids[] = {
	"call-in-region", "region-leak", "unbalanced-region-end",
	"nested-region", "unsafe-outside-region", "unverified-region",
	"unchecked-region-begin", "mode-mismatch", "pointer-mismatch",
};

static bool opt_werror;
static bool opt_debug;		/* UACCESS_DEBUG=1: show each statement's role */
static bool opt_time_report;
static double pass_seconds;
static unsigned long functions_seen, functions_analysed, functions_inlined;
static hash_set<nofree_string_hash> *disabled_ids;
static hash_set<nofree_string_hash> *extra_safe;

/* Which of the two passes is running: the roles and reports differ. */
static bool after_inlining;

typedef hash_set<int_hash<unsigned int, 0, UINT_MAX> > uid_set;
typedef hash_set<int_hash<unsigned HOST_WIDE_INT, 0, HOST_WIDE_INT_M1U> > key_set;
/*
 * What the first pass leaves the second, by DECL_UID (a decl's uid is
 * never reused): the functions that touch the API, and those that open
 * a region the generic way (whose inlined copy has nothing left to see).
 */
static uid_set *touching_fns, *generic_fns;
/* The functions that open or close a region themselves. */
static uid_set *region_fns;
/*
 * Functions whose region reaches a return after a call to an inline
 * helper, which may have closed it: the second pass, which sees the
 * helper's body, decides whether they leak, at those returns and calls
 * (by function uid and line) only.
 */
static uid_set *deferred_fns;
static key_set *deferred_lines;

static unsigned HOST_WIDE_INT line_key(unsigned int uid, location_t loc)
{
	return ((unsigned HOST_WIDE_INT)uid << 32) | LOCATION_LINE(loc);
}

/* Region states, a bit each: a block's state is the union over paths. */
enum {
	ST_CLOSED = 1,
	ST_OPEN = 2,
	ST_PENDING = 4,	/* begun, its result not tested yet */
};

struct ua_state {
	unsigned char bits;
	unsigned char mode;	/* UA_READ | UA_WRITE of the open region */
	/*
	 * The region was opened the generic way and its end leaves nothing
	 * in GIMPLE: where it ends is unknown.
	 */
	unsigned char blind;
	/* An inlined helper opened or closed it (second pass). */
	unsigned char inl;
	/* An inline helper was called in it, and may have closed it. */
	unsigned char maybe;
	gimple *begin;		/* the begin of the open region, or MANY */
};

/* More than one begin reaches here. */
#define MANY_BEGINS ((gimple *)1)

/*
 * A scoped region is three nested for loops that run once, driven by a
 * flag 'done' declared in the macro.  Paths that go round such a loop
 * again are not feasible: the state is split by the value the current
 * scope flag was last given (0, 1, or unknown) and a test of the flag
 * prunes the edge it cannot take.
 */
enum { FLAG_0, FLAG_1, FLAG_ANY, NFLAG };

struct ua_flow {
	struct ua_state v[NFLAG];
};

/* What a statement is to the region. */
enum role {
	R_NONE,		/* ordinary code */
	R_PART,		/* inside an API macro: not a call of its own */
	R_CALL,		/* an ordinary call */
	R_OPEN,		/* opens a region */
	R_END,		/* closes it */
	R_ACCESS,	/* an unsafe_*() accessor */
	R_CHECK,	/* access_ok(), masking */
};

struct stmt_role {
	enum role role;
	enum uaccess_kind kind;	/* how the source opened it */
	enum uaccess_mode mode;
	const char *name;	/* the name the source wrote */
	bool generic;		/* a begin that is only access_ok() */
	bool blind;		/* ... whose end cannot be seen */
	bool helper;		/* in an inlined helper's body (second pass) */
};

/* Ordinary code: no part of the API. */
static const struct stmt_role ordinary = { R_NONE, UA_ACCESS, UA_RW };

static const struct uaccess_name *model_lookup(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(uaccess_names); i++)
		if (!strcmp(uaccess_names[i].name, name))
			return &uaccess_names[i];
	return NULL;
}

/*
 * Macro names are the preprocessor's interned strings: look each up in
 * the model once (kernel code expands many macros on every line).
 */
static hash_map<const char *, const struct uaccess_name *> *macro_cache;

static const struct uaccess_name *model_lookup_macro(const char *name)
{
	const struct uaccess_name **hit = macro_cache->get(name);
	const struct uaccess_name *u;

	if (hit)
		return *hit;
	u = model_lookup(name);
	macro_cache->put(name, u);
	return u;
}

/*
 * The model names among the macros that location @loc was expanded
 * from, outermost first.  Returns how many.
 */
static int model_macros(location_t loc, const struct uaccess_name **out, int max)
{
	const struct uaccess_name *inner[16];
	const line_map *map;
	int n = 0, i;

	while (n < 16 && linemap_location_from_macro_expansion_p(line_table, loc)) {
		const line_map_macro *mm;
		const struct uaccess_name *u;

		map = linemap_lookup(line_table, loc);
		mm = linemap_check_macro(map);
		u = model_lookup_macro(linemap_map_get_macro_name(mm));
		if (u)
			inner[n++] = u;
		loc = linemap_unwind_toward_expansion(line_table, loc, &map);
	}
	for (i = 0; i < n && i < max; i++)
		out[i] = inner[n - 1 - i];
	return i;
}

/* The first model macro under the scoped ones: what a scope expands to. */
static const struct uaccess_name *unscoped(const struct uaccess_name **m, int n)
{
	int i;

	for (i = 0; i < n && m[i]->kind == UA_SCOPED; i++)
		;
	return i < n ? m[i] : NULL;
}

static const char *callee_name(const gimple *stmt)
{
	tree fn = gimple_call_fndecl(stmt);

	if (!fn || !DECL_NAME(fn))
		return NULL;
	return IDENTIFIER_POINTER(DECL_NAME(fn));
}

/* The role of a primitive called by name, from the model. */
static enum role call_role(const struct uaccess_name *u)
{
	switch (u->kind) {
	case UA_BEGIN:
	case UA_MASKED:
	case UA_OPEN:
		return R_OPEN;
	case UA_END:
		return R_END;
	case UA_CHECK:
		return R_CHECK;
	default:
		return R_PART;
	}
}

/*
 * The cleanup call of a scope: f(&var), no result, var the scope's
 * pointer (what __cleanup() makes of the declaration on every exit).
 */
static bool scope_cleanup(gimple *stmt)
{
	tree arg;

	if (gimple_call_num_args(stmt) != 1 || gimple_call_lhs(stmt) ||
	    !gimple_call_fndecl(stmt))
		return false;
	arg = gimple_call_arg(stmt, 0);
	return TREE_CODE(arg) == ADDR_EXPR &&
	       TREE_CODE(TREE_OPERAND(arg, 0)) == VAR_DECL &&
	       POINTER_TYPE_P(TREE_TYPE(TREE_OPERAND(arg, 0)));
}

/* Whether @loc was spelled at its outermost macro's invocation. */
static bool from_macro_argument(location_t loc)
{
	expanded_location spelled, used;

	spelled = expand_location(linemap_resolve_location(line_table, loc,
					LRK_SPELLING_LOCATION, NULL));
	used = expand_location(linemap_resolve_location(line_table, loc,
					LRK_MACRO_EXPANSION_POINT, NULL));
	return spelled.file && used.file && !strcmp(spelled.file, used.file) &&
	       spelled.line == used.line;
}

static struct stmt_role classify_uncached(gimple *stmt)
{
	const struct uaccess_name *m[8], *callee = NULL, *top, *u;
	struct stmt_role r = ordinary;
	bool call = is_gimple_call(stmt);
	int n;

	/*
	 * Every API element shows as a call or an asm: the accessors are
	 * asm (x86) or calls (generic), begins and ends are calls.
	 */
	if (!call && gimple_code(stmt) != GIMPLE_ASM)
		return r;

	if (call && callee_name(stmt))
		callee = model_lookup_macro(callee_name(stmt));
	n = model_macros(gimple_location(stmt), m, 8);
	/*
	 * A call the source wrote in an accessor's argument,
	 * 'unsafe_put_user(f(x), p, l)', is the source's own call.  (Not
	 * so in a scope: its cleanup call is located at the pointer
	 * argument.)
	 */
	if (n && m[0]->kind == UA_UNSAFE && call && !callee &&
	    from_macro_argument(gimple_location(stmt)))
		n = 0;
	if (!n) {
		if (!call)
			return r;
		if (!callee) {
			r.role = R_CALL;
			return r;
		}
		/* A primitive called directly: the model says what it is. */
		r.role = call_role(callee);
		r.kind = callee->kind;
		r.mode = callee->mode;
		r.name = callee->name;
		return r;
	}
	top = m[0];
	r.name = top->name;
	r.mode = top->mode;
	r.kind = top->kind;
	if (top->kind == UA_UNSAFE) {
		r.role = R_ACCESS;
		return r;
	}
	if (top->kind == UA_CHECK) {
		r.role = R_CHECK;
		return r;
	}
	r.role = R_PART;
	if (!call)
		return r;
	if (top->kind == UA_SCOPED) {
		/*
		 * The scope's own calls: the begin it expands to, and the
		 * cleanup function (not in the model) on every exit.
		 */
		if (!callee) {
			r.role = scope_cleanup(stmt) ? R_END : R_CALL;
			return r;
		}
		r.kind = n > 1 ? m[1]->kind : callee->kind;
		if (r.kind == UA_SCOPED)
			r.kind = callee->kind;
	}
	if (callee)
		r.role = call_role(callee);
	/*
	 * The generic fallback of include/linux/uaccess.h (an architecture
	 * with no user_access_begin() of its own): the begin is access_ok().
	 */
	u = unscoped(m, n);
	if (r.role == R_CHECK && u && u->kind == UA_BEGIN) {
		r.role = R_OPEN;
		r.kind = UA_BEGIN;
		r.generic = true;
		/*
		 * A scope's end is its cleanup call; the classic end,
		 * do { } while (0), leaves nothing.  (With -g, debug
		 * markers do, but CFG cleanup moves or drops those of an
		 * empty block: at 'efault_end: end(); efault:' they land
		 * after the label.)
		 */
		r.blind = top->kind != UA_SCOPED;
	}
	if (r.role == R_OPEN && top->kind != UA_SCOPED && top->kind != UA_BEGIN &&
	    top->kind != UA_MASKED && top->kind != UA_OPEN)
		r.role = R_PART;	/* e.g. the stac() inside __put_user() */
	if (r.role == R_END && top->kind != UA_END && top->kind != UA_SCOPED)
		r.role = R_PART;
	return r;
}

/* Where the source wrote it: the outermost macro's expansion point. */
static location_t source_loc(location_t loc)
{
	return linemap_resolve_location(line_table, loc,
					LRK_MACRO_EXPANSION_POINT, NULL);
}

/*
 * After inlining, the API's inline primitives are gone: their bodies
 * are in the caller, and each statement's BLOCK says which function it
 * was inlined from and where that function was called.  A statement
 * belongs to the outermost call on that inlining stack that the first
 * pass would have classified as part of the API (by the macros at the
 * call and the callee's name); calls to anything else are helpers,
 * whose bodies are the caller's own code.
 */

/* The model name a call to @fn at @loc is part of, or NULL. */
static const struct uaccess_name *call_site_element(location_t loc, tree fn)
{
	const struct uaccess_name *m[1], *callee = NULL;

	if (TREE_CODE(fn) == FUNCTION_DECL && DECL_NAME(fn))
		callee = model_lookup_macro(IDENTIFIER_POINTER(DECL_NAME(fn)));
	if (model_macros(loc, m, 1) &&
	    !(m[0]->kind == UA_UNSAFE && !callee && from_macro_argument(loc)))
		return m[0];
	return callee;
}

/*
 * In a region element (a begin, an end, a scope) only the primitive
 * that switches user access is the event: the stac() in
 * user_access_begin()'s body opens, not the access_ok() before it.
 */
static enum role switch_role(tree *stack, int from)
{
	const struct uaccess_name *u;
	int i;

	for (i = from; i >= 0; i--) {
		tree fn = block_ultimate_origin(stack[i]);

		if (TREE_CODE(fn) != FUNCTION_DECL || !DECL_NAME(fn))
			continue;
		u = model_lookup_macro(IDENTIFIER_POINTER(DECL_NAME(fn)));
		if (u && u->kind == UA_OPEN)
			return R_OPEN;
		if (u && u->kind == UA_END)
			return R_END;
	}
	return R_PART;
}

static struct stmt_role classify_inlined(gimple *stmt)
{
	struct stmt_role r = ordinary;
	const struct uaccess_name *u = NULL;
	tree stack[16], b;
	int n = 0, i;

	/* The inlined functions' outer blocks, innermost first. */
	for (b = gimple_block(stmt); b && TREE_CODE(b) == BLOCK;
	     b = BLOCK_SUPERCONTEXT(b))
		if (inlined_function_outer_scope_p(b) && n < 16)
			stack[n++] = b;
	for (i = n - 1; i >= 0; i--) {
		u = call_site_element(BLOCK_SOURCE_LOCATION(stack[i]),
				      block_ultimate_origin(stack[i]));
		if (u)
			break;
		r.helper = true;
	}
	if (!u) {
		bool helper = r.helper;

		r = classify_uncached(stmt);
		r.helper = helper;
		return r;
	}
	r.name = u->name;
	r.mode = u->mode;
	r.kind = UA_OPEN;
	switch (u->kind) {
	case UA_UNSAFE:
		r.role = R_ACCESS;
		r.kind = UA_UNSAFE;
		break;
	case UA_ACCESS:
		r.role = R_PART;
		break;
	case UA_CHECK:
		r.role = R_CHECK;
		break;
	default:
		r.role = switch_role(stack, i);
		break;
	}
	return r;
}

/* The roles of the current function's statements, computed once. */
static hash_map<gimple *, struct stmt_role> *role_cache;

static struct stmt_role classify(gimple *stmt)
{
	struct stmt_role *hit, r = ordinary;

	if (!is_gimple_call(stmt) && gimple_code(stmt) != GIMPLE_ASM)
		return r;
	hit = role_cache->get(stmt);
	if (hit)
		return *hit;
	if (after_inlining)
		r = classify_inlined(stmt);
	else
		r = classify_uncached(stmt);
	role_cache->put(stmt, r);
	return r;
}

static bool id_enabled(const char *id)
{
	return !disabled_ids || !disabled_ids->contains(id);
}

static key_set *reported;
/* Lines and ids the first pass reported: the second does not repeat them. */
static key_set *first_pass_keys;

static void report(location_t loc, const char *id, const char *fmt, ...)
	ATTRIBUTE_PRINTF_3;

static void report(location_t loc, const char *id, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	unsigned HOST_WIDE_INT key;
	tree block = LOCATION_BLOCK(loc);
	size_t i;

	if (!id_enabled(id))
		return;
	loc = source_loc(loc);
	/* Code with no place of its own (a shared return) gets the function's. */
	if (loc <= BUILTINS_LOCATION) {
		loc = DECL_SOURCE_LOCATION(current_function_decl);
		block = NULL_TREE;
	}
	for (i = 0; i < ARRAY_SIZE(ids) && strcmp(ids[i], id); i++)
		;
	key = ((unsigned HOST_WIDE_INT)loc << 4) | i;
	if (!after_inlining) {
		first_pass_keys->add(key);
	} else {
		if (first_pass_keys->contains(key))
			return;
		/* An inlined body's BLOCK makes GCC print the "inlined from" trail. */
		if (block) {
			loc = set_block(loc, block);
			key = ((unsigned HOST_WIDE_INT)loc << 4) | i;
		}
	}
	/* One finding per id and line: the fixpoint visits blocks again. */
	if (reported->add(key))
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (opt_werror) {
		error_at(loc, "%s [uaccess:%s]", msg, id);
	} else {
		/*
		 * A finding is a warning even under the kernel's -Werror
		 * (CONFIG_WERROR): failing a build is what 'werror' asks.
		 */
		bool as_error = werror_requested();

		set_werror_requested(false);
		warning_at(loc, 0, "%s [uaccess:%s]", msg, id);
		set_werror_requested(as_error);
	}
}

static bool uaccess_safe(tree fn)
{
	const char *name;
	size_t i;

	if (fndecl_built_in_p(fn, BUILT_IN_NORMAL)) {
		switch (DECL_FUNCTION_CODE(fn)) {
		case BUILT_IN_MEMCPY:
		case BUILT_IN_MEMSET:
		case BUILT_IN_MEMMOVE:
			return false;	/* may stay real calls */
		default:
			return true;
		}
	}
	if (fndecl_built_in_p(fn))
		return true;
	/* Inlined for sure: its body is no call (and is checked on its own). */
	if (lookup_attribute("always_inline", DECL_ATTRIBUTES(fn)))
		return true;
	/* GCC inlines a plain inline function at -O2 unless it is big. */
	if (DECL_DECLARED_INLINE_P(fn))
		return true;
	name = IDENTIFIER_POINTER(DECL_NAME(fn));
	if (model_lookup_macro(name))
		return true;
	for (i = 0; i < ARRAY_SIZE(objtool_safe); i++)
		if (!strcmp(objtool_safe[i], name))
			return true;
	return extra_safe && extra_safe->contains(name);
}

/*
 * The results of checking begins: a variable maps to its polarity
 * (1: true when the begin succeeded, -1: true when it failed) and the
 * begin call it comes from.
 */
struct result_info {
	int pol;
	gimple *begin;
};

typedef hash_map<tree, result_info> result_map;

static bool result_of(result_map *res, tree t, result_info *out)
{
	result_info *r;

	if (!t || (TREE_CODE(t) != VAR_DECL && TREE_CODE(t) != SSA_NAME &&
		   TREE_CODE(t) != PARM_DECL))
		return false;
	r = res->get(t);
	if (!r)
		return false;
	*out = *r;
	return true;
}

/* Follow an assignment or __builtin_expect() from a result variable. */
static void track_result(result_map *res, gimple *stmt)
{
	result_info r;
	tree lhs, a, b;

	if (is_gimple_call(stmt)) {
		lhs = gimple_call_lhs(stmt);
		if (lhs && gimple_call_builtin_p(stmt, BUILT_IN_EXPECT) &&
		    result_of(res, gimple_call_arg(stmt, 0), &r))
			res->put(lhs, r);
		return;
	}
	if (!is_gimple_assign(stmt))
		return;
	lhs = gimple_assign_lhs(stmt);
	a = gimple_assign_rhs1(stmt);
	if (!result_of(res, a, &r))
		return;
	b = gimple_num_ops(stmt) > 2 ? gimple_assign_rhs2(stmt) : NULL_TREE;
	switch (gimple_assign_rhs_code(stmt)) {
	case BIT_NOT_EXPR:
	case TRUTH_NOT_EXPR:
		r.pol = -r.pol;
		break;
	case BIT_XOR_EXPR:
		if (!b || !integer_onep(b))
			return;
		r.pol = -r.pol;
		break;
	case EQ_EXPR:
		if (!b || !integer_zerop(b))
			return;
		r.pol = -r.pol;
		break;
	case NE_EXPR:
		if (!b || !integer_zerop(b))
			return;
		break;
	default:
		if (!CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(stmt)) &&
		    gimple_assign_rhs_code(stmt) != TREE_CODE(a))
			return;
	}
	res->put(lhs, r);
}

/*
 * For a condition on a begin's result: 1 if its true edge is the
 * begin's success, -1 if its false edge is, 0 if it tests no result.
 */
static int cond_polarity(result_map *res, gimple *stmt, gimple **begin)
{
	result_info r;
	tree a = gimple_cond_lhs(stmt), b = gimple_cond_rhs(stmt);

	if (!result_of(res, a, &r) || !integer_zerop(b))
		return 0;
	*begin = r.begin;
	switch (gimple_cond_code(stmt)) {
	case NE_EXPR:
		return r.pol;
	case EQ_EXPR:
		return -r.pol;
	default:
		return 0;
	}
}

/* A pointer as a base variable and a constant byte offset. */
struct range {
	tree base;
	HOST_WIDE_INT off;
	HOST_WIDE_INT size;	/* -1: not a constant */
};

struct fn_info;
static bool resolve_addr(struct fn_info *fi, tree t, tree *base,
			 HOST_WIDE_INT *off, int depth);
static bool resolve_ref(struct fn_info *fi, tree ref, tree *base,
			HOST_WIDE_INT *off, int depth);

struct fn_info {
	result_map *res;
	hash_set<gimple *> *tested;	/* begins whose result is tested */
	hash_map<tree, int> *flags;	/* scope flags and their negations */
	bool checked;			/* access_ok() or masking in the function */
	bool generic;			/* a generic begin in the function */
	int opens, ends;
	hash_map<tree, gimple *> *defs;	/* temporaries and their one definition */
	hash_map<gimple *, struct range> *ranges;	/* what each begin covers */
};

/* Follow the one definition of a temporary back to a base variable. */
static bool resolve_def(struct fn_info *fi, gimple *def, tree *base,
			HOST_WIDE_INT *off, int depth)
{
	enum tree_code code;
	tree b;

	if (!is_gimple_assign(def))
		return false;
	code = gimple_assign_rhs_code(def);
	if (code == POINTER_PLUS_EXPR) {
		b = gimple_assign_rhs2(def);
		if (!tree_fits_shwi_p(b) ||
		    !resolve_addr(fi, gimple_assign_rhs1(def), base, off, depth + 1))
			return false;
		*off += tree_to_shwi(b);
		return true;
	}
	if (CONVERT_EXPR_CODE_P(code) || gimple_assign_single_p(def))
		return resolve_addr(fi, gimple_assign_rhs1(def), base, off, depth + 1);
	return false;
}

/*
 * The base variable and constant offset of address @t: '&p->f',
 * 'p + 4', and the temporaries GIMPLE computes them into.
 */
static bool resolve_addr(struct fn_info *fi, tree t, tree *base,
			 HOST_WIDE_INT *off, int depth)
{
	gimple **def;

	if (depth > 10)
		return false;
	STRIP_NOPS(t);
	switch (TREE_CODE(t)) {
	case VAR_DECL:
	case PARM_DECL:
	case SSA_NAME:
		def = fi->defs->get(t);
		if (def && !*def)
			return false;	/* assigned more than once */
		if (def && resolve_def(fi, *def, base, off, depth))
			return true;
		*base = t;
		*off = 0;
		return true;
	case ADDR_EXPR:
		return resolve_ref(fi, TREE_OPERAND(t, 0), base, off, depth + 1);
	default:
		return false;
	}
}

/* The same for the object a reference 'p->f', '*(p + 4)' designates. */
static bool resolve_ref(struct fn_info *fi, tree ref, tree *base,
			HOST_WIDE_INT *off, int depth)
{
	poly_int64 o;
	tree b = get_addr_base_and_unit_offset(ref, &o);

	/* The offset of the MEM_REF it stops at is counted in @o. */
	if (!b || !o.is_constant() || TREE_CODE(b) != MEM_REF ||
	    !resolve_addr(fi, TREE_OPERAND(b, 0), base, off, depth + 1))
		return false;
	*off += o.to_constant();
	return true;
}

/* The memory operand of an accessor's asm: the user address it touches. */
static tree asm_user_address(gimple *stmt)
{
	gasm *as;
	unsigned i;

	if (gimple_code(stmt) != GIMPLE_ASM)
		return NULL_TREE;
	as = as_a<gasm *>(stmt);
	for (i = 0; i < gimple_asm_ninputs(as) + gimple_asm_noutputs(as); i++) {
		tree op = i < gimple_asm_ninputs(as) ?
			  gimple_asm_input_op(as, i) :
			  gimple_asm_output_op(as, i - gimple_asm_ninputs(as));
		tree v = TREE_VALUE(op);

		if (TREE_CODE(v) == MEM_REF || handled_component_p(v))
			return v;
	}
	return NULL_TREE;
}

/*
 * The elements of array members an access goes through: the first
 * element of a flexible array member ('a[]', or the old 'a[0]'), and the
 * first element of a fixed one at a constant index past its length.
 */
struct elements {
	tree flex;			/* FIELD_DECL of the flexible array */
	tree member;			/* FIELD_DECL of the fixed array ... */
	HOST_WIDE_INT index, count;	/* ... the index past its count */
};

static bool addr_elements(struct fn_info *fi, tree t, tree *base,
			  struct elements *el, int depth);

/* An element, at constant @index or not, of the array that @array is. */
static void element_of(tree array, tree index, struct elements *el)
{
	tree type = TREE_TYPE(array), domain, min, max;
	HOST_WIDE_INT count;

	if (TREE_CODE(array) != COMPONENT_REF || TREE_CODE(type) != ARRAY_TYPE)
		return;
	domain = TYPE_DOMAIN(type);
	min = domain ? TYPE_MIN_VALUE(domain) : NULL_TREE;
	max = domain ? TYPE_MAX_VALUE(domain) : NULL_TREE;
	/* 'a[]', and 'a[0]', which GCC gives no upper bound either */
	if (!max) {
		if (!el->flex)
			el->flex = TREE_OPERAND(array, 1);
		return;
	}
	if (!min || !tree_fits_shwi_p(min) || !tree_fits_shwi_p(max) ||
	    !index || !tree_fits_shwi_p(index) || el->member)
		return;		/* a variable length, or a variable index */
	count = tree_to_shwi(max) - tree_to_shwi(min) + 1;
	if (tree_to_shwi(index) - tree_to_shwi(min) < count)
		return;
	el->member = TREE_OPERAND(array, 1);
	el->index = tree_to_shwi(index) - tree_to_shwi(min);
	el->count = count;
}

/* The same for the object reference @ref, and the pointer it is based on. */
static bool ref_elements(struct fn_info *fi, tree ref, tree *base,
			 struct elements *el, int depth)
{
	while (handled_component_p(ref)) {
		if (TREE_CODE(ref) == ARRAY_REF)
			element_of(TREE_OPERAND(ref, 0), TREE_OPERAND(ref, 1), el);
		ref = TREE_OPERAND(ref, 0);
	}
	return TREE_CODE(ref) == MEM_REF &&
	       addr_elements(fi, TREE_OPERAND(ref, 0), base, el, depth + 1);
}

/*
 * The same for address @t, through the temporaries and pointers it is
 * computed in ('__ptr = &p->a[i].b' of the kernel's accessors), and
 * 'p->a + i', a decayed array member plus an index in bytes.
 */
static bool addr_elements(struct fn_info *fi, tree t, tree *base,
			  struct elements *el, int depth)
{
	gimple **def, **d;
	HOST_WIDE_INT off;
	tree a, n, size;

	if (depth > 10)
		return false;
	STRIP_NOPS(t);
	if (TREE_CODE(t) == ADDR_EXPR)
		return ref_elements(fi, TREE_OPERAND(t, 0), base, el, depth + 1);
	if (TREE_CODE(t) != VAR_DECL && TREE_CODE(t) != PARM_DECL &&
	    TREE_CODE(t) != SSA_NAME)
		return false;
	def = fi->defs->get(t);
	if (!def || !*def || !is_gimple_assign(*def))
		return resolve_addr(fi, t, base, &off, depth + 1);
	if (gimple_assign_rhs_code(*def) == POINTER_PLUS_EXPR) {
		a = gimple_assign_rhs1(*def);
		n = gimple_assign_rhs2(*def);
		/* the address of an array member, as the temporary it is in */
		for (d = fi->defs->get(a); TREE_CODE(a) == SSA_NAME && d && *d &&
		     gimple_assign_single_p(*d); d = fi->defs->get(a))
			a = gimple_assign_rhs1(*d);
		if (TREE_CODE(a) == ADDR_EXPR &&
		    TREE_CODE(TREE_TYPE(TREE_OPERAND(a, 0))) == ARRAY_TYPE) {
			size = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(TREE_OPERAND(a, 0))));
			if (tree_fits_shwi_p(n) && size && tree_fits_shwi_p(size) &&
			    tree_to_shwi(size) > 0)
				n = build_int_cst(sizetype, tree_to_shwi(n) /
						  tree_to_shwi(size));
			else
				n = NULL_TREE;
			element_of(TREE_OPERAND(a, 0), n, el);
		}
		return addr_elements(fi, gimple_assign_rhs1(*def), base, el,
				     depth + 1);
	}
	if (CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(*def)) ||
	    gimple_assign_single_p(*def)) {
		a = gimple_assign_rhs1(*def);
		STRIP_NOPS(a);
		if (TREE_CODE(a) == ADDR_EXPR || TREE_CODE(a) == VAR_DECL ||
		    TREE_CODE(a) == PARM_DECL || TREE_CODE(a) == SSA_NAME)
			return addr_elements(fi, a, base, el, depth + 1);
	}
	return resolve_addr(fi, t, base, &off, depth + 1);
}

/* 'sizeof(*p)' of the begin's pointer, or the bytes it began for. */
static void range_text(struct range *rg, char *buf, size_t size)
{
	tree type = TREE_TYPE(rg->base), name = NULL_TREE;

	if (TREE_CODE(rg->base) == SSA_NAME)
		name = SSA_NAME_IDENTIFIER(rg->base);
	else if (DECL_P(rg->base))
		name = DECL_NAME(rg->base);
	if (!rg->off && name && POINTER_TYPE_P(type) &&
	    TYPE_SIZE_UNIT(TREE_TYPE(type)) &&
	    tree_fits_shwi_p(TYPE_SIZE_UNIT(TREE_TYPE(type))) &&
	    tree_to_shwi(TYPE_SIZE_UNIT(TREE_TYPE(type))) == rg->size)
		snprintf(buf, size, "sizeof(*%s)", IDENTIFIER_POINTER(name));
	else
		snprintf(buf, size, "%ld", (long)rg->size);
}

/*
 * pointer-mismatch through an array member: an element of a flexible
 * array when the region ends within the object the pointer points to
 * (it begins where that object ends), or a constant index past a fixed
 * array's length.  The same messages as sparse-uaccess.
 */
static bool check_elements(struct fn_info *fi, gimple *stmt,
			   struct stmt_role *r, gimple *begin, struct range *rg,
			   tree ref)
{
	struct elements el = { NULL_TREE, NULL_TREE, 0, 0 };
	tree base = NULL_TREE, type = TREE_TYPE(rg->base), size;
	bool found;
	char text[100];
	unsigned i;

	if (ref) {
		found = ref_elements(fi, ref, &base, &el, 0) && base == rg->base;
	} else {
		found = false;
		for (i = 0; i < gimple_call_num_args(stmt) && !found; i++) {
			memset(&el, 0, sizeof(el));
			found = POINTER_TYPE_P(TREE_TYPE(gimple_call_arg(stmt, i))) &&
				addr_elements(fi, gimple_call_arg(stmt, i), &base,
					      &el, 0) &&
				base == rg->base;
		}
	}
	if (!found)
		return false;
	size = POINTER_TYPE_P(type) ? TYPE_SIZE_UNIT(TREE_TYPE(type)) : NULL_TREE;
	if (el.flex && DECL_NAME(el.flex) && rg->size >= 0 && size &&
	    tree_fits_shwi_p(size) &&
	    rg->off + rg->size <= tree_to_shwi(size)) {
		range_text(rg, text, sizeof(text));
		report(gimple_location(stmt), "pointer-mismatch",
		       "%s() at an element of the flexible array member '%s', past the %s bytes that %s() opened",
		       r->name, IDENTIFIER_POINTER(DECL_NAME(el.flex)), text,
		       classify(begin).name);
		return true;
	}
	if (el.member && DECL_NAME(el.member)) {
		report(gimple_location(stmt), "pointer-mismatch",
		       "%s() at element %ld of the array member '%s', past its %ld elements",
		       r->name, (long)el.index,
		       IDENTIFIER_POINTER(DECL_NAME(el.member)), (long)el.count);
		return true;
	}
	return false;
}

/* pointer-mismatch: an access outside the constant range begun. */
static void check_range(struct fn_info *fi, gimple *stmt, struct stmt_role *r,
			struct ua_state *st)
{
	struct range *rg;
	tree addr = asm_user_address(stmt), base;
	HOST_WIDE_INT off;
	unsigned i;
	bool found = false;

	if (st->bits != ST_OPEN || !st->begin || st->begin == MANY_BEGINS)
		return;
	rg = fi->ranges->get(st->begin);
	if (!rg)
		return;
	if ((addr || is_gimple_call(stmt)) &&
	    check_elements(fi, stmt, r, st->begin, rg, addr))
		return;
	if (rg->size < 0)
		return;
	if (addr) {
		found = resolve_ref(fi, addr, &base, &off, 0) && base == rg->base;
	} else if (is_gimple_call(stmt)) {
		/*
		 * The generic accessors are calls, __put_user_fn(size, ptr,
		 * &x): the argument based on the begin's pointer is the
		 * address.
		 */
		for (i = 0; i < gimple_call_num_args(stmt) && !found; i++)
			found = POINTER_TYPE_P(TREE_TYPE(gimple_call_arg(stmt, i))) &&
				resolve_addr(fi, gimple_call_arg(stmt, i), &base,
					     &off, 0) &&
				base == rg->base;
	}
	if (!found)
		return;
	off -= rg->off;
	if (off < 0 || off >= rg->size)
		report(gimple_location(stmt), "pointer-mismatch",
		       "%s() at offset %ld of a region begun for %ld bytes",
		       r->name, (long)off, (long)rg->size);
}

/* What a checking begin covers: its pointer and constant size. */
static void record_range(struct fn_info *fi, gimple *stmt)
{
	struct range rg;

	if (gimple_call_num_args(stmt) != 2 ||
	    !resolve_addr(fi, gimple_call_arg(stmt, 0), &rg.base, &rg.off, 0))
		return;
	rg.size = tree_fits_shwi_p(gimple_call_arg(stmt, 1)) ?
		  tree_to_shwi(gimple_call_arg(stmt, 1)) : -1;
	fi->ranges->put(stmt, rg);
}

/*
 * Local pointers and their definition, for resolve_addr(); one assigned
 * more than once maps to NULL (unknown: it may move after the begin).
 */
static void record_def(struct fn_info *fi, gimple *stmt)
{
	tree lhs;
	bool existed;
	if (!is_gimple_assign(stmt))
		return;
	lhs = gimple_assign_lhs(stmt);
	if (TREE_CODE(lhs) != SSA_NAME &&
	    !(TREE_CODE(lhs) == VAR_DECL && !TREE_STATIC(lhs) &&
	      !TREE_ADDRESSABLE(lhs) && POINTER_TYPE_P(TREE_TYPE(lhs))))
		return;
	gimple *&def = fi->defs->get_or_insert(lhs, &existed);
	def = existed ? NULL : stmt;
}

static const char *ua_mode_name(unsigned mode)
{
	return mode == UA_READ ? "read" : mode == UA_WRITE ? "write" : "read-write";
}

static void do_open(struct fn_info *fi, gimple *stmt, struct stmt_role *r,
		    struct ua_state *st, bool emit)
{
	bool pending = false;

	/* After a generic region, whose end is not seen, a begin starts afresh. */
	if ((st->bits & (ST_OPEN | ST_PENDING)) && !st->blind) {
		/*
		 * SMAP does not count: whether or not the inner begin
		 * succeeds, a region is open after it.
		 */
		if (emit)
			report(gimple_location(stmt), "nested-region",
			       "%s() opens a user-access region while one is open",
			       r->name);
		if (!(st->bits & ST_CLOSED)) {
			st->bits = ST_OPEN;
			st->mode |= r->mode;
			st->begin = MANY_BEGINS;
			st->inl |= r->helper;
			return;
		}
	}
	if (r->kind == UA_BEGIN) {
		tree lhs = gimple_call_lhs(stmt);

		if (lhs && fi->tested->contains(stmt))
			pending = true;
		else if (emit)
			report(gimple_location(stmt), "unchecked-region-begin",
			       "the result of %s() is not tested", r->name);
	}
	/*
	 * Inline primitives (copy_user_generic(), __clear_user()) open with
	 * stac() by design: their callers check the range.
	 */
	if (emit && r->kind == UA_OPEN && !fi->checked &&
	    !DECL_DECLARED_INLINE_P(current_function_decl))
		report(gimple_location(stmt), "unverified-region",
		       "%s() opens a region with no access_ok() or masking of the pointer in this function",
		       r->name);
	st->bits = pending ? ST_PENDING : ST_OPEN;
	st->mode = r->mode;
	st->begin = stmt;
	st->blind = r->blind;
	st->inl |= r->helper;
	st->maybe = 0;
}

static void do_end(gimple *stmt, struct stmt_role *r, struct ua_state *st,
		   bool emit)
{
	if (emit && (st->bits & ST_CLOSED))
		report(gimple_location(stmt), "unbalanced-region-end",
		       "%s() with no user-access region open%s", r->name,
		       st->bits == ST_CLOSED ? "" : " on some path");
	st->bits = ST_CLOSED;
	st->mode = 0;
	st->begin = NULL;
	st->blind = 0;
	st->inl |= r->helper;
	st->maybe = 0;
}

static void do_access(struct fn_info *fi, gimple *stmt, struct stmt_role *r,
		      struct ua_state *st, bool emit)
{
	if (!emit)
		return;
	check_range(fi, stmt, r, st);
	if (st->bits & ST_CLOSED)
		report(gimple_location(stmt), "unsafe-outside-region",
		       "%s() reachable with no user-access region open",
		       r->name);
	else if (st->bits & ST_PENDING)
		report(gimple_location(stmt), "unchecked-region-begin",
		       "%s() used before the region's begin is tested",
		       r->name);
	if ((st->bits & ST_OPEN) && st->mode && r->mode != UA_RW &&
	    !(st->mode & r->mode))
		report(gimple_location(stmt), "mode-mismatch",
		       "%s() is a %s accessor in a %s-only region", r->name,
		       ua_mode_name(r->mode), ua_mode_name(st->mode));
}

static void do_call(gimple *stmt, struct ua_state *st, bool emit)
{
	tree fn = gimple_call_fndecl(stmt);

	if (fn && (st->bits & ST_OPEN) && DECL_DECLARED_INLINE_P(fn) &&
	    !fndecl_built_in_p(fn)) {
		st->maybe = 1;
		/* After inlining, a leak through its returns is told here. */
		if (!after_inlining)
			deferred_lines->add(line_key(DECL_UID(current_function_decl),
					    source_loc(gimple_location(stmt))));
	}
	if (!emit || !(st->bits & (ST_OPEN | ST_PENDING)) || st->blind)
		return;
	if (gimple_call_internal_p(stmt))
		return;
	if (!fn) {
		report(gimple_location(stmt), "call-in-region",
		       "indirect call with a user-access region open");
		return;
	}
	if (uaccess_safe(fn))
		return;
	report(gimple_location(stmt), "call-in-region",
	       "call to %s() with a user-access region open",
	       IDENTIFIER_POINTER(DECL_NAME(fn)));
}

/* A scope flag: a bool variable declared by a scoped macro. */
static bool scope_flag_decl(tree t)
{
	const struct uaccess_name *m[1];

	return TREE_CODE(t) == VAR_DECL &&
	       TREE_CODE(TREE_TYPE(t)) == BOOLEAN_TYPE &&
	       model_macros(DECL_SOURCE_LOCATION(t), m, 1) &&
	       m[0]->kind == UA_SCOPED;
}

/* Record temporaries computed from a scope flag (the '!done' tests). */
static void track_flag(hash_map<tree, int> *flags, gimple *stmt)
{
	tree lhs, a;
	int *pol;

	if (!is_gimple_assign(stmt))
		return;
	lhs = gimple_assign_lhs(stmt);
	a = gimple_assign_rhs1(stmt);
	if (scope_flag_decl(lhs) && !flags->get(lhs))
		flags->put(lhs, 1);
	pol = flags->get(a);
	if (!pol || lhs == a)
		return;
	switch (gimple_assign_rhs_code(stmt)) {
	case BIT_NOT_EXPR:
	case TRUTH_NOT_EXPR:
		flags->put(lhs, -*pol);
		break;
	default:
		if (CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(stmt)) ||
		    gimple_assign_rhs_code(stmt) == TREE_CODE(a))
			flags->put(lhs, *pol);
	}
}

/* Apply statement @stmt to one state. */
static void step(struct fn_info *fi, gimple *stmt, struct ua_state *st,
		 bool emit)
{
	struct stmt_role r = classify(stmt);

	/*
	 * The second pass only speaks of what inlining showed: a statement
	 * of a helper's body, or a state a helper's body made.
	 */
	if (after_inlining && !r.helper && !st->inl)
		emit = false;
	if (emit && opt_debug && r.role != R_NONE)
		inform(gimple_location(stmt), "role %d kind %d mode %d %s",
		       r.role, r.kind, r.mode, r.name ? r.name : "-");
	switch (r.role) {
	case R_OPEN:
		do_open(fi, stmt, &r, st, emit);
		break;
	case R_END:
		do_end(stmt, &r, st, emit);
		break;
	case R_ACCESS:
		do_access(fi, stmt, &r, st, emit);
		break;
	case R_CALL:
		do_call(stmt, st, emit);
		break;
	default:
		break;
	}
}

static bool merge(struct ua_state *into, struct ua_state from)
{
	struct ua_state old = *into;

	into->bits |= from.bits;
	into->mode |= from.mode;
	into->blind |= from.blind;
	into->inl |= from.inl;
	into->maybe |= from.maybe;
	if (!from.begin || into->begin == from.begin)
		;
	else if (!into->begin)
		into->begin = from.begin;
	else
		into->begin = MANY_BEGINS;
	return old.bits != into->bits || old.mode != into->mode ||
	       old.begin != into->begin || old.blind != into->blind ||
	       old.inl != into->inl || old.maybe != into->maybe;
}

/* The scope flag was given value @one: the flow is split by it again. */
static void set_flag(struct ua_flow *fl, bool one)
{
	struct ua_flow nf = {};
	int i;

	for (i = 0; i < NFLAG; i++)
		merge(&nf.v[one ? FLAG_1 : FLAG_0], fl->v[i]);
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
		    fi->flags->get(gimple_assign_lhs(stmt)) &&
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
static struct ua_state edge_state(struct fn_info *fi, edge e,
				  struct ua_state st)
{
	gimple *last = last_nondebug_stmt(e->src), *b = NULL;
	int pol;
	bool success;

	if (!(st.bits & ST_PENDING) || !last || gimple_code(last) != GIMPLE_COND)
		return st;
	pol = cond_polarity(fi->res, last, &b);
	if (!pol)
		return st;
	success = (e->flags & EDGE_TRUE_VALUE) ? pol > 0 : pol < 0;
	st.bits &= ~ST_PENDING;
	st.bits |= success ? ST_OPEN : ST_CLOSED;
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
	pol = fi->flags->get(gimple_cond_lhs(last));
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
	gphi_iterator gpi;
	int i;

	for (i = 0; i < NFLAG; i++) {
		if (!flag_allows(fi, e, i))
			memset(&fl.v[i], 0, sizeof(fl.v[i]));
		else
			fl.v[i] = edge_state(fi, e, fl.v[i]);
	}
	/* In SSA form (second pass), the flag is set by a PHI on the edge. */
	for (gpi = gsi_start_phis(e->dest); !gsi_end_p(gpi); gsi_next(&gpi)) {
		tree arg = gimple_phi_arg_def(gpi.phi(), e->dest_idx);

		if (TREE_CODE(arg) == INTEGER_CST &&
		    fi->flags->get(gimple_phi_result(gpi.phi())))
			set_flag(&fl, !integer_zerop(arg));
	}
	return fl;
}

static bool merge_flow(struct ua_flow *into, struct ua_flow from)
{
	bool changed = false;
	int i;

	for (i = 0; i < NFLAG; i++)
		changed |= merge(&into->v[i], from.v[i]);
	return changed;
}

static unsigned flow_bits(struct ua_flow fl)
{
	return fl.v[0].bits | fl.v[1].bits | fl.v[2].bits;
}

/* The location of a path's last step into the function's exit. */
static location_t exit_loc(edge e)
{
	gimple *last = last_nondebug_stmt(e->src);
	gphi_iterator gpi = gsi_start_phis(e->dest);

	if (LOCATION_LOCUS(e->goto_locus) != UNKNOWN_LOCATION)
		return e->goto_locus;
	/* After inlining, the return value's PHI knows which return it was. */
	if (!gsi_end_p(gpi) &&
	    LOCATION_LOCUS(gimple_phi_arg_location_from_edge(gpi.phi(), e)) != UNKNOWN_LOCATION)
		return gimple_phi_arg_location_from_edge(gpi.phi(), e);
	if (last && LOCATION_LOCUS(gimple_location(last)) != UNKNOWN_LOCATION)
		return gimple_location(last);
	return DECL_SOURCE_LOCATION(current_function_decl);
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

/* Whether @block is in the body of an inlined helper (not of the API). */
static bool in_helper(tree block)
{
	tree outer = NULL_TREE;

	for (; block && TREE_CODE(block) == BLOCK; block = BLOCK_SUPERCONTEXT(block))
		if (inlined_function_outer_scope_p(block))
			outer = block;
	return outer && !call_site_element(BLOCK_SOURCE_LOCATION(outer),
					   block_ultimate_origin(outer));
}

/*
 * Where to report that a path with flow @fl, leaving at @loc, leaks a
 * region; UNKNOWN_LOCATION if it does not, or not in a way this pass
 * tells.  In the second pass, a path that leaves through the return of
 * a helper that opens or closes regions (and did not, on this path)
 * leaks there; through a helper with no part in regions, it is the
 * caller's leak, reported at the call.
 */
static location_t leak_loc(struct ua_flow fl, location_t loc)
{
	unsigned int uid = DECL_UID(DECL_ORIGIN(current_function_decl));
	bool leak = false, inl = false;
	tree block, outer = NULL_TREE;
	int i;

	for (i = 0; i < NFLAG; i++) {
		struct ua_state *st = &fl.v[i];

		if (!(st->bits & ST_OPEN) || st->blind)
			continue;
		if (!after_inlining && st->maybe && !generic_fns->contains(uid)) {
			deferred_fns->add(uid);
			deferred_lines->add(line_key(uid, source_loc(loc)));
			continue;
		}
		/* After inlining, a helper left as a call hides what it does. */
		if (after_inlining && st->maybe)
			continue;
		leak = true;
		inl |= st->inl;
	}
	if (!leak || !after_inlining || inl)
		return leak ? loc : UNKNOWN_LOCATION;
	for (block = LOCATION_BLOCK(loc); block && TREE_CODE(block) == BLOCK;
	     block = BLOCK_SUPERCONTEXT(block)) {
		if (!inlined_function_outer_scope_p(block))
			continue;
		if (region_fns->contains(DECL_UID(block_ultimate_origin(block))))
			return loc;
		outer = block;
	}
	if (outer && in_helper(outer))
		loc = BLOCK_SOURCE_LOCATION(outer);
	/*
	 * Otherwise only at a return or helper call the first pass left to
	 * this one: its own data-flow, which follows a begin's result, saw
	 * the region open there (after inlining, a begin's failure path
	 * may still share its success path's state).
	 */
	return deferred_lines->contains(line_key(uid, source_loc(loc))) ?
	       loc : UNKNOWN_LOCATION;
}

/* Whether @bb is only a jump: no statement but labels and debug ones. */
static bool empty_forwarder(basic_block bb)
{
	gimple_stmt_iterator gsi;

	if (!single_succ_p(bb) || EDGE_COUNT(bb->preds) < 2)
		return false;
	for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
		if (!is_gimple_debug(gsi_stmt(gsi)) &&
		    gimple_code(gsi_stmt(gsi)) != GIMPLE_LABEL)
			return false;
	return true;
}

/*
 * A path into the function's shared return along @p.  After inlining,
 * GCC merges equal returns ('return -EFAULT' of a helper and of its
 * caller) into one block that only jumps: the paths into it tell which
 * return was taken.
 */
static void check_return_edge(struct fn_info *fi, struct ua_flow *out,
			      edge p, int depth)
{
	struct ua_flow s;
	location_t loc;
	edge q;
	edge_iterator qi;

	if (after_inlining && depth < 4 && empty_forwarder(p->src)) {
		FOR_EACH_EDGE(q, qi, p->src->preds)
			check_return_edge(fi, out, q, depth + 1);
		return;
	}
	s = edge_flow(fi, p, out[p->src->index]);
	loc = leak_loc(s, exit_loc(p));
	if (loc != UNKNOWN_LOCATION)
		report(loc, "region-leak",
		       "the function returns with a user-access region open");
}

static void check_leaks(struct fn_info *fi, struct ua_flow *out)
{
	edge e, p;
	edge_iterator ei, pi;
	location_t loc;

	FOR_EACH_EDGE(e, ei, EXIT_BLOCK_PTR_FOR_FN(cfun)->preds) {
		basic_block bb = e->src;

		if (only_returns(bb)) {
			FOR_EACH_EDGE(p, pi, bb->preds)
				check_return_edge(fi, out, p, 0);
			continue;
		}
		loc = leak_loc(out[bb->index], exit_loc(e));
		if (loc != UNKNOWN_LOCATION)
			report(loc, "region-leak",
			       "the function returns with a user-access region open");
	}
}

/* Begins, tested results, checks: what does not depend on the path. */
static bool scan_function(struct fn_info *fi)
{
	basic_block bb;
	bool any = false;
	int round;

	for (round = 0; round < 2; round++) {
		FOR_EACH_BB_FN(bb, cfun) {
			gimple_stmt_iterator gsi;
			gphi_iterator gpi;

			/* The versions of a scope flag in SSA form (second pass). */
			for (gpi = gsi_start_phis(bb); !round && !gsi_end_p(gpi);
			     gsi_next(&gpi)) {
				tree res = gimple_phi_result(gpi.phi());

				if (SSA_NAME_VAR(res) &&
				    scope_flag_decl(SSA_NAME_VAR(res)))
					fi->flags->put(res, 1);
			}
			for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
				gimple *stmt = gsi_stmt(gsi), *begin;
				struct stmt_role r = classify(stmt);

				if (r.role != R_NONE && r.role != R_CALL)
					any = true;
				if (!round && r.role == R_OPEN)
					fi->opens++;
				if (!round && r.generic)
					fi->generic = true;
				if (!round && r.role == R_END)
					fi->ends++;
				if (r.role == R_CHECK ||
				    (r.role == R_OPEN && r.kind == UA_MASKED))
					fi->checked = true;
				if (!round)
					record_def(fi, stmt);
				if (round && r.role == R_OPEN && r.kind == UA_BEGIN)
					record_range(fi, stmt);
				if (r.role == R_OPEN && r.kind == UA_BEGIN &&
				    gimple_call_lhs(stmt)) {
					result_info ri = { 1, stmt };

					fi->res->put(gimple_call_lhs(stmt), ri);
				}
				track_result(fi->res, stmt);
				track_flag(fi->flags, stmt);
				if (gimple_code(stmt) == GIMPLE_COND &&
				    cond_polarity(fi->res, stmt, &begin))
					fi->tested->add(begin);
			}
		}
	}
	return any;
}

static void analyse(struct fn_info *fi)
{
	int n = last_basic_block_for_fn(cfun);
	struct ua_flow *in = XCNEWVEC(struct ua_flow, n);
	struct ua_flow *out = XCNEWVEC(struct ua_flow, n);
	int *order = XNEWVEC(int, n);
	int count = pre_and_rev_post_order_compute(NULL, order, false);
	bool changed = true;
	int i;

	in[ENTRY_BLOCK_PTR_FOR_FN(cfun)->next_bb->index].v[FLAG_ANY].bits = ST_CLOSED;
	while (changed) {
		changed = false;
		for (i = 0; i < count; i++) {
			basic_block bb = BASIC_BLOCK_FOR_FN(cfun, order[i]);
			struct ua_flow fl = in[bb->index];
			edge e;
			edge_iterator ei;

			if (!flow_bits(fl))
				continue;
			transfer(fi, bb, &fl, false);
			out[bb->index] = fl;
			FOR_EACH_EDGE(e, ei, bb->succs) {
				if (e->dest == EXIT_BLOCK_PTR_FOR_FN(cfun))
					continue;
				if (merge_flow(&in[e->dest->index], edge_flow(fi, e, fl)))
					changed = true;
			}
		}
	}
	for (i = 0; i < count; i++) {
		basic_block bb = BASIC_BLOCK_FOR_FN(cfun, order[i]);
		struct ua_flow fl = in[bb->index];

		if (flow_bits(fl))
			transfer(fi, bb, &fl, true);
	}
	check_leaks(fi, out);
	XDELETEVEC(in);
	XDELETEVEC(out);
	XDELETEVEC(order);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void report_time(void *gcc_data, void *user_data)
{
	fprintf(stderr, "uaccess_plugin: %s: %lu functions, %lu analysed, %lu after inlining, %.6f s in the passes\n",
		main_input_filename, functions_seen, functions_analysed,
		functions_inlined, pass_seconds);
}

/* Both passes analyse one function with this state. */
struct fn_analysis {
	struct fn_info fi;
	result_map res;
	hash_set<gimple *> tested;
	hash_map<tree, int> flags;
	hash_map<gimple *, struct stmt_role> roles;
	hash_map<tree, gimple *> defs;
	hash_map<gimple *, struct range> ranges;
	key_set seen;

	fn_analysis()
	{
		memset(&fi, 0, sizeof(fi));
		fi.res = &res;
		fi.tested = &tested;
		fi.flags = &flags;
		fi.defs = &defs;
		fi.ranges = &ranges;
		role_cache = &roles;
		reported = &seen;
	}
	~fn_analysis()
	{
		role_cache = NULL;
		reported = NULL;
	}
};

/* The first pass, right after "cfg": the functions as the source wrote them. */
static unsigned int uaccess_execute(void)
{
	struct fn_analysis a;
	unsigned int uid = DECL_UID(current_function_decl);

	functions_seen++;
	/* Most functions never touch the API: skip them cheaply. */
	if (!scan_function(&a.fi))
		return 0;
	/* The API's own primitives are no helpers: their callers are checked. */
	if (model_lookup_macro(IDENTIFIER_POINTER(DECL_NAME(current_function_decl))))
		return 0;
	touching_fns->add(uid);
	if (a.fi.generic)
		generic_fns->add(uid);
	if (a.fi.opens || a.fi.ends)
		region_fns->add(uid);
	/*
	 * Inline helpers that only open, only close, or only access (called
	 * inside a caller's region): their region is their caller's,
	 * checked there, and after inlining.
	 */
	if (DECL_DECLARED_INLINE_P(current_function_decl) &&
	    (!a.fi.opens || !a.fi.ends))
		return 0;
	functions_analysed++;
	analyse(&a.fi);
	return 0;
}

/*
 * Walk the BLOCK tree from @block for inlined functions: whether one is
 * a helper (not of the API), whether one touches the API; false when one
 * opens a region the generic way (after inlining, its begin is a plain
 * condition and its end nothing at all: it stays the first pass's).
 */
static bool scan_inlined(tree block, bool *helper, bool *touching)
{
	for (; block; block = BLOCK_CHAIN(block)) {
		if (inlined_function_outer_scope_p(block)) {
			tree fn = block_ultimate_origin(block);

			if (TREE_CODE(fn) == FUNCTION_DECL) {
				if (generic_fns->contains(DECL_UID(fn)))
					return false;
				if (touching_fns->contains(DECL_UID(fn)))
					*touching = true;
				if (!DECL_NAME(fn) ||
				    !model_lookup_macro(IDENTIFIER_POINTER(DECL_NAME(fn))))
					*helper = true;
			}
		}
		if (!scan_inlined(BLOCK_SUBBLOCKS(block), helper, touching))
			return false;
	}
	return true;
}

static void analyse_inlined(void)
{
	struct fn_analysis a;

	if (!scan_function(&a.fi))
		return;
	/* Begins were checked by the first pass: here they only open. */
	a.fi.checked = true;
	functions_inlined++;
	analyse(&a.fi);
}

/*
 * The second pass, after the inliner: a function that inlined a helper
 * and touches the API, or whose helpers do, or whose leaks the first
 * pass left to it.  Clones are looked up by their origin; a part split
 * off a function (foo.part.0) starts in the middle of its origin's
 * region and is left alone.
 */
static unsigned int uaccess_inlined_execute(void)
{
	unsigned int uid = DECL_UID(DECL_ORIGIN(current_function_decl));
	cgraph_node *node = cgraph_node::get(current_function_decl);
	bool helper = false, touching = touching_fns->contains(uid);

	if ((node && node->split_part) || generic_fns->contains(uid) ||
	    !scan_inlined(DECL_INITIAL(current_function_decl), &helper, &touching) ||
	    !touching || (!helper && !deferred_fns->contains(uid)))
		return 0;
	analyse_inlined();
	return 0;
}

/* With 'time-report', the CPU time of the passes is measured. */
static unsigned int timed(unsigned int (*execute)(void))
{
	double start;
	unsigned int ret;

	if (!opt_time_report)
		return execute();
	start = now();
	ret = execute();
	pass_seconds += now() - start;
	return ret;
}

/* As the kernel's plugins describe where a pass goes. */
#define PASS_INFO(NAME, REF, ID, POS)			\
	struct register_pass_info NAME##_pass_info = {	\
		.pass = make_##NAME##_pass(),		\
		.reference_pass_name = REF,		\
		.ref_pass_instance_number = ID,		\
		.pos_op = POS,				\
	}

static const pass_data uaccess_pass_data = {
	GIMPLE_PASS,		/* type */
	"uaccess",		/* name */
	OPTGROUP_NONE,		/* optinfo_flags */
	TV_NONE,		/* tv_id */
	PROP_cfg,		/* properties_required */
	0, 0, 0, 0,
};

class uaccess_pass : public gimple_opt_pass {
public:
	uaccess_pass(gcc::context *ctxt)
		: gimple_opt_pass(uaccess_pass_data, ctxt) {}
	opt_pass *clone() final override { return new uaccess_pass(m_ctxt); }
	unsigned int execute(function *) final override
	{
		return timed(uaccess_execute);
	}
};

static opt_pass *make_uaccess_pass(void)
{
	return new uaccess_pass(g);
}

static const pass_data uaccess_inlined_pass_data = {
	GIMPLE_PASS,		/* type */
	"uaccess_inlined",	/* name */
	OPTGROUP_NONE,		/* optinfo_flags */
	TV_NONE,		/* tv_id */
	PROP_cfg | PROP_ssa,	/* properties_required */
	0, 0, 0, 0,
};

class uaccess_inlined_pass : public gimple_opt_pass {
public:
	uaccess_inlined_pass(gcc::context *ctxt)
		: gimple_opt_pass(uaccess_inlined_pass_data, ctxt) {}
	opt_pass *clone() final override { return new uaccess_inlined_pass(m_ctxt); }
	unsigned int execute(function *) final override
	{
		unsigned int ret;

		after_inlining = true;
		ret = timed(uaccess_inlined_execute);
		after_inlining = false;
		return ret;
	}
};

static opt_pass *make_uaccess_inlined_pass(void)
{
	return new uaccess_inlined_pass(g);
}

/* The ids of a 'disable=' list; false on an id the plugin does not know. */
static bool add_ids(const char *plugin, const char *list)
{
	char *copy = xstrdup(list), *save, *id;
	bool ok = true;
	size_t i;

	for (id = strtok_r(copy, ",", &save); id; id = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < ARRAY_SIZE(ids) && strcmp(ids[i], id); i++)
			;
		if (i == ARRAY_SIZE(ids)) {
			error("%s: %<disable%>: unknown id %qs", plugin, id);
			ok = false;
			continue;
		}
		disabled_ids->add(ids[i]);
	}
	free(copy);
	return ok;
}

/*
 * The safe list is a short text file (objtool's own list is a few hundred
 * names): anything larger is not one.
 */
#define SAFE_LIST_MAX (1 << 20)

static const char *file_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "not a regular file but a directory";
	if (S_ISFIFO(mode))
		return "not a regular file but a FIFO";
	if (S_ISCHR(mode))
		return "not a regular file but a character device";
	if (S_ISBLK(mode))
		return "not a regular file but a block device";
	if (S_ISSOCK(mode))
		return "not a regular file but a socket";
	return "not a regular file";
}

/*
 * Read safe list @path into a buffer of its @len bytes; on a file that is
 * not a readable regular text file of at most SAFE_LIST_MAX bytes, say
 * why and return NULL.  /dev/zero would never end, a FIFO would block the
 * compiler in open() until some writer came, a directory or a binary
 * would give names made of garbage.
 */
static char *slurp_safe_list(const char *plugin, const char *path, size_t *len)
{
	char buf[120], *text = NULL;
	const char *why = NULL;
	struct stat st;
	ssize_t n;
	int fd = -1;

	*len = 0;
	/* Not even opened when not a regular file: opening has effects. */
	if (!stat(path, &st) && !S_ISREG(st.st_mode)) {
		why = file_kind(st.st_mode);
	} else if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)) < 0 ||
		   fstat(fd, &st) < 0) {
		why = xstrerror(errno);
	} else if (!S_ISREG(st.st_mode)) {
		why = file_kind(st.st_mode);	/* it changed since stat() */
	} else if (st.st_size > SAFE_LIST_MAX) {
		why = "larger than 1 MiB: not a list of function names";
	} else {
		/* one byte more than allowed: a file that grew is seen */
		text = XNEWVEC(char, SAFE_LIST_MAX + 1);
		while (*len <= SAFE_LIST_MAX &&
		       (n = read(fd, text + *len, SAFE_LIST_MAX + 1 - *len))) {
			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0) {
				why = xstrerror(errno);
				break;
			}
			*len += n;
		}
		if (!why && *len > SAFE_LIST_MAX)
			why = "larger than 1 MiB: not a list of function names";
		if (!why && memchr(text, 0, *len)) {
			snprintf(buf, sizeof(buf),
				 "a NUL byte at offset %lu: not a text file",
				 (unsigned long)((char *)memchr(text, 0, *len) - text));
			why = buf;
		}
	}
	if (fd >= 0)
		close(fd);
	if (why) {
		error("%s: safe list %qs: %s", plugin, path, why);
		XDELETEVEC(text);
		return NULL;
	}
	return text;
}

static bool read_safe_list(const char *plugin, const char *path)
{
	size_t len, i, n;
	char *text = slurp_safe_list(plugin, path, &len), *line, *end;

	if (!text)
		return false;
	/* One name a line; blanks, '#' and what follows them are dropped. */
	for (i = 0; i < len; i += n + 1) {
		line = text + i;
		end = (char *)memchr(line, '\n', len - i);
		n = end ? (size_t)(end - line) : len - i;
		line[n] = 0;	/* the '\n', or the byte past the text */
		line[strcspn(line, " \t\r#")] = 0;
		if (line[0])
			extra_safe->add(xstrdup(line));
	}
	XDELETEVEC(text);
	return true;
}

int plugin_init(struct plugin_name_args *info, struct plugin_gcc_version *version)
{
	/*
	 * The first pass sees the source's own calls, before any inlining.
	 * The second runs once the IPA inliner's bodies are in (its
	 * "fixup_cfg" has run) and before the optimisers of
	 * "*all_optimizations" merge or move what they brought;
	 * "adjust_alignment" is the last pass before those (between them
	 * only OpenMP/OpenACC and EH-dispatch lowering).
	 */
	PASS_INFO(uaccess, "cfg", 1, PASS_POS_INSERT_AFTER);
	PASS_INFO(uaccess_inlined, "adjust_alignment", 1, PASS_POS_INSERT_AFTER);
	int i;

	if (!plugin_default_version_check(version, &gcc_version)) {
		error("%s: built for GCC %s, not this compiler", info->base_name,
		      gcc_version.basever);
		return 1;
	}
	opt_debug = getenv("UACCESS_DEBUG") != NULL;
	disabled_ids = new hash_set<nofree_string_hash>;
	macro_cache = new hash_map<const char *, const struct uaccess_name *>;
	extra_safe = new hash_set<nofree_string_hash>;
	touching_fns = new uid_set;
	region_fns = new uid_set;
	deferred_fns = new uid_set;
	deferred_lines = new key_set;
	generic_fns = new uid_set;
	first_pass_keys = new key_set;
	for (i = 0; i < info->argc; i++) {
		const char *key = info->argv[i].key, *val = info->argv[i].value;

		if (!strcmp(key, "werror")) {
			opt_werror = true;
		} else if (!strcmp(key, "time-report")) {
			opt_time_report = true;
		} else if (!strcmp(key, "disable") && val) {
			if (!add_ids(info->base_name, val))
				return 1;
		} else if (!strcmp(key, "safe-list") && val) {
			if (!read_safe_list(info->base_name, val))
				return 1;
		} else {
			error("%s: unknown option %<-fplugin-arg-%s-%s%>",
			      info->base_name, info->base_name, key);
			return 1;
		}
	}
	register_callback(info->base_name, PLUGIN_INFO, NULL, &uaccess_plugin_info);
	register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &uaccess_pass_info);
	register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &uaccess_inlined_pass_info);
	if (opt_time_report)
		register_callback(info->base_name, PLUGIN_FINISH, report_time, NULL);
	return 0;
}

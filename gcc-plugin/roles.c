// SPDX-License-Identifier: GPL-2.0
/*
 * What each GIMPLE statement is to a user-access region: a begin, an
 * end, an accessor, a check, a call, part of an API macro, or a test of
 * a kernel address.
 *
 * Nothing is inlined yet: the API shows as calls to its inline
 * primitives (user_access_begin, stac, clac, mask_user_address), and the
 * macro the source wrote is recovered from the statement's location.
 * Which name is what comes from the model of the API
 * (build/uaccess_model.h, generated from model/uaccess.api).
 */
#include "uaccess_plugin.h"

/* Ordinary code: no part of the API. */
static const struct stmt_role ordinary = { R_NONE, UA_ACCESS, UA_RW };

/*
 * Macro names are the preprocessor's interned strings: look each up in
 * the model once (kernel code expands many macros on every line).
 */
static hash_map<const char *, const struct uaccess_name *> *macro_cache;

/* The roles of the statements, computed once. */
static hash_map<gimple *, struct stmt_role> *role_cache;

void roles_init(void)
{
	macro_cache = new hash_map<const char *, const struct uaccess_name *>;
	role_cache = new hash_map<gimple *, struct stmt_role>;
}

const struct uaccess_name *model_lookup_macro(const char *name)
{
	const struct uaccess_name **hit = macro_cache->get(name);
	const struct uaccess_name *u;

	if (hit)
		return *hit;
	u = region_model_name(name);
	macro_cache->put(name, u);
	return u;
}

/* The name of function @fn, a clone (foo.constprop.0) by its origin's; NULL if none. */
static const char *fn_name(tree fn)
{
	if (!fn || TREE_CODE(fn) != FUNCTION_DECL || !DECL_NAME(DECL_ORIGIN(fn)))
		return NULL;
	return IDENTIFIER_POINTER(DECL_NAME(DECL_ORIGIN(fn)));
}

/* The model's entry of function @fn; NULL if none. */
const struct uaccess_name *model_fn(tree fn)
{
	return fn_name(fn) ? model_lookup_macro(fn_name(fn)) : NULL;
}

/*
 * The model names among the macros that location @loc was expanded
 * from, outermost first; in @at (if not NULL) where the outermost one
 * was expanded, its name's place.  Returns how many.
 */
int model_macros(location_t loc, const struct uaccess_name **out, int max,
		 location_t *at)
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
		loc = linemap_unwind_toward_expansion(line_table, loc, &map);
		if (u) {
			inner[n++] = u;
			if (at)
				*at = macro_expansion_point(mm);
		}
	}
	for (i = 0; i < n && i < max; i++)
		out[i] = inner[n - 1 - i];
	return i;
}

/*
 * An asm that an open or end macro of the model is itself written as
 * switches user access: riscv's __enable_user_access() and
 * __disable_user_access() are 'csrs/csrc sstatus'.  (An asm of another
 * macro inside one, x86's barrier_nospec() in __uaccess_begin_nospec(),
 * is part of it: there the switch is the call of stac().)  @top is the
 * outermost model macro, which must be of the same kind of element.
 */
static enum role asm_switch_role(location_t loc, const struct uaccess_name *top)
{
	const struct uaccess_name *u;
	const line_map *map;

	if (!linemap_location_from_macro_expansion_p(line_table, loc))
		return R_PART;
	map = linemap_lookup(line_table, loc);
	u = model_lookup_macro(linemap_map_get_macro_name(linemap_check_macro(map)));
	if (u && u->kind == UA_OPEN &&
	    (top->kind == UA_OPEN || top->kind == UA_BEGIN || top->kind == UA_SCOPED))
		return R_OPEN;
	if (u && u->kind == UA_END && (top->kind == UA_END || top->kind == UA_SCOPED))
		return R_END;
	return R_PART;
}

/* The first model macro under the scoped ones: what a scope expands to. */
static const struct uaccess_name *unscoped(const struct uaccess_name **m, int n)
{
	int i;

	for (i = 0; i < n && m[i]->kind == UA_SCOPED; i++)
		;
	return i < n ? m[i] : NULL;
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
	case UA_SAVE:
		return R_SAVE;
	case UA_RESTORE:
		return R_RESTORE;
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

/*
 * The macro in whose body the token at @loc is spelled, or NULL where
 * the source wrote it (in a macro's argument, or in no macro).
 */
static const char *spelling_macro(location_t loc)
{
	const line_map_macro *map = NULL;

	if (!spelled_in_macro_body(loc))
		return NULL;
	loc = LOCATION_LOCUS(loc);
	while (linemap_location_from_macro_expansion_p(line_table, loc)) {
		map = linemap_check_macro(linemap_lookup(line_table, loc));
		loc = linemap_macro_map_loc_unwind_toward_spelling(line_table, map, loc);
	}
	return map ? linemap_map_get_macro_name(map) : NULL;
}

/*
 * Whether the token at @loc came into the model macro that holds it
 * through its argument, made there by a macro outside the model that
 * the source invoked: 'current' in powerpc's unsafe_copy_to_user(...,
 * &current->blocked, ...), whose body calls the plain inline
 * get_current().  sparse-uaccess tells such a call by the place of the
 * macro the source wrote, not by the accessor's own expansion.
 */
static bool made_in_argument(location_t loc)
{
	const line_map_macro *mm;
	const line_map *map;
	location_t before;

	loc = LOCATION_LOCUS(loc);
	while (linemap_location_from_macro_expansion_p(line_table, loc)) {
		map = linemap_lookup(line_table, loc);
		mm = linemap_check_macro(map);
		if (!model_lookup_macro(linemap_map_get_macro_name(mm))) {
			loc = linemap_unwind_toward_expansion(line_table, loc, &map);
			continue;
		}
		/* where the token was before the model macro took it */
		before = linemap_macro_map_loc_unwind_toward_spelling(line_table, mm, loc);
		if (!linemap_location_from_macro_expansion_p(line_table, before))
			return false;
		mm = linemap_check_macro(linemap_lookup(line_table, before));
		return !model_lookup_macro(linemap_map_get_macro_name(mm));
	}
	return false;
}

/*
 * Whether a call at @loc to @fn (NULL_TREE: through a pointer) that an
 * accessor's expansion holds is the source's own, written in the
 * accessor's argument: 'unsafe_put_user(f(x), p, l)'.  Spelled where the
 * source wrote it, or by a macro it invoked there; or, a call that would
 * matter in a region (not uaccess_safe()) of a function that no API
 * header declares: in a macro's body where x86 casts the value to the
 * type it stores, (__typeof__(*(ptr)))(x), and a cast that changes
 * nothing gives the call its own place there, or in the body of a macro
 * that is no part of the API (compat.h's unsafe_compat_save_altstack()).
 * asm-generic's __put_user_fn(), which __put_user()'s body calls, is the
 * accessor's own.
 */
static bool written_in_argument(location_t loc, tree fn)
{
	const char *macro = spelling_macro(loc);
	expanded_location spelled;

	if (!macro || made_in_argument(loc))
		return true;
	if (!fn || TREE_CODE(fn) != FUNCTION_DECL || !DECL_NAME(fn) || uaccess_safe(fn) ||
	    region_implements_api(IDENTIFIER_POINTER(DECL_NAME(fn)), DECL_SOURCE_FILE(fn)))
		return false;
	spelled = expand_location(linemap_resolve_location(line_table, loc,
					LRK_SPELLING_LOCATION, NULL));
	return spelled.file && (strcmp(spelled.file, DECL_SOURCE_FILE(fn)) ||
				!region_implements_api(macro, spelled.file));
}

static struct stmt_role classify_uncached(gimple *stmt)
{
	const struct uaccess_name *m[8], *callee = NULL, *top, *u;
	struct stmt_role r = ordinary;
	location_t at = UNKNOWN_LOCATION;
	bool call = is_gimple_call(stmt);
	const char *called = call ? fn_name(gimple_call_fndecl(stmt)) : NULL;
	int n;

	r.loc = gimple_location(stmt);
	if (called)
		callee = model_lookup_macro(called);
	n = model_macros(gimple_location(stmt), m, 8, &at);
	/*
	 * A call the source wrote in an accessor's argument,
	 * 'unsafe_put_user(f(x), p, l)', is the source's own call.  (Not
	 * so in a scope: its cleanup call is located at the pointer
	 * argument.)
	 */
	if (n && m[0]->kind == UA_UNSAFE && call && !callee &&
	    written_in_argument(gimple_location(stmt), gimple_call_fndecl(stmt))) {
		n = 0;
		r.loc = at;	/* told at the accessor, as sparse-uaccess tells it */
	}
	if (!n) {
		if (!call)
			return r;
		if (!callee && called && region_in_callers_region(called)) {
			/* It runs in the caller's region: an accessor of no mode. */
			r.role = R_ACCESS;
			r.kind = UA_UNSAFE;
			r.mode = (enum uaccess_mode)0;
			r.name = called;
			return r;
		}
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
	if (top->kind == UA_CHECK || top->kind == UA_SAVE || top->kind == UA_RESTORE) {
		r.role = call_role(top);
		return r;
	}
	r.role = R_PART;
	if (!call) {
		r.role = asm_switch_role(gimple_location(stmt), top);
		return r;
	}
	u = unscoped(m, n);
	if (top->kind == UA_SCOPED) {
		/*
		 * The scope's own calls: the begin it expands to, and the
		 * cleanup function (not in the model) on every exit.  The
		 * begin is of the kind of the first macro under the scoped
		 * ones (a checking begin whose result the scope tests, or
		 * a masked one), not UA_SCOPED: here the cleanup call is
		 * seen, and is its end.
		 */
		if (!callee) {
			r.role = scope_cleanup(stmt) ? R_END : R_CALL;
			return r;
		}
		r.kind = u ? u->kind : callee->kind;
	}
	if (callee)
		r.role = call_role(callee);
	/*
	 * A masked begin is meant for the object its pointer points to; so
	 * is a scope the source gave no size, scoped_user_*_access(p,
	 * label), which hands sizeof(*p) on to the scoped_*_size() one.
	 * Given one, a scope covers that size, which its masked begin drops.
	 */
	r.whole = r.kind == UA_MASKED &&
		  (top->kind == UA_MASKED || (n > 1 && m[1]->kind == UA_SCOPED));
	/*
	 * The generic fallback of include/linux/uaccess.h (an architecture
	 * with no user_access_begin() of its own): the begin is access_ok().
	 */
	if (r.role == R_CHECK && u && u->kind == UA_BEGIN) {
		r.role = R_OPEN;
		r.kind = UA_BEGIN;
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

/*
 * Whether a call to @fn leaves user access alone: the region analysis's
 * list of names (objtool's, the API, the build traps, the compiler's
 * builtins, -safe-list), and what GCC tells of the callee.  A builtin of
 * the C library (memcpy(), __builtin_memset()) is judged by its name, as
 * sparse-uaccess judges it; the target's and the front end's own are no
 * calls.
 */
bool uaccess_safe(tree fn)
{
	if (fndecl_built_in_p(fn) && !fndecl_built_in_p(fn, BUILT_IN_NORMAL))
		return true;
	/*
	 * Inlined for sure: its body is no call (and is checked on its own).
	 * A plain inline one GCC may leave a call (region_call()).
	 */
	if (lookup_attribute("always_inline", DECL_ATTRIBUTES(fn)))
		return true;
	return region_safe_name(IDENTIFIER_POINTER(DECL_NAME(fn)));
}

/*
 * A scope flag: a bool variable declared by a scoped macro, the 'done'
 * of its run-once for loops (the data-flow splits its state by it).
 */
bool scope_flag_decl(tree t)
{
	const struct uaccess_name *m[1];

	return TREE_CODE(t) == VAR_DECL &&
	       TREE_CODE(TREE_TYPE(t)) == BOOLEAN_TYPE &&
	       model_macros(DECL_SOURCE_LOCATION(t), m, 1, NULL) &&
	       m[0]->kind == UA_SCOPED;
}

/*
 * A condition that is the model's test of a kernel address
 * (is_kernel_addr()): 1 if its true edge is where the address is the
 * kernel's, -1 if its false edge is, 0 if it is no such test or cannot
 * be told.  GCC folds the comparison as it likes.  Where a conversion
 * the macro wrote is compared (powerpc's 'x >= 0x8000000000000000ul' is
 * '(long)x < 0', negated '(long)x >= 0'), the edge is found by
 * evaluating the condition on a kernel address, the highest page.  Where
 * the address itself is compared (nothing of the macro is left in
 * GIMPLE: 'x > 0xbfffffffffffffff' of 'x >= PAGE_OFFSET'), a boundary
 * with its top bit set is in the kernel's half of the address space on
 * every architecture: the edge above it is a kernel address, whatever
 * the source spelled.
 */
static int kernel_test(gimple *cond)
{
	tree lhs = gimple_cond_lhs(cond), rhs = gimple_cond_rhs(cond), v;
	const struct uaccess_name *m[1];
	gimple *def;

	if (TREE_CODE(rhs) != INTEGER_CST || !INTEGRAL_TYPE_P(TREE_TYPE(lhs)))
		return 0;
	def = TREE_CODE(lhs) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF(lhs) ?
	      SSA_NAME_DEF_STMT(lhs) : NULL;
	if (!def || !is_gimple_assign(def) ||
	    !CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(def)) ||
	    !model_macros(gimple_location(def), m, 1, NULL) || m[0]->kind != UA_KERNEL) {
		if (!TYPE_UNSIGNED(TREE_TYPE(lhs)) || !tree_int_cst_sign_bit(rhs) ||
		    TYPE_PRECISION(TREE_TYPE(lhs)) != POINTER_SIZE)
			return 0;
		switch (gimple_cond_code(cond)) {
		case GT_EXPR: case GE_EXPR:
			return 1;
		case LT_EXPR: case LE_EXPR:
			return -1;
		default:
			return 0;
		}
	}
	v = fold_convert(TREE_TYPE(lhs), build_int_cst(long_unsigned_type_node, -4096));
	v = fold_binary(gimple_cond_code(cond), boolean_type_node, v, rhs);
	if (!v || TREE_CODE(v) != INTEGER_CST)
		return 0;
	return integer_zerop(v) ? -1 : 1;
}

/*
 * Every API element shows as a call or an asm: the accessors are asm
 * (x86) or calls (generic), begins and ends are calls.  A condition may
 * be a test of a kernel address.
 */
struct stmt_role classify(gimple *stmt)
{
	struct stmt_role *hit, r = ordinary;

	if (!is_gimple_call(stmt) && gimple_code(stmt) != GIMPLE_ASM &&
	    gimple_code(stmt) != GIMPLE_COND)
		return r;
	hit = role_cache->get(stmt);
	if (hit)
		return *hit;
	if (gimple_code(stmt) == GIMPLE_COND)
		r.kernel = kernel_test(stmt);
	else
		r = classify_uncached(stmt);
	role_cache->put(stmt, r);
	return r;
}

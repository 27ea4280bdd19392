// SPDX-License-Identifier: GPL-2.0
/*
 * Pointers resolved to a base variable and a constant byte offset: what
 * a checking begin covers, and whether an accessor in its region stays
 * inside it (pointer-mismatch).
 */
#include "uaccess_plugin.h"

/*
 * Where an address points, followed back through the temporaries GIMPLE
 * computes it in ('__ptr = &p->a[i].b' of the kernel's accessors).
 */
struct addr {
	/*
	 * The last variable it is a constant offset from, and that offset:
	 * 'p' of '&p->f' and of 'p + 4', 'q' of 'q + 4' where 'q = p + n'.
	 */
	tree base;
	HOST_WIDE_INT off;
	/* the variable it starts from, through variable offsets too; NULL_TREE if none */
	tree root;
	/*
	 * The elements of array members it goes through: the first element
	 * of a flexible array member ('a[]', or the old 'a[0]'), and the
	 * first element of a fixed one at a constant index past its length.
	 */
	tree flex;			/* FIELD_DECL of the flexible array */
	tree member;			/* FIELD_DECL of the fixed array ... */
	HOST_WIDE_INT index, count;	/* ... the index past its count */
};

/* The one definition of @t, an assignment; NULL if it has none, or more. */
static gimple *def_of(struct fn_info *fi, tree t)
{
	gimple **def = fi->defs.get(t);

	return def && *def && is_gimple_assign(*def) ? *def : NULL;
}

/* What @t was set to by a plain copy or load, 't = x'; NULL_TREE if not. */
static tree copied_from(struct fn_info *fi, tree t)
{
	gimple *def = def_of(fi, t);

	return def && gimple_assign_single_p(def) ? gimple_assign_rhs1(def) : NULL_TREE;
}

/* An element, at constant @index or not, of the array that @array is. */
static void element_of(tree array, tree index, struct addr *a)
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
		if (!a->flex)
			a->flex = TREE_OPERAND(array, 1);
		return;
	}
	if (!min || !tree_fits_shwi_p(min) || !tree_fits_shwi_p(max) ||
	    !index || !tree_fits_shwi_p(index) || a->member)
		return;		/* a variable length, or a variable index */
	count = tree_to_shwi(max) - tree_to_shwi(min) + 1;
	if (tree_to_shwi(index) - tree_to_shwi(min) < count)
		return;
	a->member = TREE_OPERAND(array, 1);
	a->index = tree_to_shwi(index) - tree_to_shwi(min);
	a->count = count;
}

/*
 * 'x->arr + n', a decayed array member plus @n bytes, where @t holds
 * the address of the member: an element of it.
 */
static void decayed_element(struct fn_info *fi, tree t, tree n, struct addr *a)
{
	tree size, from;

	while (TREE_CODE(t) == SSA_NAME && (from = copied_from(fi, t)))
		t = from;
	if (TREE_CODE(t) != ADDR_EXPR ||
	    TREE_CODE(TREE_TYPE(TREE_OPERAND(t, 0))) != ARRAY_TYPE)
		return;
	size = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(TREE_OPERAND(t, 0))));
	if (tree_fits_shwi_p(n) && size && tree_fits_shwi_p(size) &&
	    tree_to_shwi(size) > 0)
		n = build_int_cst(sizetype, tree_to_shwi(n) / tree_to_shwi(size));
	else
		n = NULL_TREE;
	element_of(TREE_OPERAND(t, 0), n, a);
}

static bool follow_addr(struct fn_info *fi, tree t, struct addr *a, int depth);

/*
 * The object reference @ref, 'p->f', '*(p + 4)', 'p->a[i]': whether
 * it is a constant offset from @a's base; its root and elements.
 */
static bool follow_ref(struct fn_info *fi, tree ref, struct addr *a, int depth)
{
	poly_int64 o;
	tree r, b = get_addr_base_and_unit_offset(ref, &o);

	for (r = ref; handled_component_p(r); r = TREE_OPERAND(r, 0))
		if (TREE_CODE(r) == ARRAY_REF)
			element_of(TREE_OPERAND(r, 0), TREE_OPERAND(r, 1), a);
	if (TREE_CODE(r) != MEM_REF)
		return false;
	/* The offset of the MEM_REF it stops at is counted in @o. */
	if (!follow_addr(fi, TREE_OPERAND(r, 0), a, depth + 1) || b != r ||
	    !o.is_constant())
		return false;
	a->off += o.to_constant();
	return true;
}

/*
 * Address @t: whether it is a constant offset from a variable (@a's base
 * and offset); @a's root and elements are found through variable
 * offsets too.
 */
static bool follow_addr(struct fn_info *fi, tree t, struct addr *a, int depth)
{
	tree from = NULL_TREE, step = NULL_TREE;
	gimple **def;

	if (depth > 10)
		return false;
	STRIP_NOPS(t);
	if (TREE_CODE(t) == ADDR_EXPR)
		return follow_ref(fi, TREE_OPERAND(t, 0), a, depth + 1);
	if (TREE_CODE(t) != VAR_DECL && TREE_CODE(t) != PARM_DECL &&
	    TREE_CODE(t) != SSA_NAME)
		return false;
	def = fi->defs.get(t);
	if (def && !*def)
		return false;	/* assigned more than once */
	if (def && is_gimple_assign(*def) &&
	    gimple_assign_rhs_code(*def) == POINTER_PLUS_EXPR) {
		from = gimple_assign_rhs1(*def);
		step = gimple_assign_rhs2(*def);
		decayed_element(fi, from, step, a);
	} else if (def && is_gimple_assign(*def) &&
		   (CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(*def)) ||
		    gimple_assign_single_p(*def))) {
		from = gimple_assign_rhs1(*def);
		STRIP_NOPS(from);
		if (TREE_CODE(from) != ADDR_EXPR && TREE_CODE(from) != VAR_DECL &&
		    TREE_CODE(from) != PARM_DECL && TREE_CODE(from) != SSA_NAME)
			from = NULL_TREE;
		step = size_zero_node;
	}
	if (from && follow_addr(fi, from, a, depth + 1) && tree_fits_shwi_p(step)) {
		a->off += tree_to_shwi(step);
		return true;
	}
	/* a variable offset, or no definition to follow: @t is the base */
	if (!from)
		a->root = t;
	a->base = t;
	a->off = 0;
	return true;
}

/* A masking, 'p = mask_user_address(p)': its result is the pointer it masks. */
static bool masking(gimple *stmt)
{
	tree fn = gimple_call_fndecl(stmt);
	const struct uaccess_name *u = model_fn(fn);

	return u && u->kind == UA_CHECK &&
	       POINTER_TYPE_P(TREE_TYPE(TREE_TYPE(fn)));
}

/*
 * Local pointers and their definition, for follow_addr(); one assigned
 * more than once maps to NULL (unknown: it may move after the begin).
 * A const one keeps its value even with its address taken (a scope's
 * pointer, which its cleanup is given, and whose life ends in a
 * clobber); a masking defines nothing new.
 */
void record_def(struct fn_info *fi, gimple *stmt)
{
	tree lhs;
	bool existed;

	/*
	 * -ftrivial-auto-var-init (the kernel's INIT_STACK_ALL_ZERO) gives
	 * each local a .DEFERRED_INIT at its declaration: no value the code
	 * reads, as a clobber is none.
	 */
	if (gimple_clobber_p(stmt) ||
	    (is_gimple_call(stmt) && gimple_call_internal_p(stmt, IFN_DEFERRED_INIT)))
		return;
	if (is_gimple_assign(stmt))
		lhs = gimple_assign_lhs(stmt);
	else if (is_gimple_call(stmt) && !masking(stmt))
		lhs = gimple_call_lhs(stmt);
	else
		return;
	if (!lhs || (TREE_CODE(lhs) != SSA_NAME &&
		     !(TREE_CODE(lhs) == VAR_DECL && !TREE_STATIC(lhs) &&
		       (!TREE_ADDRESSABLE(lhs) || TYPE_READONLY(TREE_TYPE(lhs))) &&
		       POINTER_TYPE_P(TREE_TYPE(lhs)))))
		return;
	gimple *&def = fi->defs.get_or_insert(lhs, &existed);
	def = existed ? NULL : stmt;
}

/*
 * The sizes scoped blocks were given, by where the scope's macro was
 * expanded.  Where user access is masked, the masked begin drops it
 * (scoped_user_write_access_size(p, n, l) is masked_user_write_access_
 * begin(p)); the begin of the other branch, user_write_access_begin(p,
 * n), still has it before "lower" (the CFG's cleanup then folds
 * can_do_masked_user_access() away).
 */
typedef hash_map<int_hash<unsigned int, 0, UINT_MAX>, HOST_WIDE_INT> size_map;
static size_map *scoped_sizes;

/* Where the outermost model macro of @loc was expanded, if it is a scope. */
static location_t scope_at(location_t loc)
{
	const struct uaccess_name *m[1];
	location_t at = UNKNOWN_LOCATION;

	if (!model_macros(loc, m, 1, &at) || m[0]->kind != UA_SCOPED)
		return UNKNOWN_LOCATION;
	return get_pure_location(at);
}

/* Before "lower": call @stmt, if it is a scope's checking begin, gives its size. */
void note_scoped_size(gimple *stmt)
{
	const struct uaccess_name *u = model_fn(gimple_call_fndecl(stmt));
	location_t at;

	if (!u || u->kind != UA_BEGIN || gimple_call_num_args(stmt) < 2 ||
	    !tree_fits_shwi_p(gimple_call_arg(stmt, 1)))
		return;
	at = scope_at(gimple_location(stmt));
	if (at == UNKNOWN_LOCATION)
		return;
	if (!scoped_sizes)
		scoped_sizes = new size_map;
	scoped_sizes->put(at, tree_to_shwi(gimple_call_arg(stmt, 1)));
}

/* The size the scope of masking @call was given; -1 if none is known. */
static HOST_WIDE_INT scoped_size(gimple *call)
{
	location_t at = scope_at(gimple_location(call));
	HOST_WIDE_INT *size = at != UNKNOWN_LOCATION && scoped_sizes ?
			      scoped_sizes->get(at) : NULL;

	return size ? *size : -1;
}

/* The size of what pointer @t points to; NULL_TREE if not a pointer. */
static tree pointee_size(tree t)
{
	tree type = TREE_TYPE(t);

	return POINTER_TYPE_P(type) ? TYPE_SIZE_UNIT(TREE_TYPE(type)) : NULL_TREE;
}

/*
 * What begin @b covers: the pointer @call takes first (@call is the
 * checking begin, or the masking of a masked one) and the size it takes
 * next, or with @whole all of what the pointer points to; a masking
 * takes no size, its scope's is the one it was given.
 */
void record_range(struct fn_info *fi, struct ua_begin *b, gimple *call,
		  bool whole)
{
	struct range *rg = &b->range;
	struct addr a = {};
	tree size = NULL_TREE;

	if (!follow_addr(fi, gimple_call_arg(call, 0), &a, 0))
		return;
	rg->base = a.base;
	rg->off = a.off;
	if (whole)
		size = pointee_size(rg->base);
	else if (gimple_call_num_args(call) > 1)
		size = gimple_call_arg(call, 1);
	if (size)
		rg->size = tree_fits_shwi_p(size) ? tree_to_shwi(size) : -1;
	else
		rg->size = whole ? -1 : scoped_size(call);
	b->ranged = true;
}

/* The name the source gave variable @t; NULL_TREE for a temporary. */
static tree var_ident(tree t)
{
	if (TREE_CODE(t) == SSA_NAME)
		return SSA_NAME_IDENTIFIER(t);
	return DECL_P(t) ? DECL_NAME(t) : NULL_TREE;
}

static const char *var_name(tree t)
{
	tree name = var_ident(t);

	return name ? IDENTIFIER_POINTER(name) : NULL;
}

/*
 * A check of pointer @ptr (access_ok()'s, a masking's, a checking
 * begin's) verifies the opens of the variables @ptr is computed from, at
 * any offset: 'p' of '&p->a[i]', 'q' and 'p' of 'q = p + n'.  One of no
 * variable with a name verifies any.
 */
void record_check(struct fn_info *fi, tree ptr)
{
	bool named = false;
	gimple *def;
	int depth;

	for (depth = 0; ptr && depth < 16; depth++) {
		STRIP_NOPS(ptr);
		if (TREE_CODE(ptr) == ADDR_EXPR)
			ptr = TREE_OPERAND(ptr, 0);
		if (handled_component_p(ptr) || TREE_CODE(ptr) == MEM_REF) {
			ptr = get_base_address(ptr);
			if (ptr && TREE_CODE(ptr) == MEM_REF)
				ptr = TREE_OPERAND(ptr, 0);
			continue;
		}
		if (var_ident(ptr)) {
			region_checked(&fi->checks, var_ident(ptr));
			named = true;
		}
		def = def_of(fi, ptr);
		if (!def)
			break;
		ptr = gimple_assign_rhs1(def);
	}
	if (!named)
		region_checked(&fi->checks, NULL);
}

/*
 * The function call @stmt calls: for a call through a temporary, the one
 * whose address that holds (the kernel's static calls, 'static_call_mod(
 * name)()', call what a statement expression gives, &__SCT__name); NULL
 * for an indirect call.
 */
tree called_fndecl(struct fn_info *fi, gimple *stmt)
{
	tree fn = gimple_call_fn(stmt);
	int depth;

	for (depth = 0; fn && depth < 16; depth++, fn = copied_from(fi, fn)) {
		STRIP_NOPS(fn);
		if (TREE_CODE(fn) == ADDR_EXPR &&
		    TREE_CODE(TREE_OPERAND(fn, 0)) == FUNCTION_DECL)
			return TREE_OPERAND(fn, 0);
	}
	return NULL_TREE;
}

/*
 * The name of the variable that pointer @t is computed from, at any
 * offset, through its temporaries; NULL_TREE if none.
 */
tree pointer_ident(struct fn_info *fi, tree t)
{
	struct addr a = {};

	return follow_addr(fi, t, &a, 0) ? var_ident(a.base) : NULL_TREE;
}

/*
 * How the source spells base @t: its name, or for a temporary loaded
 * from memory ('s->ptr'), that load.  In @buf.
 */
static const char *base_text(struct fn_info *fi, tree t, char *buf, size_t size)
{
	tree from = copied_from(fi, t);
	char *text;

	if (var_name(t))
		return var_name(t);
	text = print_generic_expr_to_str(from ? from : t);
	snprintf(buf, size, "%s", text);
	free(text);
	return buf;
}

/*
 * The load of a pointer member that defines temporary @t ('_1 =
 * t->rseq'), or NULL_TREE.
 */
static tree loaded_member(struct fn_info *fi, tree t)
{
	tree ref = copied_from(fi, t);

	return ref && TREE_CODE(ref) == COMPONENT_REF && POINTER_TYPE_P(TREE_TYPE(ref)) ?
	       ref : NULL_TREE;
}

/*
 * Whether bases @a and @b are one pointer: the same, or two loads of
 * the same member (the begin and each access read 't->rseq' again).
 */
static bool same_base(struct fn_info *fi, tree a, tree b)
{
	tree ra, rb;

	if (a == b)
		return true;
	ra = loaded_member(fi, a);
	rb = loaded_member(fi, b);
	return ra && rb && operand_equal_p(ra, rb, 0);
}

/* Whether bases @a and @b are loads of two members of one object. */
static bool other_members(struct fn_info *fi, tree a, tree b)
{
	tree ra = loaded_member(fi, a), rb = loaded_member(fi, b);

	return ra && rb && operand_equal_p(TREE_OPERAND(ra, 0), TREE_OPERAND(rb, 0), 0) &&
	       TREE_OPERAND(ra, 1) != TREE_OPERAND(rb, 1);
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

/* Whether @t is a parameter of the function (in SSA form, its value on entry). */
static bool is_param(tree t)
{
	if (TREE_CODE(t) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF(t))
		t = SSA_NAME_VAR(t);
	return t && TREE_CODE(t) == PARM_DECL;
}

/*
 * Whether @t is set once, to @base less an amount: 't = base - n', which
 * GIMPLE writes 't = base + _2' with '_2 = -_1'.
 */
static bool less_an_amount(struct fn_info *fi, tree t, tree base)
{
	gimple *def = def_of(fi, t), *negation;
	struct addr from = {};

	if (!def || gimple_assign_rhs_code(def) != POINTER_PLUS_EXPR)
		return false;
	negation = def_of(fi, gimple_assign_rhs2(def));
	return negation && gimple_assign_rhs_code(negation) == NEGATE_EXPR &&
	       follow_addr(fi, gimple_assign_rhs1(def), &from, 0) &&
	       from.base == base;
}

/*
 * pointer-mismatch: where accessor @stmt lands, against what the begin
 * of its region covers (region_placed() decides).
 */
void check_range(struct fn_info *fi, gimple *stmt, const struct stmt_role *r,
		 const struct region_state *st)
{
	const struct region_begin *placing = region_placing(st, 1, 0);
	const struct ua_begin *b;
	const struct range *rg;
	struct region_covered cov = { NULL };
	struct region_place at = { REGION_THROUGH_BEGUN };
	struct addr a = {}, arg;
	tree addr = asm_user_address(stmt), base, whole;
	location_t loc = gimple_location(stmt);
	HOST_WIDE_INT off = 0;
	char ptr[100], through[100];
	unsigned i;
	bool found = false;

	if (!placing)
		return;
	b = (const struct ua_begin *)placing;	/* its first member */
	rg = &b->range;
	if (!b->ranged)
		return;
	cov.ptr = var_name(rg->base);
	/* An asm's memory operand is the user address: it tells the pointer. */
	if (addr) {
		found = follow_ref(fi, addr, &a, 0);
		base = a.base;
		off = a.off;
		if (found && !same_base(fi, base, rg->base)) {
			if (less_an_amount(fi, base, rg->base) && var_name(base) && cov.ptr) {
				at.through = REGION_THROUGH_LESS;
				at.ptr = var_name(base);
			} else if ((is_param(base) && is_param(rg->base)) ||
				   other_members(fi, base, rg->base)) {
				at.through = REGION_THROUGH_OTHER;
				at.ptr = base_text(fi, base, through, sizeof(through));
				cov.ptr = base_text(fi, rg->base, ptr, sizeof(ptr));
			} else {
				return;
			}
			region_placed(&fi->sink, &loc, r->name, &at, &cov, &b->region);
			return;
		}
	}
	/*
	 * The generic accessors are calls, __put_user_fn(size, ptr, &x):
	 * the argument based on the begin's pointer is the address.
	 */
	for (i = 0; is_gimple_call(stmt) && i < gimple_call_num_args(stmt); i++) {
		if (!POINTER_TYPE_P(TREE_TYPE(gimple_call_arg(stmt, i))))
			continue;
		memset(&arg, 0, sizeof(arg));
		if (follow_addr(fi, gimple_call_arg(stmt, i), &arg, 0) && !found &&
		    same_base(fi, arg.base, rg->base)) {
			found = true;
			off = arg.off;
		}
		if (arg.root == rg->base && a.root != rg->base)
			a = arg;
	}
	/* an element of an array member of what the begin's pointer points to */
	if (a.root == rg->base && a.flex && DECL_NAME(a.flex))
		at.flex = IDENTIFIER_POINTER(DECL_NAME(a.flex));
	if (a.root == rg->base && a.member && DECL_NAME(a.member)) {
		at.member = IDENTIFIER_POINTER(DECL_NAME(a.member));
		at.index = a.index;
		at.count = a.count;
	}
	at.exact = found;
	at.off = found ? off : 0;
	whole = pointee_size(rg->base);
	cov.ptr = base_text(fi, rg->base, ptr, sizeof(ptr));
	cov.off = rg->off;
	cov.bytes = rg->size;
	cov.pointee = whole && tree_fits_shwi_p(whole) ? tree_to_shwi(whole) : -1;
	region_placed(&fi->sink, &loc, r->name, &at, &cov, &b->region);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * uaccess_plugin: check Linux user-access regions at compile time.
 *
 * A GIMPLE pass right after "cfg" follows, path by path, whether a
 * user-access region (user_access_begin() ... user_access_end(), or a
 * scoped_user_*_access() block) is open, and reports the region defects
 * of the uabatch contract with " [uaccess:<id>]".  What each statement
 * is to a region is roles.c's; the states, their transitions and the
 * findings' texts are the region analysis that sparse-uaccess shares
 * (region/region.c); flow.c runs it over the CFG; this file registers
 * the passes and chooses what each analyses.
 *
 * A second GIMPLE pass, "uaccess_inlined", runs the same analysis once
 * the inliner is done, on the functions that inlined a helper, and
 * reports only what the first pass could not see: a defect in an
 * inlined helper's body given its caller's region, or in the caller
 * given what the helper did.  Its locations keep their inlined BLOCK,
 * so GCC prints the "inlined from" trail; a call in the caller's region
 * is told at the caller's call of the helper, as sparse-uaccess tells it.
 *
 * Options, as -fplugin-arg-uaccess_plugin-<name>[=<value>]:
 *	werror			report errors, not warnings
 *	disable=<id,...>	do not report these ids
 *	safe-list=<file>	more uaccess-safe functions, one name a line
 *	format=json		findings as JSON Lines (text: GCC's diagnostics)
 *	stats			say what the passes saw and their CPU time, at the end
 */

#include "uaccess_plugin.h"
#include "plugin-version.h"

int plugin_is_GPL_compatible;

static struct plugin_info uaccess_plugin_info = {
	.version = "1",
	.help = "werror\tdiagnostics are errors\n"
		"disable=<id,...>\tdo not report these ids\n"
		"safe-list=<file>\tmore uaccess-safe functions, one a line\n"
		"format=<text|json>\tfindings as GCC's diagnostics or JSON Lines\n"
		"stats\tsay what the passes saw and their CPU time\n",
};

bool opt_debug;		/* UACCESS_DEBUG=1: show each statement's role */
static bool opt_stats;
static struct region_stats file_stats = { .engine = "gcc" };

bool after_inlining;

/*
 * What the first pass leaves the second, by DECL_UID (a decl's uid is
 * never reused): the functions that touch the API, and those whose
 * inlined copy has nothing of a region left to see (they open one the
 * generic way, or are a primitive that switches nothing).
 */
uid_set *touching_fns, *generic_fns;
/* The functions that open or close a region themselves. */
uid_set *region_fns;
/*
 * Those the first pass found returning with their region open: where one
 * is inlined, the second pass of its caller follows no more of its
 * region (its leak is told once, in the helper; what the caller does
 * with the region left open is that leak's consequence).
 */
uid_set *leaking_fns;
/*
 * Functions whose region reaches a return after a call to an inline
 * helper, which may have closed it: the second pass, which sees the
 * helper's body, decides whether they leak, at those returns and calls
 * (by function uid and line) only.
 */
uid_set *deferred_fns;
key_set *deferred_lines;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void report_stats(void *gcc_data, void *user_data)
{
	file_stats.path = main_input_filename;
	region_print_stats(stderr, &file_stats);
}

/* Both passes analyse one function with this state. */
struct fn_analysis {
	struct fn_info fi;
	result_map res;
	hash_set<gimple *> tested;
	hash_map<tree, int> flags;
	hash_map<tree, gimple *> defs;
	hash_map<gimple *, struct ua_begin> begins;

	fn_analysis()
	{
		memset(&fi, 0, sizeof(fi));
		fi.res = &res;
		fi.tested = &tested;
		fi.flags = &flags;
		fi.defs = &defs;
		fi.begins = &begins;
		roles_start();
		report_start(&fi);
	}
};

/*
 * A primitive of the API that, in this configuration, switches nothing:
 * no asm, and no call but of the model's checks and of such empty opens
 * and ends (arm64's uaccess_ttbr0_enable() without SW_TTBR0_PAN is 'return
 * false', and user_access_begin() is then access_ok() and it: the
 * accessors are unprivileged loads and stores).  Once inlined, nothing
 * of its region is left to see: such functions join generic_fns.  The
 * first pass meets callers before callees, so a primitive that calls
 * others is decided once the second pass starts (empty_pairs: caller
 * and callee uids).
 */
static vec<unsigned int> empty_pairs;

static void note_empty_primitive(void)
{
	unsigned int uid = DECL_UID(current_function_decl);
	unsigned int start = empty_pairs.length();
	const struct uaccess_name *u;
	gimple_stmt_iterator gsi;
	basic_block bb;
	tree fn;

	u = model_fn(current_function_decl);
	if (!u || (u->kind != UA_OPEN && u->kind != UA_END && u->kind != UA_BEGIN))
		return;
	FOR_EACH_BB_FN(bb, cfun) {
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);

			if (gimple_code(stmt) == GIMPLE_ASM) {
				empty_pairs.truncate(start);
				return;
			}
			if (!is_gimple_call(stmt) || gimple_call_builtin_p(stmt))
				continue;
			fn = gimple_call_fndecl(stmt);
			u = model_fn(fn);
			/*
			 * A call outside the model may switch (7.2 powerpc's
			 * allow_user_access() calls set_kuap(), an mtspr).
			 */
			if (!u) {
				empty_pairs.truncate(start);
				return;
			}
			if (u->kind == UA_OPEN || u->kind == UA_END) {
				empty_pairs.safe_push(uid);
				empty_pairs.safe_push(DECL_UID(fn));
			}
		}
	}
	if (empty_pairs.length() == start)
		generic_fns->add(uid);
}

/* The primitives all of whose opens and ends switch nothing, to a fixed point. */
static void settle_empty_primitives(void)
{
	bool changed = true;
	unsigned int i, j;

	while (changed) {
		changed = false;
		for (i = 0; i < empty_pairs.length(); i += 2) {
			unsigned int caller = empty_pairs[i];
			bool empty = true;

			if (generic_fns->contains(caller))
				continue;
			for (j = 0; j < empty_pairs.length(); j += 2)
				if (empty_pairs[j] == caller &&
				    !generic_fns->contains(empty_pairs[j + 1]))
					empty = false;
			if (empty) {
				generic_fns->add(caller);
				changed = true;
			}
		}
	}
	empty_pairs.release();
}

/* The first pass, right after "cfg": the functions as the source wrote them. */
static unsigned int uaccess_execute(void)
{
	struct fn_analysis a;
	unsigned int uid = DECL_UID(current_function_decl);

	file_stats.functions++;
	note_empty_primitive();
	/*
	 * Most functions never touch the API: skip them cheaply.  What a
	 * region may call starts in one (region_may_call()).
	 */
	if (!scan_function(&a.fi) &&
	    !region_may_call(IDENTIFIER_POINTER(DECL_NAME(current_function_decl))))
		return 0;
	/* The API's own primitives are no helpers: their callers are checked. */
	if (region_implements_api(IDENTIFIER_POINTER(DECL_NAME(current_function_decl)),
				  DECL_SOURCE_FILE(current_function_decl)))
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
	file_stats.analysed++;
	file_stats.opens += a.fi.opens;
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
				if (!model_fn(fn))
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

	settle_switches();
	if (!scan_function(&a.fi))
		return;
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
	static bool settled;

	if (!settled) {
		settle_empty_primitives();
		settled = true;
	}

	if ((node && node->split_part) || generic_fns->contains(uid) ||
	    !scan_inlined(DECL_INITIAL(current_function_decl), &helper, &touching) ||
	    !touching || (!helper && !deferred_fns->contains(uid)))
		return 0;
	analyse_inlined();
	return 0;
}

/* With 'stats', the CPU time of the passes is measured. */
static unsigned int timed(unsigned int (*execute)(void))
{
	double start;
	unsigned int ret;

	if (!opt_stats)
		return execute();
	start = now();
	ret = execute();
	file_stats.seconds += now() - start;
	return ret;
}

static unsigned int run_uaccess(void)
{
	return timed(uaccess_execute);
}

static unsigned int run_uaccess_inlined(void)
{
	unsigned int ret;

	after_inlining = true;
	ret = timed(uaccess_inlined_execute);
	after_inlining = false;
	return ret;
}

/*
 * A GIMPLE pass NAME that needs PROPERTIES and whose execute() is
 * RUN(): its pass_data, its class and make_NAME_pass(), as the kernel's
 * gcc-generate-gimple-pass.h declares its plugins' passes.
 */
#define GIMPLE_PASS_OF(NAME, PROPERTIES, RUN)				\
static const pass_data NAME##_pass_data = {				\
	GIMPLE_PASS, #NAME, OPTGROUP_NONE, TV_NONE, PROPERTIES,		\
	0, 0, 0, 0,							\
};									\
class NAME##_pass : public gimple_opt_pass {				\
public:									\
	NAME##_pass(gcc::context *ctxt)					\
		: gimple_opt_pass(NAME##_pass_data, ctxt) {}		\
	opt_pass *clone() final override { return new NAME##_pass(m_ctxt); } \
	unsigned int execute(function *) final override { return RUN(); } \
};									\
static opt_pass *make_##NAME##_pass(void)				\
{									\
	return new NAME##_pass(g);					\
}

GIMPLE_PASS_OF(uaccess, PROP_cfg, run_uaccess)
GIMPLE_PASS_OF(uaccess_inlined, PROP_cfg | PROP_ssa, run_uaccess_inlined)
/* Before "lower": the returns apart, a scope's other branch still there. */
GIMPLE_PASS_OF(uaccess_unlowered, PROP_gimple_any, note_unlowered)

/* As the kernel's plugins describe where a pass goes. */
#define PASS_INFO(NAME, REF, ID, POS)			\
	struct register_pass_info NAME##_pass_info = {	\
		.pass = make_##NAME##_pass(),		\
		.reference_pass_name = REF,		\
		.ref_pass_instance_number = ID,		\
		.pos_op = POS,				\
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
	PASS_INFO(uaccess_unlowered, "lower", 1, PASS_POS_INSERT_BEFORE);
	char why[256];
	int i;

	if (!plugin_default_version_check(version, &gcc_version)) {
		error("%s: built for GCC %s, not this compiler", info->base_name,
		      gcc_version.basever);
		return 1;
	}
	opt_debug = getenv("UACCESS_DEBUG") != NULL;
	roles_init();
	report_init();
	touching_fns = new uid_set;
	region_fns = new uid_set;
	leaking_fns = new uid_set;
	deferred_fns = new uid_set;
	deferred_lines = new key_set;
	generic_fns = new uid_set;
	for (i = 0; i < info->argc; i++) {
		const char *key = info->argv[i].key, *val = info->argv[i].value;

		if (!strcmp(key, "werror")) {
			region_werror = true;
		} else if (!strcmp(key, "stats")) {
			opt_stats = true;
		} else if (!strcmp(key, "disable") && val) {
			if (region_disable(val, why, sizeof(why))) {
				error("%s: %<disable%>: %s", info->base_name, why);
				return 1;
			}
		} else if (!strcmp(key, "format") && val) {
			if (region_format(val, why, sizeof(why))) {
				error("%s: %<format%>: %s", info->base_name, why);
				return 1;
			}
		} else if (!strcmp(key, "safe-list") && val) {
			if (region_read_safe_list(val, why, sizeof(why))) {
				error("%s: safe list %qs: %s", info->base_name, val,
				      why);
				return 1;
			}
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
	register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &uaccess_unlowered_pass_info);
	if (opt_stats)
		register_callback(info->base_name, PLUGIN_FINISH, report_stats, NULL);
	if (region_json && region_werror)
		register_callback(info->base_name, PLUGIN_FINISH, report_errors,
				  (void *)info->base_name);
	return 0;
}

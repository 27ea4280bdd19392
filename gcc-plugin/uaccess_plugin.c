// SPDX-License-Identifier: GPL-2.0
/*
 * uaccess_plugin: check Linux user-access regions at compile time.
 *
 * Once the compilation unit is lowered and before the IPA passes inline
 * anything, each function is followed path by path: whether a
 * user-access region (user_access_begin() ... user_access_end(), or a
 * scoped_user_*_access() block) is open, and the region defects of the
 * uabatch contract reported with " [uaccess:<id>]".  What each statement
 * is to a region is roles.c's; the states, their transitions and the
 * findings' texts are the region analysis that sparse-uaccess shares
 * (region/region.c); flow.c runs it over the CFG; this file chooses what
 * it analyses.  An inline helper is analysed where it is called, from
 * its caller's state, which goes on from the helper's returns, as GCC
 * will inline it and as sparse-uaccess walks it.  Its options, as
 * -fplugin-arg-uaccess_plugin-<name>[=<value>], are in its help.
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
static struct region_stats file_stats = { .engine = "gcc" };

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

/* The begins of the unit (fn_info's begins), and the memory of each. */
static hash_map<gimple *, struct ua_begin *> *unit_begins;

/* A function GCC may inline, whose body this compilation has. */
bool inline_body(tree fn)
{
	return DECL_DECLARED_INLINE_P(fn) && !fndecl_built_in_p(fn) &&
	       DECL_STRUCT_FUNCTION(fn) && DECL_STRUCT_FUNCTION(fn)->cfg;
}

#define MAX_HELPER_DEPTH 6

/* Whether function @fn, or an inline one it calls, has a part of the API. */
static hash_map<tree, bool> *touching;

static bool touches_api(tree fn, int depth)
{
	gimple_stmt_iterator gsi;
	bool *hit = touching->get(fn), any = false;
	basic_block bb;

	if (hit || depth > MAX_HELPER_DEPTH)
		return hit && *hit;
	touching->put(fn, false);	/* while its callees are looked at */
	FOR_EACH_BB_FN(bb, DECL_STRUCT_FUNCTION(fn)) {
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi) && !any; gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			struct stmt_role r = classify(stmt);
			tree callee = is_gimple_call(stmt) ? gimple_call_fndecl(stmt) : NULL_TREE;

			any = (r.role != R_NONE && r.role != R_CALL) ||
			      (r.role == R_CALL && callee && inline_body(callee) &&
			       touches_api(callee, depth + 1));
		}
	}
	touching->put(fn, any);
	return any;
}

/* How @fn's analysis starts from @st: __unsafe_*() in its caller's region. */
static struct region_state entry_of(tree fn, struct region_state st)
{
	if (!(st.bits & ~REGION_CLOSED) &&
	    region_starts_in_callers(IDENTIFIER_POINTER(DECL_NAME(fn))))
		return region_callers_state;
	return st;
}

/*
 * The analysis of @fn from state @entry, its findings said unless
 * @quiet; @exit as analyse() takes it.  How many opens @fn has.
 */
static int analyse_body(tree fn, bool quiet, int depth, struct region_state entry,
			struct region_state *exit)
{
	tree saved = current_function_decl;
	int opens;

	push_cfun(DECL_STRUCT_FUNCTION(fn));
	current_function_decl = fn;
	{
		struct fn_info fi = fn_info();

		fi.begins = unit_begins;
		fi.depth = depth;
		report_start(&fi, quiet);
		scan_function(&fi);
		analyse(&fi, entry, exit);
		opens = fi.opens;
	}
	pop_cfun();
	current_function_decl = saved;
	return opens;
}

/* A function of the unit, not inline: analysed from a closed region. */
static void analyse_function(cgraph_node *node)
{
	const char *name = IDENTIFIER_POINTER(DECL_NAME(node->decl));
	struct region_state closed = { REGION_CLOSED };

	file_stats.functions++;
	/*
	 * Most functions never touch the API: skip them cheaply.  What a
	 * region may call starts in one (region_may_call()); the API's own
	 * primitives are no helpers: their callers are checked.
	 */
	if ((touches_api(node->decl, 0) || region_may_call(name)) &&
	    !region_implements_api(name, DECL_SOURCE_FILE(node->decl))) {
		file_stats.analysed++;
		file_stats.opens += analyse_body(node->decl, false, 0,
						 entry_of(node->decl, closed), NULL);
	}
}

/*
 * Inline helper @fn, called by @caller's function in state *@st, and the
 * state its returns leave it in *@st (region_enter_helper()), its
 * findings said where @emit.  The API's own primitives are not helpers.
 */
void analyse_helper(struct fn_info *caller, tree fn, struct region_state *st,
		    bool emit)
{
	const char *name = IDENTIFIER_POINTER(DECL_NAME(fn));
	struct region_state entry = entry_of(fn, *st), exit = {};
	const struct region_walk *done;

	/* a caller that says nothing: nor do the helpers it calls */
	emit = emit && caller->sink.report;
	if (!st->bits || caller->depth >= MAX_HELPER_DEPTH || model_fn(fn) ||
	    region_implements_api(name, DECL_SOURCE_FILE(fn)) ||
	    !touches_api(fn, caller->depth + 1))
		return;
	region_enter_helper(&entry);
	done = region_walk_done(fn, &entry, 1, emit);
	if (done) {
		exit = done->exit[0];
	} else {
		struct region_walk w = { fn, emit, 0, 1, 1, { entry } };

		analyse_body(fn, !emit, caller->depth + 1, entry, &exit);
		w.exit[0] = exit;
		region_walk_add(&w);
	}
	region_leave_helper(&exit, !caller->depth);
	*st = exit;
}

/*
 * Once every function of the unit is lowered, and before the IPA passes
 * inline: each function that is not inline, and the helpers it calls.
 * With 'stats', its CPU time is measured.
 */
static void analyse_unit(void *gcc_data, void *user_data)
{
	double start = region_show_stats ? now() : 0;
	cgraph_node *node;

	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node)
		if (!DECL_DECLARED_INLINE_P(node->decl) && DECL_NAME(node->decl))
			analyse_function(node);
	region_walks_forget();
	for (hash_map<gimple *, struct ua_begin *>::iterator it = unit_begins->begin();
	     it != unit_begins->end(); ++it)
		XDELETE((*it).second);
	unit_begins->empty();
	if (region_show_stats)
		file_stats.seconds += now() - start;
}

/*
 * Before "lower", what lowering loses: the returns apart, a scope's other
 * branch still there (flow.c's note_unlowered()).
 */
static const pass_data unlowered_pass_data = {
	GIMPLE_PASS, "uaccess_unlowered", OPTGROUP_NONE, TV_NONE, PROP_gimple_any,
	0, 0, 0, 0,
};

class unlowered_pass : public gimple_opt_pass {
public:
	unlowered_pass(gcc::context *ctxt) : gimple_opt_pass(unlowered_pass_data, ctxt) {}
	opt_pass *clone() final override { return new unlowered_pass(m_ctxt); }
	unsigned int execute(function *) final override { return note_unlowered(); }
};

int plugin_init(struct plugin_name_args *info, struct plugin_gcc_version *version)
{
	struct register_pass_info unlowered = {
		new unlowered_pass(g), "lower", 1, PASS_POS_INSERT_BEFORE,
	};
	char why[300];
	int i, refused;

	if (!plugin_default_version_check(version, &gcc_version)) {
		error("%s: built for GCC %s, not this compiler", info->base_name,
		      gcc_version.basever);
		return 1;
	}
	opt_debug = getenv("UACCESS_DEBUG") != NULL;
	roles_init();
	report_init();
	touching = new hash_map<tree, bool>;
	unit_begins = new hash_map<gimple *, struct ua_begin *>;
	for (i = 0; i < info->argc; i++) {
		const char *key = info->argv[i].key, *val = info->argv[i].value;

		refused = region_option(key, val, why, sizeof(why));
		if (refused > 0)
			error("%s: unknown option %<-fplugin-arg-%s-%s%>",
			      info->base_name, info->base_name, key);
		else if (refused)
			error("%s: %qs: %s", info->base_name, key, why);
		if (refused)
			return 1;
	}
	register_callback(info->base_name, PLUGIN_INFO, NULL, &uaccess_plugin_info);
	register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &unlowered);
	register_callback(info->base_name, PLUGIN_ALL_IPA_PASSES_START, analyse_unit, NULL);
	if (region_show_stats)
		register_callback(info->base_name, PLUGIN_FINISH, report_stats, NULL);
	if (region_json && region_werror)
		register_callback(info->base_name, PLUGIN_FINISH, report_errors,
				  (void *)info->base_name);
	return 0;
}

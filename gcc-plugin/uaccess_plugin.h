/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the plugin's files share.  uaccess_plugin.c registers the passes
 * and chooses the functions it analyses, and the inline helpers at their
 * calls; flow.c runs the data-flow over a function; roles.c says what
 * each statement is to a region; ranges.c resolves pointers to a base and
 * an offset, for what a begin covers and the pointer-mismatch checks;
 * report.c is where the region analysis (region/region.c) says its
 * findings: GCC locations, dedup, werror.
 */
#ifndef UACCESS_PLUGIN_H
#define UACCESS_PLUGIN_H

#include "gcc-compat.h"
#include "region.h"

typedef hash_set<int_hash<unsigned int, 0, UINT_MAX> > uid_set;
typedef hash_set<int_hash<unsigned HOST_WIDE_INT, 0, HOST_WIDE_INT_M1U> > key_set;

extern bool opt_debug;

/* ---- roles.c ---- */

/* What a statement is to the region. */
enum role {
	R_NONE,		/* ordinary code */
	R_PART,		/* inside an API macro: not a call of its own */
	R_CALL,		/* an ordinary call */
	R_OPEN,		/* opens a region */
	R_END,		/* closes it */
	R_ACCESS,	/* an unsafe_*() accessor */
	R_CHECK,	/* access_ok(), masking */
	R_SAVE,		/* user_access_save(): off, whatever it was */
	R_RESTORE,	/* user_access_restore() */
};

struct stmt_role {
	enum role role;
	enum uaccess_kind kind;	/* how the source opened it */
	enum uaccess_mode mode;
	const char *name;	/* the name the source wrote */
	location_t loc;		/* where */
	bool blind;		/* a classic begin that is only access_ok(): no end seen */
	bool whole;		/* a masked begin that covers all of *p */
	int kernel;		/* a kernel-address test: 1 on its true edge, -1 its false */
};

void roles_init(void);
const struct uaccess_name *model_lookup_macro(const char *name);
const struct uaccess_name *model_fn(tree fn);
int model_macros(location_t loc, const struct uaccess_name **out, int max,
		 location_t *at);
struct stmt_role classify(gimple *stmt);
bool uaccess_safe(tree fn);
bool scope_flag_decl(tree t);

/* ---- the function being analysed ---- */

/* A pointer as a base variable and a constant byte offset. */
struct range {
	tree base;
	HOST_WIDE_INT off;
	HOST_WIDE_INT size;	/* -1: not a constant */
};

/* A begin of the function: what the region analysis and ranges.c know. */
struct ua_begin {
	struct region_begin region;	/* first: a state's begin leads here */
	bool ranged;			/* a begin of a known pointer */
	struct range range;
};

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

/*
 * The analysis of one function, or of an inline helper at a call.  Made
 * as 'fn_info()', value-initialised: its maps built, the rest zero.
 */
struct fn_info {
	result_map res;
	hash_set<gimple *> tested;	/* begins whose result is tested */
	hash_map<tree, int> flags;	/* scope flags and their negations */
	/* its checks, by the IDENTIFIER_NODEs of what their pointers are computed from */
	struct region_checks checks;
	int opens;
	hash_map<tree, gimple *> defs;	/* temporaries and their one definition */
	/*
	 * The begins of the unit, each made once and kept until the unit is
	 * analysed: the states point to them, a helper's beyond its analysis
	 * (in its caller's state, in the memo of helper analyses).
	 */
	hash_map<gimple *, struct ua_begin *> *begins;
	struct region_sink sink;	/* the findings */
	int depth;			/* of inline helpers analysed at their calls */
	struct region_state *exit;	/* an inline helper's: the states it returns with */
};

/* ---- uaccess_plugin.c ---- */

bool inline_body(tree fn);
void analyse_helper(struct fn_info *caller, tree fn, struct region_state *st,
		    bool emit);

/* ---- flow.c ---- */

void scan_function(struct fn_info *fi);
void analyse(struct fn_info *fi, struct region_state entry,
	     struct region_state *exit);
unsigned int note_unlowered(void);

/* ---- ranges.c ---- */

void note_scoped_size(gimple *stmt);
void record_def(struct fn_info *fi, gimple *stmt);
void record_range(struct fn_info *fi, struct ua_begin *b, gimple *call,
		  bool whole);
void record_check(struct fn_info *fi, tree ptr);
tree pointer_ident(struct fn_info *fi, tree t);
tree called_fndecl(struct fn_info *fi, gimple *stmt);
void check_range(struct fn_info *fi, gimple *stmt, const struct stmt_role *r,
		 const struct region_state *st);

/* ---- report.c ---- */

void report_init(void);
void report_start(struct fn_info *fi, bool quiet);
bool spelled_in_macro_body(location_t loc);
void report_errors(void *gcc_data, void *user_data);

#endif /* UACCESS_PLUGIN_H */

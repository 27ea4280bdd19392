// SPDX-License-Identifier: GPL-2.0
/*
 * Where the region analysis says the plugin's findings: at the place the
 * source wrote, once per place and id (an inline helper's once for all
 * its calls), as warnings (errors with 'werror'), with " [uaccess:<id>]".
 * With 'format=json', the region analysis prints them, as JSON Lines.
 */
#include "uaccess_plugin.h"

/* The dedup key holds the id in its low bits. */
static_assert(NR_REGION_IDS <= 16, "a region id takes 4 bits of a key");

/* The findings said, by place and id. */
static key_set *reported;

void report_init(void)
{
	reported = new key_set;
}

/*
 * Whether the token at @loc is spelled in a macro's body, as libcpp
 * tracks it: not where the source wrote it (in a macro's argument, or
 * in no macro).
 */
bool spelled_in_macro_body(location_t loc)
{
	return linemap_location_from_macro_definition_p(line_table, LOCATION_LOCUS(loc));
}

/*
 * Where the source wrote it: what a macro's argument holds, where the
 * argument spells it; what a macro's body makes, at the outermost
 * macro's expansion point.  So a call in pr_err()'s third line is told
 * on that line, as sparse-uaccess tells it.
 */
static location_t source_loc(location_t loc)
{
	location_t used = linemap_resolve_location(line_table, loc,
						   LRK_MACRO_EXPANSION_POINT, NULL);

	if (used == loc || spelled_in_macro_body(loc))
		return used;
	return linemap_resolve_location(line_table, loc, LRK_SPELLING_LOCATION, NULL);
}

/* JSON findings under 'werror', which must fail the compilation all the same. */
static unsigned int json_errors;

/*
 * A JSON line for the diagnostic GCC would print: its column, and none
 * where it would print no warning (-w, a system header).
 */
static void print_json(location_t loc, enum region_id id, const char *msg,
		       const char *fn)
{
	expanded_location x = expand_location(loc);
	struct region_finding f = {
		x.file, (unsigned int)x.line, diagnostic_column(x), id, fn, msg, "gcc",
	};

	if (!region_werror && !diagnostic_report_warnings_p(global_dc, loc))
		return;
	json_errors += region_werror;
	region_print(stderr, &f);
}

/* At the end of the compilation, the error that fails it; @user_data: the plugin's name. */
void report_errors(void *gcc_data, void *user_data)
{
	if (json_errors)
		error_n(UNKNOWN_LOCATION, json_errors,
			"%s: %u finding is an error (%<werror%>)",
			"%s: %u findings are errors (%<werror%>)",
			(const char *)user_data, json_errors);
}

/* @where is a location_t. */
static void report(struct region_sink *sink, const void *where,
		   enum region_id id, const char *msg)
{
	location_t loc = source_loc(*(const location_t *)where);

	/* Code with no place of its own (a shared return) gets the function's. */
	if (loc <= BUILTINS_LOCATION)
		loc = DECL_SOURCE_LOCATION(current_function_decl);
	if (reported->add((unsigned HOST_WIDE_INT)loc << 4 | id))
		return;
	if (region_json) {
		print_json(loc, id, msg, sink->fn);
	} else if (region_werror) {
		error_at(loc, "%s [uaccess:%s]", msg, region_ids[id]);
	} else {
		/*
		 * A finding is a warning even under the kernel's -Werror
		 * (CONFIG_WERROR): failing a build is what 'werror' asks.
		 */
		bool as_error = werror_requested();

		set_werror_requested(false);
		warning_at(loc, 0, "%s [uaccess:%s]", msg, region_ids[id]);
		set_werror_requested(as_error);
	}
}

/*
 * The sink of the current function: @quiet, it says nothing at all.
 * The data-flow's rounds before the fixpoint, and an inline helper's
 * analysis at a call not in its caller's last round, move the states but
 * say nothing.
 */
void report_start(struct fn_info *fi, bool quiet)
{
	fi->sink.report = quiet ? NULL : report;
	fi->sink.fn = function_name(cfun);
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The GCC headers the plugin uses, and what differs between the GCC
 * versions it builds with (12 to 16), as the kernel's
 * scripts/gcc-plugins/gcc-common.h does for its own plugins.
 */
#ifndef UACCESS_GCC_COMPAT_H
#define UACCESS_GCC_COMPAT_H

#include "gcc-plugin.h"
/* bversion.h, not plugin-version.h: that one defines gcc_version in each file. */
#include "bversion.h"
#include "tree.h"
#include "basic-block.h"
#include "tree-ssa-alias.h"
#include "internal-fn.h"
#include "gimple-expr.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "tree-pass.h"
#include "context.h"
#include "diagnostic-core.h"
#include "diagnostic.h"
#include "stringpool.h"
#include "attribs.h"
#include "cfganal.h"
#include "tree-cfg.h"
#include "tree-pretty-print.h"
#include "tree-dfa.h"
#include "cgraph.h"

/*
 * Whether -Werror turns warnings into errors: a field of the diagnostic
 * context up to GCC 13, behind accessors since GCC 14.
 */
#if BUILDING_GCC_MAJOR >= 14
static inline bool werror_requested(void)
{
	return global_dc->warning_as_error_requested_p();
}

static inline void set_werror_requested(bool on)
{
	global_dc->set_warning_as_error_requested(on);
}
#else
static inline bool werror_requested(void)
{
	return global_dc->warning_as_error_requested;
}

static inline void set_werror_requested(bool on)
{
	global_dc->warning_as_error_requested = on;
}
#endif

/*
 * The column GCC's diagnostics print for @x (-fdiagnostics-column-unit,
 * -origin, -ftabstop): a context's method in GCC 14, a policy's since.
 */
static inline int diagnostic_column(expanded_location x)
{
#if BUILDING_GCC_MAJOR >= 16
	return diagnostics::column_policy(*global_dc).converted_column(x);
#elif BUILDING_GCC_MAJOR >= 15
	return diagnostic_column_policy(*global_dc).converted_column(x);
#elif BUILDING_GCC_MAJOR >= 14
	return global_dc->converted_column(x);
#else
	return diagnostic_converted_column(global_dc, x);
#endif
}

/* Where a macro map's macro was expanded: a method of the map since GCC 14. */
static inline location_t macro_expansion_point(const line_map_macro *map)
{
#if BUILDING_GCC_MAJOR >= 14
	return map->get_expansion_point_location();
#else
	return MACRO_MAP_EXPANSION_POINT_LOCATION(map);
#endif
}

/* The last statement of a block, debug statements skipped: renamed in GCC 14. */
#if BUILDING_GCC_MAJOR < 14
static inline gimple *last_nondebug_stmt(basic_block bb)
{
	return last_stmt(bb);
}
#endif

#endif /* UACCESS_GCC_COMPAT_H */

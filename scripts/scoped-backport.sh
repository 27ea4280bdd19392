#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The scoped user-access API (scoped_user_*_access*(), 6.19) as tree NEW
# defines it in include/linux/uaccess.h, for an older tree: a header that
# UABATCH_PREINCLUDE gives to verify.sh, so that the rewrites 'uabatch
# modernize' makes of a tree without the API build and are checked there
# (the history measurement of scripts/modernize-history.sh).  The older
# tree must have can_do_masked_user_access() and masked_user_access_begin()
# (6.12 has them); the mode's masked begins of NEW are aliased to it.
#
# usage: scoped-backport.sh NEW > HEADER

set -eu

h=${1:?usage: scoped-backport.sh NEW}/include/linux/uaccess.h
[ -f "$h" ] || { echo "scoped-backport.sh: $h: no such file" >&2; exit 2; }
grep -q '^#define scoped_user_rw_access(' "$h" ||
	{ echo "scoped-backport.sh: $h: no scoped_user_rw_access()" >&2; exit 2; }
cat <<'HEAD'
/* The scoped user-access API of a newer tree, made by scoped-backport.sh. */
#include <linux/uaccess.h>
#ifndef scoped_user_write_access
#ifndef masked_user_read_access_begin
#define masked_user_read_access_begin masked_user_access_begin
#endif
#ifndef masked_user_write_access_begin
#define masked_user_write_access_begin masked_user_access_begin
#endif
HEAD
# From the RW aliases the scoped macros expand to, to the last of them.
awk '/^#define masked_user_rw_access_begin\(/ { on = 1 }
	on { print }
	on && /^#define scoped_user_rw_access\(/ { last = 1 }
	last && !/\\$/ { exit }' "$h"
echo '#endif'

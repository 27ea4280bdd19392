#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The scoped user-access API (scoped_user_*_access*(), 6.19) of tree NEW
# for a build of an older tree: a linux/uaccess.h that uabatch's verify puts
# first on the include path when it checks a 'uabatch modernize' patch of
# a tree without the API.  It includes the tree's own header, then adds:
#
# - NEW's wrappers of the accessors, over the older tree's own ones
#   renamed arch_unsafe_{get,put}_user(), as NEW names them.  Without
#   them the API would be unsound: an accessor made of an asm goto jumps
#   to its fault label past the block's cleanup, and the region stays
#   open (6.12's x86 unsafe_put_user() does); NEW's jumps to a local label
#   and leaves from there with a C goto, which runs the cleanup.  The
#   copy accessors of every architecture are made of these two.
# - the mode's masked begins, as aliases of masked_user_access_begin(),
#   where the tree has only that one (can_do_masked_user_access() comes
#   with it, since 6.12);
# - NEW's scoped macros, 'auto' spelled __auto_type (older trees build
#   with -std=gnu11).
#
# The older tree's accessors are read from its preprocessor, with the
# build's own command line, so that the configuration picks among their
# definitions (x86's unsafe_get_user() with or without asm goto output):
#
# usage: CC ... -E -dM -x c - <<< '#include <linux/uaccess.h>' |
#	scoped-backport.sh NEW > DIR/linux/uaccess.h

set -eu

h=${1:?usage: scoped-backport.sh NEW < MACROS}/include/linux/uaccess.h
say()
{
	echo "scoped-backport.sh: $*" >&2
	exit 2
}
[ -f "$h" ] || say "$h: no such file"
grep -q '^#define scoped_user_rw_access(' "$h" || say "$h: no scoped_user_rw_access()"
grep -q '^#ifdef arch_unsafe_get_user' "$h" || say "$h: no wrappers of arch_unsafe_get_user()"
macros=$(mktemp "${TMPDIR:-/tmp}/uabatch-macros.XXXXXX")
trap 'rm -f "$macros"' EXIT
cat > "$macros"
for accessor in unsafe_put_user unsafe_get_user; do
	grep -q "^#define $accessor(" "$macros" ||
		say "standard input: no $accessor() among the macros"
done

cat <<'HEAD'
/*
 * For checking builds only: the scoped user-access API of a newer tree
 * over this tree's accessors, made by uabatch's scripts/scoped-backport.sh.
 */
#include_next <linux/uaccess.h>
#ifndef scoped_user_rw_access
HEAD
sed -n 's/^#define unsafe_\(get\|put\)_user(/#define arch_unsafe_\1_user(/p' "$macros"
echo '#undef unsafe_get_user'
echo '#undef unsafe_put_user'
awk '/^#ifdef arch_unsafe_get_user/ { on = 1 }
	on { print }
	/^#endif \/\* arch_unsafe_get_user \*\// { exit }' "$h"
for mode in read write; do
	printf '#ifndef masked_user_%s_access_begin\n' "$mode"
	printf '#define masked_user_%s_access_begin masked_user_access_begin\n' "$mode"
	echo '#endif'
done
# From the RW aliases the scoped macros expand to, to the last of them.
awk '/^#define masked_user_rw_access_begin\(/ { on = 1 }
	on { print }
	on && /^#define scoped_user_rw_access\(/ { last = 1 }
	last && !/\\$/ { exit }' "$h" |
	sed 's/\([( ]\)auto /\1__auto_type /'
echo '#endif'

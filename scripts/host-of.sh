#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The .c files of tree KDIR that include header HEADER (its path in the
# tree), one a line, best first: those that call one of the functions
# listed in FUNCTIONS (a file, a name a line) before the others, those
# that include it themselves before those that include it through another
# header (kernel/futex/*.c through futex.h, for asm/futex.h), then by
# path.  A header under include/ or arch/*/include/ is looked for as
# <...> in the whole tree (but other architectures' directories); any
# other as "..." in its own directory.  A header's inline functions are
# only compiled, and checked, where something calls them.
#
# usage: host-of.sh KDIR HEADER FUNCTIONS

set -eu

kdir=$1 header=$2 functions=$3

case $header in
arch/*) arch=${header#arch/} arch=${arch%%/*} ;;
*) arch= ;;
esac
calls="(^|[^A-Za-z0-9_])($(paste -sd'|' "$functions"))[[:space:]]*\\("

# The files named *.$2 that include header $1, in the tree but other
# architectures' directories.
includers()
{
	case $1 in
	arch/*/include/uapi/*) inc=${1#arch/*/include/uapi/} ;;
	arch/*/include/*) inc=${1#arch/*/include/} ;;
	include/uapi/*) inc=${1#include/uapi/} ;;
	include/*) inc=${1#include/} ;;
	*) inc= ;;
	esac
	if [ -n "$inc" ]; then
		re="^#[[:space:]]*include[[:space:]]*<$(echo "$inc" | sed 's/[.]/[.]/g')>"
		where=$kdir
	else
		re="^#[[:space:]]*include[[:space:]]*\"$(basename "$1" | sed 's/[.]/[.]/g')\""
		where=$kdir/$(dirname "$1")
	fi
	grep -rlE --include="*.$2" "$re" "$where" 2>/dev/null | while IFS= read -r f; do
		rel=${f#"$kdir"/}
		case $rel in
		arch/"$arch"/*) ;;
		arch/*) continue ;;
		esac
		echo "$rel"
	done
}

# 'rank path' of the .c files that include header $1, ranked from $2: a
# file that calls a function of the list ranks first.
ranked()
{
	includers "$1" c | while IFS= read -r c; do
		if grep -qE "$calls" "$kdir/$c"; then
			echo "$2 $c"
		else
			echo "$(($2 + 2)) $c"
		fi
	done
}

{
	ranked "$header" 0
	includers "$header" h | while IFS= read -r h; do
		[ "$h" = "$header" ] || ranked "$h" 1
	done
} | sort -k1,1n -k2 | awk '!seen[$2]++ { print $2 }'

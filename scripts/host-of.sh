#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The .c files of tree KDIR that include header HEADER (its path in the
# tree), one a line, best first: those that call one of the functions
# listed in FUNCTIONS (a file, a name a line) before the others, then by
# path.  A header under include/ or arch/*/include/ is looked for as
# <...> in the whole tree (but other architectures' directories); any
# other as "..." in its own directory.  A header's inline functions are
# only compiled, and checked, where something calls them.
#
# usage: host-of.sh KDIR HEADER FUNCTIONS

set -eu

kdir=$1 h=$2 functions=$3

case $h in
arch/*/include/uapi/*) inc=${h#arch/*/include/uapi/} ;;
arch/*/include/*) inc=${h#arch/*/include/} ;;
include/uapi/*) inc=${h#include/uapi/} ;;
include/*) inc=${h#include/} ;;
*) inc= ;;
esac
if [ -n "$inc" ]; then
	re="^#[[:space:]]*include[[:space:]]*<$(echo "$inc" | sed 's/[.]/[.]/g')>"
	where=$kdir
else
	re="^#[[:space:]]*include[[:space:]]*\"$(basename "$h" | sed 's/[.]/[.]/g')\""
	where=$kdir/$(dirname "$h")
fi
case $h in
arch/*) arch=${h#arch/} arch=${arch%%/*} ;;
*) arch= ;;
esac
calls="(^|[^A-Za-z0-9_])($(paste -sd'|' "$functions"))[[:space:]]*\\("
grep -rlE --include='*.c' "$re" "$where" 2>/dev/null | while IFS= read -r c; do
	rel=${c#"$kdir"/}
	case $rel in
	arch/"$arch"/*) ;;
	arch/*) continue ;;
	esac
	if grep -qE "$calls" "$c"; then
		echo "0 $rel"
	else
		echo "1 $rel"
	fi
done | sort -k1,1n -k2 | cut -d' ' -f2-

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The .c files of tree KDIR that include header HEADER (its path in the
# tree), one a line, best first: those that call one of the functions
# listed in FUNCTIONS (a file, a name a line) before the others, those
# that include it themselves before those that include it through
# other headers (kernel/futex/*.c through futex.h, for asm/futex.h), then
# by path.  A header under include/ or arch/*/include/ is looked for as
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
work_h1=$(mktemp "${TMPDIR:-/tmp}/uabatch-host.XXXXXX")
work_ranked=$(mktemp "${TMPDIR:-/tmp}/uabatch-host.XXXXXX")
trap 'rm -f "$work_h1" "$work_ranked"' EXIT

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

# 'rank path' of the .c files that include header $1, through $2 other
# headers: those that call a function of the list rank first ($2), then
# the others (3 + $2).
ranked()
{
	includers "$1" c | while IFS= read -r c; do
		if grep -qE "$calls" "$kdir/$c"; then
			echo "$2 $c"
		else
			echo "$((3 + $2)) $c"
		fi
	done
}

# Through one header, and through two when few headers include it (x86's
# checksum_32.h: asm/checksum.h includes it, net/checksum.h that one, and
# net/core/datagram.c calls its functions; a header that many include is
# included by enough .c files already).
includers "$header" h | grep -vxF "$header" > "$work_h1" || true
{
	ranked "$header" 0
	while IFS= read -r h; do
		ranked "$h" 1
	done < "$work_h1"
} > "$work_ranked"
if [ "$(wc -l < "$work_h1")" -le 3 ]; then
	while IFS= read -r h; do
		includers "$h" h | grep -vxF -e "$h" -e "$header" || true
	done < "$work_h1" | sort -u | while IFS= read -r h2; do
		ranked "$h2" 2
	done >> "$work_ranked"
fi
sort -k1,1n -k2 "$work_ranked" | awk '!seen[$2]++ { print $2 }'

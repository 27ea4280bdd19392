#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The objects that build directory BUILD compiles (its configuration, as
# 'make -n' lists them) whose source opens a user-access region: it names
# an accessor, a begin or a scoped block of model/uaccess.api, or a
# function or macro of a header of the tree that does (epoll_put_uevent(),
# unsafe_put_compat_sigset()).  One path a line, relative to the tree.
#
# usage: region-objects.sh BUILD

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$1" && pwd)
src=$build
[ -L "$build/source" ] && src=$(cd "$build/source" && pwd -P)
arch=$(sh "$top/scripts/make-args.sh" --arch "$build")
work=$(mktemp -d "${TMPDIR:-/tmp}/uabatch-objects.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The model's names that open a region or need one.
awk '$1 ~ /^(unsafe|begin|masked|open|scoped)$/ { print $2 }' "$top/model/uaccess.api" > "$work/names"

# The headers' functions and macros that use one, added to the names.
pattern()
{
	printf '(^|[^A-Za-z0-9_])(%s)([^A-Za-z0-9_]|$)' "$(paste -sd'|' "$work/names")"
}
(cd "$src" && grep -rlE "$(pattern)" include/linux include/net "arch/$arch/include" \
	--include='*.h' 2>/dev/null | grep -v '/uaccess\.h$' || true) > "$work/headers"
while IFS= read -r h; do
	python3 "$top/cocci/layout.py" --model "$top/model/uaccess.api" "$src/$h" | awk -F"\t" '$2 ~ /batched/ { print $1 }'
	sed -n 's/^#[ \t]*define[ \t]\{1,\}\([A-Za-z0-9_]*\)(.*/\1/p' "$src/$h" | while IFS= read -r m; do
		if awk -v m="$m" '$0 ~ "define[ \t]+" m "\\(" { on = 1 }
			on { print; if ($0 !~ /\\$/) exit }' "$src/$h" | grep -qE "$(pattern)"; then
			echo "$m"
		fi
	done
done < "$work/headers" >> "$work/names"

# What the configuration compiles, and of it what names one.  'make -n'
# lists only what is out of date: a flag on no command yet makes every
# object so (Kbuild compiles again when a command changes).
# shellcheck disable=SC2046 # ARCH=.. CROSS_COMPILE=..
make -n -C "$build" $(sh "$top/scripts/make-args.sh" "$build") KCFLAGS=-D__UABATCH_LIST=$$ all \
	2> /dev/null |
	grep -o -- '-c -o [^ ]*\.o' | cut -d' ' -f3 | sort -u > "$work/objects" || true
[ -s "$work/objects" ] || { echo "region-objects.sh: $1: make -n lists no object" >&2; exit 2; }
pattern > "$work/pattern"
while IFS= read -r o; do
	if [ -f "$src/${o%.o}.c" ] && grep -qE "$(cat "$work/pattern")" "$src/${o%.o}.c"; then
		echo "$o"
	fi
done < "$work/objects"

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

# The sources that name one (this architecture's of arch/), then what the
# configuration compiles of their directories: 'make -n' on a directory
# lists the objects its Makefile builds in this configuration (the whole
# tree's would take minutes in allmodconfig).  'make -n' lists only what
# is out of date: a flag on no command yet makes every object so (Kbuild
# compiles again when a command changes).
pattern > "$work/pattern"
(cd "$src" && grep -rlE -f "$work/pattern" --include='*.c' \
	$(ls -d */ | grep -v '^\(arch\|tools\|Documentation\|samples\|scripts\|usr\)/$') \
	"arch/$arch" || true) | sort > "$work/sources"
[ -s "$work/sources" ] || { echo "region-objects.sh: $1: no source names a region" >&2; exit 2; }
# shellcheck disable=SC2046 # ARCH=.. CROSS_COMPILE=.., directories
make -n -k -C "$build" $(sh "$top/scripts/make-args.sh" "$build") KCFLAGS=-D__UABATCH_LIST=$$ \
	$(sed 's|[^/]*$||' "$work/sources" | sort -u) 2> /dev/null |
	grep -o -- '-c -o [^ ]*\.o' | cut -d' ' -f3 | sort -u > "$work/objects" || true
sed 's|\.c$|.o|' "$work/sources" | comm -12 - "$work/objects"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Check every file of a uabatch patch against the kernel tree it was made
# for: the file's part applies ('patch -p1 --dry-run'), the object builds
# with it where it builds without it (x86_64 defconfig), and objtool
# warns about user access no more than before.  One line a file:
#
#   <file> applies|FAILS compiles|FAILS|not-built objtool-ok|NEW-UACCESS
#
# The tree is left as it was (sources restored, touched objects removed);
# builds hold the tree's lock, $UABATCH_CACHE/linux-<version>.lock.
#
# usage: check-patches.sh KDIR DIFF
# Exit status: 0 when every file passes.

set -eu

kdir=$(cd "$1" && pwd)
diff=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
lock=$kdir.lock
work=$(mktemp -d "${TMPDIR:-/tmp}/uabatch-check.XXXXXX")
restore=
cleanup()
{
	[ -n "$restore" ] && cp "$work/orig" "$kdir/$restore" && touch "$kdir/$restore"
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 2' HUP INT TERM

# The UACCESS warnings of objtool on object $1.
uaccess_warnings()
{
	sh "$(dirname "$0")/objtool-uaccess.sh" "$kdir" "$1"
}

build()
{
	rm -f "$kdir/$1"
	flock "$lock" make -s -C "$kdir" "$1" > "$work/build.log" 2>&1
}

status=0
for f in $(sed -n 's|^+++ b/||p' "$diff"); do
	obj=${f%.c}.o
	# This file's part of the diff.
	awk -v f="$f" '/^--- a\// { on = ($0 == "--- a/" f) } on' "$diff" > "$work/one.diff"
	if (cd "$kdir" && patch -p1 --dry-run -s < "$work/one.diff") > /dev/null 2>&1; then
		applies=applies
	else
		applies=FAILS
		status=1
	fi
	compiles=not-built
	objtool=objtool-ok
	case $f in
	*.c)
		# A .c file that another one includes is built with it.
		if [ $applies = applies ] && ! build "$obj"; then
			includer=$(grep -l "^#include \"$(basename "$f")\"" \
				"$kdir/$(dirname "$f")"/*.c 2>/dev/null | head -n 1)
			[ -n "$includer" ] && obj=${includer#"$kdir"/} obj=${obj%.c}.o
		fi
		if [ $applies = applies ] && build "$obj"; then
			uaccess_warnings "$obj" > "$work/before"
			cp "$kdir/$f" "$work/orig"
			restore=$f
			(cd "$kdir" && patch -p1 -s < "$work/one.diff")
			if build "$obj"; then
				compiles=compiles
				uaccess_warnings "$obj" > "$work/after"
				if [ -n "$(comm -13 "$work/before" "$work/after")" ]; then
					objtool=NEW-UACCESS
					status=1
				fi
			else
				compiles=FAILS
				sed 's/^/    /' "$work/build.log" | head -20 >&2
				status=1
			fi
			cp "$work/orig" "$kdir/$f"
			touch "$kdir/$f"
			restore=
			rm -f "$kdir/$obj"
		fi
		;;
	esac
	echo "$f $applies $compiles $objtool"
done
exit $status

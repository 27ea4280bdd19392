#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'uabatch modernize --verify' on the whole of tree OLD, each rewrite
# built in the build directories of 'make kernels' and 'make kernels-more'
# for its version that exist (the tree itself first, then x86_64, i386,
# powerpc, ppc64, ppc32, arm64, riscv; a file goes to the first that
# compiles it), with the scoped API of tree NEW where OLD has none.
# Prints the verdict of --verify on each rewrite (from its verdicts, as
# data), how many each build directory verified, then 'N of M rewrites
# verified'; the patch of the verified ones is left in PATCH if given.
# What could not be analysed goes to standard error.
#
# usage: modernize-tree.sh OLD_TREE NEW_TREE [PATCH]

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
old=$(cd "${1:?usage: modernize-tree.sh OLD_TREE NEW_TREE [PATCH]}" && pwd)
new=$(cd "${2:?usage: modernize-tree.sh OLD_TREE NEW_TREE [PATCH]}" && pwd)
patch=${3:-/dev/null}
cache=$(dirname "$old")
v=${old##*/linux-}
work=$(mktemp -d "${TMPDIR:-/tmp}/uabatch-tree.XXXXXX")
trap 'rm -rf "$work"' EXIT

set --
[ -f "$old/.config" ] && set -- --build "$old"
for a in x86_64 i386 powerpc ppc64 ppc32 arm64 riscv; do
	[ -f "$cache/build-$v-$a/.config" ] && set -- "$@" --build "$cache/build-$v-$a"
done
[ $# -gt 0 ] || { echo "modernize-tree.sh: no build directory of $old: run 'make kernels'" >&2; exit 2; }
status=0
: > "$work/verdicts"
(cd "$old" && "$top/uabatch" modernize --verify --verdicts "$work/verdicts" --scoped-api "$new" "$@" .) \
	> "$patch" 2> "$work/err" || status=$?
case $status in
0 | 1) ;;
3) cat "$work/err" >&2 ;;
*) cat "$work/err" >&2 && exit 2 ;;
esac
# The verdicts of --verify: PATH <tab> FUNCTION <tab> verified|dropped <tab> BUILD|WHY ...
awk -F'\t' '{ printf "%s: %s%s%s\n", $1, $2 != "" ? $2 "(): " : "",
	$3 == "verified" ? "verified in " : "dropped: ", $4 }' "$work/verdicts"
awk -F'\t' '$2 != "" && $3 == "verified" { print $4 }' "$work/verdicts" | sort | uniq -c
awk -F'\t' '$2 != "" { n++; if ($3 == "verified") v++ }
	END { print v + 0 " of " n + 0 " rewrites verified" }' "$work/verdicts"

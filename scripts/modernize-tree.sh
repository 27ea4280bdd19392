#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'uabatch modernize --verify' on the whole of tree OLD, each rewrite
# built in the build directories of 'make kernels' and 'make kernels-more'
# for its version that exist (the tree itself first, then x86_64, i386,
# powerpc, ppc64, ppc32, arm64, riscv; a file goes to the first that
# compiles it), with the scoped API of tree NEW where OLD has none.
# Prints what verify.sh says of each rewrite, how many each build
# directory verified, then 'N of M rewrites verified'; the patch of the
# verified ones is left in PATCH if given.
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
(cd "$old" && "$top/uabatch" modernize --verify --scoped-api "$new" "$@" .) \
	> "$patch" 2> "$work/err" || [ $? = 1 ] || { cat "$work/err" >&2; exit 2; }
grep '^uabatch: verify: ' "$work/err" | sed 's/^uabatch: verify: //'
grep '(): verified in ' "$work/err" | sed 's/.* verified in //' | sort | uniq -c
echo "$(grep -c '(): verified in ' "$work/err") of $(grep -c '^uabatch: verify: .*(): ' "$work/err") rewrites verified"

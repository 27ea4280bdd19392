#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Time a whole-tree 'uabatch scan' against one naive Coccinelle loop rule
# (testcases/bench/naive_loop.cocci) on the same tree, one after the
# other in this session, and print both times and their ratio.  Files
# that time out are listed, not skipped silently.
#
# usage: bench-scan.sh KDIR [JOBS]

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
kdir=$1
jobs=${2:-$(nproc)}
work=$(mktemp -d "${TMPDIR:-/tmp}/uabatch-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$kdir"

seconds()
{
	/usr/bin/time -f %e -o "$work/time" "$@" > "$work/out" 2> "$work/err" || true
	cat "$work/time"
}

naive=$(seconds spatch --very-quiet --no-includes --include-headers -D report \
	--timeout 120 --jobs "$jobs" --sp-file "$top/testcases/bench/naive_loop.cocci" --dir .)
echo "naive loop rule:  $naive s, $(wc -l < "$work/out") findings"
grep -i timeout "$work/err" | sed 's/^/  /' || true

scan=$(seconds "$top/uabatch" scan --jobs "$jobs" .)
echo "uabatch scan:     $scan s, $(wc -l < "$work/out") findings, all rules"
grep -i timeout "$work/err" | sed 's/^/  /' || true
echo "ratio scan/naive: $(echo "scale=3; $scan / $naive" | bc)"

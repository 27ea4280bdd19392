#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Time a whole-tree 'uabatch scan' against one naive Coccinelle loop rule
# (testcases/bench/naive_loop.cocci) on the same tree, one after the
# other in this session, and print both times and their ratios: wall
# clock, and CPU (user + system, of all the processes), which other load
# on the machine disturbs less.  Files that time out are listed, not
# skipped silently.
#
# usage: bench-scan.sh KDIR [JOBS]

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
kdir=$1
jobs=${2:-$(nproc)}
work=$(mktemp -d "${TMPDIR:-/tmp}/uabatch-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$kdir"

# Run a command; print its wall and CPU seconds.
seconds()
{
	/usr/bin/time -f '%e %U %S' -o "$work/time" "$@" > "$work/out" 2> "$work/err" || true
	# time(1) first says when the command exits non-zero (scan: findings).
	tail -n 1 "$work/time" | awk '{ printf "%s %.2f\n", $1, $2 + $3 }'
}

set -- $(seconds spatch --very-quiet --no-includes --include-headers -D report \
	--timeout 120 --jobs "$jobs" --sp-file "$top/testcases/bench/naive_loop.cocci" --dir .)
naive_wall=$1 naive_cpu=$2
echo "naive loop rule:  $naive_wall s wall, $naive_cpu s CPU, $(wc -l < "$work/out") findings"
grep -i timeout "$work/err" | sed 's/^/  /' || true

set -- $(seconds "$top/uabatch" scan --jobs "$jobs" .)
scan_wall=$1 scan_cpu=$2
echo "uabatch scan:     $scan_wall s wall, $scan_cpu s CPU, $(wc -l < "$work/out") findings, all rules"
grep -i timeout "$work/err" | sed 's/^/  /' || true
echo "ratio scan/naive: $(echo "scale=3; $scan_wall / $naive_wall" | bc) wall, $(echo "scale=3; $scan_cpu / $naive_cpu" | bc) CPU"

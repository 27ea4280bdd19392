#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The region testcases both checkers share: the GCC plugin's dg-style
# testcases whose source should give the same answer to any checker are
# run through the sparse checker too, which must report exactly the lines
# and ids their dg-warning markers name (the plugin's own run checks
# them for the plugin).  Not shared: the plugin's options (option_*.c,
# werror_build.c), what only a compiler sees (inlined.c: after inlining;
# generic.c: the generic fallback, whose classic end leaves nothing in
# GIMPLE), and two cases where the engines still differ:
# nested_region.c (sparse also reports the leak the second begin leaves)
# and unchecked_begin.c (sparse does not follow a begin's result through a
# variable: it misses 'ok = begin(); no test' and reports a leak where
# 'ok' is tested later).

. "$(dirname "$0")/../lib.sh"

checker=$top/sparse-checks/sparse-uaccess
cases=$top/gcc-plugin/tests
[ -x "$checker" ] || die "$checker: not built (make)"

# 'LINE ID' of each dg-warning marker of testcase $1.
markers()
{
	awk 'match($0, /dg-warning "[a-z-]+"/) {
		print FNR, substr($0, RSTART + 12, RLENGTH - 13)
	}' "$1" | sort
}

n=0
for t in call_in_region region_leak unbalanced_end unsafe_outside_region \
	 unverified_region mode_mismatch pointer_mismatch; do
	c=$cases/$t.c
	markers "$c" > "$work/want"
	[ -s "$work/want" ] || die "$c: no dg-warning marker"
	"$checker" --uaccess-only -I"$cases" "$c" 2>&1 |
		sed -n 's/^[^:]*:\([0-9]*\):[0-9]*: .*\[uaccess:\([a-z-]*\)\]$/\1 \2/p' |
		sort -u > "$work/got"
	diff -u "$work/want" "$work/got" >&2 || die "sparse-uaccess on $c: not the plugin's answer"
	n=$((n + $(wc -l < "$work/want")))
done
echo "region cases: sparse-uaccess gives the plugin's $n findings on 7 shared testcases"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The figures of the README: 'uabatch candidates' on fs/ and kernel/ of
# linux-source-6.12, how many candidates, how many compile, how many
# pass objtool, and the time taken.  Every candidate that x86_64
# defconfig builds must compile with no new warning and give objtool no
# new UACCESS warning; the fixes must keep finding something.

. "$(dirname "$0")/../lib.sh"

k612=$(ktree 6.12)
/usr/bin/time -f '%e %U %S' -o "$work/time" \
	sh "$top/scripts/candidates.sh" --kdir "$k612" --out "$work/series" fs kernel \
	> "$work/summary" 2> "$work/err" || [ $? = 1 ] || { cat "$work/err" >&2; die "candidates failed"; }
grep -v '^ ' "$work/summary" > "$work/lines" || true
n=$(wc -l < "$work/lines")
[ "$n" -ge 10 ] || die "only $n candidates in fs/ and kernel/ of $k612"
compiles=$(grep -c ' compiles [^ ]*$' "$work/lines" || true)
objtool=$(grep -c ' objtool-ok$' "$work/lines" || true)
unbuilt=$(grep -c ' not-built -$' "$work/lines" || true)
[ $((compiles + unbuilt)) = "$n" ] && [ "$objtool" = "$compiles" ] ||
	{ cat "$work/summary" >&2; die "some candidates fail"; }
cat "$work/summary"
# time(1) says first that the command exited with status 1.
cpu=$(tail -n 1 "$work/time" | awk '{ print $2 + $3 }')
wall=$(tail -n 1 "$work/time" | cut -d " " -f1)
echo "6.12 fs/ kernel/: $n candidates, $compiles compile, $objtool pass objtool," \
	"$unbuilt not built by the .config; $wall s wall, $cpu s CPU"

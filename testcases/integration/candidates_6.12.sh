#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The figures of docs/measurements.md: 'uabatch candidates' on the whole of
# linux-source-6.12, in its allmodconfig build directory: how many
# candidates, every one verified, every fix left out with its reason, and
# the time taken.

. "$(dirname "$0")/../lib.sh"

k612=$(ktree 6.12)
b612=$cache/build-6.12-x86_64
# Exit 3: a function Coccinelle cannot parse (userfaultfd_register()) is
# said on standard error; the series of the rest is written.
status=0
/usr/bin/time -f '%e %U %S' -o "$work/time" \
	"$top/uabatch" candidates --kdir "$k612" --build "$b612" --out "$work/series" \
	. > "$work/summary" 2> "$work/err" || status=$?
[ $status = 1 ] || [ $status = 3 ] || { cat "$work/err" >&2; die "candidates failed ($status)"; }
[ $status = 1 ] || grep -q 'not parsed' "$work/err" ||
	{ cat "$work/err" >&2; die "exit 3 without a reason on standard error"; }
n=$(grep -vc '^dropped ' "$work/summary" || true)
[ "$n" -ge 2 ] || { cat "$work/summary" >&2; die "only $n candidates in $k612"; }
grep -v '^dropped ' "$work/summary" | grep -v ' verified in build-6.12-x86_64$' >&2 &&
	die "a candidate is not verified"
dropped=$(grep -c '^dropped ' "$work/summary" || true)
cat "$work/summary"
# time(1) says first that the command exited with status 1.
cpu=$(tail -n 1 "$work/time" | awk '{ print $2 + $3 }')
wall=$(tail -n 1 "$work/time" | cut -d " " -f1)
echo "6.12: $n candidates, all verified, $dropped fixes dropped;" \
	"$wall s wall, $cpu s CPU"

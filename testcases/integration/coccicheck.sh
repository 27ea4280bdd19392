#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# cocci/batch.cocci runs under the kernel's own 'make coccicheck' in
# linux-source-6.12 and 7.2, in each mode, and says what 'uabatch scan'
# says: report gives the warnings (with SPFLAGS=-D notes the notes too) at
# their lines, context marks every access of a run (a run of 'if (put)'
# statements as well as one condition), org lists them, and patch writes
# a diff that applies, with nothing on standard error.

. "$(dirname "$0")/../lib.sh"

# coccicheck TREE MODE DIR [SPFLAGS]: its output, in $work/out.
coccicheck()
{
	make -s -C "$1" coccicheck COCCI="$top/cocci/batch.cocci" MODE="$2" M="$3" \
		SPFLAGS="${4:-}" > "$work/out" 2> "$work/err" ||
		{ cat "$work/out" "$work/err" >&2; die "$1: coccicheck $2 $3 failed"; }
}

# M= names the directory; 7.2 reports paths relative to it, as ./file.c.
# path_rx DIR FILE: a regex for either form.
path_rx()
{
	echo "\\($1/\\|\\./\\)$2"
}

# expect LINE_REGEX WHAT: the output has such a line.
expect()
{
	grep -q "$1" "$work/out" || { cat "$work/out" >&2; die "$2"; }
}

for v in 6.12 7.2; do
	k=$(ktree "$v")
	run=kernel/time/time.c
	rx=$(path_rx kernel/time time.c)
	line=$(grep -n 'if (put_user(ts.tv_sec, &tv->tv_sec)' "$k/$run" | head -n 1 | cut -d: -f1)
	cold=$(grep -n 'if (get_user(new_ts.tv_sec, &tv->tv_sec)' "$k/$run" | head -n 1 | cut -d: -f1)
	[ -n "$line" ] && [ -n "$cold" ] || die "$k/$run: no gettimeofday() run to find"

	coccicheck "$k" report kernel/time
	expect "^$rx:$line:[0-9]*: warning: 2 user writes through tv in gettimeofday() .*\[uaccess:batch-put-run\]$" \
		"$v: report mode: no batch-put-run at $run:$line"
	grep -q "^$rx:$cold:" "$work/out" && die "$v: report mode: the cold settimeofday() run is a warning"
	coccicheck "$k" report kernel/time "-D notes"
	expect "^$rx:$cold:[0-9]*: note: 2 user reads through tv in settimeofday() .*\[uaccess:batch-get-run\]$" \
		"$v: report mode, -D notes: no note at $run:$cold"
	coccicheck "$k" org kernel/time
	expect "^\* TODO \[\[view:$rx::face=ovl-face1::linb=$line::" "$v: org mode: no entry for $run:$line"
	coccicheck "$k" context kernel/time
	expect "^-.*put_user(ts.tv_sec, &tv->tv_sec)" "$v: context mode: the run is not marked"
	expect "^-.*put_user(ts.tv_nsec / 1000, &tv->tv_usec)" "$v: context mode: the run's second access is not marked"
	coccicheck "$k" patch kernel/time
	expect "^+.*unsafe_put_user(ts.tv_sec, &tv->tv_sec" "$v: patch mode: no rewrite"
	grep -v '^$' "$work/err" | grep -v 'Please check\|carefully review\|/usr/bin/spatch' >&2 &&
		die "$v: patch mode: spatch says more than the diff"
	(cd "$k" && patch -p1 --dry-run -s < "$work/out") || die "$v: the coccicheck patch does not apply"

	# A run of 'if (put_user(..)) return ..;' statements, in context mode.
	seq=drivers/usb/mon/mon_bin.c
	first=$(grep -n 'if (put_user(ndropped, &sp->dropped))' "$k/$seq" | cut -d: -f1)
	[ -n "$first" ] || die "$k/$seq: no mon_bin_ioctl() run to find"
	coccicheck "$k" context drivers/usb/mon "-D notes"
	expect "^-.*put_user(ndropped, &sp->dropped)" "$v: context mode: the first statement of the run is not marked"
	expect "^-.*put_user(nevents, &sp->queued)" "$v: context mode: the second statement of the run is not marked"
done
echo "coccicheck: report (warnings, and notes with -D notes), org, context and patch modes in 6.12 and 7.2"

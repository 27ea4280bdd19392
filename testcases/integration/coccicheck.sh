#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Every semantic patch runs under the kernel's own 'make coccicheck' in
# linux-source-6.12 and 7.2, in each mode: report gives the finding at
# its line, patch a diff that applies, context and org their forms.

. "$(dirname "$0")/../lib.sh"

# coccicheck TREE COCCI MODE DIR: its output, in $work/out.
coccicheck()
{
	make -s -C "$1" coccicheck COCCI="$top/cocci/$2.cocci" MODE="$3" M="$4" \
		> "$work/out" 2>&1 || { cat "$work/out" >&2; die "$1: coccicheck $2 $3 failed"; }
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
	line=$(grep -n 'if (put_user(ts.tv_sec, &tv->tv_sec)' "$k/$run" | cut -d: -f1)
	[ -n "$line" ] || die "$k/$run: no gettimeofday() run to find"

	coccicheck "$k" batch_run report kernel/time
	expect "^$rx:$line:[0-9]*: warning: 2 user writes through tv in gettimeofday() .*\[uaccess:batch-put-run\]$" \
		"$v: report mode: no batch-put-run at $run:$line"
	coccicheck "$k" batch_run org kernel/time
	expect "^\* TODO \[\[view:$rx::face=ovl-face1::linb=$line::" "$v: org mode: no entry for $run:$line"
	coccicheck "$k" batch_run context kernel/time
	expect "^-.*put_user(ts.tv_sec, &tv->tv_sec)" "$v: context mode: the run is not marked"
	coccicheck "$k" batch_run patch kernel/time
	expect "^+.*unsafe_put_user(ts.tv_sec, &tv->tv_sec" "$v: patch mode: no rewrite"
	(cd "$k" && patch -p1 --dry-run -s < "$work/out") || die "$v: the coccicheck patch does not apply"

	loop=drivers/pnp/isapnp/proc.c
	rx=$(path_rx drivers/pnp/isapnp proc.c)
	line=$(grep -n '__put_user(val, buf)' "$k/$loop" | cut -d: -f1)
	coccicheck "$k" batch_loop report drivers/pnp/isapnp
	expect "^$rx:$line:[0-9]*: warning: .*\[uaccess:batch-put-loop\]$" \
		"$v: report mode: no batch-put-loop at $loop:$line"
	coccicheck "$k" batch_loop context drivers/pnp/isapnp
	expect "^-.*__put_user(val, buf);" "$v: context mode: the loop access is not marked"
	coccicheck "$k" batch_loop org drivers/pnp/isapnp
	expect "^\* TODO \[\[view:$rx::face=ovl-face1::linb=$line::" "$v: org mode: no entry for $loop:$line"
done
echo "coccicheck: report, org, context and patch modes in 6.12 and 7.2"

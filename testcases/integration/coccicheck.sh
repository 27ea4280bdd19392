#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# cocci/batch.cocci runs under the kernel's own 'make coccicheck' in
# linux-source-6.12 and 7.2, in each mode, and says what 'uabatch scan'
# says: report gives the warnings (with SPFLAGS=-D notes the notes too) at
# their lines, context marks every access of a run (a run of 'if (put)'
# statements as well as one condition), org lists what report prints (the
# notes with -D notes only), and patch writes
# a diff that applies, with nothing on standard error; -D scoped is
# refused in a tree without the scoped API.  The rule is make's
# build/batch.cocci, which names its macro file itself: the compat system
# calls of kernel/time/time.c are analysed, where cocci/batch.cocci without
# the macro file in SPFLAGS leaves them not parsed.

. "$(dirname "$0")/../lib.sh"

rule=$top/build/batch.cocci
[ -f "$rule" ] || die "$rule: not made (make)"

# coccicheck TREE MODE DIR [SPFLAGS [RULE]]: its output, in $work/out.
coccicheck()
{
	make -s -C "$1" coccicheck COCCI="${5:-$rule}" MODE="$2" M="$3" \
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
	run=drivers/usb/core/devio.c
	rx=$(path_rx drivers/usb/core devio.c)
	line=$(grep -n 'if (put_user(as->status, &userurb->status))' "$k/$run" | head -n 1 | cut -d: -f1)
	cold=$(grep -n 'if (get_user(num_streams, &streams->num_streams)' "$k/$run" | head -n 1 | cut -d: -f1)
	[ -n "$line" ] && [ -n "$cold" ] || die "$k/$run: no processcompl() run to find"

	coccicheck "$k" report drivers/usb/core
	expect "^$rx:$line:[0-9]*: warning: 3 user writes through userurb in processcompl() .*\[uaccess:batch-put-run\]$" \
		"$v: report mode: no batch-put-run at $run:$line"
	grep -q "^$rx:$cold:" "$work/out" && die "$v: report mode: the cold parse_usbdevfs_streams() run is a warning"
	coccicheck "$k" report drivers/usb/core "-D notes"
	expect "^$rx:$cold:[0-9]*: note: 2 user reads through streams in parse_usbdevfs_streams() .*\[uaccess:batch-get-run\]$" \
		"$v: report mode, -D notes: no note at $run:$cold"
	coccicheck "$k" org drivers/usb/core
	expect "^\* TODO \[\[view:$rx::face=ovl-face1::linb=$line::" "$v: org mode: no entry for $run:$line"
	grep -q "linb=$cold::" "$work/out" && die "$v: org mode: the cold run's note without -D notes"
	coccicheck "$k" org drivers/usb/core "-D notes"
	expect "^\* TODO \[\[view:$rx::face=ovl-face1::linb=$cold::" "$v: org mode, -D notes: no note for $run:$cold"
	coccicheck "$k" context drivers/usb/core
	expect "^-.*put_user(as->status, &userurb->status)" "$v: context mode: the run is not marked"
	expect "^-.*put_user(urb->error_count, &userurb->error_count)" \
		"$v: context mode: the run's last access is not marked"
	coccicheck "$k" patch drivers/usb/core
	expect "^+.*unsafe_put_user(as->status, &userurb->status" "$v: patch mode: no rewrite"
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
# -D scoped where the tree has no scoped_user_*_access() (6.12): refused,
# with a message and no patch, not a patch that cannot build.
k=$(ktree 6.12)
make -s -C "$k" coccicheck COCCI="$rule" MODE=patch M=drivers/usb/core \
	SPFLAGS="-D scoped" > "$work/out" 2> "$work/err" && die "6.12: coccicheck -D scoped passed"
grep -q "^batch.cocci: -D scoped: $k has no scoped_user_\*_access() (6.19)" "$work/out" "$work/err" ||
	{ cat "$work/out" "$work/err" >&2; die "6.12: coccicheck -D scoped: no message"; }
grep -q '^+' "$work/out" && die "6.12: coccicheck -D scoped wrote a patch"
# COMPAT_SYSCALL_DEFINE2(gettimeofday, ..), which only the macro file
# lets Coccinelle parse.
coccicheck "$k" report kernel/time "-D notes"
grep 'not-parsed' "$work/out" >&2 && die "6.12: kernel/time: not parsed with $rule"
expect "^$(path_rx kernel/time time.c):[0-9]*:[0-9]*: note: 2 user writes through tv in compat_gettimeofday() " \
	"6.12: kernel/time: compat_gettimeofday() not analysed"
coccicheck "$k" report kernel/time "-D notes" "$top/cocci/batch.cocci"
expect "compat_gettimeofday() not parsed: .*\[uaccess:not-parsed\]" \
	"6.12: kernel/time: compat_gettimeofday() parsed without the macro file: build/batch.cocci is not needed"
# x86 rt_sigreturn() reads through '(__u64 __user *)&frame->...', which
# Coccinelle prints as '(__u64 *)': uabatch patch puts the __user back
# (relayout.py), the patch mode of coccicheck, Coccinelle's print alone,
# leaves the run as it is (spatch as coccicheck runs it, on one file).
k=$(ktree 7.2)
sig=arch/x86/kernel/signal_64.c
(cd "$k" && spatch -D patch --very-quiet --cocci-file "$top/cocci/batch.cocci" --no-includes \
	--include-headers --patch . "$sig") > "$work/out" 2> "$work/err" || die "7.2: spatch -D patch $sig failed"
if grep -q '^+' "$work/out"; then
	cat "$work/out" >&2
	die "7.2: patch mode rewrote $sig without relayout.py"
fi
(cd "$k" && "$top/uabatch" patch "$sig") > "$work/out" 2> /dev/null || true
if ! grep -q '^+.*unsafe_get_user(\*(__u64 \*)&set,' "$work/out" ||
   ! grep -q '^+.*(__u64 __user \*)&frame->uc.uc_sigmask,' "$work/out"; then
	cat "$work/out" >&2
	die "7.2: uabatch patch $sig: no rewrite with the cast's __user"
fi
# In 6.12's classic style the new fault label is named as the file names
# its own (Efault, in frame setup that has no user access of the model
# and is not in the excerpt uabatch analyses), as coccicheck, which reads
# the whole file, names it.
k=$(ktree 6.12)
(cd "$k" && "$top/uabatch" patch "$sig") > "$work/out" 2> /dev/null || true
if ! grep -q '^+Efault:$' "$work/out" ||
   ! grep -q '^+.*unsafe_get_user(uc_flags, &frame->uc.uc_flags, Efault);' "$work/out"; then
	cat "$work/out" >&2
	die "6.12: uabatch patch $sig: the fault label is not the file's Efault"
fi
echo "coccicheck: report and org (warnings, and notes with -D notes), context and patch modes in 6.12 and 7.2; -D scoped refused in 6.12; the macro file without SPFLAGS; a __user kept, or the run left alone; the file's label name"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'uabatch candidates' on part of linux-source-6.12: one mail a function
# whose warning 'uabatch patch --verify' rewrites and keeps, in the form
# 'git format-patch' writes, the one that saves most first; subjects with
# the subsystem's prefix, Cc: headers, no Signed-off-by; 'git am' applies
# the series in order on a git copy of the files it touches, and the
# result is what 'uabatch patch --verify' writes; the summary gives every
# candidate where it was verified; each body says what the x86_64 build
# shows (the calls to out-of-line accessors it removes, the STAC and CLAC
# of its region), in the function itself where it has a symbol, and in
# its loops (processcompl()'s isochronous loop: its calls gone, no STAC
# or CLAC put in it); the tree is only read; nothing on a non-terminal's
# stderr.  Without a build directory, or with bad input:
# exit 2, nothing written.

. "$(dirname "$0")/../lib.sh"

candidates()
{
	"$top/uabatch" candidates "$@"
}

k612=$(ktree 6.12)
b612=$cache/build-6.12-x86_64
[ -f "$b612/.uabatch-prepared" ] || die "$b612: no build directory: run 'make kernels'"
# Two hot runs: a header's (built in fs/eventpoll.c) and usbfs's; the
# cold ones of the same files (gettimeofday(), which x86 serves from the
# vDSO, settimeofday(), the ioctl paths of devio.c) are notes, left out,
# but processcompl_compat(), the compat twin of processcompl(), which
# goes into its patch.
part="kernel/time/time.c include/linux/eventpoll.h drivers/usb/core/devio.c"

# Every file of the part's directories, as it is (content, time).
snapshot()
{
	for f in $part; do
		find "$k612/$(dirname "$f")" -maxdepth 1 -type f -printf '%p %T@\n'
	done | sort
}
snapshot > "$work/before"

# shellcheck disable=SC2086
(cd "$k612" && "$top/uabatch" scan --format jsonl $part) > "$work/findings.jsonl" &&
	die "no findings in $part"
python3 "$top/model/findings.py" text < "$work/findings.jsonl" > "$work/findings"
# 'FILE FUNCTION' of each patch to expect: a compat twin goes with its
# function.
findings_of fixable "$work/findings.jsonl" | awk '{ sub(/_compat$/, "", $4); print $1, $4 }' | sort -u \
	> "$work/functions"
grep -q 'processcompl_compat().*fixed along with its twin, processcompl()' "$work/findings" ||
	die "processcompl_compat() not shown as fixed with processcompl()"
want=$(wc -l < "$work/functions")
[ "$want" -ge 2 ] || die "only $want functions to fix in $part"
grep -q '^kernel/time/' "$work/functions" && die "a cold run of kernel/time/time.c is a warning"

status=0
# shellcheck disable=SC2086
candidates --kdir "$k612" --build "$b612" --out "$work/series" $part > "$work/out" \
	2> "$work/err" || status=$?
[ $status = 1 ] || { cat "$work/err" >&2; die "candidates: exit $status, not 1"; }
[ -s "$work/err" ] && { cat "$work/err" >&2; die "candidates: wrote to a non-terminal's stderr"; }
snapshot > "$work/after"
diff "$work/before" "$work/after" >&2 || die "the tree is not as it was"

# The six counts of mail $1's account of its x86_64 build that the
# sed expression $2 (with six groups) picks.
build_shows()
{
	sed -n '/^As built in build-6.12-x86_64, /,/^$/p' "$1" | tr '\n' ' ' |
		sed -n "s/$2.*/\\1 \\2 \\3 \\4 \\5 \\6/p"
}

# The mails.
set -- "$work"/series/*.patch
[ $# = "$want" ] || die "$# patches for $want functions with fixable findings"
n=0
for p; do
	n=$((n + 1))
	sed -n 1p "$p" | grep -qx 'From 0\{40\} Mon Sep 17 00:00:00 2001' || die "$p: no mbox From line"
	grep -q '^From: [^<]* <[^>]*@[^>]*>$' "$p" || die "$p: no From: header"
	grep -q '^Date: ' "$p" || die "$p: no Date: header"
	grep -q "^Subject: \[PATCH 0*$n/$#\] [a-z0-9_-]*: batch user [a-z ]* in [a-z0-9_]*()" "$p" ||
		die "$p: subject $(grep '^Subject:' "$p")"
	grep -q '^Cc: .*@' "$p" || die "$p: no Cc: header"
	grep -qi 'signed-off-by:' "$p" && die "$p: a Signed-off-by"
	grep -q 'fewer' "$p" || die "$p: the body does not say what it saves"
	tr '\n' ' ' < "$p" | grep -q ' with user_[a-z]*_access_begin(): one user-access begin/end pair' ||
		die "$p: the body does not say what opens the region"
	# What the x86_64 build shows: calls to the out-of-line accessors
	# gone, the region's own STAC and CLAC come.
	read -r kb sb cb ka sa ca <<EOF
$(build_shows "$p" '.* has \([0-9]*\) calls .* and \([0-9]*\) STAC and \([0-9]*\) CLAC .* and \([0-9]*\), \([0-9]*\) and \([0-9]*\) after it')
EOF
	[ -n "$ca" ] || die "$p: no account of its x86_64 build"
	[ "$ka" -lt "$kb" ] && [ "$sa" -gt "$sb" ] && [ "$ca" -gt "$cb" ] ||
		die "$p: the build shows $kb calls, $sb STAC, $cb CLAC before, $ka, $sa, $ca after"
	file=$(sed -n 's|^+++ b/||p' "$p")
	func=$(sed -n 's/^Subject: .* in \([a-z0-9_]*\)().*/\1/p' "$p")
	if [ "$func" = processcompl ]; then
		read -r kb sb cb ka sa ca <<EOF
$(build_shows "$p" '.* processcompl() has .* In its loops, run on every iteration: \([0-9]*\) calls, \([0-9]*\) STAC and \([0-9]*\) CLAC before; \([0-9]*\), \([0-9]*\) and \([0-9]*\) after\.')
EOF
		[ -n "$ca" ] || die "$p: no account of processcompl()'s own code and its loop"
		[ "$kb" -gt 0 ] && [ "$ka" = 0 ] && [ "$sa" = 0 ] && [ "$ca" = 0 ] ||
			die "$p: processcompl()'s loops: $kb calls, $sb STAC, $cb CLAC before, $ka, $sa, $ca after"
	fi
	grep -qx "$file $func" "$work/functions" || die "$p: $file $func has no fixable finding"
	case $file in
	include/linux/eventpoll.h) grep -q '^Subject: [^]]*] eventpoll: ' "$p" ||
		die "$p: prefix is not eventpoll:" ;;
	drivers/usb/*) grep -q '^Subject: [^]]*] usb: ' "$p" || die "$p: prefix is not usb:" ;;
	esac
done
sed -n 's/^Subject: //p' "$@"

# The summary: every candidate, verified; the one that saves most first.
grep -v '^dropped ' "$work/series/summary" > "$work/summary"
[ "$(wc -l < "$work/summary")" = $# ] || die "the summary does not list $# candidates"
while read -r name _ _ verified _ build; do
	[ -f "$work/series/$name" ] || die "summary: no $name"
	[ "$verified $build" = "verified build-6.12-x86_64" ] ||
		{ cat "$work/series/summary" >&2; die "$name: not verified"; }
done < "$work/summary"
head -n 1 "$work/summary" | grep -q ' processcompl[ ,]' ||
	die "the 3 writes of processcompl() do not come first"
cmp -s "$work/out" "$work/series/summary" || die "the summary is not on stdout"

# git am on a git copy of the touched files; the result is the fixer's.
g=$work/git
sed -n 's|^+++ b/||p' "$@" | sort -u > "$work/touched"
while read -r f; do
	mkdir -p "$g/$(dirname "$f")"
	cp "$k612/$f" "$g/$f"
done < "$work/touched"
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@invalid
export GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@invalid
(cd "$g" && git init -q && git add . && git commit -qm base && git am -q "$@") >&2 ||
	die "git am does not apply the series"
[ "$(cd "$g" && git rev-list --count HEAD)" = $(($# + 1)) ] || die "not one commit a patch"
(cd "$g" && git log --format=%B) | grep -qi 'signed-off-by:' && die "a Signed-off-by in a commit"
# shellcheck disable=SC2046 # paths without blanks
(cd "$k612" && "$top/uabatch" patch --build "$b612" $(cat "$work/touched")) \
	> "$work/fixer.diff" 2> /dev/null || true
mkdir "$work/fixed"
(cd "$g" && git archive --format=tar HEAD~$# | tar -xf - -C "$work/fixed")
(cd "$work/fixed" && patch -s -p1 < "$work/fixer.diff") || die "the fixer's patch does not apply"
while read -r f; do
	cmp -s "$g/$f" "$work/fixed/$f" || die "$f: the series does not add up to the fixer's patch"
done < "$work/touched"

# On a terminal, progress on stderr; time.c has no warning: an empty
# series, exit 0.  A tree that is not configured (5.10 is unpacked
# only), with no build directory: nothing to verify in, refused.
script -qec "$top/uabatch candidates --kdir $k612 --build $b612 --out $work/tty-series kernel/time/time.c" \
	/dev/null > "$work/tty" || { cat -A "$work/tty" >&2; die "candidates of time.c on a terminal: exit $?"; }
grep -q "$(printf '\r')uabatch candidates: scan and patch --verify: kernel/time/time.c" "$work/tty" ||
	{ cat -A "$work/tty" >&2; die "no progress on a terminal"; }
[ -f "$work/tty-series/summary" ] && [ ! -s "$work/tty-series/summary" ] ||
	die "candidates of time.c: not an empty series"
k510=$(ktree 5.10)
[ -f "$k510/.config" ] && die "$k510 is configured: the test needs a tree that is not"
status=0
candidates --kdir "$k510" --out "$work/old" kernel/time/time.c > /dev/null 2> "$work/err" || status=$?
[ $status = 2 ] && grep -q 'needs a build directory' "$work/err" && [ ! -e "$work/old" ] ||
	{ cat "$work/err" >&2; die "5.10 with no build directory: exit $status"; }

# Refusals: exit 2, a message that names the problem, nothing written.
expect_refusal()
{
	before=$(ls -A "$work" | grep -v '^r\(out\|err\)$')
	status=0
	candidates "$@" > "$work/rout" 2> "$work/rerr" || status=$?
	[ $status = 2 ] || die "candidates $*: exit $status, not 2"
	[ -s "$work/rout" ] && die "candidates $*: wrote to standard output"
	[ "$(ls -A "$work" | grep -v '^r\(out\|err\)$')" = "$before" ] ||
		die "candidates $*: left something behind"
	cat "$work/rerr"
}
# riscv's signal frames in 7.2, with its cross build: the series of
# restore_sigcontext(), setup_sigcontext() and setup_rt_frame() (whose
# fault paths go on after the run, as the old code did), verified there,
# each body saying what ran on it (objtool checks x86 objects only) and
# what the riscv build shows (its sets and clears of SUM), each subject
# naming its function.
k72=$(ktree 7.2)
b72=$cache/build-7.2-riscv
[ -f "$b72/.uabatch-prepared" ] || die "$b72: no build directory: run 'make kernels'"
(cd "$k72" && candidates --kdir . --build "$b72" --out "$work/riscv" arch/riscv/kernel/signal.c) \
	> "$work/riscv.summary" 2> /dev/null || true
for fn in restore_sigcontext setup_sigcontext setup_rt_frame; do
	grep -q "^[0-9]*-riscv-batch-user-[a-z]*-in-$fn.patch arch/riscv/kernel/signal.c $fn verified in build-7.2-riscv\$" \
		"$work/riscv.summary" || { cat "$work/riscv.summary" >&2; die "7.2: no verified riscv patch of $fn()"; }
done
[ "$(ls "$work/riscv" | grep -c '\.patch$')" = 3 ] || die "7.2: not a riscv series of 3"
cat "$work"/riscv/*.patch | tr '\n' ' ' | grep -q 'GCC plugin, objtool' && die "7.2: riscv patches claim objtool"
# Each says what its riscv build shows: fewer sets of SUM.
for p in "$work"/riscv/*.patch; do
	read -r sb cb sa ca <<EOF
$(sed -n '/^As built in build-7.2-riscv, /,/^$/p' "$p" | tr '\n' ' ' |
	sed -n 's/.* sets SUM in sstatus \([0-9]*\) times and clears it \([0-9]*\) times .* and \([0-9]*\) and \([0-9]*\) times after it.*/\1 \2 \3 \4/p')
EOF
	[ -n "$ca" ] || die "$p: no account of its riscv build"
	# A region's fault path has an end of its own: clears need not fall.
	[ "$sa" -lt "$sb" ] ||
		die "$p: the riscv build shows $sb sets and $cb clears of SUM before, $sa and $ca after"
done
expect_refusal --kdir "$k612" --out "$work/series" kernel/time/time.c | grep -q 'not empty' ||
	die "a non-empty --out is not refused"
expect_refusal --kdir "$k612" --out "$work/before" kernel/time/time.c | grep -q 'not a directory' ||
	die "a file as --out is not refused"
expect_refusal --kdir "$work" --out "$work/new" | grep -q "$work: not a kernel tree" ||
	die "a --kdir that is not a tree is not refused"
expect_refusal --kdir "$k612" --out "$work/new" no/such.c | grep -q 'no/such.c: no such file' ||
	die "a missing path is not named"
expect_refusal --out "$work/new" kernel > /dev/null
expect_refusal --kdir "$k612" --out "$work/no/such/dir" kernel | grep -q 'no directory' ||
	die "--out in a missing directory is not refused"
echo "candidates: $# patches for $want functions of $part, verified, apply with git am; the tree only read"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'uabatch lint': on linux-source-6.12, epoll-v1.patch (reference) is
# flagged unverified-region at its __user_write_access_begin() line;
# poll-2020.patch (reference), applied as a series after a patch that
# rebuilds its pre-5.11 base, gives no region defect; testcases/lint/
# readdir-leak.patch gives region-leak at its added return.  Lines are
# those of the patched file (the patch's new side, where it applies with
# no offset), paths the patch's.  --strict fails on advice,
# json and sarif say the same (sarif valid for Microsoft's validator),
# '-' reads standard input, the tree is left alone, and bad input is
# refused with exit 2, a message, and nothing on standard output.

. "$(dirname "$0")/../lib.sh"

k612=$(ktree 6.12)
fixtures=$top/testcases/lint

# lint ARGS...: run it in $k612; output in $work/out, $work/err, status
# in $status.
lint()
{
	status=0
	(cd "$k612" && "$top/uabatch" lint "$@") > "$work/out" 2> "$work/err" || status=$?
}

# The new-side line of the first line of diff $1 that adds text $2.
added_line()
{
	awk -v text="$2" '
	/^@@ / { split($3, n, ","); line = substr(n[1], 2); next }
	line && /^\+/ && index($0, text) { print line; exit }
	line && !/^-/ { line++ }' "$1"
}

# epoll-v1: one finding, unverified-region at the begin; the tree untouched.
hdr=include/linux/eventpoll.h
sum=$(md5sum "$k612/$hdr" "$k612/fs/readdir.c" "$k612/fs/select.c")
# The patch was made on a later tree: in 6.12 its hunk lands 4 lines up,
# and the line reported is the one in the patched file.
mkdir -p "$work/v1/include/linux"
cp "$k612/$hdr" "$work/v1/$hdr"
(cd "$work/v1" && patch -s -p1 < "$reference/epoll-v1.patch") || die "epoll-v1.patch does not apply"
begin=$(grep -n '__user_write_access_begin(uevent' "$work/v1/$hdr" | cut -d: -f1)
[ -n "$begin" ] || die "no __user_write_access_begin() line in epoll-v1.patch"
lint "$reference/epoll-v1.patch"
[ $status = 1 ] || { cat "$work/err" >&2; die "epoll-v1: exit $status, not 1"; }
grep -q "^$hdr:$begin:[0-9]*: warning: .*\[uaccess:unverified-region\]$" "$work/out" ||
	{ cat "$work/out" "$work/err" >&2; die "epoll-v1: no unverified-region at $hdr:$begin"; }
[ "$(wc -l < "$work/out")" = 1 ] || { cat "$work/out" >&2; die "epoll-v1: not one finding"; }
cp "$work/out" "$work/epoll.txt"

# The same from standard input, with --kdir.
status=0
"$top/uabatch" lint --kdir "$k612" - < "$reference/epoll-v1.patch" > "$work/out" 2>/dev/null ||
	status=$?
[ $status = 1 ] && cmp -s "$work/out" "$work/epoll.txt" || die "lint - does not read standard input"

# poll-2020: its base is the pre-5.11 do_sys_poll() (rebuilt from 6.12 as
# in reference_poll.sh, with j an int and Coccinelle's spaces undone, as
# the patch's context has them), so the series is the patch that rebuilds
# it, then poll-2020.patch.
unbatched_select "$k612" |
	sed -e '/struct pollfd \*fds = walk->entries;/{n;s/unsigned int j;/int j;/;}' \
	    -e 's/^  \t}$/\t}/' > "$work/select.c"
grep -q 'if (__put_user(fds\[j\].revents, &ufds->revents))' "$work/select.c" ||
	die "could not rebuild the pre-patch loop from $k612/fs/select.c"
{
	diff -u --label a/fs/select.c --label b/fs/select.c "$k612/fs/select.c" "$work/select.c" || true
	cat "$reference/poll-2020.patch"
} > "$work/poll-series.patch"
lint "$work/poll-series.patch"
[ $status = 0 ] || { cat "$work/out" "$work/err" >&2; die "poll-2020: exit $status, not 0"; }
grep -v '\[uaccess:batch-' "$work/out" >&2 && die "poll-2020: region defects"
# Clean because checked: both checkers built the result.
grep 'note:' "$work/err" >&2 && die "poll-2020: not every engine ran"
cp "$work/out" "$work/poll.txt"

# The leak: region-leak at the added return, exit 1.
leak=$(added_line "$fixtures/readdir-leak.patch" 'return true;')
lint "$fixtures/readdir-leak.patch"
[ $status = 1 ] || { cat "$work/err" >&2; die "readdir-leak: exit $status, not 1"; }
grep -q "^fs/readdir.c:$leak:[0-9]*: warning: .*\[uaccess:region-leak\]$" "$work/out" ||
	{ cat "$work/out" "$work/err" >&2; die "readdir-leak: no region-leak at fs/readdir.c:$leak"; }
[ "$(grep -vc "^fs/readdir.c:$leak:" "$work/out")" = 0 ] ||
	{ cat "$work/out" >&2; die "readdir-leak: findings elsewhere"; }

cp "$work/out" "$work/leak.txt"

# The rewrite of processcompl() uabatch once wrote: a region of
# sizeof(*userurb) around writes to the flexible array iso_frame_desc[].
lint "$fixtures/devio-flexible-array.patch"
[ $status = 1 ] || { cat "$work/err" >&2; die "devio-flexible-array: exit $status, not 1"; }
for text in 'unsafe_put_user(urb->iso_frame_desc[i].actual_length,' \
	    'unsafe_put_user(urb->iso_frame_desc[i].status,'; do
	line=$(added_line "$fixtures/devio-flexible-array.patch" "$text")
	grep -q "^drivers/usb/core/devio.c:$line:[0-9]*: warning: .*flexible array member 'iso_frame_desc'.*\[uaccess:pointer-mismatch\]$" \
		"$work/out" || { cat "$work/out" "$work/err" >&2; die "devio-flexible-array: no pointer-mismatch at $line"; }
done

# pktgen's rewrite that used a label it never defined: the defconfig tree
# cannot build pktgen.c at all, so it is not checked, and lint says so
# with exit 3, not 0.
status=0
(cd "$(ktree 7.2)" && "$top/uabatch" lint "$fixtures/pktgen-no-label.patch") > "$work/out" 2> "$work/err" ||
	status=$?
[ $status = 3 ] && grep -q 'net/core/pktgen.c: not checked' "$work/err" ||
	{ cat "$work/err" >&2; die "pktgen-no-label: exit $status, not 3"; }

# Advice alone: 6.12's own run in epoll_put_uevent(), given back by a
# patch that only touches its line, is batch-put-run: exit 0, and 1 with
# --strict.
sed 's/if (__put_user(revents, &uevent->events) ||/if (__put_user(revents, \&uevent->events)  ||/' \
	"$k612/$hdr" > "$work/eventpoll.h"
diff -u --label "a/$hdr" --label "b/$hdr" "$k612/$hdr" "$work/eventpoll.h" > "$work/run.patch" &&
	die "could not touch the run in $hdr"
run=$(added_line "$work/run.patch" '__put_user(revents')
lint "$work/run.patch"
[ $status = 0 ] || { cat "$work/err" >&2; die "advice: exit $status, not 0"; }
grep -q "^$hdr:$run:[0-9]*: warning: .*\[uaccess:batch-put-run\]$" "$work/out" ||
	{ cat "$work/out" "$work/err" >&2; die "advice: no batch-put-run at $hdr:$run"; }
lint --strict "$work/run.patch"
[ $status = 1 ] || die "--strict: exit $status on advice, not 1"

# json: the same findings, one object each; a checker's says nothing of
# a rewrite (fixable, why_not, saves null).
lint --format json "$fixtures/readdir-leak.patch"
[ $status = 1 ] || die "json: exit $status, not 1"
tr -d '\n' < "$work/out" |
	grep -q "^\[ *{\"file\": \"fs/readdir.c\", \"line\": $leak, \"column\": [0-9]*, \"severity\": \"warning\", \"id\": \"region-leak\", \"kind\": \"defect\", \"function\": \"filldir64\", \"message\": \"[^\"]*\", \"engine\": \"[a-z,]*\", \"fixable\": null, \"why_not\": null, \"saves\": null, \"rewrite\": null} *\]$" ||
	{ cat "$work/out" >&2; die "json: not the region-leak"; }
node -e 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))' "$work/out" ||
	die "json: not JSON"

# sarif: the findings as results, valid for the validator, which must
# also refuse a broken log.
validate()
{
	sh "$top/scripts/sarif-validator.sh" "$1" > "$work/validator.log" 2>&1
}
for p in "$work/poll-series.patch" "$fixtures/readdir-leak.patch"; do
	lint --format sarif "$p"
	[ $status -le 1 ] || die "sarif: $p: exit $status"
	cp "$work/out" "$work/$(basename "$p").sarif"
	validate "$work/out" || { cat "$work/out" "$work/validator.log" >&2; die "sarif: $p: not valid"; }
done
tr -d '\n ' < "$work/readdir-leak.patch.sarif" |
	grep -q "{\"ruleId\":\"region-leak\",\"ruleIndex\":[0-9]*,\"level\":\"warning\",\"message\":{\"text\":\"[^\"]*\"},\"locations\":\[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\"fs/readdir.c\"},\"region\":{\"startLine\":$leak,\"startColumn\":[0-9]*}}}\]}" ||
	die "sarif: not the region-leak at fs/readdir.c:$leak"
for id in batch-put-run batch-get-run batch-rw batch-put-loop batch-get-loop \
	unsafe-outside-region unchecked-region-begin unverified-region region-leak \
	unbalanced-region-end nested-region call-in-region mode-mismatch pointer-mismatch; do
	grep -q "{\"id\": \"$id\"," "$work/readdir-leak.patch.sarif" || die "sarif: no rule $id"
done
sed 's/"startLine": /"startLine": -/' "$work/readdir-leak.patch.sarif" > "$work/broken.sarif"
validate "$work/broken.sarif" && die "the validator accepts a broken SARIF log"

[ "$(md5sum "$k612/$hdr" "$k612/fs/readdir.c" "$k612/fs/select.c")" = "$sum" ] ||
	die "lint changed $k612"

# Refusals.
expect_refusal()
{
	lint "$@"
	[ $status = 2 ] || die "lint $*: exit $status, not 2"
	[ -s "$work/out" ] && die "lint $*: wrote to standard output"
	cat "$work/err"
}
expect_refusal "$work/missing.patch" | grep -q "$work/missing.patch: no such file" ||
	die "a missing patch is not named"
# Its context next to the change altered: no fuzz can take it.
sed 's/^ \tunsafe_put_user(d_type, &dirent->d_type/ \tunsafe_put_user(d_type, \&dirent->d_kind/' \
	"$fixtures/readdir-leak.patch" > "$work/stale.patch"
cmp -s "$work/stale.patch" "$fixtures/readdir-leak.patch" && die "could not make a stale patch"
expect_refusal "$work/stale.patch" | grep -q "$work/stale.patch: does not apply .*fs/readdir.c" ||
	die "a patch that does not apply is not named with its file"
expect_refusal --kdir "$work" "$fixtures/readdir-leak.patch" | grep -q "$work: not a kernel tree" ||
	die "a non-tree --kdir is not named"
expect_refusal --format xml "$fixtures/readdir-leak.patch" | grep -q xml ||
	die "a bad format is not named"

# A patch to powerpc's signal frames, checked in the powerpc build
# directory of 7.2 with its cross compiler: a call on the error path
# before the region ends.
pb=$cache/build-7.2-powerpc
[ -f "$pb/.uabatch-prepared" ] || die "$pb: no build directory: run 'make kernels'"
f=arch/powerpc/kernel/signal_64.c
mkdir -p "$work/ppc/a/${f%/*}" "$work/ppc/b/${f%/*}"
cp "$cache/src-7.2/$f" "$work/ppc/a/$f"
awk '/^efault_out:$/ { out = 1 } out && /^\tuser_write_access_end\(\);$/ && !done { print "\tschedule();"; done = 1 } { print }' \
	"$work/ppc/a/$f" > "$work/ppc/b/$f"
(cd "$work/ppc" && diff -u "a/$f" "b/$f") > "$work/ppc.patch" && die "$f: no efault_out to change"
call=$(diff "$work/ppc/a/$f" "$work/ppc/b/$f" | sed -n 's/^[0-9]*a\([0-9]*\)$/\1/p')
status=0
(cd "$cache/src-7.2" && "$top/uabatch" lint --build "$pb" "$work/ppc.patch") > "$work/out" 2> "$work/err" || status=$?
[ $status = 1 ] && [ "$(cat "$work/out")" = "$f:$call:9: warning: call to schedule() with a user-access region open [uaccess:call-in-region]" ] ||
	{ cat "$work/out" "$work/err" >&2; die "powerpc: exit $status, not the call at $f:$call"; }

echo "lint: powerpc signal_64.c call-in-region at line $call (--build)"
echo "lint: epoll-v1 $(cut -d' ' -f1 "$work/epoll.txt") unverified-region," \
	"poll-2020 $(grep -c . "$work/poll.txt") advice, readdir-leak $(cut -d' ' -f1 "$work/leak.txt") region-leak;" \
	"json, sarif valid, refusals"

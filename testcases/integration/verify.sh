#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'uabatch patch --verify' on real files, in the allmodconfig build
# directories of 'make kernels': a rewrite of each rule's real case
# builds and passes both checkers, objtool and checkpatch.pl; a broken
# one is dropped with the reason; the tree is not written.
#
#  - kernel/time/time.c: a run of one condition (gettimeofday, hot) and
#    a cold one (settimeofday, --all);
#  - include/linux/eventpoll.h: a header, built inside fs/eventpoll.c;
#  - drivers/usb/core/devio.c: processcompl(), the status run rewritten
#    for sizeof(*userurb), the flexible array's loop not (6.12 and 7.2);
#  - fs/ext4/ioctl.c: an err that only gathered faults goes (--all);
#  - kernel/ptrace.c: an access_ok() before the checking begin goes;
#  - net/core/pktgen.c (7.2): num_arg()'s loop rewritten, the loops that
#    leave by a goto not;
#  - arch/x86/um/signal.c: user-mode Linux has no regions: left out.

. "$(dirname "$0")/../lib.sh"

# verify V [--all] FILE...: 'uabatch patch --verify' in tree V; the diff in
# $work/out, what it says in $work/err.
verify()
{
	v=$1
	shift
	k=$(ktree "$v")
	b=$cache/build-$v-x86_64
	[ -f "$b/.uabatch-prepared" ] || die "$b: no build directory: run 'make kernels'"
	(cd "$k" && "$top/uabatch" patch --build "$b" "$@") > "$work/out" 2> "$work/err" ||
		[ $? = 1 ] || { cat "$work/err" >&2; die "$v: uabatch patch --verify $* failed"; }
}

# expect REGEX FILE WHAT
expect()
{
	grep -q "$1" "$2" || { cat "$work/out" "$work/err" >&2; die "$3"; }
}

for v in 6.12 7.2; do
	k=$(ktree "$v")
	stamp=$work/stamp
	touch "$stamp"
	sleep 1

	verify "$v" --all kernel/time/time.c
	expect 'gettimeofday(): verified' "$work/err" "$v: gettimeofday() not verified"
	expect 'settimeofday(): verified' "$work/err" "$v: settimeofday() not verified"
	expect '^+.*unsafe_put_user(ts.tv_sec, &tv->tv_sec' "$work/out" "$v: no gettimeofday() rewrite kept"

	verify "$v" include/linux/eventpoll.h
	if grep -q '__put_user(revents' "$k/include/linux/eventpoll.h"; then
		expect 'epoll_put_uevent(): verified' "$work/err" "$v: epoll_put_uevent() not verified"
	fi

	verify "$v" --all drivers/usb/core/devio.c
	expect 'processcompl(): verified' "$work/err" "$v: processcompl() not verified"
	expect '^+.*user_write_access_begin(userurb, sizeof(\*userurb))\|^+.*scoped_user_write_access(userurb,' \
		"$work/out" "$v: processcompl()'s status run not rewritten"
	grep -q '^+.*iso_frame_desc' "$work/out" && die "$v: the iso frame loop was rewritten"

	verify "$v" --all fs/ext4/ioctl.c kernel/ptrace.c
	expect 'ext4_compat_ioctl(): verified' "$work/err" "$v: ext4_compat_ioctl() not verified"
	expect '^-.*int err;' "$work/out" "$v: ext4's err is left"
	expect 'ptrace_request(): verified' "$work/err" "$v: ptrace_request() not verified"
	expect '^-.*if (!access_ok(uiov, sizeof(\*uiov)))' "$work/out" "$v: ptrace's access_ok() is left"

	(cd "$k" && "$top/uabatch" scan --all arch/x86/um/signal.c) > "$work/out" 2> "$work/err" ||
		die "$v: arch/x86/um/signal.c: findings in user-mode Linux"
	expect 'architectures without user access regions left out' "$work/err" \
		"$v: arch/x86/um/signal.c: not said to be left out"

	[ -z "$(find "$k" -newer "$stamp" -type f | head -n 1)" ] ||
		die "$v: uabatch patch --verify wrote into $k: $(find "$k" -newer "$stamp" -type f | head -n 3)"
	echo "$v: time.c, eventpoll.h, devio.c, ext4/ioctl.c, ptrace.c verified; user-mode Linux left out; tree untouched"
done

verify 7.2 --all net/core/pktgen.c
expect 'num_arg(): verified' "$work/err" "7.2: num_arg() not verified"
for fn in count_trail_chars strn_len; do
	grep -q "$fn" "$work/err" && die "7.2: $fn(), which leaves by a goto, was rewritten"
done

# A broken fix is dropped, the others kept: gettimeofday()'s fault path
# without its region end leaks the region.
k=$(ktree 7.2)
(cd "$k" && "$top/uabatch" patch --all --style classic kernel/time/time.c) > "$work/good.diff" || true
mkdir -p "$work/bad/kernel/time"
cp "$k/kernel/time/time.c" "$work/bad/kernel/time/"
(cd "$work/bad" && patch -s -p1 < "$work/good.diff")
awk '/^efault:$/ && !done { print; getline; done = 1; next } { print }' \
	"$work/bad/kernel/time/time.c" > "$work/bad.c"
diff -u --label a/kernel/time/time.c --label b/kernel/time/time.c "$k/kernel/time/time.c" \
	"$work/bad.c" > "$work/bad.diff" || true
sh "$top/scripts/verify.sh" "$k" "$work/bad.diff" "$cache/build-7.2-x86_64" > "$work/out" 2> "$work/err"
expect 'gettimeofday(): dropped: the build adds: .*\[uaccess:region-leak\]' "$work/err" \
	"7.2: a fault path that leaks the region is not dropped"
expect 'settimeofday(): verified' "$work/err" "7.2: the good fix of the broken file is dropped too"
grep -q 'unsafe_put_user(ts.tv_sec' "$work/out" && die "7.2: the broken fix is kept"
echo "7.2: pktgen's loops that leave by goto not rewritten; a leaking fix dropped, region-leak said"

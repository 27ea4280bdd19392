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
#  - drivers/usb/core/devio.c: processcompl() (hot) and its compat twin,
#    the status run for what it writes (offsetofend(), not
#    sizeof(*userurb)), the loop over the flexible array for
#    number_of_packets elements: classic in 6.12, scoped blocks (the
#    loop's over struct_size()) in 7.2; default patch, no --all;
#  - fs/ext4/ioctl.c: an err that only gathered faults goes (--all);
#  - kernel/ptrace.c: ptrace_request()'s run is inside an #ifdef, its
#    fault path would not be: not rewritten;
#  - net/core/pktgen.c (7.2): loops that may stop before their bound (a
#    goto, num_arg()'s break) are not rewritten: a region of the bound
#    would check elements the loop never reads;
#  - i915's check_relocations() and its selftest's prefault_range() (both
#    --all, cold): a walk by a page up to an end address, one region of
#    end - addr bytes inside 'if (addr < end)'; the selftest .c file is
#    built where gem/i915_gem_mman.c includes it from the directory above;
#  - arch/x86/um/signal.c: user-mode Linux has no regions: left out;
#  - arch/x86/kernel/fpu/signal.c: save_fsave_header()'s branch for FPUs
#    without FXSR is compiled out on x86-64: dropped, not "verified".
#  - arch/powerpc/kvm/book3s_64_mmu_hv.c: built in build-V-powerpc, with
#    the powerpc cross compiler and the plugin built for it.
#  - drivers/watchdog/wdrtas.c, which build-6.12-x86_64 cannot build
#    (make fails): dropped with make's first error;
#  - kernel/time/time.c in 6.12 configured in place, not built: dropped
#    with that cause, exit 3;
#  - arch/powerpc/kernel/signal_64.c (7.2, modernize): the verdict as
#    data says what the object shows, swapcontext()'s writes of the AMR
#    in its own symbol, the same with the scoped block.

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

	style=classic
	[ "$v" = 7.2 ] && style=scoped
	verify "$v" --style $style drivers/usb/core/devio.c
	expect 'processcompl(): verified' "$work/err" "$v: processcompl() not verified"
	expect 'processcompl_compat(): verified' "$work/err" \
		"$v: processcompl_compat(), the twin of processcompl(), not verified"
	expect '^+.*user_write_access_begin(userurb,$\|^+.*scoped_user_write_access_size(userurb,$' \
		"$work/out" "$v: processcompl()'s status run not rewritten"
	# Its region ends where its writes end: error_count is the last.
	expect '^+.*offsetofend(struct usbdevfs_urb,$' "$work/out" \
		"$v: processcompl()'s status run's region is not of what it writes"
	if [ $style = classic ]; then
		expect '^+.*user_write_access_begin(userurb->iso_frame_desc,' "$work/out" \
			"$v: the iso frame loop has no region of its own"
		expect '^+.*array_size(urb->number_of_packets,' "$work/out" \
			"$v: the iso frame loop's region is not of number_of_packets elements"
	else
		expect '^+.*struct_size(userurb,' "$work/out" \
			"$v: the iso frame loop's scoped block does not cover the flexible array"
	fi
	[ "$(grep -c '^+.*unsafe_put_user(urb->iso_frame_desc\[i\]' "$work/out")" = 4 ] ||
		die "$v: the iso frame loops of both functions are not rewritten"

	verify "$v" --all arch/x86/kernel/fpu/signal.c
	expect "save_fsave_header(): dropped: compiled out in build-$v-x86_64" "$work/err" \
		"$v: save_fsave_header(), compiled out on x86-64, not said to be"
	grep -q '^+.*unsafe_get_user(swd, &fp->swd' "$work/out" &&
		die "$v: save_fsave_header()'s rewrite kept though nothing checked it"

	verify "$v" --all fs/ext4/ioctl.c kernel/ptrace.c
	expect 'ext4_compat_ioctl(): verified' "$work/err" "$v: ext4_compat_ioctl() not verified"
	expect '^-.*int err;' "$work/out" "$v: ext4's err is left"
	grep -q 'ptrace_request' "$work/err" "$work/out" &&
		die "$v: ptrace_request() rewritten, its label outside the #ifdef of its run"
	(cd "$k" && "$top/uabatch" scan --all kernel/ptrace.c) > "$work/out" || true
	expect 'in ptrace_request().*fault path would be in another preprocessor branch' \
		"$work/out" "$v: ptrace_request(): not said why it is not rewritten"

	verify "$v" --all drivers/gpu/drm/i915/gem/i915_gem_execbuffer.c \
		drivers/gpu/drm/i915/gem/selftests/i915_gem_mman.c
	expect 'check_relocations(): verified' "$work/err" "$v: check_relocations() not verified"
	expect 'prefault_range(): verified' "$work/err" \
		"$v: prefault_range() not verified in the file that includes its selftest"
	[ "$(grep -c '^+.*if (!user_read_access_begin(addr, end - addr))$' "$work/out")" = 2 ] ||
		die "$v: the walks up to end have no region of end - addr bytes"
	[ "$(grep -c '^+.*if (addr < end) {$' "$work/out")" = 2 ] ||
		die "$v: the walks' regions are not guarded by the loops' own test"

	(cd "$k" && "$top/uabatch" scan --all arch/x86/um/signal.c) > "$work/out" 2> "$work/err" ||
		die "$v: arch/x86/um/signal.c: findings in user-mode Linux"
	expect 'signal.c: left out: only architectures without user access regions' "$work/err" \
		"$v: arch/x86/um/signal.c: not said to be left out"

	[ -z "$(find "$k" -newer "$stamp" -type f | head -n 1)" ] ||
		die "$v: uabatch patch --verify wrote into $k: $(find "$k" -newer "$stamp" -type f | head -n 3)"
	echo "$v: time.c, eventpoll.h, devio.c, ext4/ioctl.c, i915's walks verified; ptrace.c's run in an #ifdef" \
		"not rewritten; fpu/signal.c compiled out; user-mode Linux left out; tree untouched"
done

verify 7.2 --all net/core/pktgen.c
for fn in count_trail_chars strn_len num_arg; do
	grep -q "$fn" "$work/err" && die "7.2: $fn(), which may stop early, was rewritten"
done
(cd "$(ktree 7.2)" && "$top/uabatch" scan --all net/core/pktgen.c) > "$work/out" || true
expect 'in num_arg().*not auto-fixable: the loop may stop early (break)' "$work/out" \
	"7.2: num_arg(): not said why its loop is not rewritten"

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
(cd "$k" && "$top/uabatch" verify --build "$cache/build-7.2-x86_64" "$work/bad.diff") \
	> "$work/out" 2> "$work/err" || [ $? = 1 ] || { cat "$work/err" >&2; die "7.2: uabatch verify failed"; }
expect 'gettimeofday(): dropped: the build adds: .*\[uaccess:region-leak\]' "$work/err" \
	"7.2: a fault path that leaks the region is not dropped"
expect 'settimeofday(): verified' "$work/err" "7.2: the good fix of the broken file is dropped too"
mkdir -p "$work/kept/kernel/time"
cp "$k/kernel/time/time.c" "$work/kept/kernel/time/"
(cd "$work/kept" && patch -s -p1 < "$work/out") || die "7.2: the kept fixes do not apply"
native='/^SYSCALL_DEFINE2\(gettimeofday,/,/^}/'
[ "$(awk "$native" "$k/kernel/time/time.c")" = "$(awk "$native" "$work/kept/kernel/time/time.c")" ] ||
	die "7.2: the broken fix is kept"
echo "7.2: pktgen's loops that stop early not rewritten; a leaking fix dropped, region-leak said"

# A file of another architecture builds in its build directory, with its
# cross compiler and the plugin built for it: powerpc's KVM HPT reads and
# writes, two accesses each, in 6.12 (classic) and 7.2 (scoped blocks).
for v in 6.12 7.2; do
	k=$(ktree "$v")
	f=arch/powerpc/kvm/book3s_64_mmu_hv.c
	(cd "$k" && "$top/uabatch" patch --all --build "$cache/build-$v-powerpc" $f) \
		> "$work/out" 2> "$work/err" || [ $? = 1 ] || { cat "$work/err" >&2; die "$v: $f failed"; }
	for fn in kvm_htab_read kvm_htab_write; do
		expect "^uabatch: verify: $f: $fn(): verified in build-$v-powerpc$" "$work/err" \
			"$v: $fn() not verified with the powerpc cross compiler"
	done
	expect '^+.*unsafe_put_user(hpte\[1\], lbuf + 1, efault);' "$work/out" "$v: no kvm_htab_read() rewrite kept"
done
echo "6.12, 7.2: powerpc's kvm_htab_read() and kvm_htab_write() verified with the cross compiler"

# A file its build directory cannot build (make O= fails: wdrtas.c
# needs powerpc's asm/rtas.h) is dropped with the build and make's first
# error, not a false cause.
k=$(ktree 6.12)
(cd "$k" && "$top/uabatch" patch --all drivers/watchdog/wdrtas.c) > "$work/wdrtas.diff" ||
	[ $? = 1 ] || die "6.12: patch of wdrtas.c failed"
[ -s "$work/wdrtas.diff" ] || die "6.12: no rewrite of wdrtas.c, which this case needs"
(cd "$k" && "$top/uabatch" verify --build "$cache/build-6.12-x86_64" "$work/wdrtas.diff") \
	> "$work/out" 2> "$work/err" || { cat "$work/err" >&2; die "6.12: verify of wdrtas.c failed"; }
expect '^uabatch: verify: drivers/watchdog/wdrtas.c: dropped: make drivers/watchdog/wdrtas.o in build-6.12-x86_64 failed: .*asm/rtas.h: No such file or directory$' \
	"$work/err" "6.12: wdrtas.c's make failure not said with its error"
[ ! -s "$work/out" ] || die "6.12: a rewrite of wdrtas.c printed that nothing built"
echo "6.12: wdrtas.c, which build-6.12-x86_64 cannot build, dropped with make's first error"

# A tree configured in place but not built is only read: the file is
# dropped with that cause, not a false one, and the exit status says the
# verification could not finish.  (false_positives.sh builds the region
# objects in place; no test builds kernel/time/time.o there.)
k=$(ktree 6.12)
[ ! -f "$k/kernel/time/.time.o.cmd" ] || die "$k: kernel/time/time.o is built in place; this case needs it unbuilt"
status=0
(cd "$k" && "$top/uabatch" patch --verify --all kernel/time/time.c) > "$work/out" 2> "$work/err" ||
	status=$?
[ $status = 3 ] || { cat "$work/err" >&2; die "6.12 in place: exit $status, not 3"; }
expect '^uabatch: verify: kernel/time/time.c: dropped: linux-6.12 is configured but has not built kernel/time/time.o' \
	"$work/err" "6.12 in place: the cause not said"
[ ! -s "$work/out" ] || die "6.12 in place: a rewrite printed that nothing verified"
# The same, as data.
status=0
(cd "$k" && "$top/uabatch" patch --verify --verdicts "$work/verdicts" --all kernel/time/time.c) \
	> "$work/out" 2> "$work/err" || status=$?
[ $status = 3 ] || { cat "$work/err" >&2; die "6.12 in place, --verdicts: exit $status, not 3"; }
expect '^kernel/time/time.c		dropped	linux-6.12 is configured but has not built kernel/time/time.o' \
	"$work/verdicts" "6.12 in place: the verdict not written as data"
grep -q 'verify:' "$work/err" && die "6.12 in place, --verdicts: the verdicts said too"
echo "6.12 configured in place, not built: kernel/time/time.c dropped with that cause, exit 3"

# What a verified fix's object shows, as data: powerpc's writes of the
# AMR (mtamr, switches.py) in swapcontext()'s own code, sys_swapcontext,
# as many with modernize's scoped block as with the classic region it
# replaces.
k=$(ktree 7.2)
rm -f "$work/verdicts"
(cd "$k" && "$top/uabatch" modernize --verify --build "$cache/build-7.2-powerpc" \
	--verdicts "$work/verdicts" arch/powerpc/kernel/signal_64.c) > /dev/null 2>&1 || true
shows=$(awk -F'\t' '$2 == "swapcontext" && $3 == "verified" { print $5, $6, $7, $8, $9 }' "$work/verdicts")
read -r arch obj sym before after <<SHOWS
$shows
SHOWS
[ "$arch $obj $sym" = "powerpc arch/powerpc/kernel/signal_64.o sys_swapcontext" ] ||
	{ cat "$work/verdicts" >&2; die "7.2 powerpc: swapcontext()'s verdict does not say its object and symbol"; }
[ "$before" -gt 0 ] && [ "$before" = "$after" ] ||
	die "7.2 powerpc: sys_swapcontext writes the AMR $before times before the scoped block, $after after"
echo "7.2 powerpc: modernize's swapcontext() verified, sys_swapcontext writes the AMR $before times before and after"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# sparse-uaccess as the kernel's checker: scripts/checker-valid.sh accepts
# it, 'make C=2' runs it on the defconfig objects of 6.12 and 7.2 that
# open user-access regions (it sees their regions, and reports none: no
# false positive), and 'make C=1' runs it on a fresh external-module
# build.

. "$(dirname "$0")/../lib.sh"

checker=$top/sparse-checks/sparse-uaccess
[ -x "$checker" ] || die "$checker: not built (make)"

# The files of x86_64_defconfig that open a region (user_*access_begin,
# scoped_user_*_access*, masked_user_*access_begin, __uaccess_begin*).
common="arch/x86/kernel/signal_32.c arch/x86/kernel/signal_64.c
	arch/x86/kernel/sys_ia32.c arch/x86/lib/copy_mc.c
	arch/x86/lib/csum-wrappers_64.c arch/x86/lib/usercopy_64.c
	drivers/gpu/drm/i915/gem/i915_gem_execbuffer.c
	drivers/gpu/drm/i915/i915_query.c fs/eventpoll.c fs/readdir.c
	fs/select.c io_uring/net.c io_uring/waitid.c kernel/compat.c
	kernel/exit.c kernel/rseq.c lib/iov_iter.c lib/strncpy_from_user.c
	lib/strnlen_user.c lib/usercopy.c mm/gup.c net/core/scm.c"
only_72="io_uring/io_uring.c kernel/futex/waitwake.c net/socket.c
	sound/core/pcm_native.c"

for v in 6.12 7.2; do
	k=$(ktree "$v")
	files=$common
	[ "$v" = 7.2 ] && files="$files $only_72"
	# 6.12 has no checker-valid.sh; 7.2 skips a checker it rejects.
	if [ -f "$k/scripts/checker-valid.sh" ]; then
		valid=$(cd "$k" && sh scripts/checker-valid.sh "$checker" -m64 --arch=x86)
		[ "$valid" = 1 ] || die "$v: scripts/checker-valid.sh rejects $checker"
	fi

	objs=$(for f in $files; do echo "${f%.c}.o"; done)
	(cd "$k" && flock "$k.lock" make -j2 C=2 \
		CHECK="$checker --uaccess-only --uaccess-stats" $objs) \
		> "$work/c2.log" 2>&1 || { tail -20 "$work/c2.log" >&2; die "$v: make C=2 failed"; }
	grep -q "not available" "$work/c2.log" && die "$v: kbuild skipped the checker"
	nfiles=$(echo $files | wc -w)
	nchecks=$(grep -c '^ *CHECK ' "$work/c2.log")
	[ "$nchecks" -ge "$nfiles" ] || die "$v: $nchecks CHECK lines for $nfiles files"
	regions=$(awk '/^sparse-uaccess: /{ r += $4 } END { print r + 0 }' "$work/c2.log")
	[ "$regions" -ge "$nfiles" ] || die "$v: only $regions regions seen in $nfiles files"
	if grep 'uaccess:' "$work/c2.log" | grep -v '^sparse-uaccess: ' >&2; then
		die "$v: false positives above"
	fi
	echo "$v: C=2 on $nfiles files, $regions regions seen, no finding"

	# C=1 checks what it compiles: a fresh external-module object.
	d=$work/c1
	mkdir -p "$d"
	cp "$k/kernel/compat.c" "$d/compat1.c"
	echo "obj-m := compat1.o" > "$d/Kbuild"
	flock "$k.lock" make -C "$k" M="$d" C=1 CHECK="$checker" compat1.o \
		> "$work/c1.log" 2>&1 || { cat "$work/c1.log" >&2; die "$v: make C=1 failed"; }
	grep -q "CHECK .*compat1.c" "$work/c1.log" || { cat "$work/c1.log" >&2; die "$v: C=1 did not run the checker"; }
done
echo "sparse_kernel: C=1 and C=2 in 6.12 and 7.2, no false positive"

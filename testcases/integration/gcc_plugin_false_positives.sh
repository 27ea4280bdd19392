#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# No false positive from the GCC plugin on real kernel objects whose
# source opens user-access regions (classic in 6.12, scoped and masked in
# 7.2), built in place with KCFLAGS=-fplugin=... (the trees' lock held, as
# another user builds in them).
#
# With a GCC version N as argument (gcc_versions.sh gives each of the
# chroot's), the objects of 7.2 in the chroot's x86_64_defconfig build
# directory of scripts/gcc-versions.sh, with gcc-N and the plugin built
# by it.

. "$(dirname "$0")/../lib.sh"

gcc=${1:-}
plugin=$(plugin_for "$gcc") || exit 1
versions="6.12 7.2"
[ -z "$gcc" ] || versions=7.2

objects="fs/readdir.o fs/select.o fs/eventpoll.o kernel/exit.o kernel/compat.o
	kernel/rseq.o kernel/futex/waitwake.o lib/usercopy.o
	lib/strncpy_from_user.o lib/strnlen_user.o lib/iov_iter.o mm/gup.o
	net/socket.o net/core/scm.o arch/x86/kernel/signal_64.o
	arch/x86/lib/usercopy_64.o arch/x86/lib/csum-wrappers_64.o"

for ver in $versions; do
	kdir=$(ktree "$ver")
	objs=
	for o in $objects; do
		[ -f "$kdir/${o%.o}.c" ] && objs="$objs $o"
	done
	# A flag new to every run makes Kbuild compile the objects again.
	if [ -n "$gcc" ]; then
		chroot_make_7_2 "$gcc" -j2 KCFLAGS="-fplugin=$plugin -D__UABATCH_RUN=$$" $objs
	else
		flock "$kdir/../linux-$ver.lock" make -s -C "$kdir" -j2 \
			KCFLAGS="-fplugin=$plugin -D__UABATCH_RUN=$$" $objs
	fi > "$work/build.log" 2>&1 || { cat "$work/build.log" >&2; die "$ver: build failed"; }
	if grep '\[uaccess:' "$work/build.log" >&2; then
		die "$ver${gcc:+ gcc-$gcc}: false positives"
	fi
	echo "$ver${gcc:+ gcc-$gcc}: $(echo $objs | wc -w) objects, no finding"
done

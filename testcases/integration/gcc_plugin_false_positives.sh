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
versions="6.12 7.2"
if [ -n "$gcc" ]; then
	versions=7.2
	plugin=$(sh "$top/scripts/gcc-versions.sh" plugin "$gcc" 2> "$work/plugin.log") ||
		{ cat "$work/plugin.log" >&2; die "gcc-$gcc: the plugin does not build"; }
else
	plugin=$top/gcc-plugin/uaccess_plugin.so
	[ -f "$plugin" ] || die "$plugin: not built (make)"
fi

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
		sh "$top/scripts/gcc-versions.sh" run make -s -C /src-7.2 \
			O=/build-7.2-gcc-$gcc CC="gcc-$gcc" HOSTCC="gcc-$gcc" -j2 \
			KCFLAGS="-fplugin=$plugin -D__UABATCH_RUN=$$" $objs
	else
		flock "$kdir/../linux-$ver.lock" make -s -C "$kdir" -j2 \
			KCFLAGS="-fplugin=$plugin -D__UABATCH_RUN=$$" $objs
	fi > "$work/build.log" 2>&1 || { cat "$work/build.log" >&2; die "$ver: build failed"; }
	if grep '\[uaccess:' "$work/build.log" >&2; then
		die "$ver${gcc:+ gcc-$gcc}: false positives"
	fi
	echo "$ver${gcc:+ gcc-$gcc}: $(echo $objs | wc -w) objects, no finding"
done

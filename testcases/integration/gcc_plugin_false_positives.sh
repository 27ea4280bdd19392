#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# No false positive from the GCC plugin on real kernel objects whose
# source opens user-access regions (classic in 6.12, scoped and masked in
# 7.2), built in place with KCFLAGS=-fplugin=... (the trees' lock held, as
# another user builds in them).

. "$(dirname "$0")/../lib.sh"

plugin=$top/gcc-plugin/uaccess_plugin.so
[ -f "$plugin" ] || die "$plugin: not built (make)"

objects="fs/readdir.o fs/select.o fs/eventpoll.o kernel/exit.o kernel/compat.o
	kernel/rseq.o kernel/futex/waitwake.o lib/usercopy.o
	lib/strncpy_from_user.o lib/strnlen_user.o lib/iov_iter.o mm/gup.o
	net/socket.o net/core/scm.o arch/x86/kernel/signal_64.o
	arch/x86/lib/usercopy_64.o arch/x86/lib/csum-wrappers_64.o"

for ver in 6.12 7.2; do
	kdir=$(ktree "$ver")
	objs=
	for o in $objects; do
		[ -f "$kdir/${o%.o}.c" ] && objs="$objs $o"
	done
	# A flag new to every run makes Kbuild compile the objects again.
	flock "$kdir/../linux-$ver.lock" make -s -C "$kdir" -j2 \
		KCFLAGS="-fplugin=$plugin -D__UABATCH_RUN=$$" $objs > "$work/build.log" 2>&1 ||
		{ cat "$work/build.log" >&2; die "$ver: build failed"; }
	if grep '\[uaccess:' "$work/build.log" >&2; then
		die "$ver: false positives"
	fi
	echo "$ver: $(echo $objs | wc -w) objects, no finding"
done

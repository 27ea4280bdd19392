#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The epoll reference case for sparse-uaccess: epoll-v1.patch (a region
# opened by __user_write_access_begin(), with no access_ok() nearby) on the
# epoll_put_uevent() of linux-source-6.12, compiled into fs/eventpoll.c
# as an external module with 'make C=2', is flagged unverified-region at
# the begin; the header as 6.12 ships it is not flagged.

. "$(dirname "$0")/../lib.sh"

checker=$top/sparse-checks/sparse-uaccess
[ -x "$checker" ] || die "$checker: not built (make)"
k=$(ktree 6.12)

# build HEADER: fs/eventpoll.c with HEADER as its linux/eventpoll.h,
# checked; the findings in $work/out.
build()
{
	d=$work/epoll
	rm -rf "$d"
	mkdir -p "$d"
	cp "$1" "$d/eventpoll.h"
	sed 's|^#include <linux/eventpoll.h>|#include "eventpoll.h"|' \
		"$k/fs/eventpoll.c" > "$d/ep.c"
	grep -q '^#include "eventpoll.h"' "$d/ep.c" || die "fs/eventpoll.c: no linux/eventpoll.h include"
	echo "obj-m := ep.o" > "$d/Kbuild"
	flock "$k.lock" make -s -C "$k" M="$d" C=2 CHECK="$checker --uaccess-only" \
		ep.o > "$work/build.log" 2>&1 || { cat "$work/build.log" >&2; die "$1: does not build"; }
	grep 'uaccess:' "$work/build.log" > "$work/out" || true
}

build "$k/include/linux/eventpoll.h"
[ -s "$work/out" ] && { cat "$work/out" >&2; die "findings on 6.12's eventpoll.h"; }

# v1 as proposed, with patch 1/2's x86 definition of the primitive.
mkdir -p "$work/v1/include/linux"
cp "$k/include/linux/eventpoll.h" "$work/v1/include/linux/"
(cd "$work/v1" && patch -s -p1 < "$reference/epoll-v1.patch") || die "epoll-v1.patch does not apply"
sed -i 's|^#include <uapi/linux/eventpoll.h>|&\n#define __user_write_access_begin(a, b) __uaccess_begin()|' \
	"$work/v1/include/linux/eventpoll.h"
grep -q '^#define __user_write_access_begin' "$work/v1/include/linux/eventpoll.h" ||
	die "no place for __user_write_access_begin in eventpoll.h"
build "$work/v1/include/linux/eventpoll.h"
line=$(grep -n '__user_write_access_begin(uevent' "$work/epoll/eventpoll.h" | cut -d: -f1)
grep -q "eventpoll.h:$line:[0-9]*: warning: .*\[uaccess:unverified-region\]$" "$work/out" ||
	{ cat "$work/out" >&2; die "epoll-v1 not flagged unverified-region at eventpoll.h:$line"; }
n=$(wc -l < "$work/out")
[ "$n" = 1 ] || { cat "$work/out" >&2; die "epoll-v1: $n findings, not 1"; }
echo "sparse_epoll: epoll-v1 flagged unverified-region, 6.12 clean"

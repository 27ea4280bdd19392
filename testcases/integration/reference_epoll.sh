#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The epoll reference case: 'uabatch scan' reports the run of 6.12 as
# batch-put-run, and none in 7.2.  On the pre-patch epoll_put_uevent() of
# linux-source-6.12, 'uabatch patch --style classic' gives the body of
# epoll-v2.patch, and --style scoped gives the body linux-source-7.2
# ships (which spells scoped_user_write_access(uevent, efault) out as
# its _size form).  Each patched header compiles into fs/eventpoll.o of its tree
# without objtool warnings.

. "$(dirname "$0")/../lib.sh"

k612=$(ktree 6.12)
k72=$(ktree 7.2)
hdr=include/linux/eventpoll.h

# Inputs: 6.12's header as it is, and 7.2's header with the pre-patch
# body of 6.12 put back, to be batched in the style of each tree; each
# in a small tree of its own (the tree's uaccess.h, and the uapi header
# that defines struct epoll_event, whose members the region must know).
for v in 6.12 7.2; do
	mkdir -p "$work/$v/include/linux" "$work/$v/include/uapi/linux"
	touch "$work/$v/Makefile"
	cp "$(ktree $v)/include/linux/uaccess.h" "$work/$v/include/linux/"
	cp "$(ktree $v)/include/uapi/linux/eventpoll.h" "$work/$v/include/uapi/linux/"
done
cp "$k612/$hdr" "$work/6.12/$hdr"
function_body "$k612/$hdr" epoll_put_uevent > "$work/old-body"
grep -q '__put_user' "$work/old-body" || die "$k612/$hdr: not the pre-patch epoll_put_uevent()"
with_body "$k72/$hdr" epoll_put_uevent "$work/old-body" > "$work/7.2/$hdr"

# scan: the run is reported in 6.12's header, at its first write, and
# nothing in 7.2's, which is batched already.
line=$(grep -n 'if (__put_user(revents, &uevent->events)' "$k612/$hdr" | cut -d: -f1)
"$top/uabatch" scan "$k612/$hdr" > "$work/scan" && die "scan found nothing in 6.12"
grep -q "^$k612/$hdr:$line:[0-9]*: warning: 2 user writes through uevent in epoll_put_uevent() .*\[uaccess:batch-put-run\]$" \
	"$work/scan" || { cat "$work/scan" >&2; die "no batch-put-run at $hdr:$line"; }
"$top/uabatch" scan "$k72/$hdr" > "$work/scan" || { cat "$work/scan" >&2; die "scan found something in 7.2"; }

# Patch each; the diff applies from the small tree's root.
batch()
{
	cp "$work/$1/$hdr" "$work/$1/input.h"
	"$top/uabatch" patch --style "$2" "$work/$1/$hdr" > "$work/$1.diff" &&
		die "$1: uabatch patch found nothing"
	mkdir -p "$work/$2/include/linux"
	cp "$work/$1/$hdr" "$work/$2/$hdr"
	(cd "$work/$2" && patch -s -p1 < "$work/$1.diff") ||
		die "$1: the patch does not apply"
	cmp -s "$work/$1/$hdr" "$work/$1/input.h" ||
		die "$1: uabatch patch changed its input"
	function_body "$work/$2/$hdr" epoll_put_uevent | tokens |
		sed 's/^user_access_end$/user_write_access_end/' > "$work/$2.tok"
}

# scoped_user_write_access(p, l) is the macro for
# scoped_user_write_access_size(p, sizeof(*p), l), which 7.2 writes here
# (its only such use; the tree's other 19 blocks use the short form):
# tokens of standard input with the long form made the short one.
short_form()
{
	tr '\n' ' ' | sed 's/scoped_user_write_access_size ( \([a-z_]*\) , sizeof ( \* \1 ) ,/scoped_user_write_access ( \1 ,/' |
		tr ' ' '\n' | sed '/^$/d'
}
batch 6.12 classic
batch 7.2 scoped

# Reference: epoll-v2.patch applied to the 6.12 header.
mkdir -p "$work/ref/include/linux"
cp "$k612/$hdr" "$work/ref/$hdr"
(cd "$work/ref" && patch -s -p1 < "$reference/epoll-v2.patch") ||
	die "epoll-v2.patch does not apply to $k612/$hdr"
function_body "$work/ref/$hdr" epoll_put_uevent | tokens |
	sed 's/^user_access_end$/user_write_access_end/' > "$work/v2.tok"
same_tokens "$work/v2.tok" "$work/classic.tok"

function_body "$k72/$hdr" epoll_put_uevent | tokens | short_form > "$work/7.2.tok"
same_tokens "$work/7.2.tok" "$work/scoped.tok"

# The patched headers in the real build: fs/eventpoll.c includes them.
build_object "$k612" "$k612/fs/eventpoll.c" eventpoll.o \
	NOSTDINC_FLAGS="-nostdinc -I$work/classic/include"
build_object "$k72" "$k72/fs/eventpoll.c" eventpoll.o \
	NOSTDINC_FLAGS="-nostdinc -I$work/scoped/include"
echo "epoll: classic = epoll-v2.patch, scoped = linux-7.2, both compile"

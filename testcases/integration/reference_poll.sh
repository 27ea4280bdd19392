#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The poll reference case.  The pre-patch do_sys_poll() of poll-2020.patch
# is rebuilt from linux-source-5.10's fs/select.c (the batching undone:
# one __put_user() per descriptor, as before 5.11), where walk->len is an
# int as the seed patch found it.  'uabatch scan' reports the loop as
# batch-put-loop at its line; 'uabatch patch --style classic' writes the
# loop of poll-2020.patch, one region per walk of walk->len descriptors.
# 5.10 is not configured: the same loop rebuilt from 6.12's file with
# 5.10's "int len" is rewritten the same way, and compiles in 6.12
# without objtool warnings.

. "$(dirname "$0")/../lib.sh"

# reproduce TREE: the seed's loop from the rebuilt fs/select.c of TREE,
# made as 5.10's by the sed script that follows (may be empty); prints
# the path of the patched file.
reproduce()
{
	d=$work/$(basename "$1")
	# At a path that ends as the tree's does: fs/select.c is a hot path
	# (model/hot-paths).
	mkdir -p "$d/old/fs"
	unbatched_select "$1" | sed "$2" > "$d/old/fs/select.c"
	grep -q 'if (__put_user(fds\[j\].revents, &ufds->revents))' "$d/old/fs/select.c" ||
		die "could not rebuild the pre-patch loop from $1/fs/select.c"
	[ "$(grep -c '^Efault:$' "$d/old/fs/select.c")" = 2 ] ||
		die "the Efault path of do_sys_poll() is left in the rebuilt select.c"
	grep -q '^	int len;$' "$d/old/fs/select.c" ||
		die "$1/fs/select.c: struct poll_list's len is not an int as 5.10's"

	# scan: one batch-put-loop finding, on the __put_user() line.
	line=$(grep -n 'if (__put_user(fds\[j\].revents' "$d/old/fs/select.c" | cut -d: -f1)
	"$top/uabatch" scan --style classic "$d/old/fs/select.c" > "$d/scan" &&
		die "scan found nothing"
	grep -q "^$d/old/fs/select.c:$line:[0-9]*: warning: .*\[uaccess:batch-put-loop\]$" "$d/scan" ||
		{ cat "$d/scan" >&2; die "no batch-put-loop at line $line"; }
	grep -v "(not auto-fixable" "$d/scan" | grep -q 'do_sys_poll' ||
		{ cat "$d/scan" >&2; die "$1: the loop is reported as not auto-fixable"; }

	# patch: the loop of poll-2020.patch, with our label.
	"$top/uabatch" patch --style classic "$d/old/fs/select.c" > "$d/diff" &&
		die "patch wrote nothing"
	new=$(apply_to_copy "$d/old/fs/select.c" "$d/diff")
	label=$(sed -n 's/.*unsafe_put_user(fds\[j\].revents, &ufds->revents, *\([a-z_0-9]*\)).*/\1/p' "$new")
	[ -n "$label" ] || label=$(grep -A1 'unsafe_put_user(fds\[j\].revents' "$new" | sed -n 's/^[ \t]*\([a-z_0-9]*\));$/\1/p')
	[ -n "$label" ] || { cat "$d/diff" >&2; die "no unsafe_put_user() in the patched loop"; }
	loop_of < "$new" | tokens | sed "s/^$label\$/LABEL/" > "$d/new.tok"
	same_tokens "$work/ref.tok" "$d/new.tok"

	# The region covers the walk (its size by array_size(): a count that
	# would overflow fails the check rather than open a short region),
	# ends after the loop, and the fault path ends it and leaves through
	# out_fds as the old loop did.
	tr -d '\n\t ' < "$new" > "$d/flat"
	grep -q 'if(!user_write_access_begin(ufds,array_size(walk->len,sizeof(\*ufds))))gotoout_fds;for(j=0;' "$d/flat" ||
		die "no region begin of walk->len descriptors before the loop"
	grep -q ",$label);user_write_access_end();}" "$d/flat" ||
		die "no region end right after the loop"
	grep -q "$label:user_write_access_end();gotoout_fds;}" "$d/flat" ||
		die "no fault path ending the region and going to out_fds"
	echo "$new"
}

loop_of()
{
	awk '/for \(j = 0; j < walk->len; j\+\+, ufds\+\+\)/ { on = 1 }
	     on { print } on && /;[ \t]*$/ { exit }'
}
sed -n 's/^[+ ]//p' "$reference/poll-2020.patch" | loop_of | tokens |
	sed 's/^loop_fault$/LABEL/' > "$work/ref.tok"
[ -s "$work/ref.tok" ] || die "no loop in $reference/poll-2020.patch"

reproduce "$(ktree 5.10)" '' > /dev/null
k612=$(ktree 6.12)
new=$(reproduce "$k612" 's/^\tunsigned int len;$/\tint len;/; s/ __counted_by(len);$/;/')
build_object "$k612" "$new" select.o
echo "poll: loop = poll-2020.patch on 5.10's int len; compiles in 6.12"

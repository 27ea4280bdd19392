#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The user's tree is read, never written: 'uabatch verify', 'patch
# --verify', 'modernize --verify' (against 7.2's scoped API), 'candidates'
# and 'lint', each run from the tree itself as most users do, leave no
# file in it, created, changed or removed.  verify's checkpatch.pl
# --strict step keeps a cache of CamelCase names, .checkpatch-camelcase.*,
# in its working directory as soon as it meets one (fs/select.c's label
# Efault), so verify must run it elsewhere.  The tree is the clean copy
# src-6.12 itself, not a copy of it (a copy would cost more than the
# test); its build directory build-6.12-x86_64 (make O=) is where verify
# may write, the object of fs/select.c.

. "$(dirname "$0")/../lib.sh"

k=$cache/src-6.12
b=$cache/build-6.12-x86_64
[ -f "$k/Makefile" ] && [ -f "$b/.uabatch-prepared" ] || die "$k, $b: no clean tree and build directory: run 'make kernels'"

# A cache left by an earlier run is read, not written again: it would
# hide the write looked for here, and is itself a file in the tree.
left=$(find "$k" -maxdepth 1 -name '.checkpatch-camelcase.*')
[ -z "$left" ] || die "$k has $left: something ran checkpatch.pl in the tree (remove it)"

# A fix that builds as it is and becomes code (a call of an exported
# function): one line of do_sys_poll(), in a file with CamelCase names.
mutate "$k/fs/select.c" '^static int do_sys_poll' '		kfree(pos);' '		kfree((void *)pos);' \
	> "$work/select.c"
diff -u --label a/fs/select.c --label b/fs/select.c "$k/fs/select.c" "$work/select.c" \
	> "$work/fix.diff" && die "the mutant of fs/select.c is the file"

touch "$work/stamp"
(cd "$k" && "$top/uabatch" verify --build "$b" "$work/fix.diff") > "$work/out" 2> "$work/err" ||
	[ $? = 1 ] || { cat "$work/err" >&2; die "uabatch verify failed"; }
# The fix is kept, or dropped by checkpatch.pl: either way the step ran.
grep -qE 'verified in|dropped: checkpatch: ' "$work/err" ||
	{ cat "$work/err" >&2; die "uabatch verify did not reach its checkpatch.pl step"; }

# Anything created, changed or removed in the tree since $work/stamp
# (a new or removed entry changes its directory's time too), after
# command $1.
untouched()
{
	find "$k" -newer "$work/stamp" > "$work/written"
	[ -s "$work/written" ] && { sed 's/^/written: /' "$work/written" >&2; die "uabatch $1 wrote into $k"; }
	return 0
}
untouched verify

# The others, each on what it has to do in the tree: usbfs's rewrites
# verified (patch, candidates), readdir's classic regions as scoped
# blocks (modernize), the mutant as a patch (lint, which builds it).
(cd "$k" && "$top/uabatch" patch --verify --build "$b" drivers/usb/core/devio.c) > "$work/out" 2> "$work/err" ||
	[ $? = 1 ] || { cat "$work/err" >&2; die "uabatch patch --verify failed"; }
grep -q 'verified in' "$work/err" || { cat "$work/err" >&2; die "uabatch patch --verify verified nothing"; }
untouched 'patch --verify'
(cd "$k" && "$top/uabatch" modernize --verify --build "$b" --scoped-api "$cache/src-7.2" fs/readdir.c) \
	> "$work/out" 2> "$work/err" || [ $? = 1 ] || { cat "$work/err" >&2; die "uabatch modernize --verify failed"; }
grep -q 'verified in' "$work/err" || { cat "$work/err" >&2; die "uabatch modernize --verify verified nothing"; }
untouched 'modernize --verify'
(cd "$k" && "$top/uabatch" candidates --kdir . --build "$b" --out "$work/series" drivers/usb/core/devio.c) \
	> "$work/out" 2> "$work/err" || [ $? = 1 ] || { cat "$work/err" >&2; die "uabatch candidates failed"; }
ls "$work/series"/*.patch > /dev/null || die "uabatch candidates wrote no patch"
untouched candidates
(cd "$k" && "$top/uabatch" lint --kdir . --build "$b" "$work/fix.diff") > "$work/out" 2> "$work/err" ||
	[ $? = 1 ] || { cat "$work/err" >&2; die "uabatch lint failed"; }
untouched lint
echo "uabatch verify, patch --verify, modernize --verify, candidates and lint from $k: nothing written in the tree"

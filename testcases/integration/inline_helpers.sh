#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The model's inline helpers in a region, as the tree defines them.  7.2's
# compat_ptr() is a plain inline function, which GCC may leave a call
# (KASAN, -Os): the checkers report one in a region (call-in-region), so
# no rewrite may put it in one.  xfs_compat_ioc_fsbulkstat() reads four
# members of p32 with compat_ptr() between: only the two reads with no
# call between make a run, and its region ends before the compat_ptr()
# that follows (the four reads in one region was what uabatch wrote
# before, which 'uabatch verify' now drops).

. "$(dirname "$0")/../lib.sh"

k=$(ktree 7.2)
f=fs/xfs/xfs_ioctl32.c
status=0
(cd "$k" && "$top/uabatch" scan --all "$f") > "$work/scan" 2> "$work/err" || status=$?
[ $status = 1 ] || { cat "$work/err" >&2; die "scan $f: exit $status"; }
grep -q "^$f:250:6: note: 2 user reads through p32 in xfs_compat_ioc_fsbulkstat() " "$work/scan" ||
	{ grep fsbulkstat "$work/scan" >&2; die "$f: no run of 2 reads at line 250"; }
status=0
(cd "$k" && "$top/uabatch" patch --all --style scoped "$f") > "$work/diff" 2> "$work/err" || status=$?
[ $status = 1 ] || { cat "$work/err" >&2; die "patch $f: exit $status"; }
awk '/^@@ .* xfs_compat_ioc_fsbulkstat/ { on = 1; next } /^@@/ { on = 0 } on' "$work/diff" > "$work/hunk"
grep -q 'offsetofend(struct compat_xfs_fsop_bulkreq,' "$work/hunk" ||
	{ cat "$work/hunk" >&2; die "$f: fsbulkstat's run not rewritten over its two members"; }
if sed -n '/scoped_user_read_access/,/^+	}$/p' "$work/hunk" | grep -q 'compat_ptr('; then
	cat "$work/hunk" >&2
	die "$f: compat_ptr() inside the region"
fi
echo "inline helpers: 7.2's plain inline compat_ptr() splits xfs_compat_ioc_fsbulkstat()'s run, and stays out of its region"

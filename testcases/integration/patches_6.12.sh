#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Every patch uabatch writes for the whole of linux-source-6.12 applies,
# builds where x86_64 defconfig builds the object, and gives objtool no
# new UACCESS warning (scripts/check-patches.sh).  The fixes must keep
# finding something: the 6.12 tree has a dozen fixable runs.

. "$(dirname "$0")/../lib.sh"

k612=$(ktree 6.12)
(cd "$k612" && "$top/uabatch" patch .) > "$work/all.diff" && die "no patch for $k612"
files=$(grep -c '^+++ b/' "$work/all.diff")
[ "$files" -ge 10 ] || die "only $files files patched in $k612"
sh "$top/scripts/check-patches.sh" "$k612" "$work/all.diff" > "$work/result" ||
	{ cat "$work/result" >&2; die "some patches fail"; }
cat "$work/result"
built=$(grep -c ' compiles ' "$work/result")
echo "6.12: $files files patched, all apply, $built built and compile, objtool silent"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# sparse-uaccess as the kernel's checker: scripts/checker-valid.sh accepts
# it, and 'make C=1' runs it on a fresh external-module build, in 6.12
# and 7.2.  ('make C=2' on the objects that open regions, with the GCC
# plugin in the same build, is false_positives.sh.)

. "$(dirname "$0")/../lib.sh"

checker=$top/sparse-checks/sparse-uaccess
[ -x "$checker" ] || die "$checker: not built (make)"

for v in 6.12 7.2; do
	k=$(ktree "$v")
	# 6.12 has no checker-valid.sh; 7.2 skips a checker it rejects.
	if [ -f "$k/scripts/checker-valid.sh" ]; then
		valid=$(cd "$k" && sh scripts/checker-valid.sh "$checker" -m64 --arch=x86)
		[ "$valid" = 1 ] || die "$v: scripts/checker-valid.sh rejects $checker"
	fi

	# C=1 checks what it compiles: a fresh external-module object.
	d=$work/c1
	mkdir -p "$d"
	cp "$k/kernel/compat.c" "$d/compat1.c"
	echo "obj-m := compat1.o" > "$d/Kbuild"
	flock "$k.lock" make -C "$k" M="$d" C=1 CHECK="$checker" compat1.o \
		> "$work/c1.log" 2>&1 || { cat "$work/c1.log" >&2; die "$v: make C=1 failed"; }
	grep -q "CHECK .*compat1.c" "$work/c1.log" || { cat "$work/c1.log" >&2; die "$v: C=1 did not run the checker"; }
done
echo "sparse_kernel: checker-valid.sh and C=1 in 6.12 and 7.2"

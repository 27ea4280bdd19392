#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'uabatch check': both engines on fs/readdir.c of 6.12 (classic regions)
# and 7.2 (scoped regions) say nothing; on a copy with a call put into a
# region and an end dropped on the error path, each engine names the
# lines and ids, with the path as given, and both together say each
# defect once; the tree is left as it was; bad
# input is refused with exit 2.

. "$(dirname "$0")/../lib.sh"

k612=$(ktree 6.12)
k72=$(ktree 7.2)

for k in "$k612" "$k72"; do
	sum=$(find "$k/fs" -newer "$k/fs/readdir.c" | wc -l)
	"$top/uabatch" check --kdir "$k" "$k/fs/readdir.c" > "$work/out" ||
		{ cat "$work/out" >&2; die "$k/fs/readdir.c: findings on correct code"; }
	[ "$(find "$k/fs" -newer "$k/fs/readdir.c" | wc -l)" = "$sum" ] ||
		die "uabatch check wrote into $k/fs"
done

# fillonedir(): a call after the third unsafe_put_user(), and the end
# under efault_end: dropped, so its "return false" leaks the region.
src=$k612/fs/readdir.c
grep -n 'unsafe_put_user(namlen, &dirent->d_namlen, efault_end);' "$src" |
	head -1 | cut -d: -f1 > "$work/call_line"
call=$(cat "$work/call_line")
awk -v call="$call" '
	NR == call { sub(/;$/, "; kfree(NULL);") }
	NR > call && /^efault_end:/ && !done { print; getline; done = 1; next }
	{ print }' "$src" > "$work/readdir.c"
leak=$(awk -v call="$call" 'NR > call && /return false;/ { print NR; exit }' "$work/readdir.c")

for engine in sparse gcc; do
	status=0
	(cd "$work" && "$top/uabatch" check --engine $engine --kdir "$k612" readdir.c) \
		> "$work/out" 2> "$work/err" || status=$?
	[ $status = 1 ] || { cat "$work/err" >&2; die "$engine: exit $status, not 1"; }
	grep -q "^readdir.c:$call:[0-9]*: warning: .*kfree.*\[uaccess:call-in-region\]$" "$work/out" ||
		{ cat "$work/out" >&2; die "$engine: no call-in-region at readdir.c:$call"; }
	grep -q "^readdir.c:$leak:[0-9]*: warning: .*\[uaccess:region-leak\]$" "$work/out" ||
		{ cat "$work/out" >&2; die "$engine: no region-leak at readdir.c:$leak"; }
	[ "$(grep -vc "^readdir.c:\($call\|$leak\):" "$work/out")" = 0 ] ||
		{ cat "$work/out" >&2; die "$engine: findings elsewhere"; }
done
# Both engines: each defect once.
(cd "$work" && "$top/uabatch" check --kdir "$k612" readdir.c) > "$work/out" 2> "$work/err" &&
	die "all engines: no finding"
[ "$(grep -c "^readdir.c:$call:[0-9]*: .*\[uaccess:call-in-region\]$" "$work/out")" = 1 ] &&
	[ "$(grep -c "^readdir.c:$leak:[0-9]*: .*\[uaccess:region-leak\]$" "$work/out")" = 1 ] &&
	[ "$(wc -l < "$work/out")" = 2 ] || { cat "$work/out" >&2; die "all engines: not each defect once"; }

expect_refusal()
{
	status=0
	"$top/uabatch" "$@" > "$work/out" 2> "$work/err" || status=$?
	[ $status = 2 ] || die "uabatch $*: exit $status, not 2"
	cat "$work/err"
}
expect_refusal check --kdir "$work" "$work/readdir.c" | grep -q "$work: not a kernel tree" ||
	die "a non-tree --kdir is not named"
expect_refusal check --kdir "$(ktree 5.10)" "$work/readdir.c" | grep -q 'not configured' ||
	die "an unconfigured --kdir is not named"
expect_refusal check --kdir "$k612" "$work/missing.c" | grep -q "$work/missing.c: no such file" ||
	die "a missing file is not named"
expect_refusal check --engine clang --kdir "$k612" "$work/readdir.c" | grep -q clang ||
	die "a bad engine is not named"
echo 'int x = ;' > "$work/broken.c"
expect_refusal check --engine gcc --kdir "$k612" "$work/broken.c" | grep -q "$work/broken.c: does not build" ||
	die "a file that does not build is not named"
# In the riscv build directory of 7.2, with its cross compiler: the
# wrapper macros of sound/core/pcm_native.c open and close their own
# regions (riscv's end is an asm); a second end after one is unbalanced.
rv=$cache/build-7.2-riscv
src72=$cache/src-7.2
[ -f "$rv/.uabatch-prepared" ] || die "$rv: no build directory: run 'make kernels'"
mkdir -p "$work/pcm"
cp "$src72"/sound/core/pcm_native.c "$src72"/sound/core/pcm_compat.c "$src72"/sound/core/*.h "$work/pcm/"
"$top/uabatch" check --build "$rv" "$work/pcm/pcm_native.c" > "$work/out" 2> "$work/err" ||
	{ cat "$work/out" "$work/err" >&2; die "riscv pcm_native.c: not clean"; }
end=$(grep -n 'if (snd_pcm_sync_ptr_get_user(sflags, scontrol, _sync_ptr))' "$work/pcm/pcm_native.c" | cut -d: -f1)
[ -n "$end" ] || die "pcm_native.c: snd_pcm_sync_ptr() not found"
sed -i "$((end + 1))a\\	user_write_access_end();" "$work/pcm/pcm_native.c"
(cd "$work/pcm" && "$top/uabatch" check --build "$rv" pcm_native.c) > "$work/out" 2> "$work/err" &&
	die "riscv: the second end is not found"
[ "$(cat "$work/out")" = "pcm_native.c:$((end + 2)):9: warning: user_write_access_end() with no user-access region open [uaccess:unbalanced-region-end]" ] ||
	{ cat "$work/out" "$work/err" >&2; die "riscv: not the one unbalanced end, once"; }
expect_refusal check --kdir "$k72" --build "$rv" "$work/readdir.c" | grep -q 'one of them' ||
	die "--kdir with --build is not refused"
echo "check: silent on fs/readdir.c of 6.12 and 7.2, both engines name the mutant's lines;" \
	"riscv: pcm_native.c silent, its mutant's end named"

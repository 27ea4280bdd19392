#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'uabatch lint' where kernel developers run it: in the working tree that
# has the change.  A git repository of a few files of linux-source-6.12
# (fs/readdir.c and what makes it a kernel tree), checked in
# build-6.12-x86_64; testcases/lint/readdir-leak.patch gives region-leak
# at its added return the same way, at the same line, whichever way the
# change arrives:
#  - 'git diff | uabatch lint -' with the change in the working tree;
#  - 'uabatch lint FILE.patch' there too (the patch reversed gives the base);
#  - 'uabatch lint -g HEAD' and '-g HEAD~1..' once committed, one report a
#    commit, headed as 'checkpatch.pl -g' heads it;
#  - 'uabatch lint FILE.patch' in the clean tree, as before;
#  - '--format checkpatch', the line b4 reads as a failure ('ERROR:').
# Neither the repository nor the build directory is written.

. "$(dirname "$0")/../lib.sh"

src=$cache/src-6.12
b=$cache/build-6.12-x86_64
[ -f "$b/.uabatch-prepared" ] || die "$b: no build directory: run 'make kernels'"
patchfile=$top/testcases/lint/readdir-leak.patch

repo=$work/repo
for f in Makefile include/linux/uaccess.h fs/readdir.c; do
	mkdir -p "$repo/$(dirname "$f")"
	cp "$src/$f" "$repo/$f"
done
git -C "$repo" init -q
git -C "$repo" -c user.name=t -c user.email=t@example.invalid add -A
git -C "$repo" -c user.name=t -c user.email=t@example.invalid commit -q -m base
(cd "$repo" && patch -s -p1 < "$patchfile") || die "readdir-leak.patch does not apply"
leak=$(($(grep -n 'if (d_type == DT_UNKNOWN)' "$repo/fs/readdir.c" | cut -d: -f1) + 1))
expected="fs/readdir.c:$leak:[0-9]*: warning: .*\[uaccess:region-leak\]$"

# lint ARGS... in the repository (standard input from $work/in):
# output in $work/out, status in $status; it must write nothing in the
# repository or the build directory.
lint()
{
	touch "$work/stamp"
	sleep 1
	status=0
	(cd "$repo" && "$top/uabatch" lint --build "$b" "$@") < "$work/in" > "$work/out" 2> "$work/err" ||
		status=$?
	changed=$(find "$repo" "$b" -newer "$work/stamp" | head -n 3)
	[ -z "$changed" ] || die "lint $*: wrote $changed"
}

# $1: what it was; the one finding, the leak, and exit 1.
expect_leak()
{
	[ $status = 1 ] || { cat "$work/out" "$work/err" >&2; die "$1: exit $status, not 1"; }
	grep -v '^Commit ' "$work/out" > "$work/findings"
	grep -q "^$expected" "$work/findings" && [ "$(wc -l < "$work/findings")" = 1 ] ||
		{ cat "$work/out" "$work/err" >&2; die "$1: not the region-leak alone at fs/readdir.c:$leak"; }
	if [ -f "$work/first" ]; then
		cmp -s "$work/first" "$work/findings" ||
			{ diff "$work/first" "$work/findings" >&2; die "$1: not what git diff gave"; }
	else
		cp "$work/findings" "$work/first"
	fi
}

git -C "$repo" diff > "$work/in"
lint -
expect_leak "git diff | lint -"

: > "$work/in"
lint "$patchfile"
expect_leak "lint FILE.patch, applied in the working tree"

lint --format checkpatch "$patchfile"
[ $status = 1 ] && grep -q "^fs/readdir.c:$leak: ERROR: .*\[uaccess:region-leak\]$" "$work/out" ||
	{ cat "$work/out" "$work/err" >&2; die "--format checkpatch: no ERROR line for the leak"; }

git -C "$repo" -c user.name=t -c user.email=t@example.invalid commit -q -a -m leak
lint -g HEAD
expect_leak "lint -g HEAD"
head -n 1 "$work/out" | grep -q '^Commit [0-9a-f]\{12\} ("leak")$' ||
	{ cat "$work/out" >&2; die "-g HEAD: no 'Commit' line heading its report"; }
lint -g HEAD~1..
expect_leak "lint -g HEAD~1.."

git -C "$repo" checkout -q HEAD~1
lint "$patchfile"
expect_leak "lint FILE.patch in the clean tree"

echo "lint in place: region-leak at fs/readdir.c:$leak from git diff, the applied patch, -g HEAD, -g HEAD~1.. and the clean tree"

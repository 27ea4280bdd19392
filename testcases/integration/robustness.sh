#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What a hostile but fair user meets (every case failed once):
#  - a current directory that cannot be written;
#  - paths with a blank, a leading '-', a ':' and a backslash, in text,
#    JSON (parsed) and SARIF (validated), and patched;
#  - several PATHs to patch;
#  - what cannot be analysed (an unreadable file, a time out, a function
#    Coccinelle cannot parse) is named, and the exit status is 3;
#  - a CRLF file stays CRLF; wrong options and what verify cannot take
#    are refused;
#  - candidates writes into an --out that is a link to an empty
#    directory, and killed at any moment leaves the tree as it was.

. "$(dirname "$0")/../lib.sh"

k=$(ktree 6.12)
b=$cache/build-6.12-x86_64
src=$k/kernel/time/time.c

# run CMD...: its output in $work/out, $work/err, its status in $status.
run()
{
	status=0
	"$@" > "$work/out" 2> "$work/err" || status=$?
}

expect_status()
{
	[ "$status" = "$1" ] || { cat "$work/out" "$work/err" >&2; die "$2: exit $status, not $1"; }
}

# A current directory that cannot be written.
(cd /proc && "$top/uabatch" scan --all "$k/kernel/time") > "$work/out" 2> "$work/err" && die "no finding from /proc"
grep -q 'gettimeofday()' "$work/out" && [ ! -s "$work/err" ] ||
	{ cat "$work/err" >&2; die "scan from /proc failed"; }

# Odd paths, in a tree of their own.
t=$work/tree
mkdir -p "$t/include/linux" "$t/include/uapi/linux" "$t/kernel/time"
cp "$k/include/linux/uaccess.h" "$t/include/linux/"
# The structs whose members the rewrites' regions cover.
cp "$k/include/uapi/linux/time_types.h" "$t/include/uapi/linux/"
cp "$k/Makefile" "$t/"
for n in 'a b' '-lead' 'c:d' 'e\f'; do
	cp "$src" "$t/kernel/time/$n.c"
done
(cd "$t" && "$top/uabatch" scan --all kernel/time) > "$work/out" || [ $? = 1 ] || die "scan of odd paths failed"
for n in 'a b' '-lead' 'c:d' 'e\f'; do
	grep -qF "kernel/time/$n.c:" "$work/out" || { cat "$work/out" >&2; die "no finding in '$n.c'"; }
done
(cd "$t" && "$top/uabatch" scan --all --format json kernel/time) > "$work/out.json" || [ $? = 1 ] ||
	die "scan --format json failed"
python3 -c 'import json, sys; print("\n".join(sorted(set(f["file"] for f in json.load(open(sys.argv[1]))))))' \
	"$work/out.json" > "$work/json-files" || die "the JSON does not parse"
printf '%s\n' 'kernel/time/-lead.c' 'kernel/time/a b.c' 'kernel/time/c:d.c' 'kernel/time/e\f.c' |
	diff - "$work/json-files" >&2 || die "JSON: not the 4 files as given"
(cd "$t" && "$top/uabatch" scan --all --format sarif kernel/time) > "$work/out.sarif" || [ $? = 1 ] ||
	die "scan --format sarif failed"
sh "$top/scripts/sarif-validator.sh" "$work/out.sarif" >&2 || die "the SARIF of odd paths is not valid"
grep -q '"uri": "kernel/time/a%20b.c"' "$work/out.sarif" || die "SARIF: a blank not percent-encoded"
for n in 'a b' '-lead' 'c:d' 'e\f'; do
	(cd "$t" && "$top/uabatch" patch --all -- "kernel/time/$n.c") > "$work/odd.diff" || [ $? = 1 ] ||
		die "patch of '$n.c' failed"
	mkdir -p "$work/odd/kernel/time"
	cp "$t/kernel/time/$n.c" "$work/odd/kernel/time/"
	(cd "$work/odd" && patch -s -p1 < "$work/odd.diff") || die "the patch of '$n.c' does not apply"
	cmp -s "$t/kernel/time/$n.c" "$work/odd/kernel/time/$n.c" && die "the patch of '$n.c' changes nothing"
done

# Several PATHs: each is patched.
(cd "$k" && "$top/uabatch" patch --all kernel/time/time.c include/linux/eventpoll.h) > "$work/two.diff" ||
	[ $? = 1 ] || die "patch of two paths failed"
[ "$(grep -c '^+++ ' "$work/two.diff")" = 2 ] || die "patch of two paths: not two files"

# Not analysed: said, and exit 3.
awk '{ print } /^}/ && !done { print "\nint broken(int __user *p)\n{\n\tfoo bar((( put_user(1, p);\n}"; done = 1 }' \
	"$src" > "$t/kernel/time/broken.c"
run "$top/uabatch" scan "$t/kernel/time/broken.c"
expect_status 3 "a function Coccinelle cannot parse"
grep -q 'broken() not parsed: .*\[uaccess:not-parsed\]$' "$work/out" || die "the unparsed function is not named"
awk 'BEGIN { for (i = 0; i < 3000; i++)
	printf "int f%d(int __user *p)\n{\n\tif (put_user(1, p) || put_user(2, p + 1))\n\t\treturn -EFAULT;\n\treturn 0;\n}\n\n", i }' \
	> "$work/big.c"
UABATCH_TIMEOUT=1 run "$top/uabatch" scan "$work/big.c"
expect_status 3 "a time out"
grep -q 'big.c: not analysed: Coccinelle did not finish it (its time-out, UABATCH_TIMEOUT=1 s' "$work/err" ||
	{ cat "$work/err" >&2; die "the time out is not named"; }
grep -q 'Timeout in .*big.c$' "$work/err" || { cat "$work/err" >&2; die "what spatch said of the time out is not passed on"; }
chmod a+x "$work"
chmod -R a+rX "$t"
chmod 000 "$t/kernel/time/a b.c"
command -v setpriv > /dev/null || die "setpriv (util-linux) is needed to run as another user"
status=0
(cd /tmp && setpriv --reuid=nobody --regid=nogroup --clear-groups "$top/uabatch" scan "$t/kernel/time") \
	> "$work/out" 2> "$work/err" || status=$?
expect_status 3 "an unreadable file"
grep -qF "kernel/time/a b.c: not analysed: Permission denied" "$work/err" ||
	{ cat "$work/err" >&2; die "the unreadable file is not named"; }
chmod 644 "$t/kernel/time/a b.c"

# CRLF stays CRLF.
awk '{ printf "%s\r\n", $0 }' "$src" > "$t/kernel/time/crlf.c"
(cd "$t" && "$top/uabatch" patch --all kernel/time/crlf.c) > "$work/crlf.diff" || [ $? = 1 ] || die "patch of CRLF failed"
grep '^+' "$work/crlf.diff" | grep -v '^+++' | grep -qv "$(printf '\r')\$" && die "an added line without CR"

# Options that do not belong.
run "$top/uabatch" patch --format json "$src"
expect_status 2 "patch --format json"
run "$top/uabatch" scan --jobs 100000 "$src"
expect_status 2 "--jobs 100000"
mkfifo "$work/fifo.c"
run "$top/uabatch" check --kdir "$k" "$work/fifo.c"
expect_status 2 "check of a FIFO"
grep -q 'not a regular file' "$work/err" || die "check of a FIFO: not said"
# verify: a patch that is not there, or not a patch; no tree.
run env -C "$k" "$top/uabatch" verify --build "$b" "$work/no.patch"
expect_status 2 "verify of a missing patch"
grep -q "no.patch: No such file or directory" "$work/err" || die "verify of a missing patch: not said"
run env -C "$k" "$top/uabatch" verify --build "$b" "$src"
expect_status 2 "verify of a .c file"
grep -q "time.c: not a patch for patch -p1" "$work/err" || die "verify of a .c file: not said"
run env -C "$work" "$top/uabatch" verify --build "$b" "$work/crlf.diff"
expect_status 2 "verify outside a tree"
grep -q "not in a kernel tree" "$work/err" || die "verify outside a tree: not said"

# candidates: --out a link to an empty directory; killed at random
# moments, the tree stays as it was.
mkdir "$work/empty"
ln -s "$work/empty" "$work/link"
run "$top/uabatch" candidates --kdir "$k" --build "$b" --out "$work/link" include/linux/eventpoll.h
expect_status 1 "candidates into a link"
ls "$work/empty"/*.patch > /dev/null 2>&1 || die "candidates wrote nothing through the link"
touch "$work/stamp"
sleep 1
# Its work directory in a TMPDIR of this test's, which names its
# children (spatch, make, gcc) apart from another test's candidates.
mkdir "$work/tmp"
for delay in 1 4 9; do
	TMPDIR=$work/tmp "$top/uabatch" candidates --kdir "$k" --build "$b" --out "$work/killed.$delay" \
		kernel/time/time.c include/linux/eventpoll.h > /dev/null 2>&1 &
	pid=$!
	sleep "$delay"
	pkill -KILL -P "$pid" 2>/dev/null || true
	kill -KILL "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	# Its children go too.
	pkill -KILL -f "$work/tmp/uabatch-candidates" 2>/dev/null || true
done
changed=$(find "$k" -newer "$work/stamp" 2>/dev/null | head -n 3)
[ -z "$changed" ] || die "candidates killed left the tree changed: $changed"
echo "robustness: /proc as cwd, odd paths (text, JSON, SARIF, patch), two paths, exit 3 (unparsed, time out, unreadable), CRLF, refusals, candidates through a link and killed"

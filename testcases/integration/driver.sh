#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The driver's contract: in a kernel tree, 'patch' writes paths for
# 'patch -p1' from the tree's root and leaves the tree alone; 'scan'
# writes text, json, jsonl or sarif; bad input is refused with exit 2 and a
# message naming the path, and nothing is written; progress shows on a
# terminal only.

. "$(dirname "$0")/../lib.sh"

k612=$(ktree 6.12)
hdr=include/linux/eventpoll.h

# In a tree: paths from the root, the tree untouched, --style auto is
# classic in 6.12 (no scoped_user_write_access there).
sum=$(md5sum "$k612/$hdr")
"$top/uabatch" patch "$k612/$hdr" > "$work/tree.diff" && die "patch found nothing in $k612/$hdr"
head -2 "$work/tree.diff" | grep -q "^--- a/$hdr$" || die "diff does not name a/$hdr"
head -2 "$work/tree.diff" | grep -q "^+++ b/$hdr$" || die "diff does not name b/$hdr"
(cd "$k612" && patch -p1 --dry-run -s < "$work/tree.diff") || die "the diff does not apply in $k612"
grep -q '^+.*user_write_access_begin(uevent' "$work/tree.diff" || die "auto style is not classic in 6.12"
[ "$(md5sum "$k612/$hdr")" = "$sum" ] || die "uabatch patch changed $k612/$hdr"

# Bad input: exit 2, the path in the message.
expect_refusal()
{
	status=0
	"$top/uabatch" "$@" > "$work/out" 2> "$work/err" || status=$?
	[ $status = 2 ] || die "uabatch $*: exit $status, not 2"
	[ -s "$work/out" ] && die "uabatch $*: wrote to standard output"
	[ -s "$work/err" ] || die "uabatch $*: no message"
	cat "$work/err"
}
expect_refusal scan "$work/missing.c" | grep -q "$work/missing.c: no such file" ||
	die "missing file not named"
echo 'not C' > "$work/notes.txt"
expect_refusal scan "$work/notes.txt" | grep -q "$work/notes.txt: not a directory, nor a .c or .h file" ||
	die "wrong kind of file not named"
expect_refusal patch --style fancy "$k612/$hdr" | grep -q 'fancy' || die "bad style not named"
expect_refusal scan --jobs zero "$k612/$hdr" | grep -q 'zero' || die "bad --jobs not named"
expect_refusal scan --format yaml "$k612/$hdr" | grep -q 'yaml' || die "bad --format not named"
"$top/uabatch" scan --format text "$k612/$hdr" > "$work/out" || [ $? = 1 ] || die "--format text refused"
grep -q 'uaccess:batch-put-run' "$work/out" || die "--format text: no finding"
# jsonl: the model of a finding, one a line: its function, that patch
# rewrites it and what it saves; rendered as text it is scan's text, and
# json holds the same objects.
"$top/uabatch" scan --format jsonl "$k612/$hdr" > "$work/out.jsonl" || [ $? = 1 ] ||
	die "--format jsonl refused"
python3 "$top/model/findings.py" text < "$work/out.jsonl" | cmp -s - "$work/out" ||
	die "--format jsonl, rendered, is not scan's text"
"$top/uabatch" scan --format json "$k612/$hdr" > "$work/out.json" || [ $? = 1 ] || die "--format json refused"
python3 - "$work/out.jsonl" "$work/out.json" <<'EOF' || die "--format jsonl: not the finding of epoll_put_uevent()"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
assert lines == json.load(open(sys.argv[2])), 'json and jsonl differ'
f = [d for d in lines if d['function'] == 'epoll_put_uevent']
assert len(f) == 1 and f[0]['id'] == 'batch-put-run' and f[0]['kind'] == 'advice', f
assert f[0]['fixable'] is True and f[0]['why_not'] is None, f
assert f[0]['saves'] == {'pairs': 1, 'per': 'call', 'through': 'uevent',
			 'calls': ['__put_user', '__put_user']}, f
assert f[0]['rewrite'] == {'opens': 'user_write_access_begin', 'elements': None}, f
EOF
# json and sarif say the same; the SARIF passes Microsoft's validator.
grep -q '"id": "batch-put-run"' "$work/out.json" || die "--format json: no finding"
(cd "$k612" && "$top/uabatch" scan --format sarif "$hdr") > "$work/out.sarif" ||
	[ $? = 1 ] || die "--format sarif refused"
grep -q "\"uri\": \"$hdr\"" "$work/out.sarif" || die "--format sarif: no finding at $hdr"
sh "$top/scripts/sarif-validator.sh" "$work/out.sarif" >&2 || die "--format sarif: not valid SARIF"
expect_refusal frobnicate > /dev/null
# The scoped style in a tree without the API (6.19): refused.
expect_refusal patch --style scoped "$k612/$hdr" |
	grep -q -- "--style scoped: $k612 has no scoped_user_\*_access() (6.19)" ||
	die "--style scoped in 6.12 not refused"
# Progress: on a terminal, how many files spatch has done, the line gone
# when it ends; nothing of it when standard error is not a terminal, and
# the same findings either way.
(cd "$k612" && script -qec "$top/uabatch scan fs" /dev/null) > "$work/tty" || [ $? = 3 ] ||
	die "scan fs on a terminal failed"
grep -q "$(printf '\r')uabatch scan: [0-9]*/[0-9]* files" "$work/tty" ||
	{ cat -A "$work/tty" >&2; die "scan fs: no progress on a terminal"; }
(cd "$k612" && "$top/uabatch" scan fs) > "$work/out" 2> "$work/err" || [ $? = 3 ] || die "scan fs failed"
grep -q 'uabatch scan: [0-9]*/' "$work/err" && die "scan fs: progress on a non-terminal's standard error"
tr -d '\r' < "$work/tty" | sed 's/.*\x1b\[K//' | grep ' \[uaccess:' | diff - "$work/out" >&2 ||
	die "scan fs: other findings on a terminal"
echo "driver: tree paths, untouched tree, refusals, progress on a terminal only"

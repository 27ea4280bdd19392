#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# On the whole of linux-source-6.12 (classic style) and 7.2 (scoped):
# 'uabatch scan' and 'uabatch patch', with --all and without, make one
# decision, every finding scan calls auto-fixable is rewritten and every
# function patch rewrites has one; the patch applies; checkpatch.pl
# --strict says nothing of it.  (Whether it builds and passes our checkers and objtool
# is 'uabatch patch --all --verify' on an allmodconfig build:
# docs/measurements.md.)  Exit 3 is expected of both: functions Coccinelle cannot
# parse are named, and not analysed.

. "$(dirname "$0")/../lib.sh"

# agree V [--all]: scan and patch of tree V, with the notes (--all) or
# without (the default: warnings, and the compat twins of the functions
# rewritten), make one decision; checkpatch.pl says nothing of the patch.
agree()
{
	v=$1
	shift
	k=$(ktree "$v")
	status=0
	(cd "$k" && "$top/uabatch" scan --format jsonl "$@" .) > "$work/scan" 2> /dev/null || status=$?
	[ $status = 1 ] || [ $status = 3 ] || die "$v: scan $* failed ($status)"
	status=0
	(cd "$k" && "$top/uabatch" patch "$@" .) > "$work/all.diff" 2> /dev/null || status=$?
	[ $status = 1 ] || [ $status = 3 ] || die "$v: patch $* failed ($status)"
	[ -s "$work/all.diff" ] || die "$v: no patch $*"

	# 'FILE LINE' of each finding scan says is auto-fixable.
	findings_of fixable "$work/scan" | awk '$3 ~ /^batch-/ { print $1, $2 }' | sort -u > "$work/fixable"
	# 'FILE FIRST LAST' of each function the patch changes.
	: > "$work/rewritten"
	sed -n 's|^+++ b/||p' "$work/all.diff" | while IFS= read -r f; do
		awk -v f="$f" '/^--- a\// { on = ($0 == "--- a/" f) } on' "$work/all.diff" > "$work/one.diff"
		(cd "$work" && patch -s -p1 -o new.c "$k/$f" < one.diff) > /dev/null ||
			die "$v: the patch of $f does not apply"
		diff -U0 "$k/$f" "$work/new.c" > "$work/u0" || true
		python3 "$top/cocci/layout.py" --fixes "$work/u0" "$k/$f" |
			awk -F'\t' -v f="$f" '{ print f, $4, $5 }' >> "$work/rewritten"
	done
	# Each fixable finding lies in a rewritten function, and each
	# rewritten function holds a fixable finding.
	awk 'FILENAME == ARGV[1] { fn[++n] = $0; next }
	{
		hit = 0
		for (i = 1; i <= n; i++) {
			split(fn[i], r, " ")
			if (r[1] == $1 && r[2] <= $2 && $2 <= r[3]) { hit = 1; used[i] = 1 }
		}
		if (!hit) print "scan calls it auto-fixable, patch does not rewrite it: " $0
	}
	END { for (i = 1; i <= n; i++) if (!(i in used)) print "rewritten with no auto-fixable finding: " fn[i] }' \
		"$work/rewritten" "$work/fixable" > "$work/disagree"
	[ -s "$work/disagree" ] && { cat "$work/disagree" >&2; die "$v: scan and patch $* disagree"; }

	checkpatch "$k" --strict --no-tree --no-signoff --quiet \
		--ignore COMMIT_MESSAGE "$work/all.diff" > "$work/checkpatch" 2>&1 || true
	# A CamelCase name the file has already (x86 signal_64.c's label
	# Efault, which a new label follows) is the file's, not the patch's,
	# as verify counts it too.
	python3 - "$k" "$work/checkpatch" > "$work/complaints" <<'EOF'
import re
import sys

root, said = sys.argv[1], open(sys.argv[2]).read().split('\n')
for i, s in enumerate(said):
	if not re.match(r'(ERROR|WARNING|CHECK):', s):
		continue
	name = re.match(r'CHECK: Avoid CamelCase: <(\w+)>$', s)
	at = re.match(r'#\d+: FILE: (\S+):\d+:', said[i + 1]) if i + 1 < len(said) else None
	if name and at:
		with open('%s/%s' % (root, at.group(1)), errors='replace') as f:
			if re.search(r'\b%s\b' % name.group(1), f.read()):
				continue
	print(s)
EOF
	[ -s "$work/complaints" ] &&
		{ cat "$work/checkpatch" >&2; die "$v: checkpatch.pl --strict complains of patch $*"; }
	echo "$v${1:+ $1}: $(wc -l < "$work/fixable") auto-fixable findings = $(wc -l < "$work/rewritten")" \
		"rewritten functions in $(grep -c '^+++ ' "$work/all.diff") files; checkpatch.pl --strict silent"
}

for v in 6.12 7.2; do
	agree "$v" --all
	agree "$v"
done

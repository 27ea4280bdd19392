#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Recall on the kernel's own history: a function that has a user-access
# region in tree NEW (user_*access_begin(), unsafe_*() accessors or a
# scoped_user_*() block) and none in tree OLD, in the same file, was
# batched by kernel developers in between.  What it did in OLD:
#
#   accesses  put_user()/get_user() and their __ forms
#   copies    copy_to_user()/copy_from_user() only (struct copies)
#   helpers   neither: its accesses were behind helpers or macros
#
# Scan the OLD files and print, for each such function, whether uabatch
# reports a finding in it there:
#
#   found|missed <tab> <file> <tab> <function> <tab> <what>
#                [<tab> ids <tab> rewritten|reported]
#
# rewritten: 'uabatch patch --all' rewrites a finding of it (whether as the
# kernel did is read by hand: docs/measurements.md).
#
# usage: recall.sh OLD_TREE NEW_TREE

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
old=$(cd "$1" && pwd)
new=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/uabatch-recall.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Files with a region in NEW that exist in OLD.
(cd "$new" && grep -rlE --include='*.[ch]' \
	'unsafe_[a-z0-9_]+[[:space:]]*\(|user_[a-z_]*access_begin|scoped_user_[a-z_]*access' .) |
	sed 's|^\./||' | sort |
while read -r f; do
	[ -f "$old/$f" ] || continue
	python3 "$top/cocci/layout.py" --model "$top/model/uaccess.api" "$new/$f" |
		awk -F'\t' '$2 ~ /batched|region/ { print $1 }' | sort -u > "$work/batched"
	python3 "$top/cocci/layout.py" --model "$top/model/uaccess.api" --every "$old/$f" | awk -F'\t' '
		$2 ~ /batched|region/ { region[$1] = 1 }
		{ what[$1] = $2 ~ /checking/ ? "accesses" : $2 ~ /copying/ ? "copies" : "helpers" }
		END { for (fn in what) if (!(fn in region)) print fn "\t" what[fn] }' |
		sort > "$work/before"
	join -t '	' "$work/batched" "$work/before" | sed "s|^|$f	|"
done > "$work/batched-since"

cut -f1 "$work/batched-since" | sort -u > "$work/files"
: > "$work/findings"
if [ -s "$work/files" ]; then
	(cd "$old" && xargs "$top/uabatch" scan --all --format jsonl < "$work/files") \
		> "$work/findings" || true
fi

python3 - "$work/findings" "$work/batched-since" <<'EOF'
import json
import sys

ids = {}
fixed = set()
for line in open(sys.argv[1]):
	f = json.loads(line)
	ids.setdefault((f['file'], f['function']), set()).add(f['id'])
	if f['fixable']:
		fixed.add((f['file'], f['function']))
for row in open(sys.argv[2]):
	f, fn, what = row.rstrip('\n').split('\t')
	found = ids.get((f, fn))
	if found:
		print('found\t%s\t%s\t%s\t%s\t%s' % (f, fn, what, ' '.join(sorted(found)),
						    'rewritten' if (f, fn) in fixed else 'reported'))
	else:
		print('missed\t%s\t%s\t%s' % (f, fn, what))
EOF

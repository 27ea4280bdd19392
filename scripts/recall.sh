#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Recall on the kernel's own history: the functions that went from
# put_user()/get_user() in tree OLD to unsafe_*() accessors or a scoped
# block in tree NEW were batched by kernel developers in between.  Scan
# their OLD files and print, for each, whether uabatch reports a finding
# in that function:
#
#   found|missed <tab> <file> <tab> <function> [<tab> the finding's id]
#
# usage: recall.sh OLD_TREE NEW_TREE

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
old=$(cd "$1" && pwd)
new=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/uabatch-recall.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Files that use the batched forms in NEW and exist in OLD.
(cd "$new" && grep -rlE --include='*.[ch]' \
	'unsafe_(put|get)_user|scoped_user_[a-z_]*access' .) | sed 's|^\./||' |
while read -r f; do
	[ -f "$old/$f" ] || continue
	awk -f "$top/scripts/functions.awk" "$new/$f" | awk '$2 != "checking" { print $1 }' |
		sort -u > "$work/batched"
	awk -f "$top/scripts/functions.awk" "$old/$f" | awk '$2 == "checking" { print $1 }' |
		sort -u > "$work/checking"
	comm -12 "$work/batched" "$work/checking" | sed "s|^|$f	|"
done > "$work/batched-since"

cut -f1 "$work/batched-since" | sort -u > "$work/files"
: > "$work/findings"
if [ -s "$work/files" ]; then
	(cd "$old" && xargs "$top/uabatch" scan --all < "$work/files") > "$work/findings" || true
fi

while IFS='	' read -r f fn; do
	id=$(grep "^$f:.* in $fn()" "$work/findings" | sed -n 's/.*\[uaccess:\([a-z-]*\)\]$/\1/p' | sort -u | tr '\n' ' ')
	if [ -n "$id" ]; then
		printf 'found\t%s\t%s\t%s\n' "$f" "$fn" "$id"
	else
		printf 'missed\t%s\t%s\n' "$f" "$fn"
	fi
done < "$work/batched-since"

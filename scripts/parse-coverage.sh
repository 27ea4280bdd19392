#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The share of a tree's functions with user accesses that Coccinelle
# parses, as uabatch runs it: the functions with put_user(), get_user(),
# __put_user() or __get_user() (kernel layout, cocci/layout.py; the
# architectures without regions left out, as uabatch leaves them), less
# those 'uabatch scan --all' reports not-parsed.  Prints the counts and
# the share, and the not-parsed functions.
#
# usage: parse-coverage.sh TREE

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$(cd "$1" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/uabatch-coverage.XXXXXX")
trap 'rm -rf "$work"' EXIT

status=0
(cd "$tree" && "$top/uabatch" scan --all --format jsonl .) > "$work/scan" 2> /dev/null || status=$?
[ $status -le 3 ] && [ $status != 2 ] || { echo "parse-coverage: scan failed" >&2; exit 2; }
python3 "$top/model/findings.py" text --id not-parsed < "$work/scan" | sed 's/^\.\///' > "$work/unparsed"

regionless=$(for a in "$tree"/arch/*/; do
	a=$(basename "$a")
	grep -qs user_access_begin "$tree/arch/$a"/include/asm/*.h || printf '^arch/%s/|' "$a"
done)
(cd "$tree" && grep -rlE --include='*.[ch]' '(^|[^A-Za-z0-9_])(__)?(put|get)_user[[:space:]]*\(' .) |
	sed 's|^\./||' | grep -vE "${regionless}^arch/[^/]*/um/|^arch/um/" |
	while IFS= read -r f; do
		python3 "$top/cocci/layout.py" --model "$top/model/uaccess.api" "$tree/$f"
	done | grep -c '	.*checking' > "$work/total" || true
total=$(cat "$work/total")
unparsed=$(wc -l < "$work/unparsed")
awk -v t="$total" -v u="$unparsed" 'BEGIN {
	printf "%d functions with user accesses, %d not parsed: %.1f%% parsed\n", t, u, 100 * (t - u) / t }'
cat "$work/unparsed"

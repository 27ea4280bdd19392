#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Recall on history (scripts/recall.sh): of the functions the kernel
# itself batched between Debian's 5.10, 6.1, 6.12 and 7.2, those uabatch
# found on the older tree (recall.expected: file <tab> function, and
# <tab> rewritten where 'uabatch patch --all' rewrites it) must still be
# found, and rewritten.  Prints the whole count, found and missed.

. "$(dirname "$0")/../lib.sh"

for pair in "5.10 6.1" "6.1 6.12" "6.12 7.2"; do
	set -- $pair
	sh "$top/scripts/recall.sh" "$(ktree "$1")" "$(ktree "$2")" | sed "s/^/$1->$2	/"
done > "$work/recall"
cat "$work/recall"
awk -F'\t' '$2 == "found" { print $3 "\t" $4 ($7 == "rewritten" ? "\t" $7 : "") }' \
	"$work/recall" | sort > "$work/found"
missing=$(comm -23 "$(dirname "$0")/recall.expected" "$work/found")
[ -z "$missing" ] || die "no longer found, or no longer rewritten: $missing"
echo "recall: $(wc -l < "$work/found") found ($(grep -c '	rewritten$' "$work/recall") rewritten)," \
	"$(grep -c '	missed	' "$work/recall") missed"

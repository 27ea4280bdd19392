#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# modernize on the kernel's own history: each classic region of tree OLD
# (a user_*access_begin() in a function) that tree NEW wrote as a scoped
# block (a scoped_user_*_access*() in the function of that name, under the
# same top directory: arch/<arch>/ or the first one, as powerpc's
# csum_and_copy_from_user() moved from lib/ to include/), against what
# 'uabatch modernize' makes of OLD:
#
#   same <tab> function <tab> OLD file <tab> mode pointer[, ...]
#   differs <tab> function <tab> OLD file <tab> NEW's mode pointer <tab> ours
#   left <tab> function <tab> OLD file <tab> NEW's mode pointer <tab> why
#
# then 'N of M: mode and pointer as NEW'.
#
# usage: modernize-history.sh OLD_TREE NEW_TREE

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
old=$(cd "$1" && pwd)
new=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/uabatch-history.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 'function <tab> top directory <tab> file <tab> mode <tab> pointer' of
# each line of files $2... (under tree $1) that matches regex $REGEX, a
# scoped block's head or a begin: the mode and pointer from its words.
lines_in()
{
	root=$1
	shift
	for f; do
		python3 "$top/cocci/layout.py" "$root/$f" > "$work/functions"
		awk -F'\t' -v f="$f" -v re="$REGEX" '
		NR == FNR { first[NR] = $2; last[NR] = $3; name[NR] = $4; n = NR; next }
		$0 ~ re {
			for (k = 1; k <= n; k++)
				if (first[k] <= FNR && FNR <= last[k])
					break
			if (k > n)
				next
			match($0, re)
			call = substr($0, RSTART, RLENGTH)
			mode = call ~ /read/ ? "read" : call ~ /write/ ? "write" : "rw"
			arg = substr($0, RSTART + RLENGTH)
			sub(/^[ \t]*/, "", arg)
			sub(/[ \t]*[,)].*/, "", arg)
			dir = f
			sub(/^arch\//, "arch:", dir)
			sub(/\/.*/, "", dir)
			print name[k] "\t" dir "\t" f "\t" mode "\t" arg
		}' "$work/functions" "$root/$f"
	done
}

SCOPED='scoped_user_(read|write|rw)_access(_size)?[ \t]*\('
BEGIN='(^|[^A-Za-z0-9_])user_(read_|write_)?access_begin[ \t]*\('

(cd "$new" && grep -rlE --include='*.[ch]' "$SCOPED" . | sed 's|^\./||' |
	grep -v '^include/linux/uaccess\.h$' | sort) > "$work/new-files"
(cd "$old" && grep -rlE --include='*.[ch]' "$BEGIN" . | sed 's|^\./||' | sort) > "$work/old-files"
# shellcheck disable=SC2046 # paths without blanks
REGEX=$SCOPED lines_in "$new" $(cat "$work/new-files") | sort > "$work/scoped"
# shellcheck disable=SC2046
REGEX=$BEGIN lines_in "$old" $(cat "$work/old-files") | sort -u -t '	' -k1,2 > "$work/classic"

# The conversions: function and top directory in both; OLD's file, and
# NEW's blocks in the function, 'mode pointer' each, sorted.
awk -F'\t' 'NR == FNR { old[$1 "\t" $2] = $3; next }
	($1 "\t" $2) in old { print $1 "\t" old[$1 "\t" $2] "\t" $4 " " $5 }' \
	"$work/classic" "$work/scoped" | sort -u | awk -F'\t' '
	$1 "\t" $2 == key { blocks = blocks ", " $3; next }
	{ if (key != "") print key "\t" blocks; key = $1 "\t" $2; blocks = $3 }
	END { if (key != "") print key "\t" blocks }' > "$work/conversions"

# What modernize makes of OLD's files: the patched copies, their blocks.
cut -f2 "$work/conversions" | sort -u > "$work/files"
mkdir -p "$work/copy"
status=0
# shellcheck disable=SC2046
(cd "$old" && "$top/uabatch" modernize $(cat "$work/files")) > "$work/diff" 2> "$work/err" ||
	status=$?
[ $status -le 1 ] || { cat "$work/err" >&2; echo "modernize-history.sh: modernize failed" >&2; exit 2; }
while read -r f; do
	mkdir -p "$work/copy/$(dirname "$f")"
	cp "$old/$f" "$work/copy/$f"
done < "$work/files"
(cd "$work/copy" && patch -s -p1 < "$work/diff")
# shellcheck disable=SC2046
REGEX=$SCOPED lines_in "$work/copy" $(cat "$work/files") > "$work/ours"
# Why modernize leaves a region: the scoped-region findings of OLD's
# files, as the model has them.
status=0
# shellcheck disable=SC2046
(cd "$old" && "$top/uabatch" scan --all --style scoped --format jsonl $(cat "$work/files")) \
	> "$work/findings" 2> "$work/err" || status=$?
[ $status -le 1 ] || [ $status = 3 ] ||
	{ cat "$work/err" >&2; echo "modernize-history.sh: scan failed" >&2; exit 2; }

python3 - "$work/conversions" "$work/ours" "$work/findings" > "$work/table" <<'EOF'
import json
import sys

ours = {}
for row in open(sys.argv[2]):
	fn, _, f, mode, ptr = row.rstrip('\n').split('\t')
	ours.setdefault((fn, f), set()).add(mode + ' ' + ptr)
why = {}
for line in open(sys.argv[3]):
	d = json.loads(line)
	if d['id'] == 'scoped-region' and d['why_not']:
		why.setdefault((d['function'], d['file']), d['why_not'])
for row in open(sys.argv[1]):
	fn, f, want = row.rstrip('\n').split('\t')
	got = ', '.join(sorted(ours.get((fn, f), ())))
	if got == want:
		print('same\t%s\t%s\t%s' % (fn, f, want))
	elif got:
		print('differs\t%s\t%s\t%s\t%s' % (fn, f, want, got))
	else:
		print('left\t%s\t%s\t%s\t%s' % (fn, f, want, why.get((fn, f), 'no scoped-region note')))
EOF
cat "$work/table"
echo "$(grep -c '^same' "$work/table" || true) of $(wc -l < "$work/table"): mode and pointer as $(basename "$new")"

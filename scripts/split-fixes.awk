# SPDX-License-Identifier: GPL-2.0
#
# The fixes of a rewrite of one file, a fix being the changes inside one
# function of the original (its lines as cocci/layout.py finds
# them); changes outside every function make one more fix, numbered 0.
#
# With -v list=1: one line a fix, 'N <tab> FUNCTION <tab> FIRST CHANGED
# LINE <tab> FUNCTION'S FIRST LINE <tab> ITS LAST LINE'.
# Otherwise: the original file with the fixes numbered in -v apply (a
# comma-separated list) applied; with -v lines=1 instead, 'N <tab> LINE'
# for each line a fix adds, LINE its number in that file.
#
# usage: awk [-v list=1 | -v apply=N,M [-v lines=1]] -f split-fixes.awk DIFF_U0 FUNCTIONS ORIGINAL
# DIFF_U0 is 'diff -U0 ORIGINAL NEW', FUNCTIONS 'cocci/layout.py ORIGINAL'.

BEGIN {
	n = split(apply, want, ",")
	for (i = 1; i <= n; i++)
		wanted[want[i]] = 1
}

# The hunks: the lines they replace and the lines they add.
FILENAME == ARGV[1] {
	if (/^@@ /) {
		split($2, o, ",")
		nh++
		start[nh] = substr(o[1], 2) + 0
		len[nh] = (2 in o) ? o[2] + 0 : 1
		nadd[nh] = 0
	} else if (nh && /^\+/ && !/^\+\+\+ /) {
		added[nh, ++nadd[nh]] = substr($0, 2)
	}
	next
}

# The functions: FIRST <tab> OPEN <tab> CLOSE <tab> NAME.
FILENAME == ARGV[2] {
	split($0, row, "\t")
	first[++nfn] = row[1]
	last[nfn] = row[3]
	name[nfn] = row[4]
	next
}

{ line[FNR] = $0 }

# The fix of hunk h: its function, or 0.
function fix_of(h,	a, b, f) {
	a = start[h]
	b = len[h] ? a + len[h] - 1 : a + 1
	for (f = 1; f <= nfn; f++)
		if (first[f] <= a && b <= last[f])
			return f
	return 0
}

END {
	if (list) {
		for (h = 1; h <= nh; h++) {
			f = fix_of(h)
			if (!(f in seen))
				printf "%d\t%s\t%d\t%d\t%d\n", f, f ? name[f] : "-", start[h],
					f ? first[f] : 0, f ? last[f] : 0
			seen[f] = 1
		}
		exit
	}
	i = 1
	out = 0
	for (h = 1; h <= nh; h++) {
		f = fix_of(h)
		if (!(f in wanted))
			continue
		# A hunk replaces its lines, or inserts after line start.
		upto = len[h] ? start[h] : start[h] + 1
		while (i < upto)
			emit(line[i++])
		for (j = 1; j <= nadd[h]; j++) {
			if (lines)
				printf "%d\t%d\n", f, out + 1
			emit(added[h, j])
		}
		i += len[h]
	}
	while (i <= FNR)
		emit(line[i++])
}

function emit(text) {
	out++
	if (!lines)
		print text
}

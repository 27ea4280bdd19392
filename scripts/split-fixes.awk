# SPDX-License-Identifier: GPL-2.0
#
# The fixes of a rewrite of one file, a fix being the changes inside one
# function of the original (kernel layout: the header starts after a blank
# line or a ';', the body closes with '}' in column 0); changes outside
# every function make one more fix, numbered 0.
#
# With -v list=1: one line a fix, 'N <tab> FUNCTION <tab> FIRST CHANGED
# LINE <tab> FUNCTION'S FIRST LINE <tab> ITS LAST LINE'.
# Otherwise: the original file with the fixes numbered in -v apply (a
# comma-separated list) applied; with -v lines=1 instead, 'N <tab> LINE'
# for each line a fix adds, LINE its number in that file.
#
# usage: awk [-v list=1 | -v apply=N,M [-v lines=1]] -f split-fixes.awk DIFF_U0 ORIGINAL
# DIFF_U0 is 'diff -U0 ORIGINAL NEW'.

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

{ line[FNR] = $0 }

# Functions, as excerpt.awk sees them; a comment before one (its
# kernel-doc) is not its header.
!body && /^[ \t]*#/ { next }
!body && /^[ \t]*(\/\*|\*)/ {
	head = 0
	header = ""
	next
}
!body {
	if (!head && $0 !~ /^[ \t]*$/)
		head = FNR
	if (/^\{/) {
		body = 1
		first[++nfn] = head ? head : FNR
		h = header " " $0
	} else if (/;[ \t]*$/ || /^[ \t]*$/) {
		head = 0
		header = ""
	} else {
		header = header " " $0
	}
	next
}
/^\}/ {
	last[nfn] = FNR
	# The name is the identifier before the header's first '(', or a
	# system call's first argument.
	args = h
	sub(/\(.*/, "", h)
	k = split(h, w, /[^A-Za-z0-9_]+/)
	while (k > 1 && w[k] == "")
		k--
	name[nfn] = w[k]
	if (w[k] ~ /^(COMPAT_)?SYSCALL(32)?_DEFINE[0-6]$/) {
		sub(/^[^(]*\([ \t]*/, "", args)
		sub(/[ \t]*[,)].*/, "", args)
		name[nfn] = args
	}
	body = 0
	head = 0
	header = ""
}

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

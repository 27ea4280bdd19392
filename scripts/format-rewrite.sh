#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Lay out what batch.cocci added to file NEW the way the kernel writes it,
# the lines that OLD (the file before the rewrite) had left alone:
#  - 'scoped_user_write_access (p,label) {', as Coccinelle prints a block
#    it made, becomes 'scoped_user_write_access(p, label) {';
#  - a blank line between two added lines goes: a region's accesses stand
#    together;
#  - an added line wider than 80 columns is broken after a comma, the
#    rest aligned with the parenthesis it is in.
#
# usage: format-rewrite.sh OLD NEW

set -eu

diff --unchanged-line-format= --old-line-format= --new-line-format='%dn
' "$1" "$2" > "$2.added" || true
awk '
FILENAME == ARGV[1] { added[$1] = 1; next }
{ line[FNR] = $0; n = FNR }

# The columns of s, a tab to the next multiple of 8.
function width(s,	i, w) {
	w = 0
	for (i = 1; i <= length(s); i++)
		w = substr(s, i, 1) == "\t" ? w + 8 - w % 8 : w + 1
	return w
}

# Tabs and spaces that reach column w.
function indent(w,	s) {
	s = ""
	while (w >= 8) { s = s "\t"; w -= 8 }
	while (w-- > 0) s = s " "
	return s
}

function scoped_head(s,	head, rest, out, depth, i, c) {
	if (!match(s, /scoped_user_[a-z_]*access[a-z_]* \(/))
		return s
	head = substr(s, 1, RSTART + RLENGTH - 3)
	rest = substr(s, RSTART + RLENGTH - 1)
	depth = 0
	out = ""
	for (i = 1; i <= length(rest); i++) {
		c = substr(rest, i, 1)
		if (c == "(") depth++
		else if (c == ")") depth--
		out = out c
		if (c == "," && depth == 1 && substr(rest, i + 1, 1) != " " &&
		    i < length(rest))
			out = out " "
	}
	return head out
}

# s broken after a comma that keeps the line within 80 columns, the
# outermost such comma (the rightmost of those), the rest aligned with
# the open parenthesis it is in; the rest is broken again where it is
# wider than 100 columns (where checkpatch.pl draws the line).
function wrap(s, limit,	i, c, depth, open, cut, at, best, rest) {
	if (width(s) <= limit)
		return s
	depth = 0
	cut = 0
	best = 1000
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "(") open[++depth] = i
		else if (c == ")") depth--
		else if (c == "," && depth > 0 && depth <= best &&
			 width(substr(s, 1, i)) <= 80) {
			cut = i
			best = depth
			at = width(substr(s, 1, open[depth]))
		}
	}
	if (!cut)
		return s
	rest = substr(s, cut + 1)
	sub(/^ +/, "", rest)
	return substr(s, 1, cut) "\n" wrap(indent(at) rest, 100)
}

END {
	for (i = 1; i <= n; i++) {
		s = line[i]
		if (added[i]) {
			# Coccinelle may have broken the head of a block it made.
			while (s ~ /scoped_user_[a-z_]*access[a-z_]* \(/ && s !~ /\{[ \t]*$/ &&
			       added[i + 1]) {
				t = line[++i]
				sub(/^[ \t]+/, "", t)
				s = s (s ~ /,$/ ? " " : "") t
			}
			s = wrap(scoped_head(s), 80)
		} else if (s ~ /^[ \t]*$/ && added[i - 1] && added[i + 1]) {
			continue
		}
		print s
	}
}' "$2.added" "$2" > "$2.format"
rm -f "$2.added"
mv "$2.format" "$2"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Lay out what batch.cocci added to file NEW the way the kernel writes it,
# the lines that OLD (the file before the rewrite) had left alone:
#  - 'scoped_user_write_access (p,label) {', as Coccinelle prints a block
#    it made, becomes 'scoped_user_write_access(p, label) {';
#  - a blank line between two added lines goes, but after a declaration:
#    a region's accesses stand together;
#  - 'uabatch_scoped_block(HEAD);' ... 'uabatch_scoped_block_end();', which
#    batch.cocci puts around a loop, becomes 'HEAD {' ... '}', the lines
#    between indented once more and laid out as checkpatch.pl wants them
#    (they are the patch's now): no braces around one statement, a blank
#    line after declarations;
#  - an added line wider than 80 columns is broken after commas, the
#    rest aligned with the parenthesis it is in.
#
# usage: format-rewrite.sh OLD NEW

set -eu

diff --unchanged-line-format= --old-line-format= --new-line-format='%dn
' "$1" "$2" > "$2.added" || true
awk '
BEGIN { DECLARATION = "^[ \t]*[A-Za-z_][A-Za-z0-9_ ]*[ *]+[A-Za-z_][A-Za-z0-9_]*( = .*)?;$" }
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

# s broken after commas so that each line stays within 80 columns: each
# time after the outermost comma that fits (the rightmost of those), the
# rest aligned with the open parenthesis that comma is in; where no comma
# fits, after the first one.
function wrap(s,	i, c, depth, at, open, cut, best, start, lead, out, w) {
	if (width(s) <= 80)
		return s
	depth = 0
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "(") open_of[i] = ++depth
		else if (c == ")") depth--
		else if (c == ",") comma_depth[i] = depth
	}
	start = 1
	lead = 0	# the columns before s[start] on its line, past the first
	out = ""
	while (1) {
		w = start == 1 ? width(s) : lead + length(s) - start + 1
		if (w <= 80)
			break
		cut = 0
		best = 1000
		for (i = start; i <= length(s); i++) {
			if (!(i in comma_depth) || comma_depth[i] == 0 ||
			    substr(s, i + 1) ~ /^ *$/)
				continue
			w = start == 1 ? width(substr(s, 1, i)) : lead + i - start + 1
			if (w > 80 && cut)
				break
			if (w <= 80 ? comma_depth[i] <= best : !cut) {
				cut = i
				best = comma_depth[i]
			}
		}
		if (!cut)
			break
		# The column after the parenthesis the comma is in.
		for (i = cut; i >= 1 && !(i in open_of && open_of[i] == best); i--)
			;
		if (!(i in paren_col))
			paren_col[i] = start == 1 ? width(substr(s, 1, i)) : lead + i - start + 1
		at = paren_col[i]
		out = out (start == 1 ? "" : indent(lead)) substr(s, start, cut - start + 1) "\n"
		for (i = start; i <= cut; i++)
			if (i in open_of && !(i in paren_col))
				paren_col[i] = start == 1 ? width(substr(s, 1, i)) : lead + i - start + 1
		start = cut + 1
		while (substr(s, start, 1) == " ")
			start++
		lead = at
	}
	out = out (start == 1 ? "" : indent(lead)) substr(s, start)
	split("", open_of)
	split("", comma_depth)
	split("", paren_col)
	return out
}

# Is line k one statement alone, of one line?
function one_statement(k) {
	return line[k] ~ /;$/ && line[k] !~ /[{}]/ && line[k] !~ /^[ \t]*(for|while|if|else|do|switch|case|default)\b/
}

END {
	for (i = 1; i <= n; i++) {
		s = line[i]
		if (block != "" && s == block "uabatch_scoped_block_end();") {
			print block "}"
			block = ""
			continue
		}
		if (block != "" && s != "") {
			# The lines of the loop are the patch now, and checkpatch.pl
			# reads them: a block left with one statement (its access
			# was an if) loses its braces; a declaration is followed by
			# a blank line.
			if (s ~ /^[ \t]*(for|while|if) \(.*\) \{$/ && one_statement(i + 1) &&
			    line[i + 2] == substr(s, 1, match(s, /[^ \t]/) - 1) "}") {
				sub(/ \{$/, "", s)
				print "\t" s
				print added[i + 1] ? wrap("\t" line[i + 1]) : "\t" line[i + 1]
				i += 2
				continue
			}
			s = "\t" s
			if (s ~ DECLARATION && line[i + 1] !~ DECLARATION &&
			    line[i + 1] !~ /^[ \t]*(}.*)?$/)
				s = s "\n"
		}
		if (added[i] && s ~ /^[ \t]*uabatch_scoped_block\(/) {
			while (s !~ /\);[ \t]*$/ && added[i + 1]) {
				t = line[++i]
				sub(/^[ \t]+/, "", t)
				s = s (s ~ /,$/ ? " " : "") t
			}
			match(s, /^[ \t]*/)
			block = substr(s, 1, RLENGTH)
			sub(/^[ \t]*uabatch_scoped_block\(/, "", s)
			sub(/\);[ \t]*$/, "", s)
			gsub(/,/, ", ", s)
			gsub(/,  +/, ", ", s)
			print wrap(block s " {")
			continue
		}
		if (added[i]) {
			# Coccinelle may have broken the head of a block it made.
			while (s ~ /scoped_user_[a-z_]*access[a-z_]* \(/ && s !~ /\{[ \t]*$/ &&
			       added[i + 1]) {
				t = line[++i]
				sub(/^[ \t]+/, "", t)
				s = s (s ~ /,$/ ? " " : "") t
			}
			s = wrap(scoped_head(s))
		} else if (s ~ /^[ \t]*$/ && added[i - 1] && added[i + 1] &&
			   line[i - 1] !~ DECLARATION) {
			continue
		}
		print s
	}
}' "$2.added" "$2" > "$2.format"
rm -f "$2.added"
mv "$2.format" "$2"

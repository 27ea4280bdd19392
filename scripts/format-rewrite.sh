#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Lay out what batch.cocci added to file NEW the way the kernel writes it,
# the lines that OLD (the file before the rewrite) had left alone:
#  - 'scoped_user_write_access (p,label) {', as Coccinelle prints a block
#    it made, becomes 'scoped_user_write_access(p, label) {';
#  - a blank line between two added lines goes, but after a declaration
#    or a block: a region's accesses stand together;
#  - 'uabatch_scoped_block("HEAD", "OLD=NEW;...", "DECLARATION",
#    "STATEMENT"...);' ... 'uabatch_scoped_block_end();', which
#    batch.cocci puts around a loop or a classic region, becomes 'HEAD {',
#    the statements, the lines between, '}': the lines indented once more
#    (with tabs), each name OLD in them NEW, and laid out as checkpatch.pl
#    wants them (they are the patch's now): no braces around one
#    statement, a blank line after declarations, none after '{' or before
#    '}'; a preprocessor line stays in column 0.  The declaration, of the
#    block's pointer, goes after the declarations at the top of the
#    function;
#  - an added line wider than 80 columns is broken after commas, the
#    rest aligned with the parenthesis it is in.
#
# usage: format-rewrite.sh OLD NEW

set -eu

diff --unchanged-line-format= --old-line-format= --new-line-format='%dn
' "$1" "$2" > "$2.added" || true
awk '
BEGIN {
	NAME = "[A-Za-z_][A-Za-z0-9_]*"
	# One name with its initializer, or names without.
	DECLARATION = "^[ \t]*" NAME "[A-Za-z0-9_ ]*[ *]+" NAME "( = .*|(, [* ]*" NAME ")+)?;$"
}
FILENAME == ARGV[1] { added[$1] = 1; next }
{ line[FNR] = $0; n = FNR }

# Is s a declaration (of one name or more), not a statement of a keyword?
function declaration(s) {
	return s ~ DECLARATION && s !~ /^[ \t]*(return|goto|break|continue|case|else|do)[ \t]/
}

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
# fits, after the first one, or, when that line would be wider than
# checkpatch.pl allows (100), after the outermost binary operator that
# fits in that (an argument that is a long expression).
function wrap(s,	i, c, depth, at, open, cut, best, start, lead, out, w, op, end) {
	if (width(s) <= 80)
		return s
	depth = 0
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "(") open_of[i] = ++depth
		else if (c == ")") depth--
		else if (c == ",") comma_depth[i] = depth
		else if (substr(s, i - 1, 4) ~ /^ (&&|\|\|) $/) op_depth[i + 1] = depth
		else if (substr(s, i - 1, 3) ~ /^ [-+*\/|&^?:] $/) op_depth[i] = depth
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
		end = cut ? cut : length(s)
		w = start == 1 ? width(substr(s, 1, end)) : lead + end - start + 1
		if (w > 100 && (op = operator_cut(s, start, end, lead))) {
			cut = op
			best = op_depth[op]
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
	split("", op_depth)
	split("", paren_col)
	return out
}

# The rightmost of the outermost binary operators of s between start and
# end after which the line (lead columns before start) stays within 100
# columns, or 0.
function operator_cut(s, start, end, lead,	i, w, cut, best) {
	cut = 0
	best = 1000
	for (i = start; i < end; i++) {
		if (!(i in op_depth) || op_depth[i] == 0)
			continue
		w = start == 1 ? width(substr(s, 1, i)) : lead + i - start + 1
		if (w <= 100 && op_depth[i] <= best) {
			cut = i
			best = op_depth[i]
		}
	}
	return cut
}

# The string literals of s, unescaped, in a[1..n]; n.
function strings(s, a,	n, i, c, cur, open) {
	n = 0
	open = 0
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (!open) {
			if (c == "\"") {
				open = 1
				cur = ""
			}
		} else if (c == "\\") {
			cur = cur substr(s, ++i, 1)
		} else if (c == "\"") {
			a[++n] = cur
			open = 0
		} else {
			cur = cur c
		}
	}
	return n
}

# s with each name from (not a member: no "." or "->" before it) made to.
function rename(s, from, to,	out, k, before, after) {
	out = ""
	while ((k = index(s, from)) > 0) {
		before = substr(s, k - 1, 1)
		after = substr(s, k + length(from), 1)
		if (before ~ /[A-Za-z0-9_.]/ || (before == ">" && substr(s, k - 2, 1) == "-") ||
		    after ~ /[A-Za-z0-9_]/)
			out = out substr(s, 1, k + length(from) - 1)
		else
			out = out substr(s, 1, k - 1) to
		s = substr(s, k + length(from))
	}
	return out s
}

# Whether line k goes on a directive (2), or on a string literal (1),
# that a backslash at the end of the line before it broke: its blanks are
# the layout of the directive or the text of the string.  A line that goes
# on a statement (the operands of an asm after a macro) is laid out as
# any other (0).
function continues_text(k,	s, quotes) {
	if (k <= 1 || line[k - 1] !~ /\\$/)
		return 0
	s = line[k - 1]
	if (s ~ /^[ \t]*#/ || continues_text(k - 1) == 2)
		return 2
	gsub(/\\./, "", s)
	gsub(/\047[^\047]\047/, "", s)
	quotes = gsub(/"/, "", s) % 2
	return quotes != (continues_text(k - 1) == 1)
}

# s, a line the block moves, indented once more; a line that goes on
# inside the parentheses of the line before, aligned with the one open
# last or nearly so (x86 futex.h: one column off), is aligned with it, as
# checkpatch.pl --strict asks of the lines a patch adds, where that fits
# in 100 columns (the operands of an asm laid out otherwise keep their
# layout); a line that no longer fits is broken.
function reindent(s,	out, body, lead, lines, part, k, w) {
	match(s, /^[ \t]*/)
	lead = substr(s, 1, RLENGTH)
	body = cast_unspaced(substr(s, RLENGTH + 1))
	w = width(lead)
	if (moved["n"] > 0 && body !~ /^\)/ && w - was[was["n"]] <= 3 &&
	    was[was["n"]] - w <= 3 && moved[moved["n"]] + length(body) <= 100)
		out = indent(moved[moved["n"]])
	else
		out = indent(w + 8)
	out = out body
	if (width(out) > 100)
		out = wrap(out)
	count_parens(s, was)
	lines = split(out, part, "\n")
	for (k = 1; k <= lines; k++)
		count_parens(part[k], moved)
	return out
}

# The parentheses line s leaves open in paren[] (paren["n"] of them, and
# the column after each), those before s counted; those in strings and
# character constants do not count.
function count_parens(s, paren,	i, c, quote) {
	quote = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (quote != "") {
			if (c == "\\")
				i++
			else if (c == quote)
				quote = ""
		} else if (c == "\"" || c == "\047") {
			quote = c
		} else if (c == "(") {
			paren[++paren["n"]] = width(substr(s, 1, i))
		} else if (c == ")" && paren["n"] > 0) {
			paren["n"]--
		}
	}
}

# s without a blank after a pointer cast, which checkpatch.pl --strict
# asks of the lines a block moves ("(char __user *) dirent" in 6.12s
# filldir()); a line with a string is left as it is.
function cast_unspaced(s,	out, m) {
	if (s ~ /"/)
		return s
	out = ""
	while (match(s, /\([A-Za-z_][A-Za-z0-9_ ]* \*+\) +[A-Za-z_(&*]/)) {
		m = substr(s, RSTART, RLENGTH)
		sub(/\) +/, ")", m)
		out = out substr(s, 1, RSTART - 1) m
		s = substr(s, RSTART + RLENGTH)
	}
	return out s
}

# Is line k one statement alone, of one line?
function one_statement(k) {
	return line[k] ~ /;$/ && line[k] !~ /[{}]/ && line[k] !~ /^[ \t]*(for|while|if|else|do|switch|case|default)\b/
}

# The marker of a scoped block that starts at line k, joined when
# Coccinelle broke it; its last line in marker_last.
function marker(k,	s, t) {
	s = line[k]
	while (s !~ /\);[ \t]*$/ && added[k + 1]) {
		t = line[++k]
		sub(/^[ \t]+/, "", t)
		s = s (s ~ /,$/ ? " " : "") t
	}
	marker_last = k
	return s
}

# declared[k]: the declaration to print after line k, for the block at
# line i: the line after the last declaration that opens the function
# around it (the line "{" when there is none, a blank line after it).
function declare(i, text,	k, open) {
	for (open = i; open > 1 && line[open] != "{"; open--)
		;
	for (k = open + 1; k < i && declaration(line[k]); k++)
		;
	declared[k - 1] = declared[k - 1] "\t" text
	if (k == open + 1 && line[k] != "")
		declared[k - 1] = declared[k - 1] "\n"
}

END {
	for (i = 1; i <= n; i++)
		if (added[i] && line[i] ~ /^[ \t]*uabatch_scoped_block\(/ &&
		    strings(marker(i), arg) >= 3 && arg[3] != "")
			declare(i, arg[3])
	for (i = 1; i <= n; i++) {
		s = line[i]
		if (block != "" && s == block "uabatch_scoped_block_end();") {
			print block "}"
			block = ""
			split("", was)
			split("", moved)
			continue
		}
		if (block != "" && s == "" &&
		    (opened || line[i + 1] == block "uabatch_scoped_block_end();"))
			continue
		opened = 0
		# A directive stays in column 0; a line that goes on a directive
		# or a string the line before broke stays as it is.
		if (block != "" && (s ~ /^#/ || continues_text(i))) {
			print s
			continue
		}
		if (block != "" && s != "") {
			for (r = 1; r <= nrenames; r++)
				s = rename(s, substr(renames[r], 1, index(renames[r], "=") - 1),
					   substr(renames[r], index(renames[r], "=") + 1))
			# The lines of the loop are the patch now, and checkpatch.pl
			# reads them: a block left with one statement (its access
			# was an if) loses its braces; a declaration is followed by
			# a blank line.
			if (s ~ /^[ \t]*(for|while|if) \(.*\) \{$/ && one_statement(i + 1) &&
			    line[i + 2] == substr(s, 1, match(s, /[^ \t]/) - 1) "}") {
				sub(/ \{$/, "", s)
				print reindent(s)
				print added[i + 1] ? wrap("\t" line[i + 1]) : reindent(line[i + 1])
				i += 2
				continue
			}
			s = reindent(s)
			if (declaration(s) && !declaration(line[i + 1]) &&
			    line[i + 1] !~ /^[ \t]*(}.*)?$/)
				s = s "\n"
		}
		if (added[i] && s ~ /^[ \t]*uabatch_scoped_block\(/) {
			s = marker(i)
			i = marker_last
			match(s, /^[ \t]*/)
			block = substr(s, 1, RLENGTH)
			split("", was)
			split("", moved)
			k = strings(s, arg)
			print wrap(block arg[1] " {")
			nrenames = split(arg[2], renames, ";")
			for (j = 4; j <= k; j++)
				print wrap(block "\t" arg[j])
			if (k >= 4 && declaration(block "\t" arg[k]))
				print ""
			opened = 1
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
			# Its indent in tabs, where Coccinelle copied the spaces
			# of the line it follows (a label after "        return
			# ret;" in the futex.h of powerpc).
			match(s, /^[ \t]*/)
			s = indent(width(substr(s, 1, RLENGTH))) substr(s, RLENGTH + 1)
			s = wrap(scoped_head(s))
		} else if (s ~ /^[ \t]*$/ && added[i - 1] && added[i + 1] &&
			   !declaration(line[i - 1]) && line[i - 1] !~ /uabatch_scoped_block_end/) {
			continue
		}
		print s
		if (i in declared)
			print declared[i]
	}
}' "$2.added" "$2" > "$2.format"
rm -f "$2.added"
mv "$2.format" "$2"

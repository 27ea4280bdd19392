# SPDX-License-Identifier: GPL-2.0
#
# The field form of a finding, the one the driver keeps and renders
# (scripts/format-findings.sh): one a line,
#
#   PATH <tab> LINE <tab> COLUMN <tab> SEVERITY <tab> ID <tab> FUNCTION <tab> MESSAGE
#
# a backslash, a tab or a newline inside a field written \\, \t, \n, so
# that a path holding one stays one field.  The semantic patch writes it
# (cocci/finding.py, Finding.fields()); the checkers write compiler-style
# diagnostics, read here (diagnostic()), and say no function.
#
# awk functions, for the program text of a caller:
#   awk "$(cat scripts/fields.awk)"'...'

# s, its backslashes, tabs and newlines escaped.
function escape(s,	out, i, c) {
	if (s !~ /[\\\t\n]/)
		return s
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		out = out (c == "\\" ? "\\\\" : c == "\t" ? "\\t" : c == "\n" ? "\\n" : c)
	}
	return out
}

# A field as it was.
function unescape(s,	out, i, c) {
	if (index(s, "\\") == 0)
		return s
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "\\") {
			c = substr(s, ++i, 1)
			c = c == "t" ? "\t" : c == "n" ? "\n" : c
		}
		out = out c
	}
	return out
}

# Is s a checker's diagnostic 'PATH:LINE:COL: SEVERITY: MSG [uaccess:ID]'?
# Its parts, as they are, in d: d["path"] (all before the first
# ':LINE:COL: warning: ', or error, as a path may hold ':'), d["line"],
# d["column"], d["severity"], d["id"] and d["message"].
function diagnostic(s, d,	rest, w) {
	if (!match(s, /:[0-9]+:[0-9]+: (warning|error): /))
		return 0
	d["path"] = substr(s, 1, RSTART - 1)
	rest = substr(s, RSTART + 1)
	if (!match(rest, / \[uaccess:[a-z-]+\]$/))
		return 0
	d["id"] = substr(rest, RSTART + 10, RLENGTH - 11)
	rest = substr(rest, 1, RSTART - 1)
	split(rest, w, ":")
	d["line"] = w[1]
	d["column"] = w[2]
	d["severity"] = substr(w[3], 2)
	d["message"] = substr(rest, length(w[1] w[2] w[3]) + 5)
	return 1
}

# The field line of diagnostic d, whose function the checkers do not say.
function diagnostic_fields(d) {
	return escape(d["path"]) "\t" d["line"] "\t" d["column"] "\t" d["severity"] "\t" \
		d["id"] "\t\t" escape(d["message"])
}

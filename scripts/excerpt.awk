# SPDX-License-Identifier: GPL-2.0
#
# Print a C file with every line blanked out except the preprocessor
# directives and the functions that mention one of NAMES (an awk regex of
# the user-access names).  Line and column numbers stay as they were, so
# what Coccinelle reports on the excerpt holds for the file; Coccinelle
# parses a small part of the file instead of all of it.
#
# Relies on the kernel's layout: a function body opens with '{' and
# closes with '}' in column 0.
#
# usage: awk -v names='put_user|get_user' -f excerpt.awk FILE

BEGIN {
	call = "(^|[^A-Za-z0-9_])(" names ")[ \t]*\\("
	n = 0
}

function flush(keep,	i) {
	for (i = 0; i < n; i++)
		print (keep ? chunk[i] : "")
	n = 0
	in_body = 0
	mentions = 0
}

# A directive (and its continuation lines) outside a function body is
# kept: macros help Coccinelle parse, conditionals frame functions.
continued {
	print
	continued = /\\$/
	next
}

!in_body && /^[ \t]*#/ {
	flush(0)
	print
	continued = /\\$/
	next
}

{
	chunk[n++] = $0
	if ($0 ~ call)
		mentions = 1
}

/^\{/ {
	in_body = 1
}

in_body && /^\}/ {
	flush(mentions)
	next
}

!in_body && (/;[ \t]*$/ || /^[ \t]*$/) {
	flush(0)
}

END {
	flush(0)
}

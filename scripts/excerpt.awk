# SPDX-License-Identifier: GPL-2.0
#
# Print a C file with the functions that do not match CALLS (an extended
# regex of the calls the rule analyses) blanked out.  Line and column
# numbers stay as they were, so what Coccinelle reports on the excerpt
# holds for the file; Coccinelle parses the declarations (it learns the
# types of loop bounds from them) and the functions that matter instead of
# all of the file.
#
# Relies on the kernel's layout: a function body opens with '{' and
# closes with '}' in column 0.
#
# usage: awk -v calls='(put_user|get_user)[[:space:]]*[(]' -f excerpt.awk FILE

BEGIN {
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
	flush(1)
	print
	continued = /\\$/
	next
}

{
	chunk[n++] = $0
	if ($0 ~ calls)
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
	flush(1)
}

END {
	flush(in_body ? mentions : 1)
}

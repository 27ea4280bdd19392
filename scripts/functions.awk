# SPDX-License-Identifier: GPL-2.0
#
# The functions of a C file, the one way the scripts of uabatch find them:
# by the kernel's layout, a body opening with '{' and closing with '}' in
# column 0.  A function's lines are its body and what comes before it
# back to a blank line, a line that ends with ';' or a preprocessor
# directive (the comment above it, its kernel-doc, included).  A
# directive outside a body, with its continuation lines, is no
# function's: it frames functions, and Coccinelle needs it.  The name is
# the identifier before the first '(' of the head (the lines before the
# '{' since the last comment line, blank line or line ending with ';',
# directives left out: a head may have #ifdef branches), or a system
# call's first argument (compat_ before it for a compat system call).
#
# usage: awk -f functions.awk FILE
#	one line a function: FIRST <tab> OPEN <tab> CLOSE <tab> NAME, the
#	numbers of its first line, its '{' line and its '}' line
#    awk -v calls=REGEX -f functions.awk FILE
#	the excerpt of FILE that Coccinelle parses: the lines of the
#	functions none of whose lines match CALLS (an extended regex of the
#	calls the rule analyses) blank, the rest as it is.  Line and column
#	numbers stay as they were, so what Coccinelle reports on the excerpt
#	holds for the file; it parses the declarations (it learns the types
#	of loop bounds from them) and the functions that matter instead of
#	all of the file
#    awk -v model=model/uaccess.api [-v every=1] -f functions.awk FILE
#	NAME <tab> WORD... of each function, for the user accesses it makes:
#	batched   unsafe_*() accessors of the model or a scoped_user_*() block
#	region    another region: opened by a name of the model (begin,
#		  masked, open), or unsafe_*() helpers
#	checking  the model's accesses: put_user(), get_user() and their __ forms
#	copying   the model's copies: copy_to_user(), copy_from_user() and theirs
#	none      none of them (printed with -v every=1 only)

BEGIN {
	held = 0
	if (model != "")
		read_model()
}

function read_model(	line, f) {
	while ((getline line < model) > 0) {
		split(line, f, /[ \t]+/)
		if (f[1] ~ /^(begin|masked|open|scoped)$/)
			opens = opens (opens == "" ? "" : "|") f[2]
		else if (f[1] == "access")
			accesses = accesses (accesses == "" ? "" : "|") f[2]
		else if (f[1] == "copy")
			copies = copies (copies == "" ? "" : "|") f[2]
	}
	if (opens == "" || accesses == "" || copies == "") {
		print "functions.awk: no region, access or copy names in model '" model "'" \
			> "/dev/stderr"
		exit 2
	}
	opens = called(opens)
	accesses = called(accesses)
	copies = called(copies)
}

# A call of one of the names of alternation $1, as a regex.
function called(names) {
	return "(^|[^A-Za-z0-9_])(" names ")[ \t]*\\("
}

# The lines since the last boundary, held until it is known whether they
# are a function's.
function hold(s) {
	if (held == 0)
		first = FNR
	line[held++] = s
}

# The held lines are no function's.
function release(	i) {
	if (calls != "")
		for (i = 0; i < held; i++)
			print line[i]
	held = 0
}

# The held lines are a function's, its body from line opened of them;
# its '}' is the last of them if closed (else the file ends in its body).
function found(closed,	i, name, w, k, mentions) {
	name = head
	sub(/\(.*/, "", name)
	k = split(name, w, /[^A-Za-z0-9_]+/)
	while (k > 1 && w[k] == "")
		k--
	name = w[k]
	if (name ~ /^(COMPAT_)?SYSCALL(32)?_DEFINE[0-6]$/) {
		# A compat one (COMPAT_, x86's SYSCALL32_) is compat_NAME, as
		# the semantic patch names it (cocci/functions.py).
		compat = name ~ /^COMPAT_|SYSCALL32/ ? "compat_" : ""
		name = head
		sub(/^[^(]*\([ \t]*/, "", name)
		sub(/[ \t]*[,)].*/, "", name)
		name = compat name
	}
	if (calls != "") {
		for (i = 0; i < held; i++)
			if (line[i] ~ calls)
				mentions = 1
		for (i = 0; i < held; i++)
			print (mentions ? line[i] : "")
	} else if (!closed) {
		# Not a function: a body has its '}'.
	} else if (model != "") {
		words(name)
	} else {
		print first "\t" open "\t" FNR "\t" name
	}
	held = 0
	head = ""
	body = 0
}

# NAME <tab> WORD... of the function held.
function words(name,	i, s, call, batched, region, checking, copying, all) {
	for (i = opened + 1; i < held; i++) {
		s = line[i]
		if (s ~ /(^|[^A-Za-z0-9_])(unsafe_(put|get|copy_to|copy_from)_user|scoped_user_[a-z_]*access[a-z_]*)[ \t]*\(/)
			batched = 1
		if (s ~ opens)
			region = 1
		# unsafe_memcpy() and BPF's unsafe_* iterators are not user
		# accesses.
		while (match(s, /(^|[^A-Za-z0-9_])unsafe_[a-z0-9_]+[ \t]*\(/)) {
			call = substr(s, RSTART, RLENGTH)
			s = substr(s, RSTART + RLENGTH)
			if (call !~ /unsafe_(memcpy|on_|for_each_|find_vma|ringbuf_)/)
				region = 1
		}
		if (line[i] ~ accesses)
			checking = 1
		if (line[i] ~ copies)
			copying = 1
	}
	all = (batched ? " batched" : "") (region ? " region" : "") \
	      (checking ? " checking" : "") (copying ? " copying" : "")
	if (all != "" || every)
		print name "\t" (all != "" ? substr(all, 2) : "none")
}

# Does a line that starts inside a comment (inside) end in one?
function in_comment_after(s, inside,	k, slashes) {
	while (s != "") {
		if (inside) {
			k = index(s, "*/")
			if (!k)
				return 1
			inside = 0
		} else {
			k = index(s, "/*")
			slashes = index(s, "//")
			if (!k || (slashes && slashes < k))
				return 0
			inside = 1
		}
		s = substr(s, k + 2)
	}
	return inside
}

# A line of a comment is no boundary, though it ends with ';'.
{
	was_in_comment = in_comment
	in_comment = in_comment_after($0, in_comment)
}

# A directive outside a body, and its continuation lines: what is held
# before it is no function's, but the head's text goes on.
continued || (!body && !was_in_comment && /^[ \t]*#/) {
	release()
	if (calls != "")
		print
	continued = /\\$/
	next
}

body {
	hold($0)
	if (/^\}/)
		found(1)
	next
}

/^\{/ {
	hold($0)
	head = head " " $0
	opened = held - 1
	open = FNR
	body = 1
	next
}

!was_in_comment && !in_comment && (/^[ \t]*$/ || /;[ \t]*$/) {
	hold($0)
	release()
	head = ""
	next
}

# A comment line (the kernel-doc before a function) is not in its name.
/^[ \t]*(\/\*|\*)/ {
	hold($0)
	head = ""
	next
}

{
	hold($0)
	head = head " " $0
}

# A body the file ends in is blank in an excerpt, unless it mentions a
# call.
END {
	if (body)
		found(0)
	else
		release()
}

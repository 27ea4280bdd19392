# SPDX-License-Identifier: GPL-2.0
#
# For each function of a C file (kernel layout: the body opens with '{'
# and closes with '}' in column 0), print its name and which user
# accesses it makes:  NAME <tab> WORD...
#   batched   unsafe_*() accessors of the model or a scoped_user_*() block
#   region    another region: opened by a name of the model (begin, masked,
#             open), or unsafe_*() helpers
#   checking  the model's accesses: put_user(), get_user() and their __ forms
#   copying   the model's copies: copy_to_user(), copy_from_user() and theirs
#   none      none of them (printed with -v every=1 only)
#
# usage: awk -v model=model/uaccess.api [-v every=1] -f functions.awk FILE

BEGIN {
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

function flush() {
	words = (batched ? " batched" : "") (region ? " region" : "") \
		(checking ? " checking" : "") \
		(copying ? " copying" : "")
	if (in_body && (words != "" || every))
		print name "\t" (words != "" ? substr(words, 2) : "none")
	header = ""
	name = ""
	in_body = batched = region = checking = copying = 0
}

!in_body && /^[ \t]*#/ { next }

# A comment before a function (its kernel-doc) is not its header.
!in_body && /^[ \t]*(\/\*|\*)/ {
	header = ""
	next
}

!in_body {
	header = header " " $0
	if (/^\{/) {
		# The name is the identifier before the first '(' of the header,
		# or a system call's first argument.
		h = header
		sub(/\(.*/, "", h)
		n = split(h, w, /[^A-Za-z0-9_]+/)
		name = w[n]
		for (i = n; i > 0 && name == ""; i--)
			name = w[i]
		if (name ~ /^(COMPAT_)?SYSCALL(32)?_DEFINE[0-6]$/) {
			name = header
			sub(/^[^(]*\([ \t]*/, "", name)
			sub(/[ \t]*[,)].*/, "", name)
		}
		in_body = 1
	} else if (/;[ \t]*$/ || /^[ \t]*$/) {
		header = ""
	}
	next
}

/(^|[^A-Za-z0-9_])(unsafe_(put|get|copy_to|copy_from)_user|scoped_user_[a-z_]*access[a-z_]*)[ \t]*\(/ {
	batched = 1
}
$0 ~ opens { region = 1 }
# unsafe_memcpy() and BPF's unsafe_* iterators are not user accesses.
{
	line = $0
	while (match(line, /(^|[^A-Za-z0-9_])unsafe_[a-z0-9_]+[ \t]*\(/)) {
		call = substr(line, RSTART, RLENGTH)
		line = substr(line, RSTART + RLENGTH)
		if (call !~ /unsafe_(memcpy|on_|for_each_|find_vma|ringbuf_)/)
			region = 1
	}
}
$0 ~ accesses { checking = 1 }
$0 ~ copies { copying = 1 }
/^\}/ { flush() }

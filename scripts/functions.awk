# SPDX-License-Identifier: GPL-2.0
#
# For each function of a C file (kernel layout: the body opens with '{'
# and closes with '}' in column 0), print its name and which user
# accesses it makes:  NAME <tab> batched|checking|both
#   batched   unsafe_*() accessors or a scoped_user_*() block
#   checking  put_user()/get_user()/__put_user()/__get_user()
# Functions with neither are not printed.
#
# usage: awk -f functions.awk FILE

function flush() {
	if (in_body && (batched || checking))
		print name "\t" (batched && checking ? "both" : batched ? "batched" : "checking")
	header = ""
	name = ""
	in_body = batched = checking = 0
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

/(^|[^A-Za-z0-9_])(unsafe_(put|get|copy_to|copy_from)_user|scoped_user_[a-z_]*access[a-z_]*)[ \t]*\(/ { batched = 1 }
/(^|[^A-Za-z0-9_])(__)?(put|get)_user[ \t]*\(/ { checking = 1 }
/^\}/ { flush() }

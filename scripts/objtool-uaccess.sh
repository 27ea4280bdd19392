#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# objtool's user-access warnings on object OBJ of the built tree KDIR,
# sorted, without the addresses (they move when the code around them
# changes), so that two builds can be compared with comm(1).  objtool
# runs on a copy: it rewrites its input.
#
# usage: objtool-uaccess.sh KDIR OBJ
# KDIR is the tree or the build directory (O=) objtool was built in; OBJ
# is relative to it, or absolute.

set -eu

# objtool checks user access on x86 only; elsewhere there is none to run.
[ -x "$1/tools/objtool/objtool" ] || exit 0
grep -q '^CONFIG_X86=y' "$1/.config" 2>/dev/null || exit 0

copy=$(mktemp "${TMPDIR:-/tmp}/uabatch-objtool.XXXXXX")
trap 'rm -f "$copy"' EXIT
case $2 in
/*) cp "$2" "$copy" ;;
*) cp "$1/$2" "$copy" ;;
esac
"$1/tools/objtool/objtool" --hacks=jump_label --hacks=noinstr --orc \
	--retpoline --rethunk --static-call --uaccess "$copy" 2>&1 |
	grep -i 'uaccess' | sed 's/+0x[0-9a-f]*//g; s/^[^:]*: //' | sort || true

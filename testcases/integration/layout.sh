#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# cocci/layout.py, the one scanner of a file's functions, on 6.12's
# kernel/time/time.c and fs/readdir.c:
#  - every '{' in column 0 opens a function listed, every line '}' closes
#    one, the system calls named as the semantic patch names them
#    (gettimeofday, compat_gettimeofday) and each only once;
#  - --model tells the kinds of the user accesses (put_user() is
#    'checking', unsafe_put_user() 'batched' and, being unsafe_, 'region');
#  - the fixes of a rewrite (devio.c's, one a function): all of them
#    applied are the rewrite, none the file, --added names its lines;
#  - bad input: exit 2 and the file named.

. "$(dirname "$0")/../lib.sh"

k=$(ktree 6.12)
layout=$top/cocci/layout.py
for f in kernel/time/time.c fs/readdir.c; do
	python3 "$layout" "$k/$f" > "$work/rows" || die "$f: exit $?"
	grep -n '^{' "$k/$f" | cut -d: -f1 > "$work/opens"
	grep -n '^}$' "$k/$f" | cut -d: -f1 > "$work/closes"
	cut -f2 "$work/rows" | cmp -s - "$work/opens" || die "$f: the '{' lines are not the functions' opens"
	cut -f3 "$work/rows" | cmp -s - "$work/closes" || die "$f: the '}' lines are not the functions' closes"
	cut -f4 "$work/rows" | sort | uniq -d | grep . && die "$f: a name twice"
	awk -F'\t' '$1 > $2 || $2 > $3' "$work/rows" | grep . && die "$f: a function's lines out of order"
done

python3 "$layout" "$k/kernel/time/time.c" > "$work/rows"
for name in gettimeofday compat_gettimeofday settimeofday compat_settimeofday put_timespec64; do
	cut -f4 "$work/rows" | grep -qx "$name" || die "time.c: no function $name"
done
grep -q 'SYSCALL' "$work/rows" && die "time.c: a system call named by its macro"

python3 "$layout" --model "$top/model/uaccess.api" "$k/fs/readdir.c" > "$work/kinds"
grep -qx 'filldir64	batched region' "$work/kinds" ||
	die "readdir.c: filldir64's unsafe_put_user() are not 'batched region'"
grep -qx 'getdents	checking' "$work/kinds" || die "readdir.c: getdents's put_user() is not 'checking'"
python3 "$layout" --model "$top/model/uaccess.api" --every "$k/fs/readdir.c" | grep -q '	none$' ||
	die "readdir.c: --every lists no function without accesses"

# The fixes of a rewrite: usbfs's two functions, each a fix; all of them
# applied give the rewrite, none the file.
f=drivers/usb/core/devio.c
(cd "$k" && "$top/uabatch" patch "$f") > "$work/devio.diff" && die "$f: nothing to rewrite"
(cd "$work" && patch -s -p1 -o new.c "$k/$f" < devio.diff) || die "$f: the rewrite does not apply"
diff -U0 "$k/$f" "$work/new.c" > "$work/u0" && die "$f: an empty rewrite"
python3 "$layout" --fixes "$work/u0" "$k/$f" > "$work/fixes"
cut -f2 "$work/fixes" | sort | tr '\n' ' ' | grep -qx 'processcompl processcompl_compat ' ||
	{ cat "$work/fixes" >&2; die "$f: the fixes are not processcompl() and processcompl_compat()"; }
all=$(cut -f1 "$work/fixes" | paste -sd,)
python3 "$layout" --apply "$all" "$work/u0" "$k/$f" | cmp -s - "$work/new.c" ||
	die "$f: all the fixes applied are not the rewrite"
python3 "$layout" --apply '' "$work/u0" "$k/$f" | cmp -s - "$k/$f" || die "$f: no fix applied is not the file"
python3 "$layout" --added "$all" "$work/u0" "$k/$f" | cut -f2 > "$work/added"
diff --unchanged-line-format= --old-line-format= --new-line-format='%dn
' "$k/$f" "$work/new.c" | cmp -s - "$work/added" || die "$f: --added does not name the lines the rewrite adds"

status=0
python3 "$layout" "$work/nonexistent.c" 2> "$work/err" || status=$?
[ $status = 2 ] && grep -q 'nonexistent.c' "$work/err" || die "a missing file: exit $status"
status=0
python3 "$layout" --model "$work/rows" "$k/fs/readdir.c" 2> "$work/err" || status=$?
[ $status = 2 ] && grep -q "$work/rows" "$work/err" || die "a model without names: exit $status"
exit 0

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# sparse-uaccess on mutants of real kernel functions: each mutant, built
# as an external module object with 'make C=2 CHECK=sparse-uaccess', is
# flagged with its id at its line, and the unmutated copy of the same
# file gives no finding at all.

. "$(dirname "$0")/../lib.sh"

checker=$top/sparse-checks/sparse-uaccess
[ -x "$checker" ] || die "$checker: not built (make)"

# check KDIR SRC: the checker's findings on a copy of SRC, in $work/out.
check()
{
	d=$work/m
	rm -rf "$d"
	mkdir -p "$d"
	cp "$2" "$d/mut.c"
	echo "obj-m := mut.o" > "$d/Kbuild"
	# -Wno-unused-result: the ignored-begin mutant must still compile
	flock "$1.lock" make -s -C "$1" M="$d" C=2 KCFLAGS=-Wno-unused-result \
		CHECK="$checker --uaccess-only" mut.o > "$work/build.log" 2>&1 ||
		{ cat "$work/build.log" >&2; die "$2: does not build in $1"; }
	grep 'uaccess:' "$work/build.log" > "$work/out" || true
}

# expect ID LINE_TEXT: the finding ID at the first line containing
# LINE_TEXT after the mutation.
expect()
{
	line=$(grep -n -F -- "$2" "$work/mutant.c" | cut -d: -f1 | head -n 1)
	[ -n "$line" ] || die "no line '$2' in the mutant"
	check "$k" "$work/mutant.c"
	grep -q ":$line:[0-9]*: warning: .*\[uaccess:$1\]$" "$work/out" ||
		{ cat "$work/out" >&2; die "$v: mutant '$1' not flagged at line $line"; }
	n=$((n + 1))
}

n=0
for v in 6.12 7.2; do
	k=$(ktree "$v")
	compat=$k/kernel/compat.c
	put='^long compat_put_bitmap'
	get='^long compat_get_bitmap'

	check "$k" "$compat"
	[ -s "$work/out" ] && { cat "$work/out" >&2; die "$v: findings on kernel/compat.c"; }

	# the end on the error path dropped: the error return leaks
	awk '/^long compat_put_bitmap/ { armed = 1 }
	     armed && /^Efault:/ { print; getline; armed = 0; next } { print }' \
		"$compat" > "$work/mutant.c"
	line=$(awk '/^long compat_put_bitmap/ { a = 1 } a && /^Efault:/ { print NR + 1; exit }' "$work/mutant.c")
	check "$k" "$work/mutant.c"
	grep -q ":$line:[0-9]*: warning: .*\[uaccess:region-leak\]$" "$work/out" ||
		{ cat "$work/out" >&2; die "$v: dropped end not flagged as region-leak at $line"; }
	n=$((n + 1))

	mutate "$compat" "$put" 'if (!user_write_access_begin(umask, bitmap_size / 8))' \
		'	__uaccess_begin(); /* mutant */ if (0)' > "$work/mutant.c"
	expect unverified-region '/* mutant */'

	mutate "$compat" "$put" 'if (!user_write_access_begin(umask, bitmap_size / 8))' \
		'	user_write_access_begin(umask, bitmap_size / 8); /* mutant */ if (0)' > "$work/mutant.c"
	expect unchecked-region-begin '/* mutant */'

	mutate "$compat" "$put" '	user_write_access_end();' \
		'	user_write_access_end();\n	unsafe_put_user(0, umask, Efault); /* mutant */' > "$work/mutant.c"
	expect unsafe-outside-region '/* mutant */'

	mutate "$compat" "$put" '	user_write_access_end();' \
		'	user_write_access_end();\n	user_write_access_end(); /* mutant */' > "$work/mutant.c"
	expect unbalanced-region-end '/* mutant */'

	mutate "$compat" "$put" 'unsafe_put_user(m >> BITS_PER_COMPAT_LONG, umask++, Efault);' \
		'		unsafe_put_user(m >> BITS_PER_COMPAT_LONG, umask++, Efault);\n		pr_info("m=%lu", m); /* mutant */' > "$work/mutant.c"
	expect call-in-region '/* mutant */'

	mutate "$compat" "$get" 'unsafe_get_user(*mask, umask++, Efault);' \
		'		unsafe_get_user(*mask, umask++, Efault);\n	unsafe_put_user(0, (compat_ulong_t __user *)umask, Efault); /* mutant */' > "$work/mutant.c"
	expect mode-mismatch '/* mutant */'

	mutate "$compat" "$put" 'if (!user_write_access_begin(umask, bitmap_size / 8))' \
		'	if (!user_write_access_begin(umask, bitmap_size / 8))\n		return -EFAULT;\n	if (!user_write_access_begin(umask, 8)) /* mutant */' > "$work/mutant.c"
	expect nested-region '/* mutant */'

	# an access past 'sizeof(*from)' in get_sigset_argpack() of fs/select.c
	mutate "$k/fs/select.c" '^static inline int get_sigset_argpack' \
		'unsafe_get_user(to->size, &from->size, E' \
		'		unsafe_get_user(to->size, &from[1].size, Efault); /* mutant */' > "$work/mutant.c"
	expect pointer-mismatch '/* mutant */'
done
echo "sparse_mutants: $n mutants of real functions flagged with their ids in 6.12 and 7.2"

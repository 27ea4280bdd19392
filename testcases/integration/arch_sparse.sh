#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# sparse-uaccess where objtool cannot look: the arm64, powerpc and riscv
# build directories of 7.2 that 'make kernels' configures with Debian's
# cross compilers.  In each, 'make C=2 CHECK=sparse-uaccess' on every
# object of its defconfig that opens a region (scripts/region-objects.sh
# lists them from the build) sees their regions; on arm64 it reports
# none (powerpc and riscv: the findings are counted, README); and
# mutants of kernel/compat.c, built there as an external module, are
# flagged with their ids at their lines on all three, by the GCC plugin
# too on arm64 and riscv.

. "$(dirname "$0")/../lib.sh"

checker=$top/sparse-checks/sparse-uaccess
[ -x "$checker" ] || die "$checker: not built (make)"

# make_in BUILD ARGS...: make in a cross build directory of 7.2.
make_in()
{
	b=$1
	shift
	# shellcheck disable=SC2046 # ARCH=.. CROSS_COMPILE=..
	flock "$b/.uabatch.lock" make -s -C "$b" $(sh "$top/scripts/make-args.sh" "$b") "$@"
}

# mutant BUILD FUNC FIND REPLACE ID: kernel/compat.c with the first line
# holding FIND after the line matching FUNC replaced by REPLACE, built in
# BUILD: finding ID at the mutated line.
mutant()
{
	d=$work/m
	rm -rf "$d"
	mkdir -p "$d"
	mutate "$src/kernel/compat.c" "$2" "$3" "$4" > "$d/mut.c"
	echo "obj-m := mut.o" > "$d/Kbuild"
	line=$(grep -n -F -- '/* mutant */' "$d/mut.c" | cut -d: -f1 | head -n 1)
	make_in "$1" M="$d" C=2 KCFLAGS="-Wno-unused-result $plugin_flag" \
		CHECK="$checker --uaccess-only" mut.o > "$work/build.log" 2>&1 ||
		{ cat "$work/build.log" >&2; die "$a: mutant does not build"; }
	# Once from each checker given (the same text).
	[ "$(grep -c "mut.c:$line:[0-9]*: warning: .*\[uaccess:$5\]$" "$work/build.log")" -ge "$engines" ] ||
		{ cat "$work/build.log" >&2; die "$a: mutant '$5' not flagged at line $line by $engines checkers"; }
	mutants=$((mutants + 1))
}

src=$cache/src-7.2
put='^long compat_put_bitmap'
for a in arm64 powerpc riscv; do
	b=$cache/build-7.2-$a
	[ -f "$b/.uabatch-prepared" ] || die "$b: no build directory: run 'make kernels'"
	# The mutants are built with the plugin of the cross compiler too,
	# where it reads the regions (not powerpc's yet).
	plugin_flag= engines=1
	if [ "$a" != powerpc ]; then
		plugin_flag=-fplugin=$(cross_plugin "$b") || exit 1
		engines=2
	fi
	sh "$top/scripts/region-objects.sh" "$b" > "$work/objects" ||
		die "$a: region-objects.sh failed"
	n=$(wc -l < "$work/objects")
	[ "$n" -ge 10 ] || die "$a: only $n objects that open a region"
	# A flag new to every run makes Kbuild compile the objects again.
	make_in "$b" -j2 KCFLAGS="-D__UABATCH_RUN=$$" C=2 \
		CHECK="$checker --uaccess-only --uaccess-stats" $(cat "$work/objects") \
		> "$work/c2.log" 2>&1 || { tail -20 "$work/c2.log" >&2; die "$a: make C=2 failed"; }
	regions=$(awk '/^sparse-uaccess: /{ r += $4 } END { print r + 0 }' "$work/c2.log")
	[ "$regions" -ge "$n" ] || die "$a: only $regions regions seen in $n objects"
	findings=$(grep 'uaccess:' "$work/c2.log" | grep -vc '^sparse-uaccess: ' || true)
	if [ "$a" = arm64 ] && [ "$findings" != 0 ]; then
		grep 'uaccess:' "$work/c2.log" | grep -v '^sparse-uaccess: ' >&2
		die "$a: false positives above"
	fi

	mutants=0
	mutant "$b" "$put" '	user_write_access_end();' \
		'	user_write_access_end();\n	unsafe_put_user(0, umask, Efault); /* mutant */' \
		unsafe-outside-region
	mutant "$b" "$put" '	user_write_access_end();' \
		'	user_write_access_end();\n	user_write_access_end(); /* mutant */' \
		unbalanced-region-end
	mutant "$b" "$put" 'unsafe_put_user(m >> BITS_PER_COMPAT_LONG, umask++, Efault);' \
		'		unsafe_put_user(m >> BITS_PER_COMPAT_LONG, umask++, Efault);\n		pr_info("m=%lu", m); /* mutant */' \
		call-in-region
	mutant "$b" "$put" 'if (!user_write_access_begin(umask, bitmap_size / 8))' \
		'	user_write_access_begin(umask, bitmap_size / 8); /* mutant */ if (0)' \
		unchecked-region-begin
	echo "$a: C=2 on $n objects that open a region, $regions regions seen, $findings findings;" \
		"$mutants mutants flagged by $engines checkers"
done

# SPDX-License-Identifier: GPL-2.0
#
# What region_mutants.sh and real_bugs.sh share: a function of a file of
# 6.12 or 7.2 changed by an awk program, built as an external module
# object of its tree by both region checkers, their findings compared.
# Sourced after lib.sh, with the script's first argument: none (x86_64),
# a GCC version N (the plugin alone, gcc-N, in the chroot's 7.2 build
# directory), an architecture, arm64, powerpc or riscv (its 7.2
# defconfig build directory, cross compiler and plugin), or allmodconfig
# (the x86_64 allmodconfig build directories of both trees, which build
# what the defconfig leaves out: the sanitizers' runtimes).

gcc= arch= allmod=
case ${1:-} in
arm64|powerpc|riscv) arch=$1 ;;
allmodconfig) allmod=yes ;;
*) gcc=${1:-} ;;
esac
sparse=$top/sparse-checks/sparse-uaccess
engines="gcc sparse"
if [ -n "$arch" ]; then
	xbuild=$cache/build-7.2-$arch
	[ -f "$xbuild/.uabatch-prepared" ] || die "$xbuild: no build directory: run 'make kernels'"
	plugin=$(cross_plugin "$xbuild") || exit 1
else
	plugin=$(plugin_for "$gcc") || exit 1
fi
if [ -n "$gcc" ]; then
	engines=gcc
	chroot_root=$cache/gcc-sid
	trap 'rm -rf "$work" "$chroot_root$work"' EXIT
else
	[ -x "$sparse" ] || die "$sparse: not built (make)"
fi

# Whether VERSION's cases are built in this run: both trees on x86_64,
# 7.2 alone with a GCC version or another architecture.
built_here()
{
	[ -z "$gcc$arch" ] || [ "$1" = 7.2 ]
}

# build VERSION SRC FILE ENGINE [HOST]: SRC, a copy of FILE, built at
# its own path under a directory of an external module of the tree of
# VERSION (an architecture's own code is known by its path), with the
# headers of FILE's directory beside it and FILE's own flags from its
# Makefile, checked by ENGINE; its findings ('LINE ID TEXT') in
# $work/ENGINE, objtool's verdict in $work/objtool.  A header FILE is
# built in HOST, a .c file of the tree that includes it, included before
# it (-include, after the types it may need: its guard keeps the tree's
# copy out).
build()
{
	ver=$1 src=$2 file=$3 engine=$4 in=${5:-$3}
	kdir=$(ktree "$ver")
	dir=$(dirname "$in") base=${in%.c}
	d=$work/m
	rm -rf "${chroot_root:-}$d"
	mkdir -p "${chroot_root:-}$d/$dir" "${chroot_root:-}$d/$(dirname "$file")"
	for h in "$kdir/$dir"/*.h; do
		[ -f "$h" ] && cp "$h" "${chroot_root:-}$d/$dir/"
	done
	cp "$src" "${chroot_root:-}$d/$file"
	first=
	if [ "$in" != "$file" ]; then
		cp "$kdir/$in" "${chroot_root:-}$d/$in"
		printf '#include <linux/types.h>\n#include "%s"\n' "$file" > "${chroot_root:-}$d/first.h"
		first="-include $d/first.h"
	fi
	# A directory without a Makefile is built by its parent's (i915's
	# gem/), which names its own directory for the headers.
	mk=$dir
	while [ ! -f "$kdir/$mk/Makefile" ]; do mk=$(dirname "$mk"); done
	printf 'obj-y := %s.o\nccflags-y := -I%s -I%s %s\n' "$base" "$d" "$kdir/$mk" "$first" > "${chroot_root:-}$d/Kbuild"
	# Its flags, and what is removed or not instrumented, by its name.
	sed -n "s#^\(CFLAGS\|CFLAGS_REMOVE\|[A-Z]*_SANITIZE\|KCOV_INSTRUMENT\)_$(basename "$base")\.o\([[:space:]]*[:+]*=\)#\1_$base.o\2#p" \
		"$kdir/$mk/Makefile" >> "${chroot_root:-}$d/Kbuild"
	# -Wno-error: a mutant may warn (an unused result, a declaration
	# after a statement), and CONFIG_WERROR must not stop it.
	case $engine in
	gcc) set -- KCFLAGS="-fplugin=$plugin -Wno-error" ;;
	sparse) set -- KCFLAGS=-Wno-error C=2 CHECK="$sparse --uaccess-only" ;;
	esac
	if [ -n "$gcc" ]; then
		chroot_make_7_2 "$gcc" M="$d" "$@" "$base.o"
	elif [ -n "$arch" ]; then
		# shellcheck disable=SC2046 # ARCH=.. CROSS_COMPILE=..
		flock "$xbuild/.uabatch.lock" make -s -C "$xbuild" \
			$(sh "$top/scripts/make-args.sh" "$xbuild") M="$d" "$@" "$base.o"
	elif [ -n "$allmod" ]; then
		flock "$cache/build-$ver-x86_64/.uabatch.lock" \
			make -s -C "$cache/build-$ver-x86_64" M="$d" "$@" "$base.o"
	else
		flock "$kdir/../linux-$ver.lock" make -s -C "$kdir" M="$d" "$@" "$base.o"
	fi > "$work/build.log" 2>&1 ||
		{ cat "$work/build.log" >&2; die "$src: does not build in $ver"; }
	at=$(printf '%s' "${told_in:-$file}" | sed 's/[.[\*^$]/\\&/g')
	sed -n "s#^\(.*/\)\{0,1\}$at:\([0-9]*\):[0-9]*: \(warning\|error\): \(.*\) \[uaccess:\([a-z-]*\)\]\$#\2 \5 \4#p" \
		"$work/build.log" | sort -u > "$work/$engine"
	grep '\[uaccess:' "$work/build.log" | grep -v "\(^\|/\)$at:" >&2 &&
		die "$src: findings in another file"
	[ "$engine" = gcc ] && [ -z "$arch" ] || return 0
	# objtool --orc writes into the object: a copy.
	cp "${chroot_root:-}$d/$base.o" "${chroot_root:-}$work/copy.o"
	objtool=$kdir/tools/objtool/objtool
	[ -z "$gcc" ] || objtool=/build-7.2-gcc-$gcc/tools/objtool/objtool
	[ -z "$allmod" ] || objtool=$cache/build-$ver-x86_64/tools/objtool/objtool
	if [ -n "$gcc" ]; then
		sh "$top/scripts/gcc-versions.sh" run "$objtool" --hacks=jump_label \
			--hacks=noinstr --orc --retpoline --rethunk --static-call \
			--uaccess "$work/copy.o"
	else
		"$objtool" --hacks=jump_label --hacks=noinstr --orc --retpoline \
			--rethunk --static-call --uaccess "$work/copy.o"
	fi 2>&1 | grep -i 'uaccess' > "$work/objtool" || true
}

# The unmutated file SRC of VERSION: no finding from either engine.
baseline()
{
	ver=$1 file=$2
	built_here "$ver" || return 0
	kdir=$(ktree "$ver")
	for e in $engines; do
		build "$ver" "$kdir/$file" "$file" "$e"
		[ -s "$work/$e" ] && { cat "$work/$e" >&2; die "$ver $file: $e: false positives"; }
	done
	echo "$ver${gcc:+ gcc-$gcc}${arch:+ $arch}${allmod:+ allmodconfig} $file: unmutated: no finding"
}

# mutant VERSION FILE FUNCTION NAME ID AWK-PROGRAM [SPARSE-BLIND]
# The awk program sees 'in_fn' (inside FUNCTION: from its first line,
# '<type> FUNCTION(' or '[COMPAT_]SYSCALL_DEFINEn(FUNCTION,' at the start of a
# line, to the next '}' there), prints the mutant and marks the line the
# finding is for.  The plugin's findings on lines that hold SPARSE-BLIND
# are not asked of sparse-uaccess, which does not see them (README of
# sparse-checks, Limits); nor are sparse-uaccess's asked of the plugin
# (a call in a model macro's argument: each engine sees it in one build
# and not in another, mainline_findings).
mutant()
{
	ver=$1 file=$2 fn=$3 name=$4 id=$5 prog=$6 blind=${7:-}
	built_here "$ver" || return 0
	kdir=$(ktree "$ver")
	awk -v fn="$fn" '
	!s && ($0 ~ "^[a-z_].*[ *]" fn "\\(" || $0 ~ "^(COMPAT_)?SYSCALL_DEFINE[0-9]\\(" fn ",") { s = 1 }
	{ in_fn = s == 1 }
	s == 1 && /^}/ { s = 2 }
	'"$prog" "$kdir/$file" > "$work/mut.c"
	if [ -n "$told_in" ]; then
		line=$(grep -n -F -- "$told_at" "$kdir/$told_in" | head -1 | cut -d: -f1)
	else
		line=$(grep -n '/\* mutant \*/' "$work/mut.c" | cut -d: -f1)
	fi
	[ "$(echo "$line" | wc -w)" = 1 ] || die "$ver $name: not one line marked"
	for e in $engines; do
		build "$ver" "$work/mut.c" "$file" "$e" "$host"
		grep -q "^$line $id " "$work/$e" ||
			{ cat "$work/$e" >&2; die "$ver $name: $e: no $id at line $line"; }
	done
	if [ -n "$blind" ]; then
		grep -n -F -- "$blind" "$work/mut.c" | cut -d: -f1 > "$work/blind"
		awk 'NR == FNR { blind[$1] = 1; next } !($1 in blind)' \
			"$work/blind" "$work/gcc" > "$work/gcc.seen"
		[ ! -f "$work/sparse" ] ||
		awk 'NR == FNR { blind[$1] = 1; next } !($1 in blind)' \
			"$work/blind" "$work/sparse" > "$work/sparse.seen"
		[ ! -f "$work/sparse" ] || mv "$work/sparse.seen" "$work/sparse"
	else
		cp "$work/gcc" "$work/gcc.seen"
	fi
	if [ "$engines" = "gcc sparse" ] && ! cmp -s "$work/gcc.seen" "$work/sparse"; then
		diff -u "$work/gcc.seen" "$work/sparse" | sed 's/^/    /' >&2
		die "$ver $name: the engines disagree (- gcc, + sparse)"
	fi
	otool="objtool clean"
	# objtool's first warning of the function, or of the object
	[ -s "$work/objtool" ] && otool="objtool warns: $({ grep -F " $fn+" "$work/objtool" || :; cat "$work/objtool"; } |
		head -1 | sed 's/.*: warning: objtool: //')"
	[ -z "$arch" ] || otool="no objtool on $arch"
	echo "$ver${gcc:+ gcc-$gcc}${arch:+ $arch}${allmod:+ allmodconfig} $name: $id at line $line of ${told_in:-$file}; $(wc -l < "$work/gcc") findings; $otool"
}

# header_mutant HOST VERSION HEADER FUNCTION NAME ID AWK-PROGRAM: a
# mutant of a header's function, built in HOST, a .c file that calls it.
# With told_in and told_at set, the finding is told in another file of
# the tree than the mutated one (HOST, or a header it includes), at its
# first line that holds the text told_at: the mutant changed a helper, the
# defect is at a call of it.
host= told_in= told_at=
header_mutant()
{
	host=$1
	shift
	mutant "$@"
	host=
}

# SPDX-License-Identifier: GPL-2.0
#
# What region_mutants.sh and real_bugs.sh share: a function of a file of
# 6.12 or 7.2 changed by an awk program, built as an external module
# object of its tree with both region checkers, their findings compared.
# Sourced after lib.sh, with the script's first argument: none (x86_64),
# a GCC version N (the plugin alone, gcc-N, in the chroot's 7.2 build
# directory), an architecture, arm64, powerpc or riscv (its 7.2
# defconfig build directory, cross compiler and plugin), or allmodconfig
# (the x86_64 allmodconfig build directories of both trees, which build
# what the defconfig leaves out: the sanitizers' runtimes).
#
# A script adds its cases (baseline, mutant, fixed_file), then
# judge_cases builds them all, one make a tree, two jobs at a time, each
# object compiled once with the plugin and checked by sparse-uaccess (as
# a developer runs both, 'make C=2 CHECK=... KCFLAGS=-fplugin=...'), and
# judges each from the checkers' JSON findings, in the order they were
# added.

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
ncases=0
: > "$work/cases"

# Whether VERSION's cases are built in this run: both trees on x86_64,
# 7.2 alone with a GCC version or another architecture.
built_here()
{
	[ -z "$gcc$arch" ] || [ "$1" = 7.2 ]
}

# The external module directory of the cases of tree VERSION (as the
# compiler sees it: in the chroot with a GCC version).
cases_dir()
{
	echo "$work/m-$1"
}

# add_case KIND VERSION SRC FILE FUNCTION NAME ID LINE: the case-N
# directory of the cases of VERSION gets SRC, a copy of FILE, at FILE's
# own path (an architecture's own code is known by its path), the
# headers of FILE's directory beside it, and a Kbuild with FILE's own
# flags from its Makefile.  A header FILE is built in $host, a .c file of
# the tree that includes it, included before it (-include, after the
# types it may need: its guard keeps the tree's copy out).  Its findings
# are those told in FILE, or in $told_in, a file of the tree (HOST, or a
# header it includes): one told in the tree's own header cannot be told
# apart from another case's, so such a case is built alone.
add_case()
{
	kind=$1 ver=$2 src=$3 file=$4
	in=${host:-$file}
	kdir=$(ktree "$ver")
	ncases=$((ncases + 1))
	n=$ncases
	m=$(cases_dir "$ver")
	d=$m/case-$n
	dir=$(dirname "$in") base=${in%.c}
	mkdir -p "${chroot_root:-}$d/$dir" "${chroot_root:-}$d/$(dirname "$file")"
	[ -f "${chroot_root:-}$m/Kbuild" ] || : > "${chroot_root:-}$m/Kbuild"
	echo "obj-y += case-$n/" >> "${chroot_root:-}$m/Kbuild"
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
	told=${told_in:-$file}
	alone=no
	case $told in
	"$file"|"$in") ;;
	*) alone=yes ;;
	esac
	echo "$n $kind $ver $file $base.o $told $alone $5 $6 $7 $8" >> "$work/cases"
}

# make_cases VERSION OBJECT...: make the objects of the cases of
# VERSION, both checkers at once; the log in $work/build.log.
make_cases()
{
	ver=$1
	shift
	m=$(cases_dir "$ver")
	# -Wno-error: a mutant may warn (an unused result, a declaration
	# after a statement), and CONFIG_WERROR must not stop it.
	flags="-fplugin=$plugin -fplugin-arg-uaccess_plugin-format=json -Wno-error"
	if [ -n "$gcc" ]; then
		chroot_make_7_2 "$gcc" -k M="$m" KCFLAGS="$flags" "$@"
	elif [ -n "$arch" ]; then
		# shellcheck disable=SC2046 # ARCH=.. CROSS_COMPILE=..
		flock "$xbuild/.uabatch.lock" make -s -k -j2 -Otarget -C "$xbuild" \
			$(sh "$top/scripts/make-args.sh" "$xbuild") M="$m" KCFLAGS="$flags" \
			C=2 CHECK="$sparse --uaccess-only --uaccess-format=json" "$@"
	else
		b=$(ktree "$ver") lock=$cache/linux-$ver.lock
		[ -z "$allmod" ] || b=$cache/build-$ver-x86_64 lock=$b/.uabatch.lock
		flock "$lock" make -s -k -j2 -Otarget -C "$b" M="$m" KCFLAGS="$flags" \
			C=2 CHECK="$sparse --uaccess-only --uaccess-format=json" "$@"
	fi > "$work/build.log" 2>&1 || return 0
}

# build_cases: every case made, those that share a make first; each
# case's findings, 'N ENGINE PATH LINE ID TEXT', in $work/found, with
# N '-' for a file of the tree itself; the makes' logs of VERSION in
# $work/build-VERSION.log.
build_cases()
{
	: > "$work/found"
	for ver in 6.12 7.2; do
		: > "$work/build-$ver.log"
		objects=$(awk -v v="$ver" '$3 == v && $7 == "no" { print "case-" $1 "/" $5 }' "$work/cases")
		if [ -n "$objects" ]; then
			# shellcheck disable=SC2086 # object paths, no blanks
			make_cases "$ver" $objects
			cat "$work/build.log" >> "$work/build-$ver.log"
			found_in_log >> "$work/found"
		fi
		for n in $(awk -v v="$ver" '$3 == v && $7 == "yes" { print $1 }' "$work/cases"); do
			make_cases "$ver" "case-$n/$(awk -v n="$n" '$1 == n { print $5 }' "$work/cases")"
			cat "$work/build.log" >> "$work/build-$ver.log"
			found_in_log | sed "s/^- /$n /" >> "$work/found"
		done
	done
	[ -z "$(awk '$1 == "-"' "$work/found")" ] ||
		{ awk '$1 == "-"' "$work/found" >&2; die "findings of no case"; }
}

# The checkers' findings in $work/build.log, as build_cases keeps them.
found_in_log()
{
	findings_of checkers "$work/build.log" | awk '{
		n = "-"
		if (match($2, /(^|\/m-[0-9.]+\/)case-[0-9]+\//)) {
			n = substr($2, RSTART, RLENGTH - 1)
			sub(/.*case-/, "", n)
			$2 = substr($2, RSTART + RLENGTH)
		}
		print n, $0
	}'
}

# The findings of case N (object OBJ) told in file AT, of ENGINE: 'LINE
# ID TEXT' in $work/ENGINE.  A file of the tree is told by its path,
# absolute or not.
case_findings()
{
	n=$1 obj=$2 at=$3 engine=$4
	[ -f "${chroot_root:-}$(cases_dir "$ver")/case-$n/$obj" ] ||
		{ cat "$work/build-$ver.log" >&2; die "$ver $file: case $n does not build in $ver"; }
	awk -v n="$n" -v at="$at" -v e="$engine" '$1 == n && $2 == e {
		p = $3
		if (p != at && substr(p, length(p) - length(at)) != "/" at) {
			print "finding in another file: " $0 > "/dev/stderr"
			bad = 1
			next
		}
		$1 = $2 = $3 = ""
		print substr($0, 4)
	} END { exit bad }' "$work/found" > "$work/$engine.all" ||
		die "$ver $file: findings in another file"
	sort -u "$work/$engine.all" > "$work/$engine"
}

# objtool's verdict on case N's object, in $work/objtool (the trees are
# x86_64 ones; none on another architecture).
objtool_verdict()
{
	: > "$work/objtool"
	[ -z "$arch" ] || return 0
	kdir=$(ktree "$ver")
	# objtool --orc writes into the object: a copy.
	cp "${chroot_root:-}$(cases_dir "$ver")/case-$1/$2" "${chroot_root:-}$work/copy.o"
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

# What this run is, before a case's name.
run_label()
{
	echo "$ver${gcc:+ gcc-$gcc}${arch:+ $arch}${allmod:+ allmodconfig}"
}

# The unmutated file SRC of VERSION: no finding from either engine.
baseline()
{
	built_here "$1" || return 0
	add_case baseline "$1" "$(ktree "$1")/$2" "$2" - - - -
}

# fixed_file VERSION FILE ID WHY: the tree's own FILE (built in $host
# where it is a header), which must not have ID (WHY says why); one case
# a file, for every ID asked of it.
fixed_file()
{
	ver=$1 file=$2
	key=$work/fixed.$(echo "$ver $file $host" | tr ' /' '._')
	if [ ! -f "$key" ]; then
		add_case fixed "$ver" "$(ktree "$ver")/$file" "$file" - - - -
		echo "$ncases" > "$key"
	fi
	echo "$3 $4" >> "$work/case-$(cat "$key").forbidden"
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
	mut=$work/mut.c
	awk -v fn="$fn" '
	!s && ($0 ~ "^[a-z_].*[ *]" fn "\\(" || $0 ~ "^(COMPAT_)?SYSCALL_DEFINE[0-9]\\(" fn ",") { s = 1 }
	{ in_fn = s == 1 }
	s == 1 && /^}/ { s = 2 }
	'"$prog" "$kdir/$file" > "$mut"
	if [ -n "$told_in" ]; then
		line=$(grep -n -F -- "$told_at" "$kdir/$told_in" | head -1 | cut -d: -f1)
	else
		line=$(grep -n '/\* mutant \*/' "$mut" | cut -d: -f1)
	fi
	[ "$(echo "$line" | wc -w)" = 1 ] || die "$ver $name: not one line marked"
	[ -z "$blind" ] || grep -n -F -- "$blind" "$mut" | cut -d: -f1 > "$work/case-$((ncases + 1)).blind"
	add_case mutant "$ver" "$mut" "$file" "$fn" "$name" "$id" "$line"
}

# judge_mutant N: each engine reports the case's id at its line, and
# both the same findings.
judge_mutant()
{
	for e in $engines; do
		grep -q "^$line $id " "$work/$e" ||
			{ cat "$work/$e" >&2; die "$ver $name: $e: no $id at line $line"; }
	done
	cp "$work/gcc" "$work/gcc.seen"
	if [ -f "$work/case-$1.blind" ]; then
		for e in $engines; do
			awk 'NR == FNR { blind[$1] = 1; next } !($1 in blind)' \
				"$work/case-$1.blind" "$work/$e" > "$work/$e.seen"
		done
		[ ! -f "$work/sparse.seen" ] || mv "$work/sparse.seen" "$work/sparse"
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
	echo "$(run_label) $name: $id at line $line of $told; $(wc -l < "$work/gcc") findings; $otool"
}

# judge_cases: build every case added, then judge each.
judge_cases()
{
	[ "$ncases" -gt 0 ] || return 0
	build_cases
	while read -r n kind ver file obj told alone fn name id line <&3; do
		for e in $engines; do
			case_findings "$n" "$obj" "$told" "$e"
		done
		objtool_verdict "$n" "$obj"
		case $kind in
		baseline)
			for e in $engines; do
				[ -s "$work/$e" ] && { cat "$work/$e" >&2; die "$ver $file: $e: false positives"; }
			done
			echo "$(run_label) $file: unmutated: no finding" ;;
		fixed)
			while read -r forbidden why; do
				for e in $engines; do
					! grep " $forbidden " "$work/$e" >&2 ||
						die "$why: $e: $forbidden on $ver's $file, which has the fix"
				done
			done < "$work/case-$n.forbidden" ;;
		mutant)
			judge_mutant "$n" ;;
		esac
	done 3< "$work/cases"
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

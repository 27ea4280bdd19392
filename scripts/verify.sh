#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# uabatch patch --verify: keep the fixes of a patch that build and pass
# our checkers, objtool and checkpatch.pl; drop the others, and say why.
#
# Each file the patch touches is compiled twice with its own command line
# as the build directory recorded it (Kbuild's .<object>.cmd): as it is,
# and patched, each time from a copy outside the tree (the tree's
# directory of the file stays on the include path for its local headers).
# Both builds run the GCC plugin, then the sparse checker takes the same
# flags, and objtool checks the object.  A fix (the changes in one
# function) is dropped when the patched file does not build, or adds a
# compiler warning, a region finding of either checker or an objtool
# UACCESS warning, or when checkpatch.pl --strict says anything of it
# (but CamelCase of a name the file has already),
# or when none of its lines becomes code in that configuration (nothing
# of it would have been checked); when the file's fixes fail together,
# each is tried alone.  A header is
# compiled inside a .c file that includes it, its patched copy first on
# the include path.
#
# Nothing is written to the tree.  A build directory of make O= gets the
# original object of a file it had not built yet (make O=... OBJ); a tree
# configured in place is only read: its files must have been built.
#
# usage: verify.sh KDIR DIFF BUILD...
# KDIR is the tree DIFF applies to (patch -p1); each BUILD a build
# directory of it (make O=), or the tree itself, one an architecture.
# Prints the diff of the fixes kept; one line a fix on stderr.

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
kdir=$(cd "$1" && pwd)
diff=$2
shift 2
work=$(mktemp -d "${TMPDIR:-/tmp}/uabatch-verify.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 2' HUP INT TERM

say()
{
	echo "uabatch: verify: $*" >&2
}

# The architecture a build directory is configured for, from .config.
arch_of()
{
	sh "$top/scripts/make-args.sh" --arch "$1"
}

# The source tree of a build directory: its 'source' link (make O=), or
# itself.
source_of()
{
	if [ -L "$1/source" ]; then
		(cd "$1/source" && pwd -P)
	else
		(cd "$1" && pwd -P)
	fi
}

# The build directories that may build file $1: its architecture's for a
# file under arch/, else each one given, in order (a driver of one
# architecture builds in that one's).
builds_for()
{
	case $1 in
	arch/*)
		a=${1#arch/}
		a=${a%%/*}
		for b in $builds; do
			if [ "$(arch_of "$b")" = "$a" ]; then
				echo "$b"
			fi
		done
		;;
	*)
		printf '%s\n' $builds
		;;
	esac
}

# The command line that built object $2 (path in the tree) in build
# directory $1, without what runs after the compiler; built first in a
# build directory of make O= that has not built it yet.
command_of()
{
	b=$1 o=$2
	cmd=$b/$(dirname "$o")/.$(basename "$o").cmd
	if [ ! -f "$cmd" ] && [ -L "$b/source" ]; then
		# shellcheck disable=SC2046 # ARCH=.. CROSS_COMPILE=.., no blanks
		flock "$b/.uabatch.lock" make -s -C "$b" $(sh "$top/scripts/make-args.sh" "$b") "$o" \
			> "$work/make.log" 2>&1 ||
			true
	fi
	[ -f "$cmd" ] || return 1
	sed -n "1s|^\\(saved\\)\\{0,1\\}cmd_[^ ]* := ||p" "$cmd" | sed 's/ ; .*$//'
}

# The plugin for the compiler of command line $1.
plugin_for()
{
	cc=${1%% *}
	case $($cc -dumpmachine 2>/dev/null) in
	"$(gcc -dumpmachine)") echo "$top/gcc-plugin/uaccess_plugin.so" ;;
	*) echo "$top/gcc-plugin/$($cc -dumpmachine)/uaccess_plugin.so" ;;
	esac
}

# The flags sparse gets besides the compiler's, as the kernel's Makefile
# sets CHECKFLAGS for build directory $1.
checkflags()
{
	a=$(arch_of "$1")
	flags="-D__linux__ -Dlinux -D__STDC__ -Dunix -D__unix__ -Wbitwise -Wno-return-void"
	flags="$flags -Wno-unknown-attribute --arch=$a"
	grep -q '^CONFIG_64BIT=y' "$1/.config" && flags="$flags -m64" || flags="$flags -m32"
	grep -q '^CONFIG_CPU_BIG_ENDIAN=y' "$1/.config" && flags="$flags -mbig-endian" ||
		flags="$flags -mlittle-endian"
	# What arch/$a/Makefile adds to CHECKFLAGS.
	case $a in
	x86) grep -q '^CONFIG_64BIT=y' "$1/.config" && flags="$flags -D__x86_64__" ;;
	arm64) flags="$flags -D__aarch64__ -D__AARCH64EL__" ;;
	powerpc) flags="$flags -D__powerpc__ -D__powerpc64__"
		grep -q '^CONFIG_CPU_LITTLE_ENDIAN=y' "$1/.config" && flags="$flags -D__LITTLE_ENDIAN__" ;;
	riscv) flags="$flags -D__riscv -D__riscv_xlen=64" ;;
	esac
	echo "$flags"
}

# Diagnostics of the build of $1 (a log), one a line, without where
# (lines move) and sorted, so that two builds compare with comm(1).
diagnostics()
{
	grep -E ': (warning|error): |\[uaccess:' "$1" |
		sed 's/^[^ ]*:[0-9]*:[0-9]*: //; s/line [0-9]*/line N/g' | sort || true
}

# Build file $3 of the tree, as its copy $2 stands, with command line $4
# in build directory $1; its diagnostics (compiler, plugin, sparse,
# objtool) in $5.  A header of the tree ($6) stands first on the include
# path as its copy $7.  Fails when it does not compile.
check_build()
{
	b=$1 src=$2 rel=$3 line=$4 out=$5
	inc=
	if [ $# -ge 7 ]; then
		# The copy's directory that stands for include/ (or for
		# arch/*/include/), where #include <...> finds it.
		root=$(dirname "$7")
		up=$(dirname "$6")
		while [ "$up" != . ] && [ "$(basename "$up")" != include ]; do
			up=$(dirname "$up")
			root=$(dirname "$root")
		done
		inc="-I$root"
	fi
	plugin=$(plugin_for "$line")
	[ -f "$plugin" ] || { echo "no GCC plugin built for ${line%% *}" > "$out"; return 1; }
	# The command line names the original source and object; the copy
	# and a scratch object stand in for them, the source's directory in
	# the tree on the quoted include path for its local headers.  A
	# plugin the object was last built with (KCFLAGS=-fplugin=..., as
	# the README says to run ours) goes: GCC refuses one plugin twice.
	cmd=$(printf '%s\n' "$line" | sed "s/[[:space:]]*\$//; s|-Wp,-MMD,[^ ]*|-Wp,-MMD,$work/obj.d|;
		s| -fplugin=[^ ]*/uaccess_plugin\.so||g; s| -fplugin-arg-uaccess_plugin-[^ ]*||g;
		s| -c -o [^ ]* [^ ]*\$||; s|^\([^ ]*\) |\1 $inc |")
	cmd="$cmd -iquote $srcdir/$(dirname "$rel")"
	# -g1: a line table, which does not change the code, tells which
	# lines became code (compiled_lines).
	(cd "$b" && eval "$cmd -g1 -fplugin=$plugin -c -o $work/obj.o $src") > "$work/build.log" 2>&1 ||
		{ grep -m 3 'error' "$work/build.log" | sed 's/^[^ ]*:[0-9]*:[0-9]*: //' > "$out"; return 1; }
	flags=$(printf '%s\n' "$cmd" | sed 's/^[^ ]* //')
	(cd "$b" && eval "$top/sparse-checks/sparse-uaccess --uaccess-only $(checkflags "$b") $flags $src") \
		>> "$work/build.log" 2>&1 || true
	diagnostics "$work/build.log" > "$out"
	sh "$top/scripts/objtool-uaccess.sh" "$b" "$work/obj.o" >> "$out"
	sort -o "$out" "$out"
}

# The lines of source file $1 that the last check_build made code of.
compiled_lines()
{
	readelf -W --debug-dump=decodedline "$work/obj.o" | awk -v f="$1" '
		BEGIN { base = f; sub(/.*\//, "", base) }
		/:$/ && !/^Contents / {
			file = substr($0, 1, length($0) - 1)
			sub(/^CU: /, "", file)
			next
		}
		$2 ~ /^[0-9]+$/ && $3 ~ /^0x/ && (file == f || file == base) { print $2 }' |
		sort -u
}

# A fix of $1 (a comma-separated list) no line of which became code in
# the last check_build of copy $2: its function, or the branch it
# rewrites, is compiled out, and nothing of it was checked.  Its number,
# or nothing.
compiled_out()
{
	compiled_lines "$2" > "$work/compiled"
	awk -v apply="$1" -v lines=1 -f "$top/scripts/split-fixes.awk" "$work/u0" "$work/scanned" \
		"$orig" > "$work/added"
	for n in $(echo "$1" | tr , ' '); do
		awk -F'\t' -v n="$n" '$1 == n { print $2 }' "$work/added" |
			grep -qxFf "$work/compiled" ||
			{ echo "$n"; return; }
	done
}

# The file as fixes $1 (a comma-separated list) leave it, in $2.
with_fixes()
{
	awk -v apply="$1" -f "$top/scripts/split-fixes.awk" "$work/u0" "$work/scanned" "$orig" > "$2"
}

# Why the file with fixes $1 is worse than the original, or nothing.
judge()
{
	these=$1
	copy=$work/new/$file
	mkdir -p "$(dirname "$copy")"
	with_fixes "$these" "$copy"
	if [ -n "$header" ]; then
		built=$work/new/$host
		mkdir -p "$(dirname "$built")"
		cp "$srcdir/$host" "$built"
		set -- "$build" "$built" "$host" "$hostcmd" "$work/after" "$file" "$copy"
	else
		set -- "$build" "$copy" "$file" "$hostcmd" "$work/after"
	fi
	if ! check_build "$@"; then
		echo "does not build: $(head -n 1 "$work/after")"
		return
	fi
	new=$(comm -13 "$work/before" "$work/after" | head -n 1)
	if [ -n "$new" ]; then
		echo "the build adds: $new"
		return
	fi
	if [ -n "$(compiled_out "$these" "$copy")" ]; then
		echo "compiled out in $(basename "$build"): no line of it became code, nothing checked it"
		return
	fi
	diff -u --label "a/$file" --label "b/$file" "$orig" "$copy" > "$work/one.diff" || true
	perl "$kdir/scripts/checkpatch.pl" --strict --no-tree --no-signoff --quiet \
		--ignore COMMIT_MESSAGE,MISSING_SIGN_OFF "$work/one.diff" > "$work/checkpatch" 2>&1 || true
	grep -E '^(ERROR|WARNING|CHECK):' "$work/checkpatch" | while IFS= read -r said; do
		# A name the file has already (a label Efault) is not the fix's.
		case $said in
		"CHECK: Avoid CamelCase: <"*">")
			name=${said#*<}
			grep -qw -- "${name%>}" "$orig" && continue ;;
		esac
		echo "checkpatch: $said"
		break
	done
}

builds=
for b; do
	[ -f "$b/.config" ] || { echo "uabatch: $b: not a configured build directory" >&2; exit 2; }
	builds="$builds $(cd "$b" && pwd)"
done

# The patch, a file at a time.
sed -n 's|^+++ b/||p' "$diff" | sed 's/\t.*//' > "$work/files"
while IFS= read -r file; do
	orig=$kdir/$file
	builds_for "$file" > "$work/builds"
	if [ ! -s "$work/builds" ]; then
		say "$file: dropped: no build directory for $(echo "$file" | cut -d/ -f1-2)"
		continue
	fi
	awk -v f="$file" '/^--- a\// { on = ($0 == "--- a/" f) } on' "$diff" > "$work/file.diff"
	cp "$orig" "$work/patched"
	(cd "$work" && patch -s -p1 -o patched.out "$orig" < file.diff) > /dev/null 2>&1 ||
		{ say "$file: dropped: the patch does not apply"; continue; }
	diff -U0 "$orig" "$work/patched.out" > "$work/u0" || true
	awk -f "$top/scripts/functions.awk" "$orig" > "$work/scanned"
	awk -v list=1 -f "$top/scripts/split-fixes.awk" "$work/u0" "$work/scanned" "$orig" > "$work/fixes"

	# What to build: the file, or the first .c file that includes it
	# (a header, or a .c file such as control_compat.c, which control.c
	# includes) and calls a function the patch changes, that the build
	# directory builds.
	cut -f2 "$work/fixes" > "$work/functions"
	header= host= hostcmd= why=
	while IFS= read -r build; do
		srcdir=$(source_of "$build")
		if [ "$srcdir" != "$kdir" ] && ! cmp -s "$orig" "$srcdir/$file"; then
			why="$build builds another version of it"
			continue
		fi
		case $file in
		*.h) ;;
		*) echo "$file" ;;
		esac > "$work/hosts"
		sh "$top/scripts/host-of.sh" "$srcdir" "$file" "$work/functions" |
			head -n 5 >> "$work/hosts"
		while IFS= read -r h; do
			hostcmd=$(command_of "$build" "${h%.c}.o") && { host=$h; break; }
		done < "$work/hosts"
		[ -n "$host" ] && break
		why="$(basename "$build") builds neither it nor a .c file that includes it"
	done < "$work/builds"
	[ "$host" = "$file" ] || header=$file
	if [ -z "$host" ]; then
		[ "$(wc -l < "$work/builds")" -gt 1 ] &&
			why="no build directory given builds it or a .c file that includes it"
		say "$file: dropped: $why"
		continue
	fi
	mkdir -p "$work/old/$(dirname "$host")"
	cp "$srcdir/$host" "$work/old/$host"
	if [ -n "$header" ]; then
		mkdir -p "$work/old/$(dirname "$file")"
		cp "$orig" "$work/old/$file"
		set -- "$build" "$work/old/$host" "$host" "$hostcmd" "$work/before" \
			"$file" "$work/old/$file"
	else
		set -- "$build" "$work/old/$host" "$host" "$hostcmd" "$work/before"
	fi
	if ! check_build "$@"; then
		say "$file: dropped: $host does not build as it is in $(basename "$build"):" \
			"$(head -n 1 "$work/before")"
		continue
	fi

	all=$(cut -f1 "$work/fixes" | paste -sd,)
	kept=
	why=$(judge "$all")
	if [ -z "$why" ]; then
		kept=$all
	else
		while IFS='	' read -r n fn _; do
			why=$(judge "$n")
			if [ -n "$why" ]; then
				say "$file: $fn(): dropped: $why"
			else
				kept=${kept:+$kept,}$n
			fi
		done < "$work/fixes"
		if [ -n "$kept" ] && [ -n "$(judge "$kept")" ]; then
			say "$file: dropped: its fixes pass alone, not together"
			kept=
		fi
	fi
	[ -n "$kept" ] || continue
	for n in $(echo "$kept" | tr , ' '); do
		say "$file: $(awk -F'\t' -v n="$n" '$1 == n { print $2 }' "$work/fixes")(): verified in $(basename "$build")"
	done
	with_fixes "$kept" "$work/kept"
	diff -u -p --label "a/$file" --label "b/$file" "$orig" "$work/kept" || true
done < "$work/files"

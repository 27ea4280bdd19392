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
# (but what it says of the same line in the file as it is, or CamelCase of
# a name the file has already),
# or when none of its lines becomes code in that configuration (nothing
# of it would have been checked); when the file's fixes fail together,
# each is tried alone.  A header is
# compiled inside a .c file that includes it, its patched copy first on
# the include path.
#
# Nothing is written to the tree.  A build directory of make O= gets the
# original object of a file it had not built yet (make O=... OBJ); a tree
# configured in place is only read: its files must have been built.  A
# file no build directory could build is dropped with make's first error
# (make O= failed: the configuration does not build it, or the build
# directory is broken) or else, where a tree configured in place has not
# built it, with that cause and the exit status 3.
#
# A modernize patch of a tree without the scoped API (6.19) is checked
# with the API of tree NEW (--scoped-api NEW), over the tree's own
# accessors: scripts/scoped-backport.sh.
#
# usage: verify.sh [--scoped-api NEW] [--verdicts FILE] KDIR DIFF BUILD...
# KDIR is the tree DIFF applies to (patch -p1); each BUILD a build
# directory of it (make O=), or the tree itself, one an architecture.
# Prints the diff of the fixes kept; one line a fix on stderr, and with
# --verdicts the same in FILE as data, one line a fix:
#   PATH <tab> FUNCTION <tab> verified|dropped <tab> BUILD|WHY
# (FUNCTION empty where a whole file is dropped), a verified fix built
# for x86 followed by what its object shows, before and after the
# file's kept fixes:
#   <tab> OBJECT <tab> CALLS <tab> STAC <tab> CLAC <tab> CALLS <tab> STAC <tab> CLAC
# the calls to the out-of-line accessors (__put_user_N, __get_user_N,
# each with a STAC and a CLAC of its own), and the STAC and CLAC
# instructions of the object itself.

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
scoped_api=
verdicts=/dev/null
if [ "$1" = --scoped-api ]; then
	scoped_api=$(cd "$2" && pwd)
	shift 2
fi
if [ "$1" = --verdicts ]; then
	verdicts=$2
	shift 2
fi
kdir=$(cd "$1" && pwd)
diff=$2
shift 2
work=$(mktemp -d "${TMPDIR:-/tmp}/uabatch-verify.XXXXXX")
trap 'rm -rf "$work"' EXIT
# Absolute (a relative TMPDIR): commands run elsewhere get paths in it.
work=$(cd "$work" && pwd)
trap 'exit 2' HUP INT TERM

# The verdict on function $2 of file $1 (or on the whole file, with no
# function): $3 verified in build directory $4 (with $5, what its object
# shows, if anything), or dropped, why $4.
verdict()
{
	if [ "$3" = verified ]; then
		echo "uabatch: verify: $1: $2(): verified in $4" >&2
	else
		echo "uabatch: verify: $1: ${2:+$2(): }dropped: $4" >&2
	fi
	printf '%s\t%s\t%s\t%s%s\n' "$1" "$2" "$3" "$4" "${5:+	$5}" >> "$verdicts"
}

# The user-access switches of the last object check_build made, 'CALLS
# <tab> STAC <tab> CLAC': the calls to the out-of-line accessors, and the
# STAC and CLAC instructions x86 patches in by alternatives.  Nothing for
# another architecture.
switches()
{
	[ "$(arch_of "$build")" = x86 ] || return 0
	objdump -dr --no-show-raw-insn "$work/obj.o" 2>/dev/null | awk '
		$2 == "stac" { s++ }
		$2 == "clac" { c++ }
		/R_X86_64_(PLT32|PC32)[ \t]+__(put|get)_user_(nocheck_)?[1248]([^0-9]|$)/ { k++ }
		END { print k + 0 "\t" s + 0 "\t" c + 0 }'
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

# The compiler and flags that built object $2 (path in the tree) in build
# directory $1 (scripts/compile-command.sh); built first in a build
# directory of make O= that has not built it yet.
command_of()
{
	b=$1 o=$2
	cmd=$b/$(dirname "$o")/.$(basename "$o").cmd
	if [ ! -f "$cmd" ] && [ -L "$b/source" ]; then
		# shellcheck disable=SC2046 # ARCH=.. CROSS_COMPILE=.., no blanks
		flock "$b/.uabatch.lock" make -s -C "$b" $(sh "$top/scripts/make-args.sh" "$b") "$o" \
			> "$work/make.log" 2>&1 ||
			cause "$work/make-failed" \
				"make $o in $(basename "$b") failed: $(first_error "$work/make.log")"
	elif [ ! -f "$cmd" ] && [ -f "$b/$(dirname "$o")/Makefile" ] && [ -f "$b/${o%.o}.c" ]; then
		cause "$work/unbuilt" "$(basename "$b") is configured but has not built $o, and a tree configured in place is only read: make $o there, or give a build directory of make O= (--build)"
	fi
	[ -f "$cmd" ] || return 1
	sh "$top/scripts/compile-command.sh" "$cmd" 2> /dev/null
}

# Why a file could not be built, kept in file $1 where no cause was kept
# yet for the file: make failed (make-failed), or a tree configured in
# place has not built it (unbuilt, which makes the exit status 3).
cause()
{
	[ -s "$1" ] || echo "$2" > "$1"
}

# The first error in make's output $1, or its last line.
first_error()
{
	grep -m 1 -i 'error' "$1" || tail -n 1 "$1"
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

# The directory of the scoped API of tree $scoped_api for build directory
# $1, made once from command line $2 of one of its objects: its
# linux/uaccess.h goes first on the include path.
scoped_api_for()
{
	d=$work/scoped-api/$(printf %s "$1" | cksum | cut -d" " -f1)
	if [ ! -f "$d/linux/uaccess.h" ]; then
		mkdir -p "$d/linux"
		echo '#include <linux/uaccess.h>' |
			(cd "$1" && eval "$2 -E -dM -x c -") 2> "$work/backport.log" |
			sh "$top/scripts/scoped-backport.sh" "$scoped_api" > "$d/linux/uaccess.h" \
				2>> "$work/backport.log" ||
			{ rm -f "$d/linux/uaccess.h"; return 1; }
	fi
	echo "$d"
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
	if [ -n "$scoped_api" ]; then
		api=$(scoped_api_for "$b" "$line") ||
			{ echo "scoped-backport.sh: $(cat "$work/backport.log")" > "$out"; return 1; }
		inc="$inc -I$api"
	fi
	# The copy and a scratch object stand in for the original source and
	# object, the source's directory in the tree on the quoted include
	# path for its local headers.
	cmd=$(printf '%s\n' "$line" | sed "s|^\([^ ]*\) |\1 $inc |")
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
	python3 "$top/cocci/layout.py" --added "$1" "$work/u0" "$orig" > "$work/added"
	for n in $(echo "$1" | tr , ' '); do
		awk -F'\t' -v n="$n" '$1 == n { print $2 }' "$work/added" |
			grep -qxFf "$work/compiled" ||
			{ echo "$n"; return; }
	done
}

# The file as fixes $1 (a comma-separated list) leave it, in $2.
with_fixes()
{
	python3 "$top/cocci/layout.py" --apply "$1" "$work/u0" "$orig" > "$2"
}

# The tree's checkpatch.pl with arguments "$@" (absolute paths).  With
# --strict it keeps a cache of CamelCase names, .checkpatch-camelcase.*,
# in its working directory, and first removes any there: run where uabatch
# was started (the tree, for 'uabatch candidates' and most users), it
# would write into the tree.  It runs in an empty directory of its own,
# made and removed each time, so that nothing is written there, no run
# sees another's cache, and what it says does not depend on where uabatch
# was started (in a git checkout it seeds the cache from include/).
checkpatch()
{
	cpdir=$(mktemp -d "$work/checkpatch.XXXXXX")
	cpstatus=0
	(cd "$cpdir" && exec perl "$kdir/scripts/checkpatch.pl" "$@") || cpstatus=$?
	rm -rf "$cpdir"
	return $cpstatus
}

# 'message <tab> line' of each thing checkpatch.pl says (its output on
# standard input), the line it quotes without its leading blanks.
said_of()
{
	awk '/^(ERROR|WARNING|CHECK):/ { if (said != "") print said "\t"; said = $0; next }
		said != "" && /^\+/ { line = substr($0, 2); sub(/^[ \t]+/, "", line)
			print said "\t" line; said = "" }
		END { if (said != "") print said "\t" }'
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
	checkpatch --strict --no-tree --no-signoff --quiet \
		--ignore COMMIT_MESSAGE,MISSING_SIGN_OFF "$work/one.diff" 2>&1 | said_of > "$work/checkpatch" || true
	said_before=$work/said-$(echo "$file" | tr / _)
	[ -f "$said_before" ] ||
		checkpatch --strict --no-tree --quiet -f "$orig" 2>&1 |
		said_of > "$said_before" || true
	# What it says of a line as the file has it already (moved into a
	# block: futex.h's "return -ENOSYS;") is not the fix's.
	grep -vxFf "$said_before" "$work/checkpatch" | cut -f1 | while IFS= read -r said; do
		# Nor is a name the file has already (a label Efault).
		case $said in
		"CHECK: Avoid CamelCase: <"*">")
			name=${said#*<}
			grep -qw -- "${name%>}" "$orig" && continue ;;
		esac
		echo "checkpatch: $said"
		break
	done
}

# 'fix <tab> host' of each fix of header $file still to verify: the first
# .c file of $work/hosts that build $build builds and that calls the
# function of the fix (a header's functions are compiled where they are
# called: x86's futex.h in kernel/futex/waitwake.c and core.c), else $host.
hosts_of_fixes()
{
	awk 'NR == FNR { pending[$1]; next } $1 in pending' "$work/pending" "$work/fixes" |
	while IFS='	' read -r n fn _; do
		h=$(while IFS= read -r c; do
			grep -qE "(^|[^A-Za-z0-9_])${fn}[[:space:]]*\\(" "$srcdir/$c" &&
				command_of "$build" "${c%.c}.o" > /dev/null &&
				{ echo "$c"; break; }
		done < "$work/hosts"; true)
		printf '%s\t%s\n' "$n" "${h:-$host}"
	done
}

# Judge fixes $1 (a comma-separated list) of $file in $host (built with
# $hostcmd in $build): each is kept when they pass together, else each
# that passes alone, if those pass together; the kept ones are added to
# $kept_all.
verify_in_host()
{
	these_fixes=$1
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
		verdict "$file" "" dropped "$host does not build as it is in $(basename "$build"): $(head -n 1 "$work/before")"
		return
	fi
	before_switches=$(switches)
	kept=
	why=$(judge "$these_fixes")
	if [ -z "$why" ]; then
		kept=$these_fixes
	else
		for n in $(echo "$these_fixes" | tr , ' '); do
			fn=$(awk -F'\t' -v n="$n" '$1 == n { print $2 }' "$work/fixes")
			why=$(judge "$n")
			case $why in
			"compiled out"*)
				# Said if no build directory after this one
				# compiles it.
				printf '%s\t%s\t%s\n' "$n" "$fn" "$why" >> "$work/compiled-out" ;;
			?*)
				verdict "$file" "$fn" dropped "$why" ;;
			*)
				kept=${kept:+$kept,}$n ;;
			esac
		done
		if [ -n "$kept" ] && [ -n "$(judge "$kept")" ]; then
			verdict "$file" "" dropped "its fixes pass alone, not together"
			kept=
		fi
	fi
	# The object was last built with the kept fixes.
	shows=
	[ -z "$kept" ] || [ -z "$before_switches" ] ||
		shows="${host%.c}.o	$before_switches	$(switches)"
	for n in $(echo "$kept" | tr , ' '); do
		verdict "$file" "$(awk -F'\t' -v n="$n" '$1 == n { print $2 }' "$work/fixes")" verified \
			"$(basename "$build")" "$shows"
	done
	[ -z "$kept" ] || kept_all=${kept_all:+$kept_all,}$kept
}

builds=
unverified=
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
		verdict "$file" "" dropped "no build directory for $(echo "$file" | cut -d/ -f1-2)"
		continue
	fi
	awk -v f="$file" '/^--- a\// { on = ($0 == "--- a/" f) } on' "$diff" > "$work/file.diff"
	cp "$orig" "$work/patched"
	(cd "$work" && patch -s -p1 -o patched.out "$orig" < file.diff) > /dev/null 2>&1 ||
		{ verdict "$file" "" dropped "the patch does not apply"; continue; }
	diff -U0 "$orig" "$work/patched.out" > "$work/u0" || true
	python3 "$top/cocci/layout.py" --fixes "$work/u0" "$orig" > "$work/fixes"

	# What to build: the file, or the first .c file that includes it
	# (a header, or a .c file such as control_compat.c, which control.c
	# includes) and calls a function the patch changes, that the build
	# directory builds.  A fix compiled out in one build directory is
	# tried in the next (x86's checksum_32.h in an i386 one).
	cut -f2 "$work/fixes" > "$work/functions"
	cut -f1 "$work/fixes" > "$work/pending"
	why= kept_all= tried=
	: > "$work/unbuilt"
	: > "$work/make-failed"
	while IFS= read -r build; do
		[ -s "$work/pending" ] || break
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
		host=
		while IFS= read -r h; do
			hostcmd=$(command_of "$build" "${h%.c}.o") && { host=$h; break; }
		done < "$work/hosts"
		if [ -z "$host" ]; then
			why="$(basename "$build") builds neither it nor a .c file that includes it"
			continue
		fi
		tried=yes
		header=
		[ "$host" = "$file" ] || header=$file
		if [ -n "$header" ]; then
			hosts_of_fixes > "$work/fixhosts"
		else
			sed "s|\$|	$host|" "$work/pending" > "$work/fixhosts"
		fi
		: > "$work/compiled-out"
		for host in $(cut -f2 "$work/fixhosts" | awk '!seen[$0]++'); do
			hostcmd=$(command_of "$build" "${host%.c}.o")
			verify_in_host "$(awk -F'\t' -v h="$host" '$2 == h { print $1 }' "$work/fixhosts" | paste -sd,)"
		done
		cut -f1 "$work/compiled-out" > "$work/pending"
	done < "$work/builds"
	if [ -z "$tried" ]; then
		[ "$(wc -l < "$work/builds")" -gt 1 ] &&
			why="no build directory given builds it or a .c file that includes it"
		if [ -s "$work/make-failed" ]; then
			why=$(cat "$work/make-failed")
		elif [ -s "$work/unbuilt" ]; then
			why=$(cat "$work/unbuilt")
			unverified=yes
		fi
		verdict "$file" "" dropped "$why"
		continue
	fi
	while IFS='	' read -r _ fn why; do
		verdict "$file" "$fn" dropped "$why"
	done < "$work/compiled-out"
	[ -n "$kept_all" ] || continue
	with_fixes "$kept_all" "$work/kept"
	diff -u -p --label "a/$file" --label "b/$file" "$orig" "$work/kept" || true
done < "$work/files"
# A file the build directories could not build was not verified: the
# analysis is incomplete.
[ -z "$unverified" ] || exit 3

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# uabatch lint: the findings a patch brings.  The patch (a diff, 'git
# format-patch' output, or a series of them in one file, applied in order)
# is applied to copies of the files it touches; the semantic patches and,
# where KDIR is configured and the checkers are built, the sparse checker
# and the GCC plugin run on the results, and only the findings on lines
# the patch adds or changes are printed, with the patch's path and its
# new-side line.  KDIR itself is only read.  With --build DIR the checkers
# build in that build directory of KDIR (make O=DIR), for its
# architecture, with its compiler.
#
# A region defect, or a .c file that builds as it is and not patched,
# makes the exit status 1; batching opportunities are advice (exit 0)
# unless --strict; a touched function or file that could not be analysed
# (not parsed, not built), exit 3.  Bad usage or input: exit 2, a message
# on stderr, nothing on stdout.
#
# A .c file is built as it is (uabatch check).  A header cannot be built
# alone, and its inline functions are only analysed where something calls
# them: it is checked inside a "host", the first .c file of the patch, else
# of KDIR, that includes it and calls a function whose body the patch
# changed; without one it gets the semantic patches only (a note says so).
#
# usage: sh scripts/lint.sh [--kdir KDIR] [--build DIR] [--strict] [--format text|json|sarif] [PATCH|-]

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
prog="uabatch lint"
fields_awk=$(cat "$top/scripts/fields.awk")

usage()
{
	echo "usage: uabatch lint [--kdir KDIR] [--build DIR] [--strict] [--format text|json|sarif] [PATCH|-]" >&2
	exit 2
}

die()
{
	echo "$prog: $*" >&2
	exit 2
}

note()
{
	echo "$prog: note: $*" >&2
}

kdir=.
build=
strict=0
format=text
while [ $# -gt 0 ]; do
	case $1 in
	--kdir) [ $# -ge 2 ] || usage; kdir=$2; shift 2 ;;
	--kdir=*) kdir=${1#--kdir=}; shift ;;
	--build) [ $# -ge 2 ] || usage; build=$2; shift 2 ;;
	--build=*) build=${1#--build=}; shift ;;
	--strict) strict=1; shift ;;
	--format) [ $# -ge 2 ] || usage; format=$2; shift 2 ;;
	--format=*) format=${1#--format=}; shift ;;
	--) shift; break ;;
	-) break ;;
	-*) echo "$prog: unknown option '$1'" >&2; usage ;;
	*) break ;;
	esac
done
[ $# -le 1 ] || usage
patch=${1:--}
case $format in
text|json|sarif) ;;
*) die "--format $format: not one of text, json, sarif" ;;
esac
[ "$patch" = - ] || [ -f "$patch" ] || die "$patch: no such file"
[ "$patch" = - ] && [ -t 0 ] && usage
if [ ! -f "$kdir/Makefile" ] || [ ! -f "$kdir/include/linux/uaccess.h" ]; then
	[ "$kdir" = . ] && die "$(pwd): not a kernel tree (--kdir KDIR names one)"
	die "--kdir $kdir: not a kernel tree"
fi
kdir=$(cd "$kdir" && pwd)
if [ -n "$build" ]; then
	build=$(sh "$top/scripts/make-args.sh" --dir "$build" 2>&1) || die "$build"
fi
name=$patch
[ "$patch" = - ] && name="<stdin>"

work=$(mktemp -d "${TMPDIR:-/tmp}/uabatch-lint.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 2' HUP INT TERM
cat -- "$patch" > "$work/patch"

# The files of the patch, as 'patch -p1' names them: the old and the new
# name of each diff ('/dev/null' for a created or deleted file).  Hunk
# bodies are counted out, so that a removed line that starts with '-- '
# is not taken for a header.
awk '
function strip(s) {
	sub(/\t.*/, "", s)
	if (s != "/dev/null")
		sub(/^[^\/]*\//, "", s)
	return s
}
old > 0 || new > 0 {
	if (/^-/) old--
	else if (/^\+/) new--
	else if (/^ / || /^$/) { old--; new-- }
	else if (!/^\\/) old = new = 0
	next
}
/^--- / { from = strip(substr($0, 5)); next }
/^\+\+\+ / && from != "" { print from "\t" strip(substr($0, 5)); from = ""; next }
/^@@ -[0-9]/ {
	split($2, o, ","); split($3, n, ",")
	old = (2 in o) ? o[2] : 1
	new = (2 in n) ? n[2] : 1
	next
}
{ from = "" }' "$work/patch" > "$work/names"
[ -s "$work/names" ] || die "$name: no diff in it"

# Copies of the files it touches: $work/old is KDIR's, $work/new gets the
# patch; the other files of their directories are linked into $work/new
# afterwards, so that a .c file built from there finds its local headers.
mkdir -p "$work/old" "$work/new"
tr '\t' '\n' < "$work/names" | while read -r f; do
	case /$f/ in
	//dev/null/) ;;
	*/../*|//*) echo "$f" ;;
	esac
done > "$work/outside"
[ -s "$work/outside" ] && die "$name: $(head -1 "$work/outside"): a path outside the tree"
cut -f1 "$work/names" | grep -vx /dev/null | sort -u > "$work/olds" || true
while read -r f; do
	[ -f "$kdir/$f" ] || continue	# patch names the file it cannot find
	mkdir -p "$work/old/$(dirname "$f")" "$work/new/$(dirname "$f")"
	cp "$kdir/$f" "$work/old/$f"
	cp "$kdir/$f" "$work/new/$f"
done < "$work/olds"
cut -f2 "$work/names" | grep -vx /dev/null | sort -u > "$work/touched" || true

if ! (cd "$work/new" && patch -p1 --batch --forward --no-backup-if-mismatch \
		-r "$work/rejects" < "$work/patch") > "$work/patch.log" 2>&1; then
	why=$(awk '
		/^patching file / { f = substr($0, 15) }
		/^can.t find file to patch/ { lost = 1 }
		lost && /^\|\+\+\+ / {
			f = substr($0, 6); sub(/\t.*/, "", f)
			print f ": no such file"; exit
		}
		!lost && /FAILED|Reversed|malformed|Only garbage/ { print f ": " $0; exit }' "$work/patch.log")
	die "$name: does not apply to $kdir: ${why:-$(tail -1 "$work/patch.log")}"
fi

# Link the files of KDIR's directory $1 that $work/new/$1 does not have.
link_dir()
{
	[ -d "$kdir/$1" ] || return 0
	mkdir -p "$work/new/$1"
	for s in "$kdir/$1"/*; do
		if [ -f "$s" ] && [ ! -e "$work/new/$1/${s##*/}" ]; then
			ln -s "$s" "$work/new/$1/${s##*/}"
		fi
	done
}

# Then, out of patch's way, the rest of each directory.
while read -r f; do
	link_dir "$(dirname "$f")"
done < "$work/touched"

# The lines each file gained: 'PATH <tab> LINE', new side.
: > "$work/lines"
while read -r f; do
	[ -f "$work/new/$f" ] || continue
	o=$work/old/$f
	[ -f "$o" ] || o=/dev/null
	diff -U0 "$o" "$work/new/$f" | awk -v f="$f" '
	/^@@ / {
		split($3, n, ",")
		first = substr(n[1], 2)
		count = (2 in n) ? n[2] : 1
		for (i = 0; i < count; i++)
			print f "\t" first + i
	}' >> "$work/lines"
done < "$work/touched"
cut -f1 "$work/lines" | sort -u > "$work/changed"

# Findings, one a line: 'ENGINE <tab> FIELDS' (scripts/fields.awk) with
# the patch's path.
: > "$work/findings"
tag()
{
	sed "s|^$work/new/||; s|^|$1	|" >> "$work/findings"
}

# The checkers' diagnostics on standard input, in the field form.
diagnostics()
{
	awk "$fields_awk"'
	diagnostic($0, d) { print diagnostic_fields(d) }'
}

# Run uabatch; exit 1 is findings, 3 something not analysed (said, and
# kept for the exit status), 2 an error (its message goes on).
: > "$work/incomplete"
run()
{
	status=0
	"$top/uabatch" "$@" > "$work/out" 2> "$work/err" || status=$?
	[ $status -le 1 ] || [ $status = 3 ] || return 1
	sed "s|$work/new/||g" "$work/err" >&2
	[ $status != 3 ] || echo "$*" >> "$work/incomplete"
}

grep '\.[ch]$' "$work/changed" | sed "s|^|$work/new/|" > "$work/sources" || true
if [ -s "$work/sources" ]; then
	# Advice on the lines the patch touches, cold paths too.
	# shellcheck disable=SC2046 # one word a file: paths of a patch
	run scan --all --format fields $(cat "$work/sources") ||
		{ cat "$work/err" >&2; die "uabatch scan failed"; }
	tag coccinelle < "$work/out"
fi

# The functions (scripts/functions.awk) that file $1, the patch's path
# $2, has a changed line in.
changed_functions()
{
	awk -f "$top/scripts/functions.awk" "$1" | awk -F'\t' -v f="$2" '
	FNR == NR { if ($1 == f) changed[$2] = 1; next }
	$4 != "" { for (i = $1; i <= $3; i++) if (changed[i]) { print $4; next } }' \
		"$work/lines" - | sort -u
}

# A .c file that includes header $1 (the patch's path) and calls one of
# the functions in $work/functions, from the patch or else from KDIR;
# prints its path under $work/new (a copy, the include pointing at the
# patched header), or nothing.
host_for()
{
	h=$1
	case $h in
	include/uapi/*) inc=${h#include/uapi/} ;;
	include/*) inc=${h#include/} ;;
	arch/*/include/uapi/*) inc=${h#arch/*/include/uapi/} ;;
	arch/*/include/*) inc=${h#arch/*/include/} ;;
	*) inc= ;;
	esac
	# A header of its own directory is found next to the host, patched;
	# one of include/ is named by its path in the copy.
	if [ -n "$inc" ]; then
		re="^#[[:space:]]*include[[:space:]]*<$(echo "$inc" | sed 's/[.]/[.]/g')>"
		where=$kdir
	else
		re="^#[[:space:]]*include[[:space:]]*\"$(basename "$h" | sed 's/[.]/[.]/g')\""
		where=$kdir/$(dirname "$h")
	fi
	calls="(^|[^A-Za-z0-9_])($(paste -sd'|' "$work/functions"))[[:space:]]*\("
	# The patch's own files first, then the ones the configured build
	# compiled (their object is there), then any but another arch's.
	{
		grep '\.c$' "$work/touched" | sed "s|^|0 $work/new/|"
		grep -rlE --include='*.c' "$re" "$where" 2>/dev/null |
		while read -r c; do
			case ${c#"$kdir"/} in
			arch/"$arch"/*) ;;
			arch/*) continue ;;
			esac
			if [ -f "${c%.c}.o" ]; then echo "1 $c"; else echo "2 $c"; fi
		done
	} | sort -k1,1n -k2 | cut -d' ' -f2- | while read -r c; do
		if [ ! -f "$c" ] || ! grep -qE "$re" "$c" || ! grep -qE "$calls" "$c"; then
			continue
		fi
		rel=${c#"$work/new/"}
		rel=${rel#"$kdir/"}
		link_dir "$(dirname "$rel")"
		host=$work/new/$(dirname "$rel")/uabatch-host-$(basename "$rel")
		if [ -n "$inc" ]; then
			sed -E "s|$re|#include \"$work/new/$h\"|" "$c" > "$host"
		else
			cp "$c" "$host"
		fi
		echo "$host"
		break
	done
}

# Where the checkers build (the 'uabatch check' option), and the
# architecture: the build directory's, else the one 'make prepare' wrote
# KDIR's generated headers in.
arch=
plugin=$top/gcc-plugin/uaccess_plugin.so
if [ -n "$build" ]; then
	where="--build $build"
	arch=$(sh "$top/scripts/make-args.sh" --arch "$build") || exit 2
	plugin=$(sh "$top/scripts/make-args.sh" --plugin "$build") || exit 2
else
	where="--kdir $kdir"
	for a in "$kdir"/arch/*/include/generated; do
		[ -d "$a" ] || continue
		arch=${a#"$kdir"/arch/}
		arch=${arch%%/*}
	done
fi

configured=0
[ -f "$kdir/.config" ] && [ -f "$kdir/include/generated/autoconf.h" ] && configured=1
[ -n "$build" ] && configured=1
engines=
if [ $configured = 0 ]; then
	note "$kdir is not configured: semantic patches only (make defconfig prepare, or --build DIR)"
else
	if [ -x "$top/sparse-checks/sparse-uaccess" ]; then
		engines=sparse
	else
		note "the sparse checker is not built (make): not run"
	fi
	if [ -f "$plugin" ]; then
		engines="$engines gcc"
	else
		note "the GCC plugin is not built (make): not run"
	fi
fi

# Primitives the model has as proposed (SINCE "none") are in no tree: a
# patch that uses one comes after the patch that adds it (epoll v1 was
# 2/2).  Where neither KDIR nor the patch has one, a stand-in is
# declared: a function of that name, which the GCC plugin knows by its
# name, under a macro of that name (a macro is not expanded in its own
# body), which the sparse checker reads the pointer from.
awk '$1 == "open" && $4 == "none" { print $2 }' "$top/model/uaccess.api" |
while read -r p; do
	# Defined: a #define, or a declaration at the start of a line.
	grep -rqE --include='*.h' "^#[[:space:]]*define[[:space:]]+$p\\b|^[A-Za-z_].*[[:space:]*]$p[[:space:]]*\\(" \
		"$kdir/include" "$kdir/arch" "$work/new" && continue
	echo "void $p(const void __user *ptr, unsigned long size);"
	echo "#define $p(ptr, size) $p(ptr, size)"
done > "$work/declarations"

# What 'uabatch check' builds: a file that declares those and includes
# the patched .c (or the host of a header) by its path, so that findings
# come out with that path and its local includes resolve next to it.
n=0
[ -n "$engines" ] && grep '\.[ch]$' "$work/changed" | while read -r f; do
	case $f in
	*.c) c=$work/new/$f ;;
	*.h)
		changed_functions "$work/new/$f" "$f" > "$work/functions"
		if [ ! -s "$work/functions" ]; then
			note "$f: no function body changed: semantic patches only"
			continue
		fi
		c=$(host_for "$f")
		if [ -z "$c" ]; then
			note "$f: no .c file includes it and calls $(paste -sd, "$work/functions"): semantic patches only"
			continue
		fi
		;;
	esac
	n=$((n + 1))
	mkdir -p "$work/wrap/$n"
	wrapper=$work/wrap/$n/$(basename "$f" | tr -c 'A-Za-z0-9_\n' _).c
	{
		cat "$work/declarations"
		echo "#include \"$c\""
	} > "$wrapper"
	for e in $engines; do
		# shellcheck disable=SC2086 # the option and its directory
		if ! run check --engine "$e" $where "$wrapper"; then
			why=$(grep -m1 'error' "$work/err" || tail -1 "$work/err")
			why=$(echo "$why" | sed "s|$work/new/||g")
			# A .c file that builds as it is, and not patched: the
			# patch breaks it.  Otherwise it is not checked.
			echo "#include \"$kdir/$f\"" > "$work/wrap/orig.c"
			if [ "${f%.c}" != "$f" ] &&
			   "$top/uabatch" check --engine "$e" $where "$work/wrap/orig.c" \
				> /dev/null 2>&1; then
				echo "$prog: $f: the patch breaks its build: $why" | tee -a "$work/broken" >&2
			else
				note "$f: not checked, does not build in ${build:-$kdir} ($e): $why"
				echo "$f" >> "$work/incomplete"
			fi
			break
		fi
		diagnostics < "$work/out" | tag "$e"
	done
done

# Only the findings on the changed lines, one a line and id: the two
# checkers find the same defects, in words and columns of their own (the
# sparse checker's, which come first, are kept); the engines are joined.
# By place, then as their text reads: severity, message.
awk -F'\t' "$fields_awk"'
FNR == NR { changed[escape($1) "\t" $2] = 1; next }
{
	if (!changed[$2 "\t" $3])
		next
	key = $2 "\t" $3 "\t" $6
	if (!(key in eng)) { order[++n] = key; finding[key] = substr($0, length($1) + 2); eng[key] = $1 }
	else if (index("," eng[key] ",", "," $1 ",") == 0) eng[key] = eng[key] "," $1
}
END { for (i = 1; i <= n; i++) print finding[order[i]] "\t" eng[order[i]] }' \
	"$work/lines" "$work/findings" |
	sort -t "$(printf '\t')" -k1,1 -k2,2n -k3,3n -k4,4 -k7,7 > "$work/kept"

# Failing: a region defect (every id but the batch-* advice), or with
# --strict any finding.
if [ $strict = 1 ]; then
	failing=$(wc -l < "$work/kept")
else
	failing=$(awk -F'\t' '$5 !~ /^batch-/' "$work/kept" | wc -l)
fi
sh "$top/scripts/format-findings.sh" "$format" $([ $strict = 1 ] && echo strict) < "$work/kept"

[ "$failing" = 0 ] && [ ! -s "$work/broken" ] || exit 1
[ -s "$work/incomplete" ] && exit 3
exit 0

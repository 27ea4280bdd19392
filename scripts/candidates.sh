#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# uabatch candidates: the patches uabatch proposes for a kernel tree, as a
# series in 'git format-patch' form that 'git am' applies in order.
#
# One patch per function the fixer rewrites; one per file when a change
# of the file lies outside the functions with findings (the changes
# cannot then be told apart by function).  Each patch has:
#
#  - a subject with the subsystem's prefix, learnt from the path and the
#    tree's MAINTAINERS: the last directory of the most specific F:
#    pattern that covers the file (X: honoured), below the top level:
#    fs/xfs/ gives "xfs:", kernel/time/time.c "time:", kernel/bpf/ "bpf:"
#    (with no such pattern, the directory below the top level); a file
#    directly in a top-level directory, or under include/, gives its base
#    name: fs/select.c "select:", include/linux/eventpoll.h "eventpoll:";
#  - a body that says what is batched and how many user-access
#    begin/end pairs it saves;
#  - Cc: headers from the tree's scripts/get_maintainer.pl (no git
#    history in a source package: --no-git);
#  - From: the invoking user's git identity, or a placeholder that is
#    no one's; and no Signed-off-by: whoever sends it adds theirs.
#
# Where the tree is configured, every candidate is built in the tree with
# the GCC plugin before and after it, and objtool's UACCESS warnings are
# compared; DIR/summary has one line a candidate:
#
#   <patch file> <path> <function[,function]> compiles|NEW-WARNING|FAILS|not-built objtool-ok|NEW-UACCESS|-
#
# followed, for a failure, by the new warnings or errors, indented.
# Builds hold the tree's lock, KDIR.lock, from the first change of a
# source to its restoration; sources and objects are put back as they
# were (content and times).
#
# usage: candidates.sh --kdir KDIR --out DIR [PATH...]
# PATH is relative to KDIR or absolute inside it; the default is all of
# KDIR.  DIR must not exist or be empty.  Progress goes to standard
# error when it is a terminal.
# Exit status: 0 nothing to propose, 1 a series written, 2 bad usage or
# input (nothing written).

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
prog="uabatch candidates"
plugin=$top/gcc-plugin/uaccess_plugin.so

usage()
{
	echo "usage: uabatch candidates --kdir KDIR --out DIR [PATH...]" >&2
	exit 2
}

die()
{
	progress_end
	echo "$prog: $*" >&2
	exit 2
}

# One line of progress, rewritten in place; only on a terminal.
shown=
progress()
{
	[ -t 2 ] || return 0
	printf '\r%s: %s\033[K' "$prog" "$*" >&2
	shown=y
}

progress_end()
{
	[ -z "$shown" ] || printf '\n' >&2
	shown=
}

kdir=
out=
while [ $# -gt 0 ]; do
	case $1 in
	--kdir) [ $# -ge 2 ] || usage; kdir=$2; shift 2 ;;
	--kdir=*) kdir=${1#--kdir=}; shift ;;
	--out) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
	--out=*) out=${1#--out=}; shift ;;
	--) shift; break ;;
	-*) echo "$prog: unknown option '$1'" >&2; usage ;;
	*) break ;;
	esac
done
[ -n "$kdir" ] && [ -n "$out" ] || usage
[ -f "$kdir/Makefile" ] && [ -f "$kdir/include/linux/uaccess.h" ] ||
	die "--kdir $kdir: not a kernel tree"
kdir=$(cd "$kdir" && pwd)
if [ -e "$out" ] || [ -L "$out" ]; then
	[ -d "$out" ] || die "--out $out: exists and is not a directory"
	[ -z "$(ls -A "$out")" ] || die "--out $out: not empty"
fi
parent=$(dirname "$out")
[ -d "$parent" ] || die "--out $out: no directory $parent"

# The paths, from the tree's root.
[ $# -ge 1 ] || set -- .
for path; do
	shift
	case $path in
	"$kdir") rel=. ;;
	"$kdir"/*) rel=${path#"$kdir"/} ;;
	/*) die "$path: not in $kdir" ;;
	*) rel=$path ;;
	esac
	case /$rel/ in
	*/../*) die "$path: not in $kdir" ;;
	esac
	[ -e "$kdir/$rel" ] || die "$path: no such file or directory in $kdir"
	case $rel in
	*.c|*.h) [ -f "$kdir/$rel" ] || die "$path: not a regular file" ;;
	*) [ -d "$kdir/$rel" ] || die "$path: not a directory, nor a .c or .h file" ;;
	esac
	set -- "$@" "$rel"
done
command -v spatch >/dev/null || die "spatch not found: run 'make deps'"

# The compile check needs a configured tree (as 'make defconfig prepare'
# leaves it) and the plugin; objtool where the architecture has it.
configured=
if [ -f "$kdir/.config" ] && [ -f "$kdir/include/generated/autoconf.h" ]; then
	configured=y
	[ -f "$plugin" ] || die "$plugin: not built: run 'make'"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/uabatch-candidates.XXXXXX")
# The series is written here, then renamed to DIR: all of it or nothing.
staging=$parent/.$(basename "$out").uabatch.$$
trap 'rm -rf "$work" "$staging"' EXIT
trap 'exit 2' HUP INT TERM
mkdir "$staging" 2>/dev/null || die "--out $out: cannot write in $parent"

# ---- scan ------------------------------------------------------------------

# The files are scanned in chunks, to show progress; a chunk is copied
# out of the tree, as 'uabatch scan' takes one directory at a time and a
# scan does not depend on the files around the ones it reads.
(cd "$kdir" && find "$@" -type f \( -name '*.c' -o -name '*.h' \)) |
	sed 's|^\./||' | sort -u > "$work/files"
total=$(wc -l < "$work/files")
size=$(( (total + 19) / 20 ))
[ "$size" -ge 100 ] || size=100
split -l "$size" "$work/files" "$work/chunk."
: > "$work/findings"
done_files=0
for chunk in "$work"/chunk.*; do
	[ -s "$chunk" ] || continue
	rm -rf "$work/tree"
	mkdir "$work/tree"
	(cd "$kdir" && tr '\n' '\0' < "$chunk" | xargs -0 cp --parents -t "$work/tree")
	status=0
	"$top/uabatch" scan "$work/tree" > "$work/scan.out" 2> "$work/scan.err" || status=$?
	if [ -s "$work/scan.err" ]; then
		progress_end
		sed "s|$work/tree/||g" "$work/scan.err" >&2
	fi
	[ $status -le 1 ] || die "scan of $(head -n 1 "$chunk")...: failed"
	sed "s|^$work/tree/||" "$work/scan.out" >> "$work/findings"
	done_files=$((done_files + $(wc -l < "$chunk")))
	progress "scan: $done_files/$total files, $(wc -l < "$work/findings") findings," \
		"$(grep -vc 'not auto-fixable' "$work/findings") auto-fixable"
done
progress_end

# 'path <tab> line <tab> function <tab> id <tab> message' of every finding
# the fixer rewrites; the function is the last 'in NAME()' of the message.
grep -v 'not auto-fixable' "$work/findings" |
	sed -n 's/^\([^:]*\):\([0-9]*\):[0-9]*: [a-z]*: \(.* in \([A-Za-z_][A-Za-z0-9_]*\)().*\) \[uaccess:\([a-z-]*\)\]$/\1	\2	\4	\5	\3/p' |
	sort -t '	' -k1,1 -k2,2n > "$work/fixable" || true

# ---- split the fixer's patch of each file into candidates -------------------

# Given the fixable findings of one file (line <tab> function <tab> id
# <tab> message), its -U0 diff and the file, write the file as each
# candidate leaves it, DIR/state.0 (the file) to DIR/state.N (the
# fixer's result), and DIR/plan: each finding with its candidate number
# in front.  A candidate is a function: its header and body, from the
# first line after a blank line or a ';' to the '}' in column 0.
split_file()
{
	awk -F '\t' -v dir="$4" '
	FILENAME == ARGV[1] { fline[++nf] = $1; frec[nf] = $0; next }
	FILENAME == ARGV[2] {
		if (/^@@ /) {
			split($0, w, " ")
			split(substr(w[2], 2), o, ",")
			nh++
			hstart[nh] = o[1] + 0
			hlen[nh] = (2 in o) ? o[2] + 0 : 1
			nadd[nh] = 0
		} else if (nh && /^\+/)
			add[nh, ++nadd[nh]] = substr($0, 2)
		next
	}
	{ line[FNR] = $0 }
	# Functions, as excerpt.awk sees them (kernel layout).
	!inbody && /^[ \t]*#/ { next }
	!inbody {
		if (!head && $0 !~ /^[ \t]*$/)
			head = FNR
		if (/^\{/) {
			inbody = 1
			fn_first[++nfn] = head ? head : FNR
		} else if (/;[ \t]*$/ || /^[ \t]*$/)
			head = 0
		next
	}
	/^\}/ { fn_last[nfn] = FNR; inbody = 0; head = 0 }

	# The function holding lines a to b.
	function fn_of(a, b,	i) {
		for (i = 1; i <= nfn; i++)
			if (fn_first[i] <= a && b <= fn_last[i])
				return i
		return 0
	}
	END {
		nlines = FNR
		split_ok = 1
		for (i = 1; i <= nf; i++) {
			f = fn_of(fline[i], fline[i])
			if (!f)
				split_ok = 0
			has_finding[f] = 1
		}
		# A hunk replaces its lines, or inserts between two lines.
		for (h = 1; h <= nh; h++) {
			f = fn_of(hstart[h], hstart[h] + (hlen[h] ? hlen[h] - 1 : 1))
			if (!f || !has_finding[f])
				split_ok = 0
			hfn[h] = f
			has_hunk[f] = 1
		}
		# Candidates numbered in the order of their functions; one
		# for the whole file when the changes do not split.
		ncand = 0
		for (f = 1; f <= nfn; f++)
			if (has_finding[f] && has_hunk[f])
				cand[f] = ++ncand
		if (!split_ok)
			ncand = 1
		for (i = 1; i <= nf; i++)
			print (split_ok ? cand[fn_of(fline[i], fline[i])] : 1) "\t" frec[i] > (dir "/plan")
		print ncand > (dir "/count")
		for (k = 0; k <= ncand; k++) {
			state = dir "/state." k
			printf "" > state
			i = 1
			for (h = 1; h <= nh; h++) {
				if ((split_ok ? cand[hfn[h]] : 1) > k)
					continue
				first = hlen[h] ? hstart[h] : hstart[h] + 1
				while (i < first)
					print line[i++] > state
				for (j = 1; j <= nadd[h]; j++)
					print add[h, j] > state
				i += hlen[h]
			}
			while (i <= nlines)
				print line[i++] > state
			close(state)
		}
	}' "$1" "$2" "$3"
}

mkdir "$work/cand"
ncand=0
nfiles=$(cut -f1 "$work/fixable" | uniq | wc -l)
nfile=0
for f in $(cut -f1 "$work/fixable" | uniq); do
	nfile=$((nfile + 1))
	progress "patch: $nfile/$nfiles files ($f), $ncand candidates"
	d=$work/file.$nfile
	mkdir -p "$d/new/$(dirname "$f")"
	echo "$f" > "$d/path"
	status=0
	(cd "$kdir" && "$top/uabatch" patch "$f") > "$d/fixer.diff" || status=$?
	[ $status -le 1 ] || die "$f: uabatch patch failed"
	[ -s "$d/fixer.diff" ] || { echo "$prog: $f: no patch for its findings" >&2; continue; }
	cp "$kdir/$f" "$d/new/$f"
	(cd "$d/new" && patch -s -p1 < ../fixer.diff) ||
		die "$f: the fixer's patch does not apply"
	diff -U0 "$kdir/$f" "$d/new/$f" > "$d/u0" || true
	awk -F '\t' -v f="$f" '$1 == f' "$work/fixable" | cut -f2- > "$d/findings"
	split_file "$d/findings" "$d/u0" "$kdir/$f" "$d"
	m=$(cat "$d/count")
	cmp -s "$d/state.$m" "$d/new/$f" || die "$f: the split does not add up to the fixer's patch"
	k=1
	while [ "$k" -le "$m" ]; do
		ncand=$((ncand + 1))
		c=$work/cand/$(printf %04d "$ncand")
		mkdir "$c"
		echo "$f" > "$c/path"
		echo "$d" > "$c/file"
		echo "$k" > "$c/state"
		awk -F '\t' -v k="$k" '$1 == k' "$d/plan" | cut -f2- > "$c/findings"
		diff -u -F '^[[:alpha:]$_].*[^:]$' --label "a/$f" --label "b/$f" "$d/state.$((k - 1))" "$d/state.$k" \
			> "$c/diff" || true
		k=$((k + 1))
	done
done
[ "$nfiles" -eq 0 ] || progress_end

# ---- compile check ----------------------------------------------------------

# Build object $1 in the tree, with the plugin; its warnings, without
# positions (lines move), in $2.  Checking is not building: the tree's
# CONFIG_WERROR would make a warning the old code already had an error.
build()
{
	rm -f "$kdir/$1"
	make -s -C "$kdir" KCFLAGS="-fplugin=$plugin -Wno-error" "$1" \
		> "$work/build.log" 2>&1 || return 1
	grep 'warning:' "$work/build.log" |
		sed 's/^[^ ]*:[0-9]*:[0-9]*: //; s/at line [0-9]*/at line N/g' | sort > "$2"
}

# The objtool warnings of object $1 in $2, or nothing without objtool.
objtool_of()
{
	if [ -x "$kdir/tools/objtool/objtool" ]; then
		sh "$top/scripts/objtool-uaccess.sh" "$kdir" "$1" > "$2"
	else
		: > "$2"
	fi
}

# Build file $1's states 0..$3 (in directory $2) in turn, each in the
# tree in place of the file, and write the result of candidate k (state
# k against state k-1) to $2/result.k, its detail to $2/detail.k.  A .c
# file that another one includes (compat_binfmt_elf.c) builds with it.
check_file()
{
	f=$1 d=$2 m=$3
	obj=${f%.c}.o
	includer=$(grep -l "^#include \"$(basename "$f")\"" \
		"$kdir/$(dirname "$f")"/*.c 2>/dev/null | head -n 1) || true
	includer=${includer#"$kdir"/}
	save="$f"
	for o in "$obj" ${includer:+"${includer%.c}.o"}; do
		save="$save $o $(dirname "$o")/.$(basename "$o").cmd $(dirname "$o")/.$(basename "$o").d"
	done
	(
	flock 9
	# Everything the builds may change, put back as it was.
	mkdir "$d/saved"
	for s in $save; do
		[ -e "$kdir/$s" ] || continue
		mkdir -p "$d/saved/$(dirname "$s")"
		cp -p "$kdir/$s" "$d/saved/$s"
	done
	restore()
	{
		for s in $save; do
			if [ -e "$d/saved/$s" ]; then
				cp -p "$d/saved/$s" "$kdir/$s"
			else
				rm -f "$kdir/$s"
			fi
		done
	}
	trap restore EXIT
	trap 'exit 2' HUP INT TERM

	if ! build "$obj" "$d/warnings.0"; then
		[ -n "$includer" ] && obj=${includer%.c}.o
		build "$obj" "$d/warnings.0" || obj=
	fi
	[ -n "$obj" ] && objtool_of "$obj" "$d/objtool.0"
	k=1
	while [ "$k" -le "$m" ]; do
		if [ -z "$obj" ]; then
			echo "not-built -" > "$d/result.$k"
			k=$((k + 1))
			continue
		fi
		cp "$d/state.$k" "$kdir/$f"
		: > "$d/detail.$k"
		if build "$obj" "$d/warnings.$k"; then
			result=compiles
			comm -13 "$d/warnings.$((k - 1))" "$d/warnings.$k" > "$d/detail.$k"
			[ -s "$d/detail.$k" ] && result=NEW-WARNING
			objtool_of "$obj" "$d/objtool.$k"
			if [ -x "$kdir/tools/objtool/objtool" ]; then
				comm -13 "$d/objtool.$((k - 1))" "$d/objtool.$k" > "$d/new-objtool"
				if [ -s "$d/new-objtool" ]; then
					result="$result NEW-UACCESS"
					cat "$d/new-objtool" >> "$d/detail.$k"
				else
					result="$result objtool-ok"
				fi
			else
				result="$result -"
			fi
		else
			result="FAILS -"
			grep -E 'error|warning' "$work/build.log" | head -n 20 > "$d/detail.$k"
			# The next candidate is compared with this failure.
			: > "$d/warnings.$k"
			: > "$d/objtool.$k"
		fi
		echo "$result" > "$d/result.$k"
		k=$((k + 1))
	done
	) 9> "$kdir.lock"
}

if [ -n "$configured" ]; then
	nfile=0
	for d in "$work"/file.*; do
		[ -f "$d/count" ] || continue
		nfile=$((nfile + 1))
		progress "check: $nfile/$nfiles files in $(basename "$kdir")"
		case $(cat "$d/path") in
		*.c) check_file "$(cat "$d/path")" "$d" "$(cat "$d/count")" ||
			die "$(cat "$d/path"): the compile check failed" ;;
		esac
	done
	[ "$nfile" -eq 0 ] || progress_end
fi

# ---- the series -------------------------------------------------------------

# The subject prefix of file $1 (the rule is in this script's header).
prefix_of()
{
	[ -f "$kdir/MAINTAINERS" ] || set -- "$1" /dev/null
	awk -v file="$1" '
	function re(glob,	r, i, c) {
		r = ""
		for (i = 1; i <= length(glob); i++) {
			c = substr(glob, i, 1)
			if (c == "*")
				r = r "[^/]*"
			else if (c == "?")
				r = r "[^/]"
			else if (c ~ /[A-Za-z0-9_\/-]/)
				r = r c
			else
				r = r "[" c "]"
		}
		return r
	}
	# "dir" when pattern p matches a directory holding file,
	# "file" when it names the file, else "".
	function kind(p) {
		if (p ~ /\/$/)
			return file ~ ("^" re(p)) ? "dir" : ""
		if (p !~ /[*?]/ && index(file, p "/") == 1)
			return "dir"
		return file ~ ("^" re(p) "$") ? "file" : ""
	}
	function end_section() {
		if (!excluded && sec_score > best_score) {
			best_score = sec_score
			best_depth = sec_depth
		}
		excluded = sec_score = 0
	}
	/^X:[ \t]/ { if (kind($2) != "") excluded = 1; next }
	/^F:[ \t]/ {
		k = kind($2)
		if (k == "")
			next
		p = $2
		depth = gsub(/\//, "/", p) + (k == "dir" && p !~ /\/$/)
		gsub(/[*?]/, "", p)
		literal = length(p)
		score = ((2 * depth + (k == "file")) * 1000) + literal
		if (score > sec_score) {
			sec_score = score
			sec_depth = depth
		}
		next
	}
	/^[ \t]*$/ { end_section() }
	END {
		end_section()
		n = split(file, part, "/")
		base = part[n]
		sub(/\.[^.]*$/, "", base)
		if (n <= 2 || part[1] == "include")
			print base
		else
			print part[best_depth < 2 ? 2 : best_depth]
	}' "${2:-$kdir/MAINTAINERS}"
}

# "a()", "a() and b()", "a(), b() and c()" for the words of $1.
list_of()
{
	echo "$1" | awk '{
		for (i = 1; i <= NF; i++)
			s = s (i == 1 ? "" : i == NF ? " and " : ", ") $i "()"
		print s
	}'
}

# The accessor calls the patch of candidate $1 removes, one a line
# (put_user, __get_user, ...): what it batches, counted from the patch
# (a batch-rw finding may count a write the rewrite leaves alone).
calls_of()
{
	grep '^-' "$1/diff" | grep -v '^--- a/' | grep -o '[A-Za-z0-9_]*_user *(' |
		sed -n 's/^\(_*\(put\|get\)_user\) *($/\1/p'
}

# "reads", "writes" or "reads and writes", for the calls in file $1.
kind_of()
{
	sed 's/^_*//; s/_user$//' "$1" | sort -u | tr '\n' ' ' | sed '
		s/^get $/reads/
		s/^put $/writes/
		s/^get put $/reads and writes/'
}

# The body of candidate $1, a paragraph a line.
body_of()
{
	c=$1
	calls_of "$c" > "$c/calls"
	kind=$(kind_of "$c/calls")
	accessors=$(sort -u "$c/calls" | sed 's/$/()/' |
		awk '{ s = s (NR > 1 ? " and " : "") $0 } END { print s }')
	# put_user() and get_user() check the address too; __put_user() and
	# __get_user() do not.
	if grep -q '^_' "$c/calls"; then
		each="each of which opens and closes user access on its own"
		every="opens and closes user access for every element"
	else
		each="each of which checks the address and opens and closes user access on its own"
		every="checks the address and opens and closes user access for every element"
	fi
	begin='\(user_[a-z_]*access_begin\|scoped_user_[a-z_]*access[a-z_]*\)('
	region=$(grep -o "^+.*$begin" "$c/diff" | head -n 1 |
		sed 's/.*[^A-Za-z0-9_]\([a-z_]*access[a-z_]*\)($/\1/')
	loops=$(grep -c '	batch-[a-z]*-loop	' "$c/findings" || true)
	regions=$(grep -c "^+.*$begin" "$c/diff" || true)
	# Runs: each removed call is one access; each region replaces a run.
	n=$(($(wc -l < "$c/calls") - loops))
	r=$((regions - loops))
	if [ "$n" -gt 0 ]; then
		funcs=$(grep -v '	batch-[a-z]*-loop	' "$c/findings" | cut -f2 | uniq |
			sed 's/$/()/' | tr '\n' ' ' | sed 's/ $//; s/ / and /g')
		ptrs=$(grep -v '	batch-[a-z]*-loop	' "$c/findings" |
			sed 's/.* through \(.*\) in [^ ]* can share .*/\1/' | sort -u |
			tr '\n' ' ' | sed 's/ $//; s/ / and /g')
		if [ "$r" = 1 ]; then
			them="Make them in one region, opened with $region(): one user-access begin/end pair"
		else
			them="Make them in $r regions, opened with $region(): $r user-access begin/end pairs"
		fi
		echo "$funcs makes $n user $kind through $ptrs with $accessors, $each.  $them (STAC/CLAC on x86 with SMAP) instead of $n, $((n - r)) fewer each time."
		echo
	fi
	grep '	batch-[a-z]*-loop	' "$c/findings" |
	while IFS='	' read -r _ func _ msg; do
		ptr=$(echo "$msg" | sed 's/^user [a-z]* through \(.*\) in a loop in .*/\1/')
		case $msg in
		"user read"*) verb=reads ;;
		*) verb=writes ;;
		esac
		# The number of elements: the region's size is 'N * sizeof(...)'.
		elements=$(grep -F "$region($ptr, " "$c/diff" | head -n 1 |
			sed -n 's/.*, \(.*\) \* sizeof(.*/\1/p')
		[ -n "$elements" ] || elements=n
		echo "$func() $verb through $ptr in a loop with $accessors, which $every.  Open one region for the whole loop, with $region(): one user-access begin/end pair (STAC/CLAC on x86 with SMAP) instead of one per element, $elements - 1 fewer for $elements elements."
		echo
	done
	if grep -q 'get_user' "$c/calls"; then
		echo "On a fault, unsafe_get_user() leaves its destination as it was, where get_user() zeroed it."
		echo
	fi
	ids=$(cut -f3 "$c/findings" | sort -u | tr '\n' ' ' | sed 's/ $//; s/ /, /g')
	echo "Found and rewritten by uabatch ($ids, a Coccinelle semantic patch).  On a fault the code leaves as before, with the same return value or error label."
}

# The Cc: header of the patch in $1, one address a line.
cc_of()
{
	[ -f "$kdir/scripts/get_maintainer.pl" ] || return 0
	(cd "$kdir" && perl scripts/get_maintainer.pl --no-git --no-git-fallback \
		--no-rolestats "$1" 2>/dev/null) |
		awk 'NF { printf "%s%s", (n++ ? ",\n    " : "Cc: "), $0 } END { if (n) print "" }' ||
		true
}

from="$(git config user.name 2>/dev/null || true) <$(git config user.email 2>/dev/null || true)>"
case $from in
" <"*|*"<>") from="uabatch candidates <uabatch@invalid>" ;;
esac
date=$(LC_ALL=C date '+%a, %d %b %Y %H:%M:%S %z')

: > "$staging/summary"
n=0
width=${#ncand}
for c in "$work"/cand/*; do
	[ -d "$c" ] || continue
	n=$((n + 1))
	f=$(cat "$c/path")
	d=$(cat "$c/file")
	k=$(cat "$c/state")
	funcs=$(cut -f2 "$c/findings" | awk '!seen[$0]++' | tr '\n' ' ')
	calls_of "$c" > "$c/calls"
	subject="$(prefix_of "$f"): batch user $(kind_of "$c/calls") in $(list_of "$funcs")"
	name=$(printf '%04d-%s' "$n" "$subject" |
		sed 's/[^A-Za-z0-9_.]/-/g; s/--*/-/g' | cut -c1-57 | sed 's/[-.]*$//').patch
	if [ -f "$d/result.$k" ]; then
		result=$(cat "$d/result.$k")
	elif [ -n "$configured" ]; then
		result="not-built -"
	else
		result="not-checked -"
	fi
	echo "$name $f $(echo "$funcs" | sed 's/ $//; s/ /,/g') $result" >> "$staging/summary"
	[ -s "$d/detail.$k" ] 2>/dev/null && sed 's/^/    /' "$d/detail.$k" >> "$staging/summary"
	case $result:$f in
	not-checked*) check="not built: the tree is not configured" ;;
	not-built*.h) check="not built: a header" ;;
	not-built*) check="not built: not in the tree's .config" ;;
	*) check="built before and after in $(basename "$kdir") with its .config and uabatch's GCC plugin: $result" ;;
	esac
	{
		echo "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001"
		echo "From: $from"
		echo "Date: $date"
		printf 'Subject: [PATCH %0*d/%d] %s\n' "$width" "$n" "$ncand" "$subject"
		cc_of "$c/diff"
		echo
		body_of "$c" | fmt -w 72
		echo
		echo "---"
		echo "Generated by uabatch candidates, not yet reviewed by a person."
		echo "Review it, then add your Signed-off-by (git am -s) before sending."
		echo "Build check: $check." | fmt -w 72
		echo
		(cd "$work" && git apply --stat "$c/diff" 2>/dev/null) || true
		echo
		echo "diff --git a/$f b/$f"
		cat "$c/diff"
		echo "-- "
		echo "uabatch"
		echo
	} > "$staging/$name"
done

[ -e "$out" ] && rmdir "$out"
mv "$staging" "$out"
cat "$out/summary"
[ "$ncand" -gt 0 ] && exit 1
exit 0

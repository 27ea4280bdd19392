#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# uabatch candidates: the patches uabatch proposes for a kernel tree, as a
# series in 'git format-patch' form that 'git am' applies in order.
#
# The fixes are those 'uabatch patch --verify' keeps: what scan reports as
# warnings (paths that run per I/O or per event; notes are left out),
# rewritten where the rewrite is sound, built in a build directory of the
# tree (--build DIR, as for patch; default the tree, if configured) and
# passed by both checkers, objtool and checkpatch.pl.  One patch per
# function, the ones that save the most begin/end pairs first (a loop
# saves one per element).  Each patch has:
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
# DIR/summary has one line a candidate, '<patch file> <path> <function>
# verified in <build directory>', then one a fix that was dropped,
# 'dropped <path> <function> <why>'.  The tree is only read.
#
# usage: candidates.sh --kdir KDIR [--build DIR]... --out DIR [PATH...]
# PATH is relative to KDIR or absolute inside it; the default is all of
# KDIR.  DIR must not exist or be empty.  Progress goes to standard
# error when it is a terminal.
# Exit status: 0 nothing to propose, 1 a series written, 2 bad usage or
# input (nothing written), 3 something could not be analysed (said on
# standard error; the series of the rest is written).

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
prog="uabatch candidates"

usage()
{
	echo "usage: uabatch candidates --kdir KDIR [--build DIR]... --out DIR [PATH...]" >&2
	echo "(PATH relative to KDIR, or absolute inside it)" >&2
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
builds=
while [ $# -gt 0 ]; do
	case $1 in
	--kdir) [ $# -ge 2 ] || usage; kdir=$2; shift 2 ;;
	--kdir=*) kdir=${1#--kdir=}; shift ;;
	--build) [ $# -ge 2 ] || usage; builds="$builds --build $2"; shift 2 ;;
	--build=*) builds="$builds --build ${1#--build=}"; shift ;;
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

work=$(mktemp -d "${TMPDIR:-/tmp}/uabatch-candidates.XXXXXX")
# The series is written here, then renamed to DIR: all of it or nothing.
staging=$parent/.$(basename "$out").uabatch.$$
trap 'rm -rf "$work" "$staging"' EXIT
trap 'exit 2' HUP INT TERM
mkdir "$staging" 2>/dev/null || die "--out $out: cannot write in $parent"

# ---- the fixes ----------------------------------------------------------------

# How many user-access begin/end pairs candidate $1 saves a call, as a
# sort key: a run of N saves N - 1; a loop one per element, counted as
# 1000.
savings()
{
	awk -F '\t' '
	$3 ~ /-loop$/ { s += 1000; next }
	match($4, /instead of [0-9]+/) { s += substr($4, RSTART + 11, RLENGTH - 11) - 1 }
	END { print s + 0 }' "$1/findings"
}


progress "scan and patch --verify: $*"
# Exit 3 of either: something was not analysed; it is said, the series
# is written, and candidates exits 3 too.
incomplete=
status=0
(cd "$kdir" && "$top/uabatch" scan --format fields "$@") > "$work/findings" 2> "$work/scan.err" ||
	status=$?
[ $status -le 1 ] || [ $status = 3 ] ||
	{ progress_end; cat "$work/scan.err" >&2; die "uabatch scan failed"; }
status=0
# shellcheck disable=SC2086 # --build words: directories without blanks
(cd "$kdir" && "$top/uabatch" patch $builds --verify "$@") > "$work/verified" \
	2> "$work/verify.err" || status=$?
[ $status -le 1 ] || [ $status = 3 ] ||
	{ progress_end; cat "$work/verify.err" >&2; die "uabatch patch --verify failed"; }
progress_end
if [ $status = 3 ]; then
	incomplete=y
	grep -v '^uabatch: verify: ' "$work/verify.err" >&2 || true
fi

# 'path <tab> line <tab> function <tab> id <tab> message' of every finding
# the fixer rewrites: not a function not parsed, nor one it says it does
# not rewrite.
awk -F'\t' '$5 != "not-parsed" && index($7, "not auto-fixable") == 0 {
	sub(/^\.\//, "", $1)
	print $1 "\t" $2 "\t" $6 "\t" $5 "\t" $7
}' "$work/findings" | sort -t '	' -k1,1 -k2,2n > "$work/fixable"

# One candidate a function the verified patch changes, with its compat
# twin if that is changed too (processcompl() and processcompl_compat():
# one patch, as a maintainer wants them): its diff against the tree with
# the candidates before it applied (git am applies them in order), and
# the findings in it.
mkdir "$work/cand"
ncand=0
sed -n 's|^+++ b/||p' "$work/verified" | while IFS= read -r f; do
	awk -v f="$f" '/^--- a\// { on = ($0 == "--- a/" f) } on' "$work/verified" > "$work/one.diff"
	(cd "$work" && patch -s -p1 -o new "$kdir/$f" < one.diff) > /dev/null ||
		die "$f: the verified patch does not apply"
	diff -U0 "$kdir/$f" "$work/new" > "$work/u0" || true
	awk -f "$top/scripts/functions.awk" "$kdir/$f" > "$work/scanned"
	# 'twin <tab> fix <tab> function <tab> ... first <tab> last'
	awk -v list=1 -f "$top/scripts/split-fixes.awk" "$work/u0" "$work/scanned" "$kdir/$f" |
		awk -F '\t' '{ t = $2; sub(/^compat_/, "", t); sub(/_compat$/, "", t)
			sub(/_compat_/, "_", t); print t "\t" $0 }' > "$work/fixes"
	cut -f1 "$work/fixes" | awk '!seen[$0]++' | while IFS= read -r twin; do
		awk -F '\t' -v t="$twin" '$1 == t' "$work/fixes" > "$work/group"
		apply=$(cut -f2 "$work/group" | paste -sd,)
		first=$(cut -f5 "$work/group" | sort -n | head -n 1)
		awk -v apply="$apply" -f "$top/scripts/split-fixes.awk" "$work/u0" "$work/scanned" \
			"$kdir/$f" > "$work/after"
		c=$work/cand/$(printf '%s:%s' "$f" "$twin" | md5sum | cut -c1-12)
		mkdir "$c"
		echo "$f" > "$c/path"
		awk -F '\t' 'FILENAME == ARGV[1] { a[++n] = $5; b[n] = $6; next }
			{ for (i = 1; i <= n; i++) if (a[i] <= $2 && $2 <= b[i]) { print; next } }' \
			"$work/group" "$work/fixable" | awk -F '\t' -v f="$f" '$1 == f' |
			cut -f2- > "$c/findings"
		diff -u -F '^[[:alpha:]$_].*[^:]$' --label "a/$f" --label "b/$f" \
			"$kdir/$f" "$work/after" > "$c/diff" || true
		echo "$(savings "$c") $f $first $c" >> "$work/order"
	done
done
ncand=$(find "$work/cand" -mindepth 1 -maxdepth 1 | wc -l)


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
	# Runs: their findings say how many accesses each; a region each.
	grep -v '	batch-[a-z]*-loop	' "$c/findings" > "$c/runs" || true
	n=$(awk -F '\t' '{ split($4, w, " "); n += w[1] } END { print n + 0 }' "$c/runs")
	r=$(wc -l < "$c/runs")
	if [ "$n" -gt 0 ]; then
		funcs=$(cut -f2 "$c/runs" | uniq | sed 's/$/()/' | tr '\n' ' ' |
			sed 's/ $//; s/ / and /g')
		makes=makes
		[ "$(cut -f2 "$c/runs" | sort -u | wc -l)" -gt 1 ] && makes=make
		ptrs=$(sed 's/.* through \(.*\) in [^ ]* can share .*/\1/' "$c/runs" | sort -u |
			tr '\n' ' ' | sed 's/ $//; s/ / and /g')
		if [ "$r" = 1 ]; then
			them="Make them in one region, opened with $region(): one user-access begin/end pair"
		else
			them="Make them in $r regions, opened with $region(): $r user-access begin/end pairs"
		fi
		echo "$funcs $makes $n user $kind through $ptrs with $accessors, $each.  $them (STAC/CLAC on x86 with SMAP) instead of $n, $((n - r)) fewer each time."
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
sort -k1,1nr -k2,2 -k3,3n "$work/order" 2>/dev/null | while read -r _ f _ c; do
	n=$((n + 1))
	funcs=$(cut -f2 "$c/findings" | awk '!seen[$0]++' | tr '\n' ' ')
	calls_of "$c" > "$c/calls"
	subject="$(prefix_of "$f"): batch user $(kind_of "$c/calls") in $(list_of "$funcs")"
	name=$(printf '%04d-%s' "$n" "$subject" |
		sed 's/[^A-Za-z0-9_.]/-/g; s/--*/-/g' | cut -c1-57 | sed 's/[-.]*$//').patch
	built=$(grep -F "$f: " "$work/verify.err" | grep -F "(): verified in " |
		sed 's/.* verified in //' | head -n 1)
	echo "$name $f $(echo "$funcs" | sed 's/ $//; s/ /,/g') verified in $built" >> "$staging/summary"
	check="built in $built before and after, silent under uabatch's sparse checker and GCC plugin, objtool and checkpatch.pl --strict"
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

# What 'patch --verify' dropped, and why.
sed -n 's/^uabatch: verify: \([^:]*\): \([^ ]*()\)\{0,1\}:\{0,1\} *dropped: /dropped \1 \2 /p' \
	"$work/verify.err" >> "$staging/summary"

# Into DIR as it is (a link to a directory stays one), or renamed to it.
if [ -d "$out" ]; then
	mv "$staging"/* "$out"/
	rmdir "$staging"
else
	mv "$staging" "$out"
fi
cat "$out/summary"
[ -z "$incomplete" ] || exit 3
[ "$ncand" -gt 0 ] && exit 1
exit 0

# SPDX-License-Identifier: GPL-2.0
#
# Helpers for the integration tests; sourced, not run.

set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
cache=${UABATCH_CACHE:-$HOME/.cache/uabatch}
reference=$top/testcases/reference
work=$(mktemp -d "${TMPDIR:-/tmp}/uabatch-it.XXXXXX")
trap 'rm -rf "$work"' EXIT
# Absolute (a relative TMPDIR): commands run elsewhere get paths in it.
work=$(cd "$work" && pwd)

die()
{
	echo "$(basename "$0"): $*" >&2
	exit 1
}

# The configured tree of 'make kernels' for version $1.
ktree()
{
	t=$cache/linux-$1
	[ -f "$t/Makefile" ] || die "$t: no kernel tree: run 'make kernels'"
	echo "$t"
}

# checkpatch.pl of tree $1 with the arguments that follow (absolute
# paths), as uabatch's verify runs it: in an empty directory of its own,
# made and removed each time, since with --strict it writes its cache of
# CamelCase names, .checkpatch-camelcase.*, into its working directory
# (here, the checkout the tests run in).
checkpatch()
{
	cpdir=$(mktemp -d "$work/checkpatch.XXXXXX")
	cpkdir=$1
	shift
	cpstatus=0
	(cd "$cpdir" && exec perl "$cpkdir/scripts/checkpatch.pl" "$@") || cpstatus=$?
	rm -rf "$cpdir"
	return $cpstatus
}

# The C tokens of standard input, one a line, comments dropped.
tokens()
{
	sed 's://.*$::' | tr '\n' ' ' |
	sed -e 's:/\*\([^*]\|\*[^/]\)*\*/: :g' \
	    -e 's/\(->\|[][(){};,*&|!+<>=.-]\)/ \1 /g' |
	tr -s ' \t' '\n' | sed '/^$/d'
}

# 'FIRST OPEN CLOSE', the numbers of the first line, the '{' line and the
# '}' line of the last definition of function $2 in file $1, as
# cocci/layout.py finds them; nothing when there is none.
function_lines()
{
	python3 "$top/cocci/layout.py" "$1" |
		awk -F'\t' -v name="$2" '$4 == name { last = $1 " " $2 " " $3 }
		END { if (last != "") print last }'
}

# The body, from '{' to '}', of the last definition of function $2 in $1.
function_body()
{
	set -- "$1" $(function_lines "$1" "$2")
	[ $# = 4 ] || return 0
	sed -n "$3,$4p" "$1"
}

# File $1 with the body of the last definition of function $2 replaced
# by the body in file $3.
with_body()
{
	set -- "$1" "$3" $(function_lines "$1" "$2")
	if [ $# != 5 ]; then
		cat "$1"
		return
	fi
	sed -n "1,$(($4 - 1))p" "$1"
	cat "$2"
	sed -n "$(($5 + 1)),\$p" "$1"
}

# Build the object $3 of C file $2 as an external module object of tree $1
# (objtool runs on it as on any module object).  Extra make arguments
# follow.  The build log is in $work/build.log.
build_object()
{
	kdir=$1 src=$2 obj=$3
	shift 3
	d=$work/build.$obj
	rm -rf "$d"
	mkdir -p "$d"
	cp "$src" "$d/${obj%.o}.c"
	echo "obj-m := $obj" > "$d/Kbuild"
	make -s -C "$kdir" M="$d" "$@" "$obj" > "$work/build.log" 2>&1 ||
		{ cat "$work/build.log" >&2; die "$src: does not compile in $kdir"; }
	if grep -i 'uaccess' "$work/build.log" >&2; then
		die "$src: objtool warns about user access in $kdir"
	fi
}

# What file $2 says, one a line, as $1 asks:
#   checkers  the region checkers' findings in a build log (the plugin's
#             format=json, sparse-uaccess's --uaccess-format=json):
#             'ENGINE PATH LINE ID TEXT'
#   stats     what they saw in each file of that log (their stats):
#             'ENGINE PATH FUNCTIONS ANALYSED OPENS'
#   fixable   the findings of 'uabatch scan --format jsonl' that patch
#             rewrites: 'FILE LINE ID FUNCTION', without a leading './'
findings_of()
{
	python3 - "$top" "$1" "$2" <<'EOF'
import sys
sys.path.insert(0, sys.argv[1])
from model.findings import read_build_log, read_jsonl
what, path = sys.argv[2:]
with open(path, errors='replace') as lines:
	if what == 'fixable':
		for f in read_jsonl(lines):
			if f.fixable:
				print(f.path[2:] if f.path.startswith('./') else f.path, f.line, f.id, f.function)
		sys.exit(0)
	found, stats = read_build_log(lines)
for f in found if what == 'checkers' else []:
	print(f.engine, f.path, f.line, f.id, f.message)
for s in stats if what == 'stats' else []:
	print(s['engine'], s['path'], s['functions'], s['analysed'], s['opens'])
EOF
}

# Apply the diff $2 to a copy of file $1 (the diff names it a/<base>);
# print the path of the result.
apply_to_copy()
{
	d=$work/apply.$$.$(date +%N)
	mkdir -p "$d"
	cp "$1" "$d/$(basename "$1")"
	(cd "$d" && patch -s -p1 < "$2") >&2 || die "$2: does not apply to $1"
	echo "$d/$(basename "$1")"
}

# Compare two token streams, files $1 and $2; show the difference.
same_tokens()
{
	diff -u "$1" "$2" >&2 || die "tokens differ: $1 $2"
}

# fs/select.c of tree $1 with do_sys_poll() as it was before 5.11, one
# __put_user() a descriptor (rebuilt by unbatch_do_sys_poll.cocci, the
# Efault path no goto reaches dropped, the loop head written as the
# kernel did), on standard output.
unbatched_select()
{
	spatch --very-quiet --sp-file "$top/testcases/integration/unbatch_do_sys_poll.cocci" \
		"$1/fs/select.c" -o "$work/unbatched.c" >/dev/null 2>"$work/spatch.log" ||
		die "$(cat "$work/spatch.log")"
	awk '/^Efault:$/ { held = $0; next }
	     held != "" && /^\tuser_write_access_end\(\);$/ { held = held "\n" $0; next }
	     held != "" && /err = -EFAULT;/ { held = held "\n" $0; next }
	     held != "" && /goto out_fds;/ { held = ""; next }
	     held != "" { print held; held = "" }
	     { print }' "$work/unbatched.c" |
		sed 's/for(j = 0;j < walk->len;j++, ufds++)/for (j = 0; j < walk->len; j++, ufds++)/'
}

# The GCC plugin for GCC version $1, built with it in the chroot of
# scripts/gcc-versions.sh (its path there); with no version, the one
# 'make' built for the machine's GCC.  Fails when there is none.
plugin_for()
{
	if [ -z "$1" ]; then
		[ -f "$top/gcc-plugin/uaccess_plugin.so" ] ||
			die "$top/gcc-plugin/uaccess_plugin.so: not built (make)"
		echo "$top/gcc-plugin/uaccess_plugin.so"
		return
	fi
	sh "$top/scripts/gcc-versions.sh" plugin "$1" 2> "$work/plugin.log" ||
		{ cat "$work/plugin.log" >&2; die "gcc-$1: the plugin does not build"; }
}

# The GCC plugin 'make' built for the cross compiler of build directory
# $1 (its CROSS_COMPILE); fails when there is none.
cross_plugin()
{
	p=$(sh "$top/scripts/make-args.sh" --plugin "$1") || exit 1
	[ -f "$p" ] || die "$p: not built (make)"
	echo "$p"
}

# Make objects in the chroot's build directory of 7.2 for GCC version $1,
# with gcc-$1, as scripts/make-objects.sh does; the make arguments and
# the objects follow.
chroot_make_7_2()
{
	gcc_version=$1
	shift
	sh "$top/scripts/gcc-versions.sh" run sh -c "$(cat "$top/scripts/make-objects.sh")" make-objects.sh \
		-s -C /src-7.2 O="/build-7.2-gcc-$gcc_version" CC="gcc-$gcc_version" \
		HOSTCC="gcc-$gcc_version" "$@"
}

# mutate SRC FUNC FIND REPLACE: SRC, on standard output, with the first
# line holding FIND after the line matching FUNC replaced by REPLACE (\n
# for new lines): a mutant of a real function.
mutate()
{
	awk -v func_rx="$2" -v find="$3" -v repl="$4" '
	!armed && $0 ~ func_rx { armed = 1 }
	armed == 1 && index($0, find) { gsub(/\\n/, "\n", repl); print repl; armed = 2; next }
	{ print }
	END { if (armed != 2) exit 1 }' "$1" || die "$1: no '$3' after '$2'"
}

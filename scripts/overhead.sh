#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What the checkers add to a kernel build, in instructions executed
# (valgrind's callgrind: the same count for the same command whatever
# else the machine does, where CPU seconds on a shared machine vary by
# more than the cost measured).  For each object, its own Kbuild commands
# are run twice, the second time with the checker:
#   gcc     the compiler command of its .cmd file, without and with
#           -fplugin=gcc-plugin/uaccess_plugin.so (or, in a cross build
#           directory, gcc-plugin/<target>/uaccess_plugin.so; driver,
#           cc1 and as counted)
#   sparse  the CHECK command 'make C=2' runs on its source, with sparse
#           0.6.5~rc1 (build/sparse-src/sparse) and with sparse-uaccess
# The objects must have been built once in BUILD.  The tree is not
# written: outputs go to a temporary directory.  Prints one line an
# object and engine, then the totals and their ratio.
#
# usage: sh scripts/overhead.sh [--engine gcc|sparse] BUILD OBJ...

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
engines="gcc sparse"
if [ "${1:-}" = --engine ]; then
	engines=${2:-}
	shift 2 || true
fi
case $engines in
"gcc sparse"|gcc|sparse) ;;
*) echo "overhead.sh: --engine $engines: not gcc or sparse" >&2; exit 2 ;;
esac
[ $# -ge 2 ] || { echo "usage: sh scripts/overhead.sh [--engine gcc|sparse] BUILD OBJ..." >&2; exit 2; }
build=$(cd "$1" && pwd)
shift
# a cross build directory: the plugin built for its compiler
plugin=$(sh "$top/scripts/make-args.sh" --plugin "$build")
sparse=$top/build/sparse-src/sparse
checker=$top/sparse-checks/sparse-uaccess
for f in "$plugin" "$sparse" "$checker"; do
	[ -x "$f" ] || [ -f "$f" ] || { echo "overhead.sh: $f: not built (make)" >&2; exit 2; }
done
command -v valgrind > /dev/null || { echo "overhead.sh: valgrind not found" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/uabatch-overhead.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The instructions command $1 executes, with its children, in $build.
instructions()
{
	(cd "$build" && valgrind -q --tool=callgrind --trace-children=yes \
		--callgrind-out-file="$work/cg.%p" sh -c "$1") > /dev/null 2> "$work/err" ||
		{ cat "$work/err" >&2; echo "overhead.sh: failed: $1" >&2; exit 2; }
	cat "$work"/cg.* | awk '/^summary:/ { n += $2 } END { printf "%.0f\n", n }'
	rm -f "$work"/cg.*
}

# The CHECK command of each object, one a line, as 'make C=2' runs it:
# a checker that writes its arguments down, quoted, and runs
# sparse-uaccess (7.2's checker-valid.sh must accept it).
cat > "$work/record" <<EOF
#!/bin/sh
for a; do
	printf "'%s' " "\$(printf '%s' "\$a" | sed "s/'/'\\\\\\\\''/g")"
done >> "$work/checks"
echo >> "$work/checks"
exec "$checker" "\$@"
EOF
chmod +x "$work/record"
: > "$work/checks"
case $engines in
*sparse*)
	# shellcheck disable=SC2046 # ARCH=.. CROSS_COMPILE=..
	make -s -C "$build" $(sh "$top/scripts/make-args.sh" "$build") C=2 CHECK="$work/record" \
		"$@" > "$work/make.log" 2>&1 || { cat "$work/make.log" >&2; exit 2; }
	;;
esac

printf '%-40s %-7s %15s %15s %s\n' object engine without with ratio
for o; do
	cmd=$build/$(dirname "$o")/.$(basename "$o").cmd
	[ -f "$cmd" ] || { echo "overhead.sh: $cmd: build $o first" >&2; exit 2; }
	flags=$(sh "$top/scripts/compile-command.sh" "$cmd")
	source=$(sh "$top/scripts/compile-command.sh" --source "$cmd")
	echo "$flags -c -o $work/out.o $source" > "$work/cc"
	: > "$work/both"
	case $engines in
	*gcc*)
		c=$(cat "$work/cc")
		echo "gcc $(instructions "$c") $(instructions "$c -fplugin=$plugin")" >> "$work/both"
		;;
	esac
	case $engines in
	*sparse*)
		src=${o%.o}.c
		check=$(grep -F -e "'$src' " -e "/$src' " "$work/checks" | tail -n 1)
		[ -n "$check" ] || { echo "overhead.sh: make C=2 did not check $src" >&2; exit 2; }
		echo "sparse $(instructions "'$sparse' $check") $(instructions "'$checker' $check")" \
			>> "$work/both"
		;;
	esac
	while read -r e a b; do
		printf '%-40s %-7s %15.0f %15.0f %.4f\n' "$o" "$e" "$a" "$b" "$(echo "$a $b" | awk '{ print $2 / $1 }')"
	done < "$work/both" | tee -a "$work/all"
done
awk '{ a[$2] += $3; b[$2] += $4 }
END { for (e in a) printf "%-40s %-7s %15.0f %15.0f %.4f\n", "all", e, a[e], b[e], b[e] / a[e] }' \
	"$work/all" | sort -k2

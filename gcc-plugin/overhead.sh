#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Compile-time overhead of the plugin: sh overhead.sh KDIR ROUNDS OBJ...
# Takes each object's compiler command from Kbuild's .cmd file (so the
# objects must have been built once), then runs every command without
# and with the plugin, interleaved, ROUNDS times, writing to a temporary
# file (the tree is not touched).  Prints the CPU seconds (user+sys) of
# each side and their ratio, and the CPU time of the plugin's pass itself
# (its 'time-report' option), which other load on the machine does not
# blur.
set -eu
kdir=$1 rounds=$2
shift 2
plugin=$(cd "$(dirname "$0")" && pwd)/uaccess_plugin.so
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$kdir"
i=0
for o in "$@"; do
	cmd=$(dirname "$o")/.$(basename "$o").cmd
	[ -f "$cmd" ] || { echo "$kdir/$cmd: build $o first" >&2; exit 2; }
	sed -n '1s/^savedcmd_[^ ]* := //p' "$cmd" |
		sed -e 's/ -fplugin=[^ ]*uaccess_plugin\.so//g' \
		    -e 's/ -fplugin-arg-uaccess_plugin-[^ ]*//g' \
		    -e 's/ -D__UABATCH_RUN=[0-9]*//' \
		    -e 's/-Wp,-MMD,[^ ]* //' \
		    -e "s| -o $o | -o $tmp/out.o |" > "$tmp/cmd.$i"
	i=$((i + 1))
done
cpu()
{
	/usr/bin/time -f '%U %S' -o "$tmp/t" sh -c "$1" > /dev/null 2>"$tmp/err"
	awk '{ print $1 + $2 }' "$tmp/t"
}
without=0 with=0 pass=0
r=0
while [ $r -lt "$rounds" ]; do
	j=0
	while [ $j -lt $i ]; do
		c=$(cat "$tmp/cmd.$j")
		a=$(cpu "$c")
		b=$(cpu "$c -fplugin=$plugin -fplugin-arg-uaccess_plugin-time-report")
		p=$(sed -n 's/.* \([0-9.]*\) s in the pass$/\1/p' "$tmp/err")
		pass=$(echo "$pass ${p:-0}" | awk '{ print $1 + $2 }')
		without=$(echo "$without $a" | awk '{ print $1 + $2 }')
		with=$(echo "$with $b" | awk '{ print $1 + $2 }')
		j=$((j + 1))
	done
	r=$((r + 1))
done
echo "$without $with $pass" | awk -v n="$i" -v r="$rounds" '{
	printf "%d objects x %d rounds: without %.2f s, with %.2f s, ratio %.4f\n", n, r, $1, $2, $2 / $1
	printf "the pass itself: %.4f s, ratio (without + pass) / without %.4f\n", $3, ($1 + $3) / $1 }'

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Compile-time overhead of the plugin: sh overhead.sh KDIR ROUNDS OBJ...
# Takes each object's compiler command from Kbuild's .cmd file (so the
# objects must have been built once), then runs every command without
# and with the plugin, interleaved, ROUNDS times, writing to a temporary
# file (the tree is not touched).  Prints, per round and in all, the CPU
# seconds (user+sys) of each side, the median of the rounds' ratios, and
# the CPU time of the plugin's passes themselves (its 'time-report'
# option), which other load on the machine does not blur.
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
# Each round compiles every object without and with the plugin, one right
# after the other (A B A B ..., B A B A ... in every other round, so that
# neither side is always the one that finds the files cached), so that a
# change of load on the machine hits both sides alike; the figure is the
# median of the rounds' ratios.
pass=0
r=0
: > "$tmp/rounds"
while [ $r -lt "$rounds" ]; do
	j=0 without=0 with=0
	while [ $j -lt $i ]; do
		c=$(cat "$tmp/cmd.$j")
		if [ $((r % 2)) = 0 ]; then
			a=$(cpu "$c")
			b=$(cpu "$c -fplugin=$plugin -fplugin-arg-uaccess_plugin-time-report")
			p=$(sed -n 's/.* \([0-9.]*\) s in the passes$/\1/p' "$tmp/err")
		else
			b=$(cpu "$c -fplugin=$plugin -fplugin-arg-uaccess_plugin-time-report")
			p=$(sed -n 's/.* \([0-9.]*\) s in the passes$/\1/p' "$tmp/err")
			a=$(cpu "$c")
		fi
		pass=$(echo "$pass ${p:-0}" | awk '{ print $1 + $2 }')
		without=$(echo "$without $a" | awk '{ print $1 + $2 }')
		with=$(echo "$with $b" | awk '{ print $1 + $2 }')
		j=$((j + 1))
	done
	echo "$without $with" | awk -v r=$((r + 1)) '{
		printf "round %d: without %.2f s, with %.2f s, ratio %.4f\n", r, $1, $2, $2 / $1 }' >&2
	echo "$without $with" >> "$tmp/rounds"
	r=$((r + 1))
done
awk '{ print $2 / $1, $1, $2 }' "$tmp/rounds" | sort -n |
	awk -v n="$i" -v r="$rounds" -v pass="$pass" '
	{ ratio[NR] = $1; without += $2; with += $3 }
	END {
		m = NR % 2 ? ratio[(NR + 1) / 2] : (ratio[NR / 2] + ratio[NR / 2 + 1]) / 2
		printf "%d objects x %d rounds: without %.2f s, with %.2f s, median ratio %.4f\n", n, r, without, with, m
		printf "the passes themselves: %.4f s, ratio (without + passes) / without %.4f\n", pass, (without + pass) / without }'

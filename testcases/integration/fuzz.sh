#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Hostile inputs, generated with a fixed seed from real files: lines
# deleted, doubled, swapped, cut short, garbage put in.  uabatch scan and
# patch on mutated sources, lint on mutated patches, both checkers on
# mutated testcases: no crash, no hang, no Python traceback, a failure
# (exit 2) says why on stderr, the input and the tree are left as they
# were.  Bounded: a few minutes.

. "$(dirname "$0")/../lib.sh"

k=$(ktree 6.12)
seed=${UABATCH_FUZZ_SEED:-20261201}
n=${UABATCH_FUZZ_COUNT:-20}

# mutate FILE K: a mutant of FILE, the K-th of the seed, on stdout.
mutate()
{
	awk -v seed="$seed" -v k="$2" '
	{ line[NR] = $0 }
	END {
		srand(seed + k)
		op = int(rand() * 6)
		a = 1 + int(rand() * NR)
		b = 1 + int(rand() * NR)
		for (i = 1; i <= NR; i++) {
			if (op == 0 && i == a)
				continue			# a line deleted
			if (op == 3 && i == a)
				exit				# cut short
			if (op == 2 && i == a) { print line[b]; continue }	# swapped
			if (op == 2 && i == b) { print line[a]; continue }
			print line[i]
			if (op == 1 && i == a)
				print line[i]			# doubled
			if (op == 4 && i == a)
				print "((( } #if { \\\\ \"unterminated"
			if (op == 5 && i == a)
				printf "%c%c\377 put_user(\n", 0, 1
		}
	}' "$1"
}

# check WHAT STATUS: a status that is neither a crash nor a time out,
# and a refusal that says why.
check()
{
	case $2 in
	0|1|3) ;;
	2) [ -s "$work/err" ] || die "$1: exit 2 and nothing said" ;;
	*) cat "$work/err" >&2; die "$1: exit $2 (crash or time out)" ;;
	esac
	grep -q '^Traceback' "$work/err" && { cat "$work/err" >&2; die "$1: a Python traceback"; }
	return 0
}

touch "$work/stamp"
sleep 1
mkdir "$work/m"
sources="$k/kernel/time/time.c $k/include/linux/eventpoll.h $k/fs/utimes.c"
i=0
while [ $i -lt "$n" ]; do
	for s in $sources; do
		m=$work/m/$(basename "$s")
		mutate "$s" "$i" > "$m"
		sum=$(md5sum < "$m")
		for cmd in scan patch; do
			status=0
			timeout 120 "$top/uabatch" "$cmd" --all "$m" > "$work/out" 2> "$work/err" || status=$?
			check "$cmd of mutant $i of $s" "$status"
		done
		[ "$(md5sum < "$m")" = "$sum" ] || die "mutant $i of $s: changed by uabatch"
	done
	i=$((i + 1))
done

# lint on mutated patches.
(cd "$k" && "$top/uabatch" patch --all kernel/time/time.c) > "$work/good.diff" || true
[ -s "$work/good.diff" ] || die "no patch to mutate"
i=0
while [ $i -lt "$n" ]; do
	mutate "$work/good.diff" "$i" > "$work/bad.diff"
	status=0
	(cd "$k" && timeout 300 "$top/uabatch" lint "$work/bad.diff") > "$work/out" 2> "$work/err" || status=$?
	check "lint of mutant $i" "$status"
	i=$((i + 1))
done

# Both checkers on mutated testcases.
i=0
for c in "$top"/sparse-checks/tests/*.c "$top"/region/tests/*.c; do
	mutate "$c" "$i" > "$work/m/t.c"
	status=0
	timeout 30 "$top/sparse-checks/sparse-uaccess" -I"$top/region/tests" \
		-I"$top/sparse-checks/tests" "$work/m/t.c" > "$work/out" 2> "$work/err" || status=$?
	[ $status -lt 124 ] || { cat "$work/err" >&2; die "sparse-uaccess on a mutant of $c: exit $status"; }
	status=0
	timeout 60 gcc -O2 -c -I"$top/region/tests" -fplugin="$top/gcc-plugin/uaccess_plugin.so" \
		"$work/m/t.c" -o "$work/m/t.o" > "$work/out" 2> "$work/err" || status=$?
	[ $status -lt 124 ] && ! grep -q 'internal compiler error' "$work/err" ||
		{ cat "$work/err" >&2; die "the GCC plugin on a mutant of $c: exit $status"; }
	i=$((i + 1))
done

changed=$(find "$k" -newer "$work/stamp" 2>/dev/null | head -n 3)
[ -z "$changed" ] || die "the tree was written: $changed"
echo "fuzz: $n mutants of 3 sources through scan and patch, $n mutated patches through lint, $i mutated testcases through both checkers (seed $seed): no crash, no hang, tree untouched"

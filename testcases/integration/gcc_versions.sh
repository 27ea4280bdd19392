#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The GCC plugin with each GCC of the chroot that 'make deps' makes
# (scripts/gcc-versions.sh: 13 to 16, what Debian 13, Fedora and Arch
# build kernels with), as with the machine's own: with each it builds and
# its testcases pass; with the oldest and the newest (what changes from
# one GCC to the next is the plugin API, which the build and the
# testcases of each prove) it also says nothing on the objects of 7.2
# that open regions (false_positives.sh N), and finds every mutant of
# 7.2 (region_mutants.sh N) with its id at its line.

. "$(dirname "$0")/../lib.sh"

versions=$(sh "$top/scripts/gcc-versions.sh" list) ||
	die "no chroot of GCC versions: run 'make deps'"
[ -n "$versions" ] || die "the chroot has no GCC"
# The plugin's own testcases, and the region corpus for the plugin alone.
testcases=$(($(ls "$top"/gcc-plugin/tests/*.c "$top"/region/tests/*.c | wc -l)))

for n in $versions; do
	plugin=$(plugin_for "$n") || exit 1
	status=0
	sh "$top/scripts/gcc-versions.sh" run env CC="gcc-$n" \
		sh "$(dirname "$plugin")/tests/run" > "$work/corpus" 2>&1 || status=$?
	sh "$top/scripts/gcc-versions.sh" run env CC="gcc-$n" PLUGIN="$plugin" ENGINES=gcc \
		sh "$(dirname "$plugin")/../region/tests/run" >> "$work/corpus" 2>&1 || status=$?
	passed=$(grep -c '^PASS ' "$work/corpus" || true)
	[ $status = 0 ] && [ "$passed" = "$testcases" ] ||
		{ cat "$work/corpus" >&2; die "gcc-$n: $passed of $testcases testcases pass"; }
	echo "gcc-$n: $passed testcases pass"
	case " $(echo $versions | awk '{ print $1, $NF }') " in
	*" $n "*) ;;
	*) continue ;;
	esac
	sh "$top/testcases/integration/false_positives.sh" "$n"
	sh "$top/testcases/integration/region_mutants.sh" "$n" > "$work/mutants" ||
		die "gcc-$n: mutants"
	echo "gcc-$n: $(grep -c ' at line ' "$work/mutants") mutants of 7.2 found," \
		"$(grep -c 'unmutated: no finding' "$work/mutants") files clean"
done

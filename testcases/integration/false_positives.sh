#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# No false positive from either checker on correct kernel code: every
# object of the x86_64_defconfig trees of 6.12 and 7.2 whose source opens
# a user-access region (scripts/region-objects.sh lists them from the
# build) is compiled with the GCC plugin and checked by sparse-uaccess in
# one build, 'make C=2 CHECK=... KCFLAGS=-fplugin=...', as a developer
# runs both; each checker must have analysed a function with a region in
# every file (their statistics say), and report what mainline_findings
# lists for that tree (true findings, with why), each from the checkers
# it names, and nothing else.  The trees' lock is held, as another test
# builds in them.
#
# The same in the arm64, powerpc and riscv defconfig build directories of
# 7.2 that 'make kernels' configures, and 6.12's riscv, with the plugin built for each
# cross compiler, and in its x86_64 allmodconfig build directories of both
# trees.  With a GCC version N as argument (gcc_versions.sh gives each
# of the chroot's), the objects of 7.2 in the chroot's x86_64_defconfig
# build directory (scripts/gcc-versions.sh), with gcc-N and the plugin
# built by it, alone.

. "$(dirname "$0")/../lib.sh"

gcc=${1:-}
plugin=$(plugin_for "$gcc") || exit 1
checker=$top/sparse-checks/sparse-uaccess
[ -n "$gcc" ] || [ -x "$checker" ] || die "$checker: not built (make)"
versions="6.12 7.2"
[ -z "$gcc" ] || versions=7.2

# That sparse-uaccess ran on each of the $2 files of build log $1 ($3
# names the build), by its stats, and saw $regions region opens, one a
# file or more.
sparse_saw_all()
{
	grep -q "not available" "$1" && die "$3: kbuild skipped the checker"
	findings_of stats "$1" > "$work/stats"
	checked=$(grep -c '^sparse ' "$work/stats" || true)
	regions=$(awk '$1 == "sparse" { r += $5 } END { print r + 0 }' "$work/stats")
	[ "$checked" -ge "$2" ] || die "$3: sparse-uaccess checked $checked of $2 files"
	[ "$regions" -ge "$2" ] || die "$3: only $regions regions seen in $2 files"
}

# That the findings of build log $1 (its paths under $2/ or relative) are
# those testcases/integration/mainline_findings lists for tree $3
# (VERSION-ARCH), each once from each checker it names that ran ($4:
# "both", the plugin of Debian 12's GCC and sparse-uaccess, or "gcc" for
# the plugin alone, built by the chroot's GCC).
mainline_only()
{
	findings_of checkers "$1" > "$work/findings"
	awk -v root="$2/" '{
		if (index($2, root) == 1)
			$2 = substr($2, length(root) + 1)
		else if ($2 ~ /^\//)
			bad = 1
		print $2 ":" $3, $4, $1
	} END { exit bad }' "$work/findings" | sort > "$work/found" ||
		{ cat "$work/findings" >&2; die "$3: findings of files not under $2"; }
	# An allmodconfig tree has its defconfig's findings, and its own.
	awk -F'\t' -v t="$3" -v ran="$4" '
	$1 != t && $1 "-allmodconfig" != t { next }
	ran == "both" && ($4 == "both" || $4 == "sparse") { print $2, $3, "sparse" }
	$4 == "both" || $4 == "gcc" { print $2, $3, "gcc" }' \
		"$top/testcases/integration/mainline_findings" | sort > "$work/expected"
	if ! cmp -s "$work/expected" "$work/found"; then
		diff -u "$work/expected" "$work/found" | sed 's/^/    /' >&2
		die "$3${gcc:+ gcc-$gcc}: findings other than mainline_findings' (- expected, + found)"
	fi
}

# The files of build log $1 in which the plugin analysed a function, by
# its stats.
plugin_analysed()
{
	findings_of stats "$1" | awk '$1 == "gcc" && $4 > 0 { n++ } END { print n + 0 }'
}

for v in $versions; do
	kdir=$(ktree "$v")
	sh "$top/scripts/region-objects.sh" "$kdir" > "$work/objects" ||
		die "$v: region-objects.sh failed"
	n=$(wc -l < "$work/objects")
	[ "$n" -ge 20 ] || die "$v: only $n objects that open a region"
	# A flag new to every run makes Kbuild compile the objects again.
	flags="-fplugin=$plugin -fplugin-arg-uaccess_plugin-format=json"
	flags="$flags -fplugin-arg-uaccess_plugin-stats -D__UABATCH_RUN=$$"
	if [ -n "$gcc" ]; then
		# shellcheck disable=SC2046 # object paths
		chroot_make_7_2 "$gcc" KCFLAGS="$flags" $(cat "$work/objects")
	else
		# shellcheck disable=SC2046 # object paths
		flock "$kdir/../linux-$v.lock" sh "$top/scripts/make-objects.sh" -s -C "$kdir" KCFLAGS="$flags" C=2 \
			CHECK="$checker --uaccess-only --uaccess-format=json --uaccess-stats" $(cat "$work/objects")
	fi > "$work/build.log" 2>&1 || { tail -20 "$work/build.log" >&2; die "$v: build failed"; }
	if [ -n "$gcc" ]; then
		mainline_only "$work/build.log" /src-7.2 "$v-x86_64" gcc
	else
		mainline_only "$work/build.log" "$kdir" "$v-x86_64" both
	fi
	analysed=$(plugin_analysed "$work/build.log")
	[ "$analysed" -ge "$n" ] || die "$v${gcc:+ gcc-$gcc}: the plugin analysed regions in $analysed of $n files"
	if [ -n "$gcc" ]; then
		echo "$v gcc-$gcc: $n objects that open a region, plugin:" \
			"the $(wc -l < "$work/expected") findings of mainline_findings"
		continue
	fi
	sparse_saw_all "$work/build.log" "$n" "$v"
	echo "$v: $n objects that open a region, $regions regions seen;" \
		"the $(wc -l < "$work/expected") findings of mainline_findings"
done

[ -z "$gcc" ] || exit 0

# The objects of build directory $2 of tree $4 (named $1 in
# mainline_findings) that open a region, built with both checkers, the
# plugin $3 built for its compiler.
check_build()
{
	sh "$top/scripts/region-objects.sh" "$2" > "$work/objects" || die "$1: region-objects.sh failed"
	n=$(wc -l < "$work/objects")
	[ "$n" -ge 10 ] || die "$1: only $n objects that open a region"
	# shellcheck disable=SC2046 # ARCH=.. CROSS_COMPILE=.., object paths
	flock "$2/.uabatch.lock" sh "$top/scripts/make-objects.sh" -s -C "$2" $(sh "$top/scripts/make-args.sh" "$2") \
		KCFLAGS="-fplugin=$3 -fplugin-arg-uaccess_plugin-format=json -fplugin-arg-uaccess_plugin-stats -D__UABATCH_RUN=$$" \
		C=2 CHECK="$checker --uaccess-only --uaccess-format=json --uaccess-stats" \
		$(cat "$work/objects") > "$work/build.log" 2>&1 ||
		{ tail -20 "$work/build.log" >&2; die "$1: build failed"; }
	mainline_only "$work/build.log" "$4" "$1" both
	sparse_saw_all "$work/build.log" "$n" "$1"
	# Objects whose only opens switch user access for no region (arm64's
	# EFI calls, the model's 'switch' functions) have none to analyse.
	analysed=$(plugin_analysed "$work/build.log")
	[ $((analysed * 10)) -ge $((n * 8)) ] || die "$1: the plugin analysed regions in $analysed of $n files"
	echo "$1: $n objects that open a region, $regions regions seen, $analysed analysed by the plugin;" \
		"the $(wc -l < "$work/expected") findings of mainline_findings"
}

# 6.12's riscv has no user_access_begin() of its own: the generic
# fallback's, whose classic end compiles to nothing.
for t in 7.2-arm64 7.2-powerpc 7.2-riscv 6.12-riscv; do
	b=$cache/build-$t
	[ -f "$b/.uabatch-prepared" ] || die "$b: no build directory: run 'make kernels'"
	p=$(cross_plugin "$b") || exit 1
	check_build "$t" "$b" "$p" "$cache/src-${t%%-*}"
done
# allmodconfig: what the defconfig leaves out (KVM, i915, the x32 ABI's
# frames), built with the sanitizers.
for v in $versions; do
	b=$cache/build-$v-x86_64
	[ -f "$b/.uabatch-prepared" ] || die "$b: no build directory: run 'make kernels'"
	check_build "$v-x86_64-allmodconfig" "$b" "$plugin" "$cache/src-$v"
done

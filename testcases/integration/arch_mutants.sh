#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Both region checkers where objtool cannot look: region_mutants.sh in
# the arm64, powerpc and riscv defconfig build directories of 7.2 that
# 'make kernels' configures, with their cross compilers and the plugin
# built for each.  Every mutant must be flagged by both, with its id at
# its line and the same findings, and each architecture must have ten or
# more, four or more of them in the architecture's own regions: powerpc's
# signal frames and their __unsafe_*() helpers, ptrace and the
# instruction emulator's kernel-address paths (ten); arm64's cache
# maintenance for user space and KVM's descriptor swap; riscv's futex
# helpers.

. "$(dirname "$0")/../lib.sh"

for a in arm64 powerpc riscv; do
	sh "$top/testcases/integration/region_mutants.sh" "$a" > "$work/$a.log" 2>&1 ||
		{ cat "$work/$a.log" >&2; die "$a: region_mutants.sh failed"; }
	n=$(grep -c " at line " "$work/$a.log")
	own=$(grep -c " at line [0-9]* of arch/$a/" "$work/$a.log" || true)
	[ "$n" -ge 10 ] || die "$a: only $n mutants"
	[ "$own" -ge 4 ] || die "$a: only $own mutants of its own code"
	[ "$a" != powerpc ] || [ "$own" -ge 10 ] || die "$a: only $own mutants of its own code"
	echo "$a: $n mutants flagged by both checkers ($own in arch/$a), unmutated files clean"
done

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Grading by branch (model/cold-branches) on 7.2's powerpc signal_64.c:
# handle_rt_signal64()'s run in the branch for ELFv1 tasks, where a
# handler is a function descriptor, is a note that says so, not a
# warning, though the function runs per signal; in a copy where the
# branch is for every task, the same run is a warning again.

. "$(dirname "$0")/../lib.sh"

k=$(ktree 7.2)
f=arch/powerpc/kernel/signal_64.c
line=$(grep -n 'err |= get_user(regs->ctr, &ptr->addr);' "$k/$f" | cut -d: -f1)
[ -n "$line" ] || die "$k/$f: no ELFv1 descriptor run to find"

(cd "$k" && "$top/uabatch" scan --all "$f") > "$work/all" 2> /dev/null || true
cold='(cold: ELFv1 tasks only, whose handler is a function descriptor)'
grep -q "^$f:$line:[0-9]*: note: .*handle_rt_signal64().*$cold" "$work/all" ||
	{ cat "$work/all" >&2; die "$f:$line: not a note of an ELFv1 branch"; }
(cd "$k" && "$top/uabatch" scan "$f") > "$work/warnings" 2> /dev/null || true
grep -q "^$f:$line:" "$work/warnings" && die "$f:$line: still a warning"

# The same file where the branch is taken by every task.
mkdir -p "$work/arch/powerpc/kernel"
sed 's/if (is_elf2_task()) {/if (task_is_ready()) {/' "$k/$f" > "$work/$f"
cmp -s "$k/$f" "$work/$f" && die "$f: no is_elf2_task() branch to change"
(cd "$work" && "$top/uabatch" scan "$f") > "$work/warnings" 2> /dev/null || true
hot='(signal delivery and return, per signal)'
grep -q "^$f:$line:[0-9]*: warning: .*handle_rt_signal64().*$hot" "$work/warnings" ||
	{ cat "$work/warnings" >&2; die "$f:$line: not a warning where every task takes the branch"; }
echo "grading: the ELFv1 branch of handle_rt_signal64() a note, a warning where every task takes it"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Grading by branch (model/cold-branches) and by a private header's
# callers on 7.2.  powerpc's signal_64.c:
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

# A private header's helper that only hot functions call is hot: 7.2's
# set_xfeature_in_sigframe() in x86's fpu/xstate.h, called per signal
# from fpu/signal.c and from update_pkru_in_sigframe().  In a copy of
# the directory where a ptrace file calls it too, it is a note again.
h=arch/x86/kernel/fpu/xstate.h
line=$(grep -n 'err  = __get_user(xfeatures, &xbuf->header.xfeatures);' "$k/$h" | cut -d: -f1)
[ -n "$line" ] || die "$k/$h: no set_xfeature_in_sigframe() run to find"
(cd "$k" && "$top/uabatch" scan "$h") > "$work/warnings" 2> /dev/null || true
hot='(signal delivery and return, per signal, called only from save_xstate_epilog(), update_pkru_in_sigframe())'
grep -qF "$h:$line:9: warning: 2 user reads and writes through xbuf in set_xfeature_in_sigframe() can share one user access region, one begin/end pair instead of 2 $hot [uaccess:batch-rw]" \
	"$work/warnings" || { cat "$work/warnings" >&2; die "$h:$line: not a warning of its hot callers"; }

t=$work/tree
mkdir -p "$t/include/linux" "$t/$(dirname "$h")"
cp "$k/include/linux/uaccess.h" "$t/include/linux/"
cp "$k/$(dirname "$h")"/*.[ch] "$t/$(dirname "$h")/"
printf '#include "xstate.h"\n\nint xstate_poke(struct xregs_state __user *x)\n{\n\treturn set_xfeature_in_sigframe(x, 1);\n}\n' \
	> "$t/$(dirname "$h")/poke.c"
(cd "$t" && "$top/uabatch" scan --all "$h") > "$work/all" 2> /dev/null || true
grep -q "^$h:$line:9: note: .*set_xfeature_in_sigframe().*(cold: not on a path known" "$work/all" ||
	{ cat "$work/all" >&2; die "$h:$line: still hot with a cold caller"; }
echo "grading: set_xfeature_in_sigframe() a warning of its callers, a note with a cold one"

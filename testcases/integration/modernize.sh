#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'uabatch modernize' on the real trees:
#  - 7.2, verified: kernel/exit.c's two waitid() regions become scoped
#    blocks that build in build-7.2-x86_64 and pass both checkers, objtool
#    and checkpatch.pl; arch/powerpc/kernel/signal_64.c's swapcontext()
#    does in build-7.2-powerpc (its cross compiler, the cross plugin), and
#    the regions it leaves alone are said, each with its line; the tree is
#    not written;
#  - the kernel's own history (scripts/modernize-history.sh): of the
#    classic regions of 6.12 that 7.2 wrote as scoped blocks, modernize
#    gives 19 the mode and pointer 7.2 has, one of each form (put_cmsg():
#    a size; do_sys_poll(): a loop that moves a copy; filldir(): two
#    pointers; get_sigset_argpack(): a masked begin; gpr32_set_common_user():
#    the pointer it was set from; futex_atomic_cmpxchg_inatomic(): a new
#    label; powerpc's sstep.c read_mem_aligned(): a begin that is the
#    condition of the region's own branch, on an address that is an
#    integer), and emulate_dcbz(), whose branch (an else-if) is followed
#    by more than the function's last return, is left alone and said why.

. "$(dirname "$0")/../lib.sh"

k612=$(ktree 6.12)
k72=$(ktree 7.2)
cache=$(dirname "$k72")

sum=$(md5sum "$k72/kernel/exit.c" | cut -d' ' -f1)
(cd "$k72" && "$top/uabatch" modernize --build "$cache/build-7.2-x86_64" kernel/exit.c) \
	> "$work/exit.diff" 2> "$work/exit.err" || [ $? = 1 ] || { cat "$work/exit.err" >&2; die "modernize exit.c failed"; }
[ "$(grep -c '^uabatch: verify: kernel/exit.c: waitid(): verified in build-7.2-x86_64$' "$work/exit.err")" = 2 ] ||
	{ cat "$work/exit.err" >&2; die "exit.c: not both waitid() regions verified"; }
[ "$(grep -c '^+	scoped_user_write_access(infop, Efault) {$' "$work/exit.diff")" = 2 ] ||
	die "exit.c: not two scoped blocks over infop"
grep -q '^-	user_write_access_end();$' "$work/exit.diff" || die "exit.c: the ends stay"
grep -q '^+.*user_write_access_end' "$work/exit.diff" && die "exit.c: an end is added"
(cd "$k72" && patch -p1 --dry-run -s < "$work/exit.diff") || die "exit.c: the diff does not apply"
[ "$(md5sum "$k72/kernel/exit.c" | cut -d' ' -f1)" = "$sum" ] || die "modernize wrote to the tree"

f=arch/powerpc/kernel/signal_64.c
(cd "$k72" && "$top/uabatch" modernize --build "$cache/build-7.2-powerpc" $f) \
	> "$work/ppc.diff" 2> "$work/ppc.err" || [ $? = 1 ] || { cat "$work/ppc.err" >&2; die "modernize $f failed"; }
grep -q "^uabatch: verify: $f: swapcontext(): verified in build-7.2-powerpc$" "$work/ppc.err" ||
	{ cat "$work/ppc.err" >&2; die "$f: swapcontext() not verified with the cross compiler"; }
grep -q '^+		scoped_user_write_access_size(old_ctx, ctx_size, efault_out) {$' "$work/ppc.diff" ||
	die "$f: no block over old_ctx"
grep -q "^$f:832:8: note: .* rt_sigreturn() .*not auto-fixable: the scoped block declares its pointer anew: \"&uc->uc_mcontext\" is not a name" "$work/ppc.err" ||
	{ cat "$work/ppc.err" >&2; die "$f: rt_sigreturn() not said, or not at its line"; }

sh "$top/scripts/modernize-history.sh" "$k612" "$k72" > "$work/history" ||
	die "modernize-history.sh failed"
cat "$work/history"
tail -n 1 "$work/history" | grep -q '^19 of 20: mode and pointer as linux-7.2$' ||
	die "history: not 19 of 20 as 7.2"
for row in 'put_cmsg	net/core/scm.c	write cm' 'do_sys_poll	fs/select.c	write ufds' \
	   'filldir	fs/readdir.c	write prev' 'get_sigset_argpack	fs/select.c	read from' \
	   'gpr32_set_common_user	arch/powerpc/kernel/ptrace/ptrace-view.c	read ubuf' \
	   'futex_atomic_cmpxchg_inatomic	arch/x86/include/asm/futex.h	rw uaddr' \
	   'emulate_spe	arch/powerpc/kernel/align.c	read addr, write addr' \
	   'read_mem_aligned	arch/powerpc/lib/sstep.c	read uea'; do
	grep -qxF "same	$row" "$work/history" || die "history: not as 7.2: $row"
done
grep -q '^left	emulate_dcbz	arch/powerpc/lib/sstep.c	write uea	its begin is the test of an if that is not followed by the last return' "$work/history" ||
	die "history: emulate_dcbz() not left alone with the reason"

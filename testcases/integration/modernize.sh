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
#    by more than the function's last return, is left alone and said why;
#  - 6.12 verified with 7.2's API (--scoped-api): waitid(), readdir's five,
#    x86's futex.h in the .c files that call it; checksum_32.h tried in
#    the next build directory; the layout of moved lines; and the GCC
#    plugin's region-leak in waitid() when the backport lacks 7.2's
#    accessor wrappers.

. "$(dirname "$0")/../lib.sh"

k612=$(ktree 6.12)
k72=$(ktree 7.2)
cache=$(dirname "$k72")

sum=$(md5sum "$k72/kernel/exit.c" | cut -d' ' -f1)
(cd "$k72" && "$top/uabatch" modernize --build "$cache/build-7.2-x86_64" kernel/exit.c) \
	> "$work/exit.diff" 2> "$work/exit.err" || [ $? = 1 ] || { cat "$work/exit.err" >&2; die "modernize exit.c failed"; }
for fn in waitid compat_waitid; do
	[ "$(grep -c "^uabatch: verify: kernel/exit.c: $fn(): verified in build-7.2-x86_64$" "$work/exit.err")" = 1 ] ||
		{ cat "$work/exit.err" >&2; die "exit.c: $fn() not verified once"; }
done
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

# 6.12 has no scoped API: --verify wants a newer tree's, and builds the
# rewrites with it over 6.12's own accessors (scripts/scoped-backport.sh).
b612=$cache/build-6.12-x86_64
(cd "$k612" && "$top/uabatch" modernize --verify kernel/exit.c) > /dev/null 2> "$work/noapi.err" &&
	die "6.12: --verify without --scoped-api passed"
grep -q 'no scoped_user_\*_access() (6.19): --verify builds the rewrites with the API of a newer tree, --scoped-api NEW' \
	"$work/noapi.err" || { cat "$work/noapi.err" >&2; die "6.12: --verify without --scoped-api not said"; }
(cd "$k612" && "$top/uabatch" modernize --verify --scoped-api "$k612" kernel/exit.c) > /dev/null 2> "$work/noapi.err" &&
	die "6.12: --scoped-api of a tree without the API passed"
grep -q "^uabatch: --scoped-api $k612: $k612/include/linux/uaccess.h has no scoped_user_rw_access()$" "$work/noapi.err" ||
	{ cat "$work/noapi.err" >&2; die "6.12: --scoped-api of a tree without the API not said"; }
# x86's futex.h is built in the .c files that call its functions
# (waitwake.c, core.c: no .c file of the tree includes it itself), and
# "return -ENOSYS;" moved into the block is checkpatch's finding of the
# file, not of the rewrite.  The tree's own x86_64_defconfig builds
# csum-wrappers_64.c, where x86's checksum_32.h is compiled out: verify
# tries it in the next build directory, and says where it tried last.
flock "$k612/../linux-6.12.lock" sh "$top/scripts/make-objects.sh" -s -C "$k612" kernel/exit.o fs/readdir.o \
	arch/x86/lib/csum-wrappers_64.o || die "6.12: the tree's objects do not build"
(cd "$k612" && "$top/uabatch" modernize --scoped-api "$k72" --build "$k612" --build "$b612" \
	kernel/exit.c fs/readdir.c arch/x86/include/asm/futex.h arch/x86/include/asm/checksum_32.h) \
	> "$work/612.diff" 2> "$work/612.err" || [ $? = 1 ] || { cat "$work/612.err" >&2; die "modernize 6.12 failed"; }
for fn in 'kernel/exit.c: waitid' 'kernel/exit.c: compat_waitid' 'fs/readdir.c: fillonedir' 'fs/readdir.c: filldir' \
	  'fs/readdir.c: filldir64' 'fs/readdir.c: compat_fillonedir' 'fs/readdir.c: compat_filldir' \
	  'arch/x86/include/asm/futex.h: arch_futex_atomic_op_inuser' \
	  'arch/x86/include/asm/futex.h: futex_atomic_cmpxchg_inatomic'; do
	grep -q "^uabatch: verify: $fn(): verified in \(linux-6.12\|build-6.12-x86_64\)$" "$work/612.err" ||
		{ cat "$work/612.err" >&2; die "6.12: $fn() not verified with the backported API"; }
done
grep -q '^uabatch: verify: arch/x86/include/asm/checksum_32.h: csum_and_copy_from_user(): dropped: compiled out in build-6.12-x86_64' \
	"$work/612.err" || { cat "$work/612.err" >&2; die "6.12: checksum_32.h not tried in the next build directory"; }
# The layout checkpatch.pl asks of the lines a block moves: a long size
# broken after an operator, a pointer cast without a blank, a line that
# goes on in the parentheses of the one before aligned with them, a moved
# line too long broken, a new label's return indented with a tab.
grep -q '^+				      (unsigned long)(dirent->d_name + namlen + 1) -$' "$work/612.diff" ||
	die "6.12: fillonedir()'s size not broken after the operator"
grep -q '^+		unsafe_put_user(d_type, (char __user \*)dirent + reclen - 1, efault);$' "$work/612.diff" ||
	die "6.12: filldir()'s cast keeps its blank"
grep -q '^+					  uaddr, oparg, Efault);$' "$work/612.diff" ||
	die "6.12: futex.h's continued call not aligned with its parenthesis"
(cd "$k612" && "$top/uabatch" modernize arch/powerpc/kernel/signal_32.c arch/powerpc/include/asm/futex.h) \
	> "$work/ppc612.diff" 2> /dev/null || [ $? = 1 ] || die "modernize 6.12 powerpc failed"
grep -q '^+		unsafe_get_user(current->thread.spefscr,$' "$work/ppc612.diff" ||
	die "6.12: signal_32.c's moved line of 108 columns not broken"
grep -A1 '^+efault:$' "$work/ppc612.diff" | grep -q '^+	return -EFAULT;$' ||
	die "6.12: powerpc futex.h's new label not indented with a tab"

# The backported API is sound only with the accessor wrappers: without
# them, 6.12's x86 unsafe_put_user() jumps from its asm goto past the
# block's cleanup, and the GCC plugin says waitid() leaves the region
# open; with them it says nothing.
awk '/^--- a\/kernel\/exit.c/ { on = 1 } /^--- a\// && !/exit.c/ { on = 0 } on' "$work/612.diff" > "$work/exit612.diff"
mkdir -p "$work/x/kernel" "$work/api/linux" "$work/bare/linux"
(cd "$work/x" && cp "$k612/kernel/exit.c" kernel/ && patch -s -p1 < "$work/exit612.diff") ||
	die "6.12: exit.c's rewrite does not apply"
line=$(sh "$top/scripts/compile-command.sh" "$k612/kernel/.exit.o.cmd") || die "6.12: no command for exit.o"
echo '#include <linux/uaccess.h>' | (cd "$k612" && eval "$line -E -dM -x c -") |
	sh "$top/scripts/scoped-backport.sh" "$k72" > "$work/api/linux/uaccess.h" || die "scoped-backport.sh failed"
grep -q '^#define arch_unsafe_put_user(' "$work/api/linux/uaccess.h" || die "backport: no arch_unsafe_put_user()"
sed '/^#undef unsafe_get_user/,/^#endif \/\* arch_unsafe_get_user \*\//d' "$work/api/linux/uaccess.h" \
	> "$work/bare/linux/uaccess.h"
for api in api bare; do
	(cd "$k612" && eval "${line%% *} -I$work/$api ${line#* } -iquote $k612/kernel \
		-fplugin=$top/gcc-plugin/uaccess_plugin.so -c -o $work/$api.o $work/x/kernel/exit.c") \
		> "$work/$api.log" 2>&1 || { cat "$work/$api.log" >&2; die "6.12: exit.c does not build with $api"; }
done
grep -q '\[uaccess:' "$work/api.log" && { cat "$work/api.log" >&2; die "6.12: the backport with wrappers is not clean"; }
grep -q "^$work/x/kernel/exit.c:[0-9]*:[0-9]*: warning: .*\[uaccess:region-leak\]" "$work/bare.log" ||
	{ cat "$work/bare.log" >&2; die "6.12: without the wrappers the plugin says nothing"; }
echo "6.12: 9 rewrites verified with 7.2's API; without its wrappers the plugin reports the leak"

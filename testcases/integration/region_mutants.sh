#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Both region checkers on real kernel code, one defect at a time.  A
# mutant is a copy of a file of 6.12 or 7.2 with a defect put into one
# function by hand, and the line where it is to be reported marked
# '/* mutant */'.  Each mutant is built as an external module object of
# its tree with the GCC plugin, and again with sparse-uaccess (C=2) on
# the same flags: each engine must report the mutant's id at the marked
# line, and the two must report the same lines, ids and texts.  Each file
# unmutated gives neither engine any finding.  objtool's verdict on the
# object (the trees are x86_64 ones) is printed beside: what the kernel's
# own tool would have said.
#
# With a GCC version N (gcc_versions.sh gives each of the chroot's): the
# plugin alone, built by gcc-N, on the 7.2 mutants, in the chroot's
# x86_64_defconfig build directory of 7.2 (no sparse-uaccess there).
#
# With an architecture, arm64, powerpc or riscv (arch_mutants.sh gives
# each): both engines on the 7.2 mutants and that architecture's own, in
# the defconfig build directory of 7.2 'make kernels' configured for it,
# with its cross compiler and the plugin built for that (no objtool).

. "$(dirname "$0")/../lib.sh"
. "$top/testcases/mutate.sh"

baseline 6.12 fs/readdir.c
baseline 6.12 kernel/exit.c
baseline 7.2 fs/readdir.c
baseline 7.2 lib/strnlen_user.c
baseline 7.2 kernel/compat.c
[ "$arch" != powerpc ] || baseline 7.2 arch/powerpc/lib/sstep.c
[ "$arch" != powerpc ] || baseline 7.2 arch/powerpc/kernel/ptrace/ptrace-view.c

# 6.12 filldir64(): a classic write region.
mutant 6.12 fs/readdir.c filldir64 end-dropped region-leak '
	in_fn && /^\tuser_write_access_end\(\);$/ && !done++ { next }
	in_fn && /^\treturn true;$/ { $0 = $0 " /* mutant */" } { print }'
mutant 6.12 fs/readdir.c filldir64 non-checking-begin unverified-region '
	in_fn && /if \(!user_write_access_begin\(prev, reclen \+ prev_reclen\)\)/ {
		print "\t__uaccess_begin(); /* mutant */"; getline; next } { print }'
mutant 6.12 fs/readdir.c filldir64 ignored-begin-result unchecked-region-begin '
	in_fn && sub(/if \(!user_write_access_begin\(prev, reclen \+ prev_reclen\)\)/,
		"if (!(user_write_access_begin(prev, reclen + prev_reclen), 1)) /* mutant */") { }
	{ print }'
mutant 6.12 fs/readdir.c filldir64 accessor-after-end unsafe-outside-region '
	in_fn && /unsafe_put_user\(offset, &prev->d_off, efault_end\);/ { held = $0; next }
	in_fn && held != "" && /^\tuser_write_access_end\(\);$/ {
		print; print held " /* mutant */"; held = ""; next }
	{ print }'
mutant 6.12 fs/readdir.c filldir64 call-in-region call-in-region '
	{ print } in_fn && /unsafe_put_user\(ino, &dirent->d_ino, efault_end\);/ {
		print "\tprintk(\"uabatch mutant\\n\"); /* mutant */" }'
mutant 6.12 fs/readdir.c filldir64 write-region-made-read mode-mismatch '
	in_fn { sub(/user_write_access_begin\(prev/, "user_read_access_begin(prev") }
	in_fn && /unsafe_put_user\(offset, &prev->d_off/ { $0 = $0 " /* mutant */" } { print }' \
	'unsafe_copy_dirent_name('

# An end of another mode: where ends of one mode are instructions of their
# own (powerpc's book3s/32 never locks reads), a read end leaves user
# memory writable.
mutant 6.12 fs/readdir.c filldir64 end-made-read mode-mismatch '
	in_fn && /^\tuser_write_access_end\(\);$/ && !done++ {
		$0 = "\tuser_read_access_end(); /* mutant */" } { print }'
mutant 6.12 fs/readdir.c filldir64 second-begin nested-region '
	{ print } in_fn && /unsafe_put_user\(ino, &dirent->d_ino, efault_end\);/ {
		print "\tif (!user_write_access_begin(dirent, reclen)) /* mutant */\n\t\tgoto efault_end;" }'
mutant 6.12 fs/readdir.c filldir64 end-twice unbalanced-region-end '
	{ print } in_fn && /^\tuser_write_access_end\(\);$/ && !done++ {
		print "\tuser_write_access_end(); /* mutant */" }'

# 6.12 waitid(): the region of the CVE-2017-5123 fix, cut to a field.
mutant 6.12 kernel/exit.c waitid region-cut-to-a-field pointer-mismatch '
	in_fn { sub(/user_write_access_begin\(infop, sizeof\(\*infop\)\)/,
		"user_write_access_begin(infop, sizeof(infop->si_signo))") }
	in_fn && /unsafe_put_user\(0, &infop->si_errno/ { $0 = $0 " /* mutant */" } { print }'

# 7.2 filldir64(): a scoped write region.
mutant 7.2 fs/readdir.c filldir64 scoped-call call-in-region '
	{ print } in_fn && /unsafe_put_user\(ino, &dirent->d_ino, efault\);/ {
		print "\t\tprintk(\"uabatch mutant\\n\"); /* mutant */" }'
# cond_resched() and might_sleep() are calls where preemption is chosen
# at boot (PREEMPT_DYNAMIC, x86_64_defconfig); in the other defconfigs,
# preemptible, nothing.
dynamic_preemption()
{
	[ -z "$arch" ] || grep -q '^CONFIG_PREEMPT_DYNAMIC=y' "$xbuild/.config"
}
dynamic_preemption &&
mutant 7.2 fs/readdir.c filldir64 scoped-cond_resched call-in-region '
	{ print } in_fn && /unsafe_put_user\(ino, &dirent->d_ino, efault\);/ {
		print "\t\tcond_resched(); /* mutant */" }'
dynamic_preemption &&
mutant 7.2 fs/readdir.c filldir64 scoped-might_sleep call-in-region '
	{ print } in_fn && /unsafe_put_user\(ino, &dirent->d_ino, efault\);/ {
		print "\t\tmight_sleep(); /* mutant */" }'
mutant 7.2 fs/readdir.c filldir64 accessor-after-scope unsafe-outside-region '
	in_fn && /unsafe_put_user\(offset, &prev->d_off, efault\);/ { held = $0; next }
	in_fn && held != "" && /^\t}$/ { print; print held " /* mutant */"; held = ""; next }
	{ print }'
mutant 7.2 fs/readdir.c filldir64 scope-made-read mode-mismatch '
	in_fn { sub(/scoped_user_write_access_size\(prev/, "scoped_user_read_access_size(prev") }
	in_fn && /unsafe_put_user\(offset, &prev->d_off/ { $0 = $0 " /* mutant */" } { print }' \
	'unsafe_copy_dirent_name('


# 7.2 strnlen_user(): a masked read region where the architecture masks
# (x86, powerpc), a classic one elsewhere; the other branch, under
# can_do_masked_user_access(), is dead code.
live='retval = do_strnlen_user\(str, count, count\);' live_end='^\t\tuser_read_access_end\(\);$'
if [ -n "$arch" ] && ! grep -q 'define masked_user_access_begin' \
	"$cache/src-7.2/arch/$arch/include/asm/uaccess.h"; then
	live='retval = do_strnlen_user\(str, count, max\);' live_end='^\t\t\tuser_read_access_end\(\);$'
fi
mutant 7.2 lib/strnlen_user.c strnlen_user call-in-read-region call-in-region '
	{ print } in_fn && /'"$live"'/ {
		print "\t\tprintk(\"uabatch mutant\\n\"); /* mutant */" }'
mutant 7.2 lib/strnlen_user.c strnlen_user end-dropped region-leak '
	in_fn && /'"$live_end"'/ { dropped = 1; next }
	dropped && /return retval;/ { $0 = $0 " /* mutant */"; dropped = 0 } { print }'
mutant 7.2 lib/strnlen_user.c strnlen_user write-in-read-region mode-mismatch '
	in_fn && /^}$/ { print "efault:\n\tuser_read_access_end();\n\treturn 0;\n}"; next }
	{ print }
	in_fn && /'"$live"'/ {
		print "\t\tunsafe_put_user(0, (char __user *)str, efault); /* mutant */" }'

# 7.2 do_strnlen_user(), the always_inline helper that makes
# strnlen_user()'s accesses in its caller's region: a call in it is
# reported at its caller's call, an access of it after the caller's end
# in its body.
mutant 7.2 lib/strnlen_user.c do_strnlen_user call-in-inlined-helper call-in-region '
	/'"$live"'/ && !marked++ { $0 = $0 " /* mutant */" }
	{ print } in_fn && /^\tres -= align;$/ { print "\tprintk(\"uabatch mutant\\n\");" }'
mutant 7.2 lib/strnlen_user.c do_strnlen_user helper-called-after-end unsafe-outside-region '
	/'"$live"'/ { held = $0; next }
	held != "" && /'"$live_end"'/ { print; print held; held = ""; next }
	in_fn && /unsafe_get_user\(c, \(unsigned long __user \*\)src, efault\);/ {
		$0 = $0 " /* mutant */" }
	{ print }'

# 7.2 compat_put_bitmap() / compat_get_bitmap(): classic regions over a
# loop.
# x86's own bare open, where it has one.
[ -n "$arch" ] || mutant 7.2 kernel/compat.c compat_put_bitmap bare-__uaccess_begin unverified-region '
	in_fn && /if \(!user_write_access_begin\(umask, bitmap_size \/ 8\)\)/ {
		print "\t__uaccess_begin(); /* mutant */"; getline; next } { print }'
mutant 7.2 kernel/compat.c compat_put_bitmap begin-result-stored-never-tested unchecked-region-begin '
	in_fn && /if \(!user_write_access_begin\(umask, bitmap_size \/ 8\)\)/ {
		print "\tbool ok = user_write_access_begin(umask, bitmap_size / 8); /* mutant */"
		getline; next } { print }'
mutant 7.2 kernel/compat.c compat_put_bitmap pr_info-in-region call-in-region '
	{ print } in_fn && /unsafe_put_user\(m >> BITS_PER_COMPAT_LONG, umask\+\+, Efault\);/ {
		print "\t\tpr_info(\"m=%lu\", m); /* mutant */" }'
mutant 7.2 kernel/compat.c compat_put_bitmap accessor-after-end unsafe-outside-region '
	{ print } in_fn && /^\tuser_write_access_end\(\);$/ && !done++ {
		print "\tunsafe_put_user(0, umask, Efault); /* mutant */" }'
mutant 7.2 kernel/compat.c compat_put_bitmap end-twice unbalanced-region-end '
	{ print } in_fn && /^\tuser_write_access_end\(\);$/ && !done++ {
		print "\tuser_write_access_end(); /* mutant */" }'
mutant 7.2 kernel/compat.c compat_get_bitmap write-in-read-region mode-mismatch '
	{ print } in_fn && /unsafe_get_user\(\*mask, umask\+\+, Efault\);/ && !done++ {
		print "\tunsafe_put_user(0, (compat_ulong_t __user *)umask, Efault); /* mutant */" }'
mutant 7.2 kernel/compat.c compat_get_bitmap end-made-write mode-mismatch '
	in_fn && /^\tuser_read_access_end\(\);$/ && !done++ {
		$0 = "\tuser_write_access_end(); /* mutant */" } { print }'

# get_sigset_argpack() of fs/select.c, past 'sizeof(*from)' of its masked
# begin in 6.12.  (7.2's scoped one is left out: the plugin does not see
# it in this inline helper, sparse does: a gap of the plugin to close.)
mutant 6.12 fs/select.c get_sigset_argpack past-the-object pointer-mismatch '
	in_fn { sub(/unsafe_get_user\(to->size, &from->size, /,
		"unsafe_get_user(to->size, \\&from[1].size, ") }
	in_fn && /&from\[1\]\.size/ { $0 = $0 " /* mutant */" } { print }'

if [ "$arch" = arm64 ]; then
	# arm64's own regions: TTBR0 switched on and off around an
	# instruction that reaches user memory, the cache maintenance a user
	# asks for (a macro, whose findings are told at its uses) and KVM's
	# swap of a guest's page-table descriptor.
	baseline 7.2 arch/arm64/kernel/traps.c
	baseline 7.2 arch/arm64/kvm/at.c
	mutant 7.2 arch/arm64/kernel/traps.c user_cache_maint_handler maint-call call-in-region '
		in_fn && /__user_cache_maint\("ic ivau"/ { $0 = $0 " /* mutant */" }
		/^#define __user_cache_maint/ { m = 1 } { print }
		m && /uaccess_ttbr0_enable\(\);/ && !done++ { print "\t\tpr_info(\"uabatch mutant\\n\");\t\t\\" }'
	mutant 7.2 arch/arm64/kernel/traps.c user_cache_maint_handler maint-end-twice unbalanced-region-end '
		in_fn && /__user_cache_maint\("dc civac"/ && !marked++ { $0 = $0 " /* mutant */" }
		/^#define __user_cache_maint/ { m = 1 } { print }
		m && /uaccess_ttbr0_disable\(\);/ && !done++ { print "\t\tuaccess_ttbr0_disable();\t\t\t\\" }'
	mutant 7.2 arch/arm64/kvm/at.c __lsui_swap_desc lsui-end-dropped region-leak '
		in_fn && /^\tuaccess_ttbr0_disable\(\);$/ { next }
		in_fn && /^\treturn ret;$/ { $0 = $0 " /* mutant */" } { print }'
	mutant 7.2 arch/arm64/kvm/at.c __lsui_swap_desc lsui-early-return region-leak '
		{ print } in_fn && /^\tuaccess_ttbr0_enable\(\);$/ {
			print "\tif (!ptep)\n\t\treturn -EINVAL; /* mutant */" }'
	mutant 7.2 arch/arm64/kvm/at.c __lsui_swap_desc lsui-call call-in-region '
		{ print } in_fn && /^\tuaccess_ttbr0_enable\(\);$/ {
			print "\tpr_info(\"uabatch mutant\\n\"); /* mutant */" }'
	mutant 7.2 arch/arm64/kvm/at.c __lsui_swap_desc lsui-end-twice unbalanced-region-end '
		{ print } in_fn && /^\tuaccess_ttbr0_disable\(\);$/ {
			print "\tuaccess_ttbr0_disable(); /* mutant */" }'
	mutant 7.2 arch/arm64/kvm/at.c __lsui_swap_desc lsui-enable-twice nested-region '
		{ print } in_fn && /^\tuaccess_ttbr0_enable\(\);$/ {
			print "\tuaccess_ttbr0_enable(); /* mutant */" }'
fi

# riscv's own regions: its futex helpers switch SUM on and off around
# each atomic instruction (__futex_atomic_op(), told at its uses in
# arch_futex_atomic_op_inuser()), built in kernel/futex/waitwake.c.
if [ "$arch" = riscv ]; then
	futex=arch/riscv/include/asm/futex.h
	header_mutant kernel/futex/waitwake.c 7.2 $futex __futex_atomic_op futex-call call-in-region '
		/^\t\t__futex_atomic_op\("amoxor/ { $0 = $0 " /* mutant */" }
		/^#define __futex_atomic_op/ { m = 1 } { print }
		m && /__enable_user_access\(\);/ && !done++ { print "\tpr_info(\"uabatch mutant\\n\");\t\t\t\t\\" }'
	header_mutant kernel/futex/waitwake.c 7.2 $futex __futex_atomic_op futex-end-twice unbalanced-region-end '
		/^\t\t__futex_atomic_op\("amoswap/ { $0 = $0 " /* mutant */" }
		/^#define __futex_atomic_op/ { m = 1 } { print }
		m && /__disable_user_access\(\);/ && !done++ { print "\t__disable_user_access();\t\t\t\t\\" }'
	header_mutant kernel/futex/waitwake.c 7.2 $futex __futex_atomic_op futex-enable-twice nested-region '
		/^\t\t__futex_atomic_op\("amoadd/ { $0 = $0 " /* mutant */" }
		/^#define __futex_atomic_op/ { m = 1 } { print }
		m && /__enable_user_access\(\);/ && !done++ { print "\t__enable_user_access();\t\t\t\t\\" }'
	header_mutant kernel/futex/waitwake.c 7.2 $futex arch_futex_atomic_op_inuser access_ok-dropped unverified-region '
		/^arch_futex_atomic_op_inuser\(/ { f = 1 }
		f && /^\tif \(!access_ok\(uaddr, sizeof\(u32\)\)\)$/ && !done++ { getline; next }
		/^\t\t__futex_atomic_op\("amoswap/ { $0 = $0 " /* mutant */" } { print }'
	header_mutant kernel/futex/waitwake.c 7.2 $futex arch_futex_atomic_op_inuser end-after-switch unbalanced-region-end '
		/^arch_futex_atomic_op_inuser\(/ { f = 1 }
		f && /^\tif \(!ret\)$/ { print "\t__disable_user_access(); /* mutant */" } { print }'
fi

if [ "$arch" = powerpc ]; then
	# powerpc's own regions.  handle_rt_signal64() writes the signal frame
	# in a classic region, the sigcontext through unsafe_setup_sigcontext(),
	# a macro over __unsafe_setup_sigcontext(), which runs in its caller's
	# region (the __unsafe_*() convention: checked at the call).
	mutant 7.2 arch/powerpc/kernel/signal_64.c handle_rt_signal64 sigcontext-after-end unsafe-outside-region '
		in_fn && /^\t\tunsafe_setup_sigcontext\(/ {
			print "\t\tuser_write_access_end();"; $0 = $0 " /* mutant */" } { print }' \
		'&current->blocked'
	mutant 7.2 arch/powerpc/kernel/signal_64.c swapcontext call-before-restore call-in-region '
		{ print } in_fn && /if \(!user_read_access_begin\(new_ctx, ctx_size\)\)/ && !done++ {
			getline; print; print "\tpr_info(\"uabatch mutant\\n\"); /* mutant */" }' \
		'&current->blocked'
	mutant 7.2 arch/powerpc/kernel/signal_64.c __unsafe_setup_sigcontext call-in-callers-region call-in-region '
		{ print } in_fn && /^\tBUG_ON\(tsk != current\);$/ { print "\tpr_info(\"uabatch mutant\\n\"); /* mutant */" }' \
		'&current->blocked'
	mutant 7.2 arch/powerpc/kernel/signal_64.c swapcontext restore-without-region unsafe-outside-region '
		in_fn && /if \(!user_read_access_begin\(new_ctx, ctx_size\)\)/ { getline; next }
		in_fn && /if \(__unsafe_restore_sigcontext\(current, NULL, 0/ { $0 = $0 " /* mutant */" } { print }' \
		'&current->blocked'
	# handle_rt_signal64()'s frame: a read end would leave it writable
	# where reads and writes are locked apart (book3s/32's segments).
	mutant 7.2 arch/powerpc/kernel/signal_64.c handle_rt_signal64 end-made-read mode-mismatch '
		in_fn && /^\tuser_write_access_end\(\);$/ && !done++ {
			$0 = "\tuser_read_access_end(); /* mutant */" } { print }' \
		'&current->blocked'

	# ptrace's 32-bit register set, read in a scope (its regset's size).
	mutant 7.2 arch/powerpc/kernel/ptrace/ptrace-view.c gpr32_set_common_user scope-made-write mode-mismatch '
		in_fn { sub(/scoped_user_read_access_size\(ubuf, count, efault\)/,
			"scoped_user_write_access_size(ubuf, count, efault)") }
		in_fn && /unsafe_get_user\(reg, u\+\+, efault\);/ && !done++ { $0 = $0 " /* mutant */" } { print }'
	mutant 7.2 arch/powerpc/kernel/ptrace/ptrace-view.c gpr32_set_common_user call-in-scope call-in-region '
		{ print } in_fn && /unsafe_get_user\(reg, u\+\+, efault\);/ && !done++ {
			print "\t\t\tpr_info(\"uabatch mutant\\n\"); /* mutant */" }'
	mutant 7.2 arch/powerpc/kernel/ptrace/ptrace-view.c gpr32_set_common_user accessor-after-scope unsafe-outside-region '
		{ print } in_fn && /^\tubuf = u;$/ { print "\tunsafe_get_user(reg, u, efault); /* mutant */" }'

	# The instruction emulator: inline helpers (their names, at the start of
	# a line, are no 'in_fn' of mutant()) that access in their caller's
	# scope, or on a kernel address (where is_kernel_addr() held, which needs
	# no region) without one.
	mutant 7.2 arch/powerpc/lib/sstep.c __read_mem_aligned read-without-scope unsafe-outside-region '
		/^\tscoped_user_read_access_size\(uea, nb, efault\)$/ && !cut++ { print "\tif (0) goto efault;"; next }
		/unsafe_get_user\(x, \(unsigned char __user \*\)ea, Efault\);/ { $0 = $0 " /* mutant */" }
		{ print }'
	# (the third test of the file, write_mem_aligned()'s, negated)
	mutant 7.2 arch/powerpc/lib/sstep.c __write_mem_aligned kernel-test-negated unsafe-outside-region '
		/^\tif \(is_kernel_addr\(ea\)\)$/ && ++n == 3 { $0 = "\tif (!is_kernel_addr(ea))" }
		/unsafe_put_user\(val, \(unsigned char __user \*\)ea, Efault\);/ { $0 = $0 " /* mutant */" }
		{ print }'
	mutant 7.2 arch/powerpc/lib/sstep.c emulate_dcbz call-in-dcbz-scope call-in-region '
		{ print } in_fn && /^\t\tscoped_user_write_access_size\(uea, size, efault\)$/ {
			getline; print "\t\t{ pr_info(\"uabatch mutant\\n\"); /* mutant */"; print; print "\t\t}" }'
fi

judge_cases

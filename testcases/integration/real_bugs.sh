#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Region bugs the kernel really had, put back: each case names the
# upstream commit that fixed it, and puts the bug that commit removed
# back into the function where it lives in 6.12 or 7.2 (the same code
# today, or its successor where the function was rewritten since).  Both
# region checkers must report it at the marked line with the same
# findings (mutate.sh), and neither may report its id on the tree's own
# file, which carries the fix.  With an architecture (arm64, powerpc,
# riscv): the 7.2 cases that it builds, in its 7.2 build directory; with
# allmodconfig, the cases only the x86_64 allmodconfig builds.

. "$(dirname "$0")/../lib.sh"
. "$top/testcases/mutate.sh"

# real_bug COMMIT VERSION FILE FUNCTION ID AWK-PROGRAM [SPARSE-BLIND]
sanitizer=
real_bug()
{
	commit=$1 ver=$2 file=$3 fn=$4 id=$5 prog=$6 blind=${7:-}
	built_here "$ver" || return 0
	[ -z "$allmod" ] || [ -n "$sanitizer" ] || return 0
	fixed_file "$ver" "$file" "$id" "$commit"
	mutant "$ver" "$file" "$fn" "$commit" "$id" "$prog" "$blind"
}

# inline_bug COMMIT VERSION HEADER HOST TOLD-IN TOLD-AT AWK-PROGRAM: a
# helper of HEADER that upstream made __always_inline, plain inline
# again (AWK-PROGRAM), built in HOST: the call-in-region is told at the
# call, the first line of TOLD-IN (HOST or a header it includes) that
# holds TOLD-AT.
inline_bug()
{
	host=$4 told_in=$5 told_at=$6
	real_bug "$1" "$2" "$3" - call-in-region "$7"
	host= told_in= told_at=
}

# x86's own region, stac() and clac(), where the other architectures
# have none to open without a check.
x86_only()
{
	[ -z "$arch" ]
}

# CVE-2017-5123: waitid() wrote siginfo in a region opened with no
# access_ok() (the begin of that time did not check).
x86_only && real_bug 96ca579a1ecc 6.12 kernel/exit.c waitid unverified-region '
	in_fn && /if \(!user_write_access_begin\(infop, sizeof\(\*infop\)\)\)/ {
		print "\t__uaccess_begin(); /* mutant */"; getline; next } { print }'
# i915's execbuffer ioctl wrote the offsets back in a region opened with
# no range ("make 'user_access_begin()' do 'access_ok()'").
x86_only && real_bug 594cc251fdd0 6.12 drivers/gpu/drm/i915/gem/i915_gem_execbuffer.c \
	i915_gem_execbuffer2_ioctl unverified-region '
	/if \(!user_write_access_begin\(user_exec_list,$/ {
		getline; getline; print "\t\t__uaccess_begin(); /* mutant */"; next } { print }'
# eb_copy_relocations(): a fault in the loop that marks the relocations
# invalid jumped past the end.
real_bug 0b2c8f8b6b0c 6.12 drivers/gpu/drm/i915/gem/i915_gem_execbuffer.c \
	eb_copy_relocations region-leak '
	/^\t\t\t\t\t&urelocs\[copied\]\.presumed_offset,$/ { print; getline; sub(/end_user/, "end") }
	/^end:$/ { end = 1 } end && /^\treturn err;$/ && !done++ { $0 = $0 " /* mutant */" } { print }'
# eb_copy_relocations(): a failed __copy_from_user(), before the region,
# left through the region's end ("redundant UACCESS disable").
real_bug e6a9522ac3ff 6.12 drivers/gpu/drm/i915/gem/i915_gem_execbuffer.c \
	eb_copy_relocations unbalanced-region-end '
	/^\t\t\t\t\t     len\)\)$/ { print; getline; sub(/goto end;/, "goto end_user;") }
	/^end_user:$/ && !marked++ { print; getline; $0 = $0 " /* mutant */" } { print }'
# x86's signal frame computed uc_flags by a call inside the region.
x86_only && real_bug 88e4718275c1 6.12 arch/x86/kernel/signal_64.c x64_setup_rt_frame call-in-region '
	in_fn && /^\tuc_flags = frame_uc_flags\(regs\);$/ { next }
	in_fn { sub(/unsafe_put_user\(uc_flags,/, "unsafe_put_user(frame_uc_flags(regs),") }
	in_fn && /frame_uc_flags\(regs\), &frame/ { $0 = $0 " /* mutant */" } { print }'
# Where the architecture masks user pointers (x86, powerpc), the lib/strn*
# functions' classic branch is dead code.
masking()
{
	[ -z "$arch" ] ||
		grep -q 'define masked_user_access_begin' "$cache/src-7.2/arch/$arch/include/asm/uaccess.h"
}

# filldir64()'s region covered the new entry, not the previous one whose
# d_off it writes ("readdir: make user_access_begin() use the real
# access range").
real_bug 3c2659bd1db8 6.12 fs/readdir.c filldir64 pointer-mismatch '
	in_fn { sub(/user_write_access_begin\(prev, reclen \+ prev_reclen\)/, "user_write_access_begin(dirent, reclen)") }
	in_fn && /unsafe_put_user\(offset, &prev->d_off/ { $0 = $0 " /* mutant */" } { print }'
# The compat stat64's device numbers, encoded in the accessor's value by
# a plain inline helper (objtool: "cp_stat64()+0xd8: call to
# new_encode_dev() with UACCESS enabled").
x86_only && inline_bug aa8c7db494d0 6.12 include/linux/kdev_t.h arch/x86/kernel/sys_ia32.c \
	arch/x86/kernel/sys_ia32.c 'unsafe_put_user(huge_encode_dev(stat->dev), &ubuf->st_dev, Efault);' '
	{ sub(/^static __always_inline u64 huge_encode_dev/, "static inline u64 huge_encode_dev") } { print }'
# rseq's abort path sets the user's instruction pointer with the region
# open, through x86's plain inline accessor ("x86/ptrace: Always inline
# trivial accessors").
x86_only && inline_bug 1fe4002cf7f2 7.2 arch/x86/include/asm/ptrace.h kernel/rseq.c \
	include/linux/rseq_entry.h 'instruction_pointer_set(regs, (unsigned long)abort_ip);' '
	/^static __always_inline$/ { getline next_line
		if (next_line ~ /^void instruction_pointer_set\(/) $0 = "static inline"
		print; print next_line; next } { print }'
# strncpy_from_user()'s helper, plain inline, may be left a call in the
# region ("lib/strn*,objtool: Enforce user_access_begin() rules").
live='retval = do_strncpy_from_user\(dst, src, count, max\);'
masking && live='retval = do_strncpy_from_user\(dst, src, count, count\);'
real_bug 226d44acf6df 7.2 lib/strncpy_from_user.c strncpy_from_user call-in-region '
	sub(/^static __always_inline long do_strncpy_from_user/, "static inline long do_strncpy_from_user") { }
	in_fn && /'"$live"'/ { $0 = $0 " /* mutant */" } { print }'
# strnlen_user() masked for reading and writing, ended for reading only.
masking && real_bug 4322c8f81c58 7.2 lib/strnlen_user.c strnlen_user mode-mismatch '
	in_fn && sub(/masked_user_read_access_begin\(str\)/, "masked_user_access_begin(str)") { }
	in_fn && /^\t\tuser_read_access_end\(\);$/ && !done++ { $0 = $0 " /* mutant */" } { print }'

# get_futex_key() writes the NUMA node back through a region opened for
# reading (futex_put_value(), since folded into put_user_inline(): "futex:
# Use user_write_access_begin/_end() in futex_put_value()").
real_bug dfb36e4a8db0 7.2 kernel/futex/core.c get_futex_key mode-mismatch '
	in_fn && /^\t\tif \(node_updated && put_user_inline\(node, naddr\)\)$/ {
		getline
		print "\t\tif (node_updated) {"
		print "\t\t\tscoped_user_read_access(naddr, efault)"
		print "\t\t\t\tunsafe_put_user(node, naddr, efault); /* mutant */"
		print "\t\t\tif (0) {"
		print "efault:"
		print "\t\t\t\treturn -EFAULT;"
		print "\t\t\t}"
		print "\t\t}"
		next } { print }'

# The stack protector's failure, which objtool lets a region call, called
# panic() with the caller's user access on ("objtool, panic: Disable SMAP
# in __stack_chk_fail()").
real_bug 72c774aa9d1e 7.2 kernel/panic.c __stack_chk_fail call-in-region '
	in_fn && /^\tflags = user_access_save\(\);$/ { next }
	in_fn && /^\tuser_access_restore\(flags\);$/ { next }
	in_fn && /^\tpanic\("stack-protector/ { $0 = $0 " /* mutant */" } { print }'

# sanitizer_bug ARGUMENTS: real_bug's, of the sanitizers' runtimes, which
# allmodconfig alone builds; only these cases run there.
sanitizer_bug()
{
	[ -n "$allmod" ] || return 0
	sanitizer=yes
	real_bug "$@"
	sanitizer=
}

# The sanitizers' reports, which objtool lets a region call, reported
# with the caller's user access on.
sanitizer_bug d08965a27e84 6.12 lib/ubsan.c ubsan_type_mismatch_common call-in-region '
	in_fn && /^\tunsigned long flags = user_access_save\(\);$/ { next }
	in_fn && /^\tuser_access_restore\(flags\);$/ { next }
	in_fn && /^\t\thandle_null_ptr_deref\(data\);$/ { $0 = $0 " /* mutant */" } { print }'
sanitizer_bug 9a50dcaf0416 7.2 lib/ubsan.c __ubsan_handle_shift_out_of_bounds call-in-region '
	in_fn && /^\tunsigned long ua_flags = user_access_save\(\);$/ { next }
	in_fn && sub(/^\tuser_access_restore\(ua_flags\);$/, "\treturn;") { }
	in_fn && /^\tubsan_prologue\(/ { $0 = $0 " /* mutant */" } { print }'
sanitizer_bug f18b0d7ee815 6.12 lib/ubsan.c __ubsan_handle_load_invalid_value call-in-region '
	in_fn && /^\tunsigned long ua_flags = user_access_save\(\);$/ { next }
	in_fn && sub(/^\tuser_access_restore\(ua_flags\);$/, "\treturn;") { }
	in_fn && /^\tubsan_prologue\(/ { $0 = $0 " /* mutant */" } { print }'
sanitizer_bug 57b78a62e7f2 7.2 mm/kasan/report.c kasan_report call-in-region '
	in_fn && /^\tunsigned long ua_flags = user_access_save\(\);$/ { next }
	in_fn && /^\tuser_access_restore\(ua_flags\);$/ { next }
	in_fn && /^\tstart_report\(&irq_flags\);$/ { $0 = $0 " /* mutant */" } { print }'

# The instruction emulator's dcbz helper, a plain static function, called
# in the scope over the user's cache block ("powerpc/step: Mark
# __copy_mem_out() and __emulate_dcbz() __always_inline").
[ "$arch" != powerpc ] ||
real_bug 0d5769f9503d 7.2 arch/powerpc/lib/sstep.c emulate_dcbz call-in-region '
	sub(/^static __always_inline int __emulate_dcbz\(/, "static int __emulate_dcbz(") { }
	in_fn && /err = __emulate_dcbz\(\(unsigned long\)uea\);/ { $0 = $0 " /* mutant */" } { print }'

judge_cases

# The 7.2 cases again where objtool cannot look: each architecture's own
# build directory, cross compiler and plugin; and the sanitizers' cases in
# x86_64's allmodconfig.
if [ -z "$gcc$arch$allmod" ]; then
	for a in arm64 powerpc riscv allmodconfig; do
		sh "$0" "$a" || die "$a: real_bugs.sh failed"
	done
fi

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The GCC plugin on real kernel code.  Copies of fs/readdir.c (6.12: the
# classic user_write_access_begin() regions; 7.2: scoped regions) and of
# lib/strnlen_user.c (7.2: a classic read region) are built as external
# module objects with the plugin:
#  - unmutated, the plugin reports nothing (no false positive);
#  - each mutant (an end dropped on an error path, a non-checking begin,
#    an ignored begin result, an accessor after the end, a call in the
#    region, a write region made a read region, a call in an inlined
#    helper's body, ...) is reported with its id inside the mutated
#    function;
#  - objtool, run by hand on the object, is the oracle: when it warns
#    about user access, the plugin warns too.
# Prints one line a mutant: name, plugin ids, objtool's verdict.
#
# With a GCC version N as argument (gcc_versions.sh gives each of the
# chroot's), the 7.2 part only, built with gcc-N in the chroot of
# scripts/gcc-versions.sh, in its x86_64_defconfig build directory of 7.2,
# with the plugin built by gcc-N.

. "$(dirname "$0")/../lib.sh"

gcc=${1:-}
plugin=$(plugin_for "$gcc") || exit 1
if [ -n "$gcc" ]; then
	chroot_root=$cache/gcc-sid
	trap 'rm -rf "$work" "$chroot_root$work"' EXIT
fi

# Build copy $2 of a source as module object in tree $1 with the plugin,
# the local headers of directory $3 of the tree beside it; the plugin's
# findings go to $work/findings, objtool's to $work/objtool.
build_with_plugin()
{
	kdir=$1 src=$2 dir=$3
	d=$work/m
	rm -rf "${chroot_root:-}$d"
	mkdir -p "${chroot_root:-}$d"
	cp "$src" "${chroot_root:-}$d/mut.c"
	for h in "$kdir/$dir"/*.h; do
		[ -f "$h" ] && cp "$h" "${chroot_root:-}$d/"
	done
	# Built-in, not a module: some files have several initcalls.
	echo "obj-y := mut.o" > "${chroot_root:-}$d/Kbuild"
	if [ -n "$gcc" ]; then
		chroot_make_7_2 "$gcc" M="$d" KCFLAGS="-fplugin=$plugin -Wno-error" \
			mut.o > "$work/build.log" 2>&1 ||
			{ cat "$work/build.log" >&2; die "$src: does not compile with gcc-$gcc"; }
		set -- sh "$top/scripts/gcc-versions.sh" run
		objtool=/build-7.2-gcc-$gcc/tools/objtool/objtool
	else
		set --
		make -s -C "$kdir" M="$d" KCFLAGS="-fplugin=$plugin -Wno-error" \
			mut.o > "$work/build.log" 2>&1 ||
			{ cat "$work/build.log" >&2; die "$src: does not compile in $kdir"; }
		objtool=$kdir/tools/objtool/objtool
	fi
	grep '\[uaccess:' "$work/build.log" > "$work/findings" || true
	# objtool --orc writes into the object: a copy.
	cp "${chroot_root:-}$d/mut.o" "${chroot_root:-}$work/copy.o"
	"$@" "$objtool" --hacks=jump_label --hacks=noinstr --orc \
		--retpoline --rethunk --static-call --uaccess "$work/copy.o" \
		2>&1 | grep -i 'uaccess' > "$work/objtool" || true
}

# The first and last lines of function $2 in file $1 ('<type> name(' or
# 'SYSCALL_DEFINEn(name,' .. '}'); the last definition if several.
fn_lines()
{
	awk -v name="$2" '
	$0 ~ "^[a-z].*[ *]" name "\\(" || $0 ~ "^SYSCALL_DEFINE[0-9]\\(" name "," { s = NR; e = 0 }
	s && !e && /^}/ { e = NR }
	END { print s, e }' "$1"
}

# mutant TREE-VERSION FILE FUNCTION NAME ID AWK-PROGRAM
# The awk program sees 'in_fn' (inside FUNCTION) and prints the mutant.
mutant()
{
	[ -z "$gcc" ] || [ "$1" = 7.2 ] || return 0
	ver=$1 file=$2 fn=$3 name=$4 id=$5 prog=$6
	kdir=$(ktree "$ver")
	set -- $(fn_lines "$kdir/$file" "$fn")
	s=$1 e=$2
	[ -n "$s" ] && [ -n "$e" ] || die "$kdir/$file: no function $fn"
	awk -v s="$s" -v e="$e" "{ in_fn = NR >= s && NR <= e } $prog" \
		"$kdir/$file" > "$work/mut.c"
	cmp -s "$kdir/$file" "$work/mut.c" && die "$name: the mutation does not apply"
	build_with_plugin "$kdir" "$work/mut.c" "$(dirname "$file")"
	ids=$(sed 's/.*\[uaccess:\([a-z-]*\)\]$/\1/' "$work/findings" | sort -u | tr '\n' ' ')
	# A finding in an inlined body comes with GCC's trail to its caller.
	trail=$(sed -n 's/^ *inlined from [^A-Za-z0-9_]*\([A-Za-z0-9_]*\)[^A-Za-z0-9_]* at .*/\1/p' \
		"$work/build.log" | sort -u | tr '\n' ' ' | sed 's/ $//')
	# The expected id, on a line of the mutated function (which has
	# grown or shrunk by a line or two).
	awk -F: -v id="$id" -v s="$s" -v e="$e" '
		index($0, "[uaccess:" id "]") && $2 >= s - 2 && $2 <= e + 2 { ok = 1 }
		END { exit !ok }' "$work/findings" ||
		{ cat "$work/findings" >&2; die "$ver $name: no $id in $fn()"; }
	otool=clean
	[ -s "$work/objtool" ] && otool="warns: $(head -1 "$work/objtool" | sed 's/.*: warning: objtool: //')"
	echo "$ver${gcc:+ gcc-$gcc} $name: plugin: $ids${trail:+(inlined from $trail) }; objtool $otool"
}

baseline()
{
	[ -z "$gcc" ] || [ "$1" = 7.2 ] || return 0
	kdir=$(ktree "$1")
	build_with_plugin "$kdir" "$kdir/$2" "$(dirname "$2")"
	[ -s "$work/findings" ] && { cat "$work/findings" >&2; die "$1 $2: false positives"; }
	echo "$1${gcc:+ gcc-$gcc} $2: unmutated: no finding"
}

baseline 6.12 fs/readdir.c
baseline 7.2 fs/readdir.c
baseline 7.2 lib/strnlen_user.c
baseline 6.12 kernel/exit.c

# 6.12 filldir64(): a classic write region.
mutant 6.12 fs/readdir.c filldir64 drop-end-on-error-path region-leak '
	in_fn && /^efault_end:$/ { print; getline; next } { print }'
mutant 6.12 fs/readdir.c filldir64 non-checking-begin unverified-region '
	in_fn && /if \(!user_write_access_begin\(prev, reclen \+ prev_reclen\)\)/ {
		print "\t__uaccess_begin();"; getline; next } { print }'
mutant 6.12 fs/readdir.c filldir64 ignored-begin-result unchecked-region-begin '
	in_fn { sub(/if \(!user_write_access_begin\(prev, reclen \+ prev_reclen\)\)/,
		"if (!(user_write_access_begin(prev, reclen + prev_reclen), 1))") } { print }'
mutant 6.12 fs/readdir.c filldir64 accessor-after-end unsafe-outside-region '
	in_fn && /unsafe_put_user\(offset, &prev->d_off, efault_end\);/ { held = $0; next }
	in_fn && held != "" && /^\tuser_write_access_end\(\);$/ { print; print held; held = ""; next }
	{ print }'
mutant 6.12 fs/readdir.c filldir64 call-in-region call-in-region '
	{ print } in_fn && /unsafe_put_user\(ino, &dirent->d_ino, efault_end\);/ {
		print "\tprintk(\"uabatch mutant\\n\");" }'
mutant 6.12 fs/readdir.c filldir64 write-accessor-in-read-region mode-mismatch '
	in_fn { sub(/user_write_access_begin\(prev/, "user_read_access_begin(prev") } { print }'
mutant 6.12 fs/readdir.c filldir64 second-begin nested-region '
	{ print } in_fn && /unsafe_put_user\(ino, &dirent->d_ino, efault_end\);/ {
		print "\tif (!user_write_access_begin(dirent, reclen))\n\t\tgoto efault_end;" }'
mutant 6.12 fs/readdir.c filldir64 end-twice unbalanced-region-end '
	{ print } in_fn && /^\tuser_write_access_end\(\);$/ && !done++ {
		print "\tuser_write_access_end();" }'

# 6.12 waitid(): a write region begun for sizeof(*infop), cut to the
# first field.
mutant 6.12 kernel/exit.c waitid access-beyond-begun-size pointer-mismatch '
	in_fn { sub(/user_write_access_begin\(infop, sizeof\(\*infop\)\)/,
		"user_write_access_begin(infop, sizeof(infop->si_signo))") } { print }'

# 7.2 filldir64(): a scoped write region.
mutant 7.2 fs/readdir.c filldir64 scoped-call-in-region call-in-region '
	{ print } in_fn && /unsafe_put_user\(ino, &dirent->d_ino, efault\);/ {
		print "\t\tprintk(\"uabatch mutant\\n\");" }'
mutant 7.2 fs/readdir.c filldir64 scoped-accessor-after-scope unsafe-outside-region '
	in_fn && /unsafe_put_user\(offset, &prev->d_off, efault\);/ { held = $0; next }
	in_fn && held != "" && /^\t}$/ { print; print held; held = ""; next }
	{ print }'
mutant 7.2 fs/readdir.c filldir64 scoped-read-for-write mode-mismatch '
	in_fn { sub(/scoped_user_write_access_size\(prev/, "scoped_user_read_access_size(prev") } { print }'

# 7.2 strnlen_user(): a masked read region (x86 can mask: the classic
# branch under !can_do_masked_user_access() is dead code, gone before the
# plugin's pass as before objtool's).
mutant 7.2 lib/strnlen_user.c strnlen_user drop-end-before-return region-leak '
	in_fn && /^\t\tuser_read_access_end\(\);$/ { next } { print }'
mutant 7.2 lib/strnlen_user.c strnlen_user call-in-read-region call-in-region '
	{ print } in_fn && /retval = do_strnlen_user\(str, count, count\);/ {
		print "\t\tprintk(\"uabatch mutant\\n\");" }'
mutant 7.2 lib/strnlen_user.c strnlen_user write-accessor-in-read-region mode-mismatch '
	in_fn && /^}$/ { print "efault:\n\tuser_read_access_end();\n\treturn 0;\n}"; next }
	{ print }
	in_fn && /retval = do_strnlen_user\(str, count, count\);/ {
		print "\t\tunsafe_put_user(0, (char __user *)str, efault);" }'

# 7.2 do_strnlen_user(), the always_inline helper that does
# strnlen_user()'s accesses in its caller's region: what goes wrong in it
# is only seen once it is inlined, and is reported with GCC's "inlined
# from 'strnlen_user'" trail.
mutant 7.2 lib/strnlen_user.c do_strnlen_user call-in-inlined-helper call-in-region '
	{ print } in_fn && /^\tres -= align;$/ { print "\tprintk(\"uabatch mutant\\n\");" }'
mutant 7.2 lib/strnlen_user.c do_strnlen_user helper-called-after-end unsafe-outside-region '
	/retval = do_strnlen_user\(str, count, count\);/ { held = $0; next }
	held != "" && /^\t\tuser_read_access_end\(\);$/ { print; print held; held = ""; next }
	{ print }'

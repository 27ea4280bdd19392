#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'uabatch lint' under b4's pre-submit checks, with a real b4 (Debian
# unstable's, in the chroot 'make deps' makes): a b4 prep branch of a git
# repository of a few files of linux-source-6.12, two patches, the first
# a harmless change to a comment of fs/readdir.c, the second
# testcases/lint/readdir-leak.patch.  With
#
#     [b4]
#         prep-perpatch-check-cmd = uabatch lint --format checkpatch -
#
# (and --build here) 'b4 prep --check' passes the first and fails the
# second on the region-leak, as it reads checkpatch.pl's lines.
#
# b4 runs in the chroot; the command it runs is a wrapper that runs this
# checkout's uabatch on the host, in the host's view of the repository
# (the host's root bound at /host, in a mount namespace of the test's own).

. "$(dirname "$0")/../lib.sh"

root=$cache/gcc-sid
src=$cache/src-6.12
b=$cache/build-6.12-x86_64
[ -x "$root/usr/bin/b4" ] || die "$root: no b4 in the chroot: run 'make deps'"
[ -f "$b/.uabatch-prepared" ] || die "$b: no build directory: run 'make kernels'"
unshare --mount true 2> /dev/null || die "no mount namespace here: b4's test needs one"

inside=$(mktemp -d "$root/tmp/uabatch-b4.XXXXXX")
trap 'rm -rf "$work" "$inside"' EXIT
dir=${inside#"$root"}
repo=$inside/repo
for f in Makefile include/linux/uaccess.h fs/readdir.c; do
	mkdir -p "$repo/$(dirname "$f")"
	cp "$src/$f" "$repo/$f"
done

mkdir "$inside/bin"
cat > "$inside/bin/uabatch" <<EOF
#!/bin/sh
exec /usr/sbin/chroot /host /usr/bin/env -i PATH="$PATH" HOME="$HOME" LC_ALL=C \\
	sh -c 'cd "\$0" && exec "\$@"' "$root\$PWD" "$top/uabatch" "\$@"
EOF
chmod +x "$inside/bin/uabatch"

# in_chroot CMD: CMD by sh in the repository, in the chroot.
in_chroot()
{
	unshare --mount sh -c 'mount -t proc proc "$0/proc" && mkdir -p "$0/host" &&
		mount --rbind / "$0/host" && exec chroot "$0" /usr/bin/env -i \
		PATH=/usr/bin:/bin HOME=/root LC_ALL=C.UTF-8 sh -c "cd \"\$0\" && $2" "$1"' \
		"$root" "$dir/repo" "$1"
}

git="git -c user.name=uabatch -c user.email=uabatch@example.invalid"
in_chroot "git init -q && $git add -A && $git commit -q -m 'readdir as in 6.12' &&
	git config user.name uabatch && git config user.email uabatch@example.invalid &&
	git config b4.prep-perpatch-check-cmd '$dir/bin/uabatch lint --build $b --format checkpatch -' &&
	b4 prep -n uaccess-test" > "$work/prep" 2>&1 ||
	{ cat "$work/prep" >&2; die "b4 prep -n failed"; }
sed -i '2s|$| (the directory functions)|' "$repo/fs/readdir.c"
in_chroot "git commit -q -a -m 'readdir: say what the file holds'" > "$work/c1" 2>&1 ||
	{ cat "$work/c1" >&2; die "the first commit failed"; }
(cd "$repo" && patch -s -p1 < "$top/testcases/lint/readdir-leak.patch") ||
	die "readdir-leak.patch does not apply"
leak=$(($(grep -n 'if (d_type == DT_UNKNOWN)' "$repo/fs/readdir.c" | cut -d: -f1) + 1))
in_chroot "git commit -q -a -m 'readdir: stop early on entries of unknown type'" > "$work/c2" 2>&1 ||
	{ cat "$work/c2" >&2; die "the second commit failed"; }

status=0
in_chroot "b4 prep --no-cache --check" > "$work/check" 2>&1 || status=$?
grep -q "Success: 1, Warning: 0, Error: 1" "$work/check" ||
	{ cat "$work/check" >&2; die "b4 prep --check: not one patch passed and one failed (exit $status)"; }
grep -q "uabatch: fs/readdir.c:$leak: ERROR: .*\[uaccess:region-leak\]" "$work/check" ||
	{ cat "$work/check" >&2; die "b4 prep --check: no ERROR line for the leak at fs/readdir.c:$leak"; }
grep -e "uabatch: " -e "Success: " "$work/check"
echo "b4: $(in_chroot 'b4 --version' 2>&1 | head -n 1), prep --check: the harmless patch passes, the leak fails at fs/readdir.c:$leak"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The GCC versions the plugin is tested with besides the machine's own:
# Debian unstable's gcc-N and gcc-N-plugin-dev in a chroot,
# $UABATCH_CACHE/gcc-sid, made with 'debootstrap --variant=minbase', so
# that nothing of unstable is installed on the machine itself.  It comes
# from the Debian archive the machine's own apt sources name
# (scripts/apt-mirror.sh), or $UABATCH_SID_MIRROR.
#
# usage: gcc-versions.sh setup N...    the chroot with GCC N..., once
#        gcc-versions.sh tools         b4 (0.14 or later, for lint's
#                                      test under b4's pre-submit checks)
#                                      and git in the chroot, once
#        gcc-versions.sh list          the GCC versions the chroot has
#        gcc-versions.sh kernel V      for each of them, an O= build
#                                      directory /build-V-gcc-N of the
#                                      clean tree src-V (x86_64_defconfig,
#                                      prepared), once
#        gcc-versions.sh plugin N      build the plugin of this checkout
#                                      with GCC N in the chroot; prints its
#                                      path there
#        gcc-versions.sh run CMD...    CMD in the chroot
#
# Everything but 'list' and 'run' needs root (debootstrap, chroot).  A
# chroot that is not complete is made again from the start.

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${UABATCH_CACHE:-$HOME/.cache/uabatch}
root=$cache/gcc-sid
prog=gcc-versions

die()
{
	echo "$prog: $*" >&2
	exit 2
}

need_root()
{
	[ "$(id -u)" = 0 ] || die "$1 needs root (debootstrap and chroot)"
}

# Unmount what debootstrap left mounted under $1 (it mounts /proc and
# /sys in its target), deepest first, so that removing $1 touches only
# the chroot's own files.
release_mounts()
{
	awk -v dir="$1" '$2 == dir || index($2, dir "/") == 1 { print $2 }' /proc/mounts |
		sort -r | while read -r m; do umount "$m"; done
}

# Run "$@" in the chroot, with a /proc of its own (objtool reads it) that
# goes away with a private mount namespace; without /proc where the
# machine allows no such namespace (only objtool run by hand needs it).
in_chroot()
{
	if unshare --mount true 2> /dev/null; then
		unshare --mount sh -c 'mount -t proc proc "$1/proc" && shift &&
			exec chroot "$0" /usr/bin/env -i PATH=/usr/bin:/bin LC_ALL=C HOME=/root "$@"' \
			"$root" "$root" "$@"
	else
		chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin LC_ALL=C HOME=/root "$@"
	fi
}

setup()
{
	[ $# -gt 0 ] || die "setup: no GCC version"
	[ -f "$root/.uabatch-ready" ] && [ "$(cat "$root/.uabatch-ready")" = "$*" ] &&
		{ echo "$prog: GCC $* in $root"; return 0; }
	need_root setup
	command -v debootstrap > /dev/null || die "debootstrap: not installed (make deps)"
	# Only debootstrap needs the archive: 'list', 'run' and a chroot
	# already made do not depend on the machine's apt sources.
	mirror=${UABATCH_SID_MIRROR:-}
	[ -n "$mirror" ] || mirror=$(sh "$top/scripts/apt-mirror.sh") || exit 2
	new=$root.new
	release_mounts "$new"
	rm -rf "$new"
	debootstrap --variant=minbase sid "$new" "$mirror" > "$cache/gcc-sid.log" 2>&1 ||
		{ release_mounts "$new"; tail -n 5 "$cache/gcc-sid.log" >&2;
		  die "debootstrap of sid failed (whole log: $cache/gcc-sid.log)"; }
	release_mounts "$new"
	pkgs="make flex bison bc libelf-dev libssl-dev"
	for n; do
		pkgs="$pkgs gcc-$n g++-$n gcc-$n-plugin-dev"
	done
	# The Release file is signed and checked; its date is not, as a mirror
	# may serve a snapshot of unstable past its Valid-Until.
	# shellcheck disable=SC2086
	chroot "$new" sh -c "apt-get -q -o Acquire::Check-Valid-Until=false update &&
		DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -q --no-install-recommends $pkgs" >> "$cache/gcc-sid.log" 2>&1 ||
		{ release_mounts "$new"; tail -n 5 "$cache/gcc-sid.log" >&2;
		  die "installing GCC $* in the chroot failed (whole log: $cache/gcc-sid.log)"; }
	release_mounts "$root"
	rm -rf "$root"
	echo "$*" > "$new/.uabatch-ready"
	mv "$new" "$root"
	echo "$prog: GCC $* in $root"
}

tools()
{
	[ -f "$root/.uabatch-ready" ] || die "$root: no chroot (make deps)"
	[ -x "$root/usr/bin/b4" ] && [ -x "$root/usr/bin/git" ] && return 0
	need_root tools
	in_chroot sh -c "apt-get -q -o Acquire::Check-Valid-Until=false update &&
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends b4 git" \
		>> "$cache/gcc-sid.log" 2>&1 ||
		{ tail -n 5 "$cache/gcc-sid.log" >&2; die "installing b4 in the chroot failed (whole log: $cache/gcc-sid.log)"; }
	echo "$prog: $(in_chroot b4 --version | head -n 1) in $root"
}

list()
{
	[ -f "$root/.uabatch-ready" ] || die "$root: no chroot (make deps)"
	cat "$root/.uabatch-ready"
}

# The clean tree src-$1, hard-linked into the chroot (O= builds only
# read it), and a prepared x86_64_defconfig build directory of it for
# each GCC.
kernel()
{
	v=$1
	[ -f "$cache/src-$v/Makefile" ] || die "$cache/src-$v: no clean tree (make kernels)"
	need_root kernel
	if [ ! -f "$root/src-$v/Makefile" ]; then
		rm -rf "$root/src-$v"
		cp -al "$cache/src-$v" "$root/src-$v"
	fi
	for n in $(list); do
		b=/build-$v-gcc-$n
		[ -f "$root$b/.uabatch-prepared" ] && continue
		in_chroot make -s -C "/src-$v" O="$b" CC="gcc-$n" HOSTCC="gcc-$n" \
			x86_64_defconfig > /dev/null
		in_chroot make -s -C "/src-$v" O="$b" CC="gcc-$n" HOSTCC="gcc-$n" \
			-j"$(nproc)" prepare
		touch "$root$b/.uabatch-prepared"
		echo "$prog: $b configured with gcc-$n (x86_64_defconfig, make prepare)"
	done
}

# A copy of the plugin's sources and testcases, and of the region
# analysis and its corpus, for GCC $1, one a checkout, built there;
# make's dates decide whether to build again.
plugin()
{
	n=$1
	list | tr ' ' '\n' | grep -qx "$n" || die "GCC $n: not in the chroot (make deps)"
	need_root plugin
	dir=/uabatch/$(printf %s "$top" | cksum | cut -d ' ' -f 1)/gcc-$n
	# the checkout's files only: one it has deleted must not stay behind
	rm -rf "$root$dir/gcc-plugin/tests" "$root$dir/region/tests"
	rm -f "$root$dir"/gcc-plugin/*.[ch] "$root$dir"/region/*.[ch]
	mkdir -p "$root$dir/gcc-plugin/tests" "$root$dir/region/tests" "$root$dir/build"
	make -s -C "$top" build/uaccess_model.h >&2
	cp -p "$top/build/uaccess_model.h" "$root$dir/build/"
	cp -p "$top"/gcc-plugin/Makefile "$top"/gcc-plugin/*.c "$top"/gcc-plugin/*.h \
		"$root$dir/gcc-plugin/"
	cp -p "$top"/gcc-plugin/tests/* "$root$dir/gcc-plugin/tests/"
	cp -p "$top"/region/*.c "$top"/region/*.h "$root$dir/region/"
	cp -pR "$top"/region/tests/. "$root$dir/region/tests/"
	in_chroot make -s -C "$dir/gcc-plugin" CC="gcc-$n" CXX="g++-$n" >&2
	echo "$dir/gcc-plugin/uaccess_plugin.so"
}

[ $# -gt 0 ] || die "usage: $0 setup N... | tools | list | kernel V | plugin N | run CMD..."
cmd=$1
shift
case $cmd in
setup)	setup "$@" ;;
tools)	tools ;;
list)	list ;;
kernel)	[ $# = 1 ] || die "usage: $0 kernel VERSION"; kernel "$1" ;;
plugin)	[ $# = 1 ] || die "usage: $0 plugin N"; plugin "$1" ;;
run)	need_root run; in_chroot "$@" ;;
*)	die "$cmd: unknown command" ;;
esac

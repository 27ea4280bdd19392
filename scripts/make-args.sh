#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What make needs besides O= to build in the configured build directory
# BUILD: 'ARCH=<arch>', and 'CROSS_COMPILE=<prefix>' when its .config
# names a cross compiler (aarch64-linux-gnu-gcc gives aarch64-linux-gnu-).
# With --arch, the architecture alone; with --plugin, the GCC plugin built
# for BUILD's compiler (gcc-plugin/<triplet>/ for a cross compiler); with
# --dir, BUILD made absolute, or the reason it is not one a --build option
# takes (the drivers' one check of a user's build directory).
#
# usage: make-args.sh [--arch|--plugin|--dir] BUILD

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
only=
case ${1:-} in
--arch|--plugin|--dir) only=$1; shift ;;
esac
if [ "$only" = --dir ]; then
	[ $# = 1 ] && [ -f "$1/.config" ] && [ -f "$1/include/generated/autoconf.h" ] ||
		{ echo "--build ${1:-}: not a configured kernel build directory (make O=${1:-} defconfig prepare)" >&2; exit 2; }
	case $1 in
	*[[:space:]]*) echo "--build $1: a path with blanks, which make cannot take" >&2; exit 2 ;;
	esac
	cd -- "$1" && pwd
	exit
fi
[ $# = 1 ] && [ -f "$1/.config" ] ||
	{ echo "make-args.sh: ${1:-}: not a configured build directory" >&2; exit 2; }
arch=$(sed -n '1,3s|^# Linux/\([a-z0-9_]*\) .*|\1|p' "$1/.config" | head -n 1)
[ -n "$arch" ] || { echo "make-args.sh: $1/.config: no architecture in its header" >&2; exit 2; }
cross=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\([^ ]*-\)gcc[^ ]* .*/\1/p' "$1/.config")
case $only in
--arch) echo "$arch" ;;
--plugin) echo "$top/gcc-plugin/${cross:+${cross%-}/}uaccess_plugin.so" ;;
*) echo "ARCH=$arch${cross:+ CROSS_COMPILE=$cross}" ;;
esac

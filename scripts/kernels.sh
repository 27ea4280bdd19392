#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Fetch Debian's linux-source-VERSION packages, extract each tree into
# $UABATCH_CACHE/linux-VERSION and configure it (x86_64_defconfig plus
# 'make prepare').  Nothing is installed; every step is done once and
# reused on later runs.
#
# usage: kernels.sh [--no-prepare] VERSION...

set -eu

here=$(cd "$(dirname "$0")" && pwd)
cache=${UABATCH_CACHE:-$HOME/.cache/uabatch}
prepare=yes
if [ "${1:-}" = --no-prepare ]; then
	prepare=no
	shift
fi
[ $# -gt 0 ] || { echo "usage: $0 [--no-prepare] VERSION..." >&2; exit 2; }

fetch_tree()
{
	v=$1
	tree=$cache/linux-$v
	[ -f "$tree/Makefile" ] && return 0

	mkdir -p "$cache/debs"
	deb=$(ls "$cache/debs/linux-source-${v}_"*.deb 2>/dev/null | tail -n 1)
	if [ -z "$deb" ]; then
		(cd "$cache/debs" && "$here/apt-private.sh" apt-get -q download "linux-source-$v")
		deb=$(ls "$cache/debs/linux-source-${v}_"*.deb | tail -n 1)
	fi
	work=$cache/.extract-$v.$$
	rm -rf "$work"
	mkdir -p "$work"
	dpkg -x "$deb" "$work/pkg"
	tar -C "$work" -xf "$work/pkg/usr/src/linux-source-$v.tar.xz"
	rm -rf "$tree"
	mv "$work/linux-source-$v" "$tree"
	rm -rf "$work"
	echo "kernels: linux-$v extracted from $(basename "$deb")"
}

prepare_tree()
{
	tree=$cache/linux-$1
	[ -f "$tree/.uabatch-prepared" ] && return 0
	make -s -C "$tree" x86_64_defconfig
	make -s -C "$tree" -j"$(nproc)" prepare
	touch "$tree/.uabatch-prepared"
	echo "kernels: linux-$1 configured (x86_64_defconfig, make prepare)"
}

for v; do
	fetch_tree "$v"
	[ "$prepare" = yes ] && prepare_tree "$v"
	echo "kernels: $cache/linux-$v ready"
done

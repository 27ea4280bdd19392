#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Fetch Debian's linux-source-VERSION packages, extract each tree into
# $UABATCH_CACHE/linux-VERSION and configure it (x86_64_defconfig plus
# 'make prepare').  Nothing is installed; every step is done once and
# reused on later runs.
#
# Unless --no-prepare, each version also gets a second, clean copy of its
# tree, $UABATCH_CACHE/src-VERSION, and a build directory of it,
# $UABATCH_CACHE/build-VERSION-x86_64 (make O=, allmodconfig without debug
# information, -Werror or -march=native, prepared): a configuration that
# compiles nearly every file, where 'uabatch patch --verify' builds the
# files a patch touches.  A tree configured in place refuses O=, hence
# the copy.  Each --cross TRIPLET (a Debian cross compiler, installed)
# adds a build directory of the copy for that compiler's architecture,
# $UABATCH_CACHE/build-VERSION-ARCH, in its defconfig (ppc64le_defconfig
# for powerpc64le), prepared: where patches to that architecture's files
# are verified, and the checkers are run on its objects.
#
# --more adds the configurations that build what those leave out, for the
# whole-tree measurements (scripts/modernize-tree.sh): build-VERSION-i386
# (x86-32: allmodconfig without 64BIT, as ARCH=x86, so that its .config
# names the architecture as the tree's directory does: vm86_32.c,
# usercopy_32.c, checksum_32.h), and with the powerpc64le cross compiler
# build-VERSION-ppc32 (mpc85xx_smp_defconfig: e500 and its SPE) and
# build-VERSION-ppc64 (ppc64_defconfig, big-endian: COMPAT's signal_32.c,
# transactional memory).
#
# usage: kernels.sh [--no-prepare] [--more] [--cross TRIPLET]... VERSION...

set -eu

here=$(cd "$(dirname "$0")" && pwd)
cache=${UABATCH_CACHE:-$HOME/.cache/uabatch}
prepare=yes
more=no
cross=
while [ $# -gt 0 ]; do
	case $1 in
	--no-prepare) prepare=no; shift ;;
	--more) more=yes; shift ;;
	--cross) [ $# -ge 2 ] || break; cross="$cross $2"; shift 2 ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || { echo "usage: $0 [--no-prepare] [--more] [--cross TRIPLET]... VERSION..." >&2; exit 2; }

# Extract linux-source-$1 into directory $2, once.
fetch_tree()
{
	v=$1
	tree=$2
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
	echo "kernels: $(basename "$tree") extracted from $(basename "$deb")"
}

# Configure build directory $2 of the clean tree $1 with configuration
# target $3 (allmodconfig, defconfig) and make's arguments after it (ARCH=,
# CROSS_COMPILE= of a cross build), without what slows a build or ties it
# to this machine, and prepare it.
prepare_build()
{
	src=$1 build=$2 config=$3
	shift 3
	[ -f "$build/.uabatch-prepared" ] && return 0
	mkdir -p "$build"
	make -s -C "$src" O="$build" "$@" "$config" > /dev/null
	"$src/scripts/config" --file "$build/.config" -d DEBUG_INFO \
		-d DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT -d DEBUG_INFO_DWARF4 \
		-d DEBUG_INFO_DWARF5 -e DEBUG_INFO_NONE -d WERROR -d X86_NATIVE_CPU
	make -s -C "$src" O="$build" "$@" olddefconfig > /dev/null
	make -s -C "$src" O="$build" "$@" -j"$(nproc)" prepare
	touch "$build/.uabatch-prepared"
	echo "kernels: $(basename "$build") configured ($config, make prepare)"
}

# The kernel's ARCH for target triplet $1, and its defconfig target.
arch_of_triplet()
{
	case $1 in
	aarch64-*) echo arm64 defconfig ;;
	powerpc64le-*) echo powerpc ppc64le_defconfig ;;
	riscv64-*) echo riscv defconfig ;;
	*) return 1 ;;
	esac
}

# The configurations of --more for version $1.
prepare_more()
{
	echo '# CONFIG_64BIT is not set' > "$cache/x86-32.config"
	prepare_build "$cache/src-$1" "$cache/build-$1-i386" allmodconfig ARCH=x86 \
		KCONFIG_ALLCONFIG="$cache/x86-32.config"
	command -v powerpc64le-linux-gnu-gcc > /dev/null ||
		{ echo "kernels: powerpc64le-linux-gnu-gcc not found: run 'make deps'" >&2; exit 1; }
	for config in ppc32:mpc85xx_smp_defconfig ppc64:ppc64_defconfig; do
		prepare_build "$cache/src-$1" "$cache/build-$1-${config%%:*}" "${config#*:}" \
			ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu-
	done
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

for t in $cross; do
	arch_of_triplet "$t" > /dev/null ||
		{ echo "kernels: $t: no architecture known for this cross compiler" >&2; exit 2; }
	command -v "$t-gcc" > /dev/null || { echo "kernels: $t-gcc not found: run 'make deps'" >&2; exit 1; }
done

for v; do
	fetch_tree "$v" "$cache/linux-$v"
	if [ "$prepare" = yes ]; then
		prepare_tree "$v"
		fetch_tree "$v" "$cache/src-$v"
		prepare_build "$cache/src-$v" "$cache/build-$v-x86_64" allmodconfig
		for t in $cross; do
			set -- $(arch_of_triplet "$t")
			prepare_build "$cache/src-$v" "$cache/build-$v-$1" "$2" ARCH="$1" \
				CROSS_COMPILE="$t-"
		done
		[ "$more" = no ] || prepare_more "$v"
	fi
	echo "kernels: $cache/linux-$v ready"
done

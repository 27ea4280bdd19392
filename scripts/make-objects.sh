#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make-objects.sh MAKE-ARGUMENT... OBJECT...: make the objects (arguments
# ending in .o) with the other arguments, two jobs at a time.
#
# Objects under arch/ are made one at a time: for arch/x86/lib/x.o Kbuild
# descends both into arch/x86 (its core-y) and into arch/x86/lib (its
# libs-y), and both compile x.o; with two jobs the two compilers run at
# once, one removes the .d file the other's fixdep reads, and the build
# fails ("fixdep: error opening file").

others=
arch=
for arg; do
	shift
	case $arg in
	arch/*.o) arch="$arch $arg" ;;
	*.o) others="$others $arg" ;;
	*) set -- "$@" "$arg" ;;
	esac
done

# shellcheck disable=SC2086 # object paths, no blanks
if [ -n "$others" ]; then
	make "$@" -j2 $others || exit
fi
# shellcheck disable=SC2086
if [ -n "$arch" ]; then
	make "$@" $arch
fi

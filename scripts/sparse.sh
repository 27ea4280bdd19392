#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Provide a sparse source tree with libsparse.a built in it, and print
# its path.  SPARSE_SRC=<dir> names a checkout the user already has;
# otherwise Debian's source package 'sparse' (0.6.5~rc1 or newer, from
# unstable: kernels since 6.17 reject 0.6.4) is fetched through the
# private apt configuration and unpacked under build/.
#
# usage: sparse.sh BUILD_DIR

set -eu

here=$(cd "$(dirname "$0")" && pwd)
build=$1
minimum=0.6.5~rc1

if [ -n "${SPARSE_SRC:-}" ]; then
	src=$SPARSE_SRC
	[ -f "$src/linearize.c" ] ||
		{ echo "sparse.sh: SPARSE_SRC=$src: no linearize.c, not a sparse tree" >&2; exit 2; }
else
	src=$build/sparse-src
	if [ ! -f "$src/linearize.c" ]; then
		mkdir -p "$build/sparse-dl"
		(cd "$build/sparse-dl" &&
		 "$here/apt-private.sh" apt-get -q source --download-only sparse/unstable >&2)
		dsc=$(ls "$build/sparse-dl/"sparse_*.dsc | tail -n 1)
		version=$(sed -n 's/^Version: //p' "$dsc")
		if dpkg --compare-versions "$version" lt "$minimum"; then
			echo "sparse.sh: $dsc is $version, need $minimum or newer" >&2
			exit 1
		fi
		rm -rf "$src.new"
		dpkg-source --no-check -x "$dsc" "$src.new" >&2
		mv "$src.new" "$src"
	fi
fi

# Debian patches the Makefile to build with its default gcc-16; build
# with the compiler of this machine, whose headers sparse will use.
make -s -C "$src" -j"$(nproc)" CC="${CC:-cc}" libsparse.a sparse >&2
echo "$src"

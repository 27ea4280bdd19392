#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What make needs besides O= to build in the configured build directory
# BUILD: 'ARCH=<arch>', and 'CROSS_COMPILE=<prefix>' when its .config
# names a cross compiler; with --arch, the architecture alone; with
# --plugin, the GCC plugin built for BUILD's compiler; with --dir, BUILD
# made absolute, or the reason it is not one a --build option takes.
# pipeline/kbuild.py says it, for the shell scripts.
#
# usage: make-args.sh [--arch|--plugin|--dir] BUILD

exec python3 "$(dirname "$0")/../pipeline/kbuild.py" make-args "$@"

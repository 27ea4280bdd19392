#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# compile-command.sh [--source] CMDFILE: from the .cmd file Kbuild wrote
# for an object (dir/.x.o.cmd), the compiler and the flags it built the
# object with, to be run in the directory make ran in; with --source, the
# source file it compiled.  pipeline/kbuild.py says it, for the shell
# scripts.

exec python3 "$(dirname "$0")/../pipeline/kbuild.py" compile-command "$@"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# compile-command.sh [--source] CMDFILE: from the .cmd file Kbuild wrote
# for an object (dir/.x.o.cmd), the compiler and the flags it built the
# object with, to be run in the directory make ran in; with --source, the
# source file it compiled.
#
# The compile alone (powerpc's goes on '; objtool --mcount ...'), without
# its dependency file, its '-c -o OBJ SRC', and what a build run with
# uabatch's checker adds: our plugin and its arguments (KCFLAGS=-fplugin=
# ..., as the README says to run it; GCC refuses one plugin twice, and
# the kernel's own plugins stay), and the run marker of our tests
# (-D__UABATCH_RUN=N, which makes Kbuild compile again).

part=flags
if [ "${1:-}" = --source ]; then
	part=source
	shift
fi
[ $# = 1 ] || { echo "usage: sh scripts/compile-command.sh [--source] CMDFILE" >&2; exit 2; }
[ -f "$1" ] || { echo "compile-command.sh: $1: no such file" >&2; exit 2; }

line=$(sed -n '1s/^\(saved\)\{0,1\}cmd_[^ ]* := //p' "$1" | sed 's/[[:space:]]*; .*$//; s/[[:space:]]*$//')
case $line in
*" -c -o "*) ;;
*) echo "compile-command.sh: $1: no compile command" >&2; exit 1 ;;
esac
if [ $part = source ]; then
	printf '%s\n' "${line##* }"
else
	printf '%s\n' "$line" | sed 's| -Wp,-MMD,[^ ]*||; s| -c -o [^ ]* [^ ]*$||;
		s| -fplugin=[^ ]*/uaccess_plugin\.so||g; s| -fplugin-arg-uaccess_plugin-[^ ]*||g;
		s| -D__UABATCH_RUN=[0-9]*||g'
fi

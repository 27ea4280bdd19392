#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Microsoft's SARIF multitool, from the npm registry, installed once into
# the cache: with no argument, print the path of the validator; with
# FILE..., validate each against the SARIF 2.1.0 schema and the
# multitool's rules, print the errors, exit 1 if there are any.  Only the
# tests use it: the project itself runs no node.
#
# usage: sh scripts/sarif-validator.sh [FILE...]

set -eu

dir=${UABATCH_CACHE:-$HOME/.cache/uabatch}/npm
version=5.7.0
# The npm package is a node wrapper around a .NET program shipped in a
# per-platform package; the wrapper passes its arguments through a shell,
# so the program is run directly.
tool=$dir/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool

if [ ! -x "$tool" ]; then
	command -v npm >/dev/null ||
		{ echo "sarif-validator: npm not found (apt-get install npm)" >&2; exit 2; }
	mkdir -p "$dir"
	npm install --prefix "$dir" --no-audit --no-fund --silent \
		"@microsoft/sarif-multitool@$version" >&2
	[ -x "$tool" ] || { echo "sarif-validator: $tool: not installed" >&2; exit 2; }
fi
if [ $# = 0 ]; then
	echo "$tool"
	exit 0
fi

# 'validate' exits 0 on an invalid log too (and --rich-return-code sets
# bits for mere warnings): its error lines are what tell.
log=$(mktemp "${TMPDIR:-/tmp}/sarif-validator.XXXXXX")
trap 'rm -f "$log"' EXIT
status=0
for f; do
	"$tool" validate "$f" > "$log" 2>&1 || { cat "$log" >&2; status=2; continue; }
	grep -q '^Analysis completed successfully' "$log" || { cat "$log" >&2; status=2; continue; }
	if grep ': error [A-Z]*[0-9]*: ' "$log"; then
		[ $status = 2 ] || status=1
	fi
done
exit $status

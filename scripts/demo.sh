#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The main job on a real tree: scan it, print the findings, then the
# patch uabatch writes for the first file with an auto-fixable finding.
#
# usage: demo.sh KERNEL_TREE [PATH_IN_TREE...]

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$1
shift
[ -f "$tree/Makefile" ] || { echo "demo: $tree: no kernel tree: run 'make kernels'" >&2; exit 2; }
[ $# -gt 0 ] || set -- fs kernel include/linux

findings=$(mktemp)
trap 'rm -f "$findings" "$findings.batch"' EXIT
cd "$tree"
echo "== uabatch scan $* (in $tree)"
# Exit 3: a function Coccinelle cannot parse, a not-parsed note.
status=0
"$top/uabatch" scan --format fields "$@" > "$findings" || status=$?
[ $status = 0 ] || [ $status = 1 ] || [ $status = 3 ] || exit $status
python3 "$top/pipeline/fields.py" text < "$findings"
awk -F'\t' '$5 ~ /^batch-/' "$findings" > "$findings.batch"
echo "== $(wc -l < "$findings.batch") findings: $(grep -c 'not auto-fixable' "$findings.batch" || true)" \
	"only reported, the rest auto-fixable"

first=$(awk -F'\t' "$(cat "$top/scripts/fields.awk")"'
	index($7, "not auto-fixable") == 0 { print unescape($1); exit }' "$findings.batch")
[ -n "$first" ] || exit 0
echo "== uabatch patch $first"
"$top/uabatch" patch "$first" || [ $? = 1 ]

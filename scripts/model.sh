#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Keep the name lists of the semantic patches equal to model/uaccess.api.
# A metavariable line that ends in '// model: KIND MODE' gets, between its
# braces, every name of that kind and mode, in the model's order.
#
# usage: model.sh --check    fail, with a diff, where a list is stale
#        model.sh --update   rewrite the stale lists

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
model=$top/model/uaccess.api

expand()
{
	awk -v model="$model" '
	BEGIN {
		while ((getline line < model) > 0) {
			if (line ~ /^#/ || line ~ /^[ \t]*$/)
				continue
			split(line, f, /[ \t]+/)
			key = f[1] " " f[3]
			if (key in names)
				names[key] = names[key] ", " f[2]
			else
				names[key] = f[2]
		}
	}
	match($0, /\/\/ model: .*$/) {
		key = substr($0, RSTART + 10)
		if (!(key in names)) {
			printf "%s:%d: no \"%s\" in %s\n", FILENAME, FNR, key, model > "/dev/stderr"
			exit 1
		}
		sub(/\{[^}]*\}/, "{" names[key] "}")
	}
	{ print }' "$1"
}

mode=${1:-}
case $mode in
--check|--update) ;;
*) echo "usage: $0 --check|--update" >&2; exit 2 ;;
esac

status=0
for cocci in "$top"/cocci/*.cocci; do
	expand "$cocci" > "$cocci.model"
	if cmp -s "$cocci" "$cocci.model"; then
		rm -f "$cocci.model"
	elif [ "$mode" = --update ]; then
		mv "$cocci.model" "$cocci"
		echo "model: updated $cocci"
	else
		diff -u "$cocci" "$cocci.model" >&2 || true
		rm -f "$cocci.model"
		echo "model: $cocci disagrees with $model: run 'make model'" >&2
		status=1
	fi
done
exit $status

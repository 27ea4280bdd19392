#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Keep the name lists of the semantic patches equal to model/uaccess.api.
# A metavariable line that ends in '// model: KIND [MODE]' gets, between
# its braces, every name of that kind (and mode), in the model's order; a
# Python line that ends in '# model: KIND [MODE]' gets them, quoted,
# between its brackets.
#
# It also writes the model as C tables for the checkers, and keeps the
# two tables of ids in docs/ids.md (between '<!-- ids: KIND -->' and the
# next blank line) equal to model/ids.
#
# usage: model.sh --check    fail, with a diff, where a list is stale
#        model.sh --update   rewrite the stale lists
#        model.sh --header   print the model as a C header

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
model=$top/model/uaccess.api
ids=$top/model/ids

expand()
{
	awk -v model="$model" '
	BEGIN {
		while ((getline line < model) > 0) {
			if (line ~ /^#/ || line ~ /^[ \t]*$/)
				continue
			split(line, f, /[ \t]+/)
			key = f[1] " " f[3]
			add(f[1] " " f[3], f[2])
			add(f[1], f[2])
		}
	}
	function add(key, name) {
		if (key in names)
			names[key] = names[key] ", " name
		else
			names[key] = name
	}
	function lookup(key) {
		if (!(key in names)) {
			printf "%s:%d: no \"%s\" in %s\n", FILENAME, FNR, key, model > "/dev/stderr"
			exit 1
		}
		return names[key]
	}
	# SmPL: identifier x = {a, b}; // model: KIND [MODE]
	match($0, /\/\/ model: .*$/) {
		sub(/\{[^}]*\}/, "{" lookup(substr($0, RSTART + 10)) "}")
	}
	# Python: X = ['a', 'b']  # model: KIND [MODE]
	match($0, /# model: .*$/) {
		quoted = lookup(substr($0, RSTART + 9))
		gsub(/[^, ]+/, "\047&\047", quoted)
		sub(/\[[^]]*\]/, "[" quoted "]")
	}
	{ print }' "$1"
}

header()
{
	cat <<'HDR'
/* SPDX-License-Identifier: GPL-2.0 */
/* Generated from model/uaccess.api by scripts/model.sh: do not edit. */
#ifndef UACCESS_MODEL_H
#define UACCESS_MODEL_H

enum uaccess_kind {
	UA_ACCESS,	/* self-contained: opens, checks, accesses, closes */
	UA_UNSAFE,	/* only valid inside an open region */
	UA_BEGIN,	/* opens a region, checks the range: test the result */
	UA_MASKED,	/* opens a region by masking the pointer */
	UA_OPEN,	/* opens a region with no check of its own */
	UA_END,		/* closes a region */
	UA_SCOPED,	/* opens a region for a block, closes it on every exit */
	UA_CHECK,	/* checks a range or masks a pointer */
	UA_SAFE,	/* runs with user access on: allowed in a region */
	UA_KERNEL,	/* tests that an address is the kernel's */
	UA_SAVE,	/* turns user access off, whatever it was */
	UA_RESTORE,	/* puts back what UA_SAVE turned off */
};

enum uaccess_mode {
	UA_READ = 1,
	UA_WRITE = 2,
	UA_RW = UA_READ | UA_WRITE,
};

struct uaccess_name {
	const char *name;
	enum uaccess_kind kind;
	enum uaccess_mode mode;
	const char *arch;	/* "all", or the architectures, "arm64,powerpc" */
};

static const struct uaccess_name uaccess_names[] = {
HDR
	awk '!/^#/ && NF == 5 && $1 != "inline" && $1 != "copy" && $1 != "switch" {
		kind = "UA_" toupper($1)
		mode = $3 == "read" ? "UA_READ" : $3 == "write" ? "UA_WRITE" : "UA_RW"
		printf "\t{ \"%s\", %s, %s, \"%s\" },\n", $2, kind, mode, $5
	}' "$model"
	cat <<'HDR'
};

/* Functions that switch user access for something other than a region. */
static const char *const uaccess_switch_functions[] = {
HDR
	awk '!/^#/ && NF == 5 && $1 == "switch" { printf "\t\"%s\",\n", $2 }' "$model"
	cat <<'HDR'
};

/* The region defects of model/ids: X(SYMBOL, "id") each. */
#define UACCESS_DEFECTS(X) \
HDR
	awk -F'\t' '!/^#/ && $2 == "defect" {
		sym = toupper($1)
		gsub(/-/, "_", sym)
		printf "\tX(%s, \"%s\") \\\n", sym, $1
	}' "$ids"
	cat <<'HDR'
	/* end */

#endif /* UACCESS_MODEL_H */
HDR
}

# docs/ids.md with each '<!-- ids: KIND -->' table made from model/ids.
ids_doc()
{
	awk -F'\t' -v ids="$ids" '
	BEGIN {
		while ((getline line < ids) > 0) {
			if (line ~ /^#/ || line == "")
				continue
			split(line, f, "\t")
			if (f[2] == "advice")
				rows["advice"] = rows["advice"] "| `" f[1] "` | " f[3] " | " f[4] " |\n"
			else
				rows["defect"] = rows["defect"] "| `" f[1] "` | " f[4] " |\n"
		}
		head["advice"] = "| id | severity | meaning |\n|---|---|---|\n"
		head["defect"] = "| id | meaning |\n|---|---|\n"
	}
	skip && /^$/ { skip = 0 }
	skip { next }
	/^<!-- ids: (advice|defect) -->$/ {
		kind = $0
		sub(/^<!-- ids: /, "", kind)
		sub(/ -->$/, "", kind)
		printf "%s\n%s%s", $0, head[kind], rows[kind]
		skip = 1
		next
	}
	{ print }' "$top/docs/ids.md"
}

mode=${1:-}
case $mode in
--check|--update) ;;
--header) header; exit 0 ;;
*) echo "usage: $0 --check|--update|--header" >&2; exit 2 ;;
esac

# Compare file $1 with what command $2... makes of it; update or complain.
status=0
sync()
{
	file=$1
	shift
	"$@" > "$file.model"
	if cmp -s "$file" "$file.model"; then
		rm -f "$file.model"
	elif [ "$mode" = --update ]; then
		mv "$file.model" "$file"
		echo "model: updated $file"
	else
		diff -u "$file" "$file.model" >&2 || true
		rm -f "$file.model"
		echo "model: $file disagrees with the model: run 'make model'" >&2
		status=1
	fi
}

for cocci in "$top"/cocci/*.cocci; do
	sync "$cocci" expand "$cocci"
done
sync "$top/docs/ids.md" ids_doc
exit $status

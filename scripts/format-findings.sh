#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Findings in the field form on standard input (scripts/fields.awk), each
# line optionally followed by a tab and the engines that found it (none:
# Coccinelle, uabatch scan), written out as text, the contract's form
# 'PATH:LINE:COL: SEVERITY: MSG [uaccess:ID]', as JSON (an array of
# objects), as SARIF 2.1.0 (rules for every id of the contract; a region
# defect is an "error", batching advice a "note", or an "error" too with
# strict), or as they are.
#
# usage: sh scripts/format-findings.sh text|json|sarif|fields [strict]

set -eu

format=$1
strict=0
[ "${2:-}" = strict ] && strict=1
work=$(mktemp -d "${TMPDIR:-/tmp}/uabatch-format.XXXXXX")
trap 'rm -rf "$work"' EXIT
cat > "$work/fields"
fields_awk=$(cat "$(dirname "$0")/fields.awk")

# The ids, what kind each is and what it means (model/ids).
grep -v '^#' "$(dirname "$0")/../model/ids" | grep . | cut -f1,2,4 > "$work/rules"

# JSON strings (RFC 8259): quote and backslash escaped, control
# characters written \u00XX.  URIs (RFC 3986): all but unreserved
# characters and '/' written %XX.
json_awk='
BEGIN { for (i = 1; i < 256; i++) ord[sprintf("%c", i)] = i }
function j(s,	out, i, c) {
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "\\" || c == "\"")
			out = out "\\" c
		else if (ord[c] < 32 || ord[c] == 127)
			out = out sprintf("\\u%04x", ord[c])
		else
			out = out c
	}
	return "\"" out "\""
}
function uri(s,	out, i, c) {
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		out = out (c ~ /[A-Za-z0-9._~\/-]/ ? c : sprintf("%%%02X", ord[c]))
	}
	return out
}'

export LC_ALL=C
case $format in
fields)
	cat "$work/fields"
	;;
text)
	awk -F'\t' "$fields_awk"'
	{ printf "%s:%s:%s: %s: %s [uaccess:%s]\n", unescape($1), $2, $3, $4, unescape($7), $5 }' \
		"$work/fields"
	;;
json)
	awk -F'\t' "$fields_awk$json_awk"'
	BEGIN { printf "[" }
	{
		printf "%s\n  {\"file\": %s, \"line\": %d, \"column\": %d, \"severity\": %s, \"id\": %s, \"message\": %s, \"engine\": %s}",
			(NR > 1 ? "," : ""), j(unescape($1)), $2, $3, j($4), j($5), j(unescape($7)),
			j(NF > 7 ? $8 : "coccinelle")
	}
	END { printf "%s]\n", (NR ? "\n" : "") }' "$work/fields"
	;;
sarif)
	# level: "error" for what fails the lint, "note" for advice; an
	# absolute path is a file: URI (a relative reference may not start
	# with a slash).
	awk -F'\t' -v strict=$strict "$fields_awk$json_awk"'
	FNR == NR {
		kind[$1] = $2
		index_of[$1] = n
		rule[n++] = sprintf("{\"id\": %s, \"shortDescription\": {\"text\": %s}, \"defaultConfiguration\": {\"level\": \"%s\"}}",
			j($1), j($3), ($2 == "advice" ? "note" : "error"))
		next
	}
	{
		path = unescape($1)
		level = (strict || kind[$5] != "advice") ? "error" : "note"
		res[m++] = sprintf("{\"ruleId\": %s, \"ruleIndex\": %d, \"level\": \"%s\", \"message\": {\"text\": %s}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": %s}, \"region\": {\"startLine\": %d, \"startColumn\": %d}}}]}",
			j($5), index_of[$5], level, j(unescape($7)), j(path ~ /^\// ? "file://" uri(path) : uri(path)),
			$2, ($3 > 0 ? $3 : 1))
	}
	END {
		print "{"
		print "  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\","
		print "  \"version\": \"2.1.0\","
		print "  \"runs\": [{"
		print "    \"tool\": {\"driver\": {\"name\": \"uabatch\", \"rules\": ["
		for (i = 0; i < n; i++)
			print "      " rule[i] (i < n - 1 ? "," : "")
		print "    ]}},"
		print "    \"results\": ["
		for (i = 0; i < m; i++)
			print "      " res[i] (i < m - 1 ? "," : "")
		print "    ]"
		print "  }]"
		print "}"
	}' "$work/rules" "$work/fields"
	;;
esac


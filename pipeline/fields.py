# SPDX-License-Identifier: GPL-2.0
"""The field form in which the semantic patch (-D fields) writes its
findings, one a line:

  PATH <tab> LINE <tab> COLUMN <tab> SEVERITY <tab> ID <tab> FUNCTION <tab> MESSAGE

a backslash, a tab or a newline inside a field written \\\\, \\t, \\n, so
that a path holding one stays one field.  The shell scripts of uabatch
(lint, candidates) keep findings in this form, with a tab and the
engines that found them after it where they are the checkers'.

As a program, renders the field lines on standard input:
  python3 pipeline/fields.py text|json|sarif [strict]
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'model'))

import findings
from findings import Finding


def escape(s):
	return s.replace('\\', '\\\\').replace('\t', '\\t').replace('\n', '\\n')


def unescape(s):
	out, i = [], 0
	while i < len(s):
		c = s[i]
		if c == '\\' and i + 1 < len(s):
			i += 1
			c = {'t': '\t', 'n': '\n'}.get(s[i], s[i])
		out.append(c)
		i += 1
	return ''.join(out)


def is_field_line(line):
	return line.count('\t') == 6


def finding(line):
	"""The finding of a field line, and of the engines after it."""
	path, ln, col, severity, ident, function, message = line.split('\t')[:7]
	engine = line.split('\t')[7] if line.count('\t') > 6 else 'coccinelle'
	return Finding(unescape(path), ln, col, severity, ident, unescape(message),
		       unescape(function), engine)


def findings_of(lines, ident=None):
	"""The findings among lines (of id ident, if given)."""
	return [finding(l) for l in lines
		if is_field_line(l) and (ident is None or l.split('\t')[4] == ident)]


def main(argv):
	if len(argv) not in (2, 3) or argv[1] not in ('text', 'json', 'sarif') or \
	   argv[2:] not in ([], ['strict']):
		sys.stderr.write('usage: fields.py text|json|sarif [strict] < FIELD-LINES\n')
		return 2
	sys.stdin.reconfigure(errors='surrogateescape')
	sys.stdout.reconfigure(errors='surrogateescape')
	lines = sys.stdin.read().splitlines()
	sys.stdout.write(findings.render([finding(l) for l in lines if l], argv[1],
					 strict=len(argv) == 3))
	return 0


if __name__ == '__main__':
	sys.exit(main(sys.argv))

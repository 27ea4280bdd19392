# SPDX-License-Identifier: GPL-2.0
"""The one model of a uabatch finding, and its renderings.

A finding is what every engine reports: the semantic patch's Python
(cocci/), sparse-uaccess and the GCC plugin.  The driver and its
subcommands keep findings in this form and render them here, once:

  text   the contract's form, as the kernel's tools print diagnostics:
         PATH:LINE:COL: SEVERITY: MESSAGE [uaccess:ID]
  json   an array of objects, one a line
  jsonl  the same objects, one a line and nothing else: what the
         project's scripts read (as a program, this module renders
         them: python3 model/findings.py FORMAT [strict] [--id ID] < JSONL)
  sarif  SARIF 2.1.0, every id of model/ids a rule, each result at the
         level of its severity
  checkpatch  as 'checkpatch.pl --terse --showfile' says a problem,
         PATH:LINE: ERROR|WARNING|CHECK: MESSAGE [uaccess:ID]: what b4's
         pre-submit checks read (a line with 'ERROR:' fails)

The kind of an id (advice or defect) is model/ids' word for it, never
guessed from its spelling.  The semantic patch also says of each finding
whether it rewrites it (fixable), why not (why_not), what one region
saves (saves: {"pairs": N, "per": "call"} for a run, "element" for a
loop, "through": the user pointer of its accesses, "calls": the names of
the accessors and helpers it serves, one a call) and what its rewrite
opens (rewrite: {"opens": the begin or scoped block, "elements": a loop's
count, else null}); the checkers leave these null.
"""

import json
import os
import sys
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json'
FORMATS = ('text', 'json', 'jsonl', 'sarif', 'checkpatch')


def read_ids():
	"""model/ids as {id: (kind, severity, meaning)}, in its order."""
	ids = {}
	with open(os.path.join(HERE, 'ids'), encoding='utf-8') as f:
		for line in f:
			line = line.rstrip('\n')
			if not line or line.startswith('#'):
				continue
			ident, kind, severity, meaning = line.split('\t', 3)
			ids[ident] = (kind, severity, meaning)
	return ids


IDS = read_ids()


class Finding:
	"""One finding, of whichever engine: the semantic patch
	('coccinelle'), 'sparse' or 'gcc'."""

	def __init__(self, path, line, column, severity, ident, message,
		     function='', engine='coccinelle', fixable=None, why_not=None, saves=None,
		     rewrite=None):
		if ident not in IDS:
			raise ValueError('%s: not an id of model/ids' % ident)
		self.path = path
		self.line = int(line)
		self.column = int(column)
		self.severity = severity
		self.id = ident
		self.kind = IDS[ident][0]
		self.function = function
		self.message = message
		self.engine = engine
		self.fixable = fixable
		self.why_not = why_not
		self.saves = saves
		self.rewrite = rewrite

	def is_defect(self):
		return self.kind == 'defect'

	def key(self):
		"""What makes two engines' findings one defect."""
		return (self.path, self.line, self.id)

	def text(self):
		return '%s:%d:%d: %s: %s [uaccess:%s]' % (self.path, self.line, self.column,
							  self.severity, self.message, self.id)

	@classmethod
	def from_dict(cls, d):
		"""The finding of an engine's JSON object, or of a jsonl line
		(whose path is 'file')."""
		return cls(d['path'] if 'path' in d else d['file'], d['line'], d['column'],
			   d['severity'], d['id'], d['message'], d.get('function', ''),
			   d.get('engine', 'coccinelle'), d.get('fixable'), d.get('why_not'),
			   d.get('saves'), d.get('rewrite'))


def rows(findings):
	"""Each finding as one line of JSON; the path is 'file', as it was
	before the model had a name for it."""
	keys = ('line', 'column', 'severity', 'id', 'kind', 'function', 'message', 'engine',
		'fixable', 'why_not', 'saves', 'rewrite')
	return [json.dumps(dict([('file', f.path)] + [(k, getattr(f, k)) for k in keys]),
			   ensure_ascii=False)
		for f in findings]


def render_json(findings):
	"""An array of objects, one a line."""
	if not findings:
		return '[]\n'
	return '[\n  ' + ',\n  '.join(rows(findings)) + '\n]\n'


def read_jsonl(lines):
	"""The findings of jsonl lines (blank lines skipped)."""
	return [Finding.from_dict(json.loads(l)) for l in lines if l.strip()]


def read_build_log(lines):
	"""What the checkers said in a build that ran them with JSON output,
	among the compiler's other lines: their findings, and what each saw
	in a file (the objects of their 'stats', as dicts)."""
	found, stats = [], []
	for l in lines:
		if not l.startswith('{"'):
			continue
		d = json.loads(l)
		if 'stats' in d:
			stats.append(d['stats'])
		else:
			found.append(Finding.from_dict(d))
	return found, stats


def sarif_uri(path):
	"""An RFC 3986 reference to path: an absolute path a file: URI (a
	relative reference may not start with a slash)."""
	uri = urllib.parse.quote(os.fsencode(path), safe='/~')
	return 'file://' + uri if path.startswith('/') else uri


SARIF_LEVEL = {'error': 'error', 'warning': 'warning', 'note': 'note'}


def render_sarif(findings, strict=False):
	"""SARIF 2.1.0: a result's level is its severity in the text form
	(every one an error with strict, as a lint fails on it)."""
	index = dict((ident, i) for i, ident in enumerate(IDS))
	rules = [{'id': ident, 'shortDescription': {'text': meaning},
		  'defaultConfiguration': {'level': 'warning' if 'warning' in sev else 'note'}}
		 for ident, (kind, sev, meaning) in IDS.items()]
	results = [{'ruleId': f.id, 'ruleIndex': index[f.id],
		    'level': 'error' if strict else SARIF_LEVEL[f.severity],
		    'message': {'text': f.message},
		    'locations': [{'physicalLocation': {
			    'artifactLocation': {'uri': sarif_uri(f.path)},
			    'region': {'startLine': f.line, 'startColumn': max(f.column, 1)}}}]}
		   for f in findings]
	# One rule, one result a line, as a reader greps them.
	return ('{\n  "$schema": %s,\n  "version": "2.1.0",\n  "runs": [{\n'
		'    "tool": {"driver": {"name": "uabatch", "rules": [\n%s\n    ]}},\n'
		'    "results": [\n%s\n    ]\n  }]\n}\n') % (
			json.dumps(SARIF_SCHEMA),
			',\n'.join('      ' + json.dumps(r, ensure_ascii=False) for r in rules),
			',\n'.join('      ' + json.dumps(r, ensure_ascii=False) for r in results))


def checkpatch_level(f, strict):
	"""A region defect is an error; advice a warning where the code is
	hot, else what checkpatch.pl --strict adds (CHECK)."""
	if strict or f.is_defect():
		return 'ERROR'
	return 'WARNING' if f.severity == 'warning' else 'CHECK'


def render(findings, fmt, strict=False):
	if fmt == 'text':
		return ''.join(f.text() + '\n' for f in findings)
	if fmt == 'json':
		return render_json(findings)
	if fmt == 'jsonl':
		return ''.join(r + '\n' for r in rows(findings))
	if fmt == 'sarif':
		return render_sarif(findings, strict)
	if fmt == 'checkpatch':
		return ''.join('%s:%d: %s: %s [uaccess:%s]\n' % (f.path, f.line, checkpatch_level(f, strict),
								 f.message, f.id) for f in findings)
	raise ValueError('%s: not one of %s' % (fmt, ', '.join(FORMATS)))


def main(argv):
	"""python3 model/findings.py FORMAT [strict] [--id ID] < JSONL: the
	findings (of id ID only, if given) rendered."""
	args = argv[1:]
	ident = None
	if args[-2:-1] == ['--id'] and args[-1] in IDS:
		ident, args = args[-1], args[:-2]
	if len(args) not in (1, 2) or args[0] not in FORMATS or args[1:] not in ([], ['strict']):
		sys.stderr.write('usage: findings.py %s [strict] [--id ID] < JSONL\n' % '|'.join(FORMATS))
		return 2
	sys.stdin.reconfigure(errors='surrogateescape')
	sys.stdout.reconfigure(errors='surrogateescape')
	found = [f for f in read_jsonl(sys.stdin) if ident in (None, f.id)]
	sys.stdout.write(render(found, args[0], strict=len(args) == 2))
	return 0


if __name__ == '__main__':
	sys.exit(main(sys.argv))

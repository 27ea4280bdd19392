# SPDX-License-Identifier: GPL-2.0-only
#
# A finding: where it is, its id (an advice id of model/ids), its message,
# warning or note, its fix or why there is none, what batching saves; in
# the text form the kernel's coccicheck prints, or as the JSON object of
# the one model of a finding (model/findings.py) that the driver reads.

import json

from model import ACCESSES, ADVICE
from statements import Stmt

class Finding:
	def __init__(self, site, ident, message, hot, fix, why, saves=None):
		if ident not in ADVICE:
			raise ValueError('%s: not an advice id of model/ids' % ident)
		self.site = site	# (path, function, line, column from 1)
		self.ident = ident
		self.message = message
		self.hot = hot
		self.fix = fix
		self.why = why
		# (pairs, 'call' or 'element', pointer, calls): the begin/end
		# pairs one region saves each time the code runs, or for each
		# element of a loop, on the calls (accessors, helpers with
		# unsafe_ twins, one a call) through pointer
		self.saves = saves
		self.twin = None	# the hot function a compat one is rewritten with

	def severity(self):
		return 'warning' if self.hot else 'note'

	def line(self):
		"""The finding in the contract's text form, as the kernel's
		coccicheck prints it."""
		return '%s:%d:%d: %s: %s [uaccess:%s]' % (self.site[0], self.site[2], self.site[3],
							  self.severity(), self.message, self.ident)

	def json(self):
		"""The finding as one line of JSON, the object model/findings.py
		reads: its function said, not left in a sentence; fixable,
		why not, what it saves and what the rewrite opens as facts, not
		words to grep."""
		path, function, line, col = self.site
		saves = self.saves and dict(zip(('pairs', 'per', 'through', 'calls'), self.saves))
		fixable = self.fix is not None and not self.why
		rewrite = {'opens': self.fix.opens, 'elements': self.fix.elements} if fixable else None
		return json.dumps({'path': path, 'line': line, 'column': col,
				   'severity': self.severity(), 'id': self.ident,
				   'function': function, 'message': self.message,
				   'fixable': fixable, 'why_not': self.why, 'saves': saves,
				   'rewrite': rewrite})

def not_analysed(fs, where, name, why, names=None):
	"""The finding that says a function with accesses (with calls of
	names, if given) was not analysed; where is its body, or the offset
	of its first such call."""
	src = fs.src
	if isinstance(where, Stmt):
		where = next(t[2] for t in src.tokens[where.first:where.last]
			     if t[0] == 'id' and t[1] in (names or ACCESSES))
	line, col = src.line_col(where)
	f = Finding((fs.path, name, line, col + 1), 'not-parsed',
		    '%s() not parsed: %s; its user accesses are not analysed' % (name, why),
		    None, None, why)
	f.tokens = set()
	return f

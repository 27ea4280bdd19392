# SPDX-License-Identifier: GPL-2.0-only
#
# A finding: where it is, its id (an advice id of model/ids), its message,
# warning or note, its fix or why there is none; in the text form the
# kernel's coccicheck prints, or the field form the driver keeps.

from model import ACCESSES, ADVICE
from statements import Stmt

class Finding:
	def __init__(self, site, ident, message, hot, fix, why):
		if ident not in ADVICE:
			raise ValueError('%s: not an advice id of model/ids' % ident)
		self.site = site	# (path, function, line, column from 1)
		self.ident = ident
		self.message = message
		self.hot = hot
		self.fix = fix
		self.why = why
		self.twin = None	# the hot function a compat one is rewritten with

	def severity(self):
		return 'warning' if self.hot else 'note'

	def line(self):
		"""The finding in the contract's text form, as the kernel's
		coccicheck prints it."""
		return '%s:%d:%d: %s: %s [uaccess:%s]' % (self.site[0], self.site[2], self.site[3],
							  self.severity(), self.message, self.ident)

	def fields(self):
		"""The finding in the field form the driver keeps and renders
		(scripts/fields.awk): its function said, not left in a sentence."""
		path, function, line, col = self.site
		return '\t'.join(field(v) for v in (path, line, col, self.severity(), self.ident,
						      function, self.message))

def field(v):
	"""v as one field of a field line: a backslash, a tab or a newline
	in it escaped."""
	return str(v).replace('\\', '\\\\').replace('\t', '\\t').replace('\n', '\\n')

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

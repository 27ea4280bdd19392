# SPDX-License-Identifier: GPL-2.0-only
#
# The functions of a file: the body around an offset (kernel layout: '{'
# and '}' in column 0), its name (a system call's too), what a rewrite
# needs to know of it (Function: its labels, its pointers, the names of
# fault paths), and the functions that call a name but were not parsed.

import re

from layout import syscall_in
from source import stmt_text
from statements import Parser, Unparsable, statements

def body_tokens(src, o):
	"""(the token of '{', the token of '}') of the body of the function
	holding offset o (kernel layout: both in column 0); or None."""
	start = src.text.rfind('\n{', 0, o)
	close = src.text.find('\n}', o)
	if start < 0 or close < 0:
		return None
	first, last = src.at.get(start + 1), src.at.get(close + 1)
	return None if first is None or last is None else (first, last)

def function_at(src, o):
	"""The body of the function holding offset o, as a block statement;
	or None."""
	bounds = body_tokens(src, o)
	if not bounds:
		return None
	first, last = bounds
	if first not in src.functions:
		p = Parser(src, first, last + 1)
		try:
			src.functions[first], end = p.block(0)
		except Unparsable:
			src.functions[first] = None
	return src.functions[first]

def function_head(src, start):
	"""The text before the body that starts at offset start, back to the
	end of what precedes the function (a '}' or a ';' ending a line)."""
	return src.text[max(0, src.text.rfind('\n}', 0, start), src.text.rfind(';\n', 0, start)):start]

def function_name(src, start):
	"""The name of the function whose body starts at offset start."""
	head = function_head(src, start)
	if syscall_in(head):
		return syscall_in(head)
	# KVM's paging_tmpl.h names its functions FNAME(walk_addr_generic).
	m = re.search(r'(\w+(?:\s*\(\s*\w+\s*\))?)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)[^(){};]*$',
		      head)
	return m.group(1) if m else '?'

def syscall_name(src, body):
	"""The name of the system call whose body this is, or None
	(layout.syscall_in())."""
	return syscall_in(function_head(src, src.tokens[body.first][2]))

class Function:
	"""What a rewrite needs to know of the function around it."""
	def __init__(self, src, body, name):
		self.src = src
		self.body = body
		self.name = name
		self.words = set(t[1] for t in src.tokens[body.first:body.last] if t[0] == 'id')
		self.labels = dict((s.name, s) for s in statements(body) if s.kind == 'label')
		self.fault_paths = {}	# (mode or None, leave) -> label
		self.given = set()	# labels given to fault paths

	def text(self):
		"""The function's text, its head (parameters) and its body."""
		if not hasattr(self, '_text'):
			start = self.src.tokens[self.body.first][2]
			self._text = function_head(self.src, start) + stmt_text(self.src, self.body)
		return self._text

	def pointers(self):
		"""The names the function declares as pointers (parameters and
		locals: '* name' followed by ',', ';', '=' or ')')."""
		if not hasattr(self, '_pointers'):
			self._pointers = set(re.findall(r'\*\s*(\w+)\s*[,;=)]', self.text()))
		return self._pointers

	def label_for(self, mode, leave, ptr):
		"""The label of the fault path that ends a region of mode (None
		in a scoped block) and leaves by leave: one a function and kind,
		named as the file names its own (the whole file, where the
		analysis reads an excerpt of it)."""
		key = (mode, leave)
		if key not in self.fault_paths:
			text = self.src.whole().text
			base = 'Efault' if text.count('Efault:') > text.count('efault:') else 'efault'
			names = [base, '%s_%s' % (base, mode or 'out'),
				 '%s_%s' % (base, re.sub(r'\W+', '_', ptr))]
			names += ['%s_%s%d' % (base, mode or 'out', k) for k in range(2, 100)]
			name = [n for n in names if n not in self.words and n not in self.given][0]
			self.given.add(name)
			self.fault_paths[key] = name
		return self.fault_paths[key]

def last_return(fn):
	"""The return that ends the function body, or None."""
	stmts = fn.body.stmts
	return stmts[-1] if stmts and stmts[-1].kind == 'return' else None

def falls_through(fn, label):
	"""Can the statement before a label of the function body run into it?"""
	stmts = fn.body.stmts
	k = stmts.index(label)
	return k == 0 or stmts[k - 1].kind not in ('return', 'goto')

CANNOT_PARSE = 'Coccinelle cannot parse it'

def unparsed(src, parsed, names):
	"""(offset of the first call of names, name, why) of each function
	of the file that calls one and is not among the bodies parsed (by
	the token of their '{'): Coccinelle found no such call in it, or
	function_at() could not follow its statements."""
	for m in re.finditer(r'\n\{', src.text):
		first = src.at.get(m.start() + 1)
		close = src.text.find('\n}', m.start() + 1)
		last = src.at.get(close + 1)
		if first is None or last is None or first in parsed:
			continue
		why = CANNOT_PARSE
		if first in src.functions:
			why = 'its statements are not of a form uabatch follows'
		for i in range(first, last):
			t = src.tokens[i]
			if t[0] == 'id' and t[1] in names and src.tokens[i + 1][1] == '(':
				yield t[2], function_name(src, m.start() + 1), why
				break

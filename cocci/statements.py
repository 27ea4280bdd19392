# SPDX-License-Identifier: GPL-2.0-only
#
# The statements of a function body as a tree (Parser, Stmt), and what a
# statement is: an assignment that only computes, and so can run inside
# a region; a local declaration; a stretch of statements in one
# preprocessor branch.

import re

from model import INLINE
from source import calls_in, is_pure, split_on, stmt_text, words

class Stmt:
	"""A statement of a function body: tokens [first, last) of the
	source; for block the statements, for if the condition tokens and
	the branches, for loops the head and the body."""
	def __init__(self, kind, first, last, **parts):
		self.kind = kind
		self.first = first
		self.last = last
		self.stmts = []
		self.head = None	# (first, last) tokens inside the parentheses
		self.body = None
		self.orelse = None
		self.parent = None
		self.__dict__.update(parts)

	def children(self):
		if self.kind == 'block':
			return self.stmts
		return [s for s in (self.body, self.orelse) if s is not None]

class Unparsable(Exception):
	pass

LOOPS = ('for', 'while', 'do', 'iterator')

class Parser:
	"""Statements over the tokens of one function body, comments left
	out.  Kernel code only: a macro that loops or guards is a name, its
	arguments and a block."""
	def __init__(self, src, first, last):
		self.src = src
		self.ix = [i for i in range(first, last) if src.tokens[i][0] != 'comment']
		self.n = 0

	def text(self, k):
		return self.src.tokens[self.ix[k]][1] if k < len(self.ix) else ''

	def kind(self, k):
		return self.src.tokens[self.ix[k]][0] if k < len(self.ix) else ''

	def close(self, k, opening, closing):
		"""The position after the token that closes the one at k."""
		depth = 0
		while k < len(self.ix):
			t = self.text(k)
			if t in ('(', '[', '{'):
				depth += 1
			elif t in (')', ']', '}'):
				depth -= 1
				if depth == 0:
					if t != closing:
						raise Unparsable(t)
					return k + 1
			k += 1
		raise Unparsable('end of function')

	def until_semicolon(self, k):
		depth = 0
		while k < len(self.ix):
			t = self.text(k)
			if t in ('(', '[', '{'):
				depth += 1
			elif t in (')', ']', '}'):
				depth -= 1
				if depth < 0:
					raise Unparsable(t)
			elif t == ';' and depth == 0:
				return k + 1
			k += 1
		raise Unparsable('no ;')

	def make(self, kind, k, end, **parts):
		s = Stmt(kind, self.ix[k], self.ix[end - 1] + 1, **parts)
		for c in s.children():
			c.parent = s
		return s

	def head(self, k):
		"""The tokens inside the parentheses opening at k, and what follows."""
		if self.text(k) != '(':
			raise Unparsable('no (')
		end = self.close(k, '(', ')')
		return (self.ix[k + 1], self.ix[end - 1]), end

	def block(self, k):
		end = k + 1
		stmts = []
		while self.text(end) != '}':
			if end >= len(self.ix):
				raise Unparsable('unclosed block')
			s, end = self.stmt(end)
			stmts.append(s)
		s = self.make('block', k, end + 1, stmts=stmts)
		for c in stmts:
			c.parent = s
		return s, end + 1

	def stmt(self, k):
		t, kind = self.text(k), self.kind(k)
		if kind == 'cpp':
			return self.make('cpp', k, k + 1), k + 1
		if t == '{':
			return self.block(k)
		if t == ';':
			return self.make('empty', k, k + 1), k + 1
		if t == 'if':
			head, end = self.head(k + 1)
			then, end = self.stmt(end)
			orelse = None
			if self.text(end) == 'else':
				orelse, end = self.stmt(end + 1)
			return self.make('if', k, end, head=head, body=then, orelse=orelse), end
		if t in ('for', 'while', 'switch'):
			head, end = self.head(k + 1)
			body, end = self.stmt(end)
			return self.make(t, k, end, head=head, body=body), end
		if t == 'do':
			body, end = self.stmt(k + 1)
			if self.text(end) != 'while':
				raise Unparsable('do without while')
			head, end = self.head(end + 1)
			return self.make('do', k, end + 1, head=head, body=body), end + 1
		if t in ('return', 'goto', 'break', 'continue'):
			end = self.until_semicolon(k)
			return self.make(t, k, end), end
		if t == 'case':
			end = k
			while self.text(end) != ':' or self.text(end + 1) == ':':
				end += 1
				if end >= len(self.ix):
					raise Unparsable('case')
			return self.make('case', k, end + 1), end + 1
		if t == 'default' and self.text(k + 1) == ':':
			return self.make('case', k, k + 2), k + 2
		if kind == 'id' and self.text(k + 1) == ':' and self.text(k + 2) != ':':
			return self.make('label', k, k + 2, name=t), k + 2
		if kind == 'id' and self.text(k + 1) == '(':
			end = self.close(k + 1, '(', ')')
			nxt = self.text(end)
			if nxt == '{' or (self.kind(end) == 'id' and
					  re.search(r'for_each|guard|^scoped_', t)):
				head = (self.ix[k + 2], self.ix[end - 1])
				body, end = self.stmt(end)
				return self.make('iterator', k, end, head=head, body=body,
						 name=t), end
		end = self.until_semicolon(k)
		return self.make('simple', k, end), end

def statements(s):
	"""Every statement under s, s first."""
	yield s
	for c in s.children():
		for d in statements(c):
			yield d

def enclosing(s):
	while s.parent is not None:
		s = s.parent
		yield s

ASSIGN = ('=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>=')
LVALUE = re.compile(r'^\*?([A-Za-z_]\w*)(?:(?:->|\.)\w+|\[[^\]]*\])*$')

def assignment(src, s):
	"""(the variable, the tokens of the right-hand side) of a statement
	'lvalue = rhs;' (or 'op='), 'lvalue++;' or '--lvalue;': the variable
	is the root of the lvalue ('x' of 'x->f.g[i]'); or None."""
	if s.kind != 'simple':
		return None
	toks = [i for i in range(s.first, s.last - 1) if src.tokens[i][0] != 'comment']
	w = [src.tokens[i][1] for i in toks]
	ops = [k for k, t in enumerate(w) if t in ASSIGN]
	if len(ops) == 1:
		lhs, rhs = w[:ops[0]], (toks[ops[0]] + 1, s.last - 1)
	elif not ops and len(w) >= 2 and w[-1] in ('++', '--'):
		lhs, rhs = w[:-1], (s.last - 1, s.last - 1)
	elif not ops and len(w) >= 2 and w[0] in ('++', '--'):
		lhs, rhs = w[1:], (s.last - 1, s.last - 1)
	else:
		return None
	m = LVALUE.match(''.join(lhs))
	return (m.group(1), rhs) if m else None

def is_glue(src, s):
	"""Does s only compute: an assignment with no call but the model's
	inline helpers (it can run inside a region)?  Its variable, or None."""
	a = assignment(src, s)
	if a is None or not is_pure(src, *a[1]):
		return None
	return a[0]

def stores_through(src, stmts):
	"""The first of stmts (or of the statements in them) that stores
	through a pointer or into a member ('p->f = ..', '*q = ..', which
	may change a pointer that is read from memory), or None: assignments
	to plain names and declarations do not, nor the accessors (they
	store to the user)."""
	for s in stmts:
		for x in statements(s):
			if assignment(src, x) is None:
				continue
			w = [t for t in words(src, x.first, x.last - 1) if t not in ('++', '--')]
			lhs = w[:next((k for k, t in enumerate(w) if t in ASSIGN), len(w))]
			if len(lhs) != 1:
				return x
	return None

def is_assignments(src, first, last):
	"""'i = 0', 'i++, p++': comma-separated assignments that compute."""
	for a, b in split_on(src, first, last, ','):
		w = words(src, a, b)
		if not w:
			continue
		if w[-1] in ('++', '--') or w[0] in ('++', '--'):
			if calls_in(src, a, b):
				return False
			continue
		ops = [k for k, t in enumerate(w) if t in ASSIGN]
		if len(ops) != 1 or not LVALUE.match(''.join(w[:ops[0]])):
			return False
		rhs = [i for i in range(a, b) if src.tokens[i][1] in ASSIGN][0] + 1
		if not is_pure(src, rhs, b):
			return False
	return True

DECLARATION = re.compile(r'^(?:(?:const|volatile|static|unsigned|signed|struct|union|enum|'
			 r'register)\s+)*[A-Za-z_]\w*(?:\s+[A-Za-z_]\w*)*[\s*]+[A-Za-z_]\w*'
			 r'(?:\[[^\]]*\])*\s*(?:=|;|,)')

def is_declaration(src, s, calls=False):
	"""A local declaration whose initialiser, if any, computes (or
	calls, with calls)."""
	text = re.sub(r'/\*.*?\*/', ' ', stmt_text(src, s), flags=re.S)
	if not DECLARATION.match(text.strip()):
		return False
	return calls or not calls_in(src, s.first, s.last) or \
	       all(c in INLINE for c in calls_in(src, s.first, s.last))

def cpp_balanced(src, first, last):
	"""Are tokens [first, last) in one preprocessor branch: every
	conditional opened there closed there, no #else of an outer one?"""
	depth = 0
	for t in src.tokens[first:last]:
		if t[0] != 'cpp':
			continue
		d = re.match(r'#\s*(\w+)', t[1])
		d = d.group(1) if d else ''
		if d in ('if', 'ifdef', 'ifndef'):
			depth += 1
		elif d == 'endif':
			depth -= 1
			if depth < 0:
				return False
		elif d in ('else', 'elif', 'elifdef', 'elifndef') and depth == 0:
			return False
	return depth == 0

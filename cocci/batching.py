# SPDX-License-Identifier: GPL-2.0-only
#
# The analysis behind batch.cocci, which imports it from its own
# directory.  Coccinelle finds the user accesses and applies
# the rewrite; this module reads the function around each access from the
# file, as a tree of statements, and makes the one decision both modes
# share: what is a run or a loop of accesses that one region can serve as
# the code stands (reported), how hot its path is (warning or note), and
# whether its rewrite is sound (rewritten in patch mode, else reported
# with the reason).
#
# A run is two or more accesses through one user pointer in one statement
# list, next to one another: between them only statements that compute
# (an assignment with no call but the model's inline helpers).  A loop is
# a loop whose every iteration makes the access and does nothing else that
# needs user access off.  A rewrite must cover every access with the
# region it opens, close the region on every way out, keep each fault path
# in the preprocessor branch of its uses, and leave as the old code did.

import os
import re
import subprocess
import sys

import kconfig

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL_DIR = os.path.join(HERE, '..', 'model')


# ---- the model ---------------------------------------------------------------

def read_table(name):
	"""The lines of a model file, split on whitespace, comments dropped."""
	rows = []
	with open(os.path.join(MODEL_DIR, name)) as f:
		for line in f:
			line = line.split('#', 1)[0].strip()
			if line:
				rows.append(line.split(None, 2))
	return rows

API = read_table('uaccess.api')
# The ids of model/ids that the semantic patch reports.
ADVICE = set(r[0] for r in read_table('ids') if r[1] == 'advice')
ACCESSES = dict((r[1], r[2].split()[0]) for r in API if r[0] == 'access')
# The begins of every architecture, which -D modernize makes scoped blocks.
REGION_BEGINS = dict((r[1], r[2].split()[0]) for r in API
		     if r[0] == 'begin' and r[2].split()[2] == 'all')
INLINE = set(r[1] for r in API if r[0] == 'inline')
COPIES = dict((r[1], r[2].split()[0]) for r in API if r[0] == 'copy')

BEGIN = {'write': 'user_write_access_begin', 'read': 'user_read_access_begin',
	 'rw': 'user_access_begin'}
END = {'write': 'user_write_access_end', 'read': 'user_read_access_end',
       'rw': 'user_access_end'}
SCOPED = {'write': 'scoped_user_write_access', 'read': 'scoped_user_read_access',
	  'rw': 'scoped_user_rw_access'}
UNSAFE = {'write': 'unsafe_put_user', 'read': 'unsafe_get_user'}
WHAT = {'write': 'writes', 'read': 'reads', 'rw': 'reads and writes'}
RUN_ID = {'write': 'batch-put-run', 'read': 'batch-get-run', 'rw': 'batch-rw'}
LOOP_ID = {'write': 'batch-put-loop', 'read': 'batch-get-loop'}
FIELDS_MAX = 4	# members a struct copy may be replaced by, one access each


def path_entry(path, func):
	"""What model/hot-paths says of function func of file path: the WHY
	of the first entry that matches, or None."""
	for glob, funcs, why in HOT:
		if glob_match(glob, path) and \
		   any(glob_match(g, func) for g in funcs.split(',')):
			return why
	return None

def hot_path(path, func):
	"""Why function func of file path runs per I/O or per event, or None."""
	why = path_entry(path, func)
	return None if why is None or why.startswith('cold:') else why

def glob_match(glob, s):
	r = re.escape(glob).replace(r'\*', '[^/]*')
	return re.search('(^|/)%s$' % r, s) is not None

HOT = [(r[0], r[1], r[2] if len(r) > 2 else '') for r in read_table('hot-paths')]

COLD = [	# function names that say a path is not hot, and why
	(r'compat', 'a compat path'),
	(r'ioctl', 'an ioctl'),
	(r'debugfs', 'debugfs'),
	(r'^proc_|_proc_', 'procfs'),
	(r'ptrace|regs?_?set|regs?_?get', 'ptrace'),
]

def coldness(path, func):
	"""Why the path of func is not worth a region, as the message says it."""
	why = path_entry(path, func)
	if why is not None and why.startswith('cold:'):
		return why[len('cold:'):].strip()
	for pattern, why in COLD:
		if re.search(pattern, func):
			return why
	return 'not on a path known to run per I/O or per event'


# ---- the text of a file --------------------------------------------------------

class Source:
	"""A file's text with its tokens: (kind, text, start, end), kind one
	of id, num, str, op, cpp (a whole directive) and comment."""
	def __init__(self, path):
		self.path = path
		with open(path, errors='replace') as f:
			self.text = f.read()
		self.line_starts = [0]
		for m in re.finditer('\n', self.text):
			self.line_starts.append(m.end())
		self.tokens = tokenize(self.text)
		self.at = dict((t[2], i) for i, t in enumerate(self.tokens))
		self.functions = {}

	def offset(self, line, col):
		"""Coccinelle's line (from 1) and column (from 0), as an offset."""
		return self.line_starts[int(line) - 1] + int(col)

	def line_col(self, o):
		line = bisect(self.line_starts, o)
		return line, o - self.line_starts[line - 1]

def bisect(starts, o):
	lo, hi = 0, len(starts)
	while lo < hi:
		mid = (lo + hi) // 2
		if starts[mid] <= o:
			lo = mid + 1
		else:
			hi = mid
	return lo

TOKEN = re.compile(r'''
	(?P<space>[ \t\r\f\v]+|\\\n|\n)
	|(?P<comment>/\*.*?\*/|//[^\n]*)
	|(?P<str>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
	|(?P<id>[A-Za-z_]\w*)
	|(?P<num>\.?\d(?:[eEpP][+-]|[\w.])*)
	|(?P<op>->|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|\.\.\.|\S)
''', re.X | re.S)

def tokenize(text):
	tokens = []
	pos = 0
	line_start = True	# nothing but blanks since the last newline
	while pos < len(text):
		if line_start and text[pos] == '#':
			end = pos
			while True:
				nl = text.find('\n', end)
				if nl < 0:
					end = len(text)
					break
				end = nl
				if text[nl - 1] != '\\':
					break
				end = nl + 1
			tokens.append(('cpp', text[pos:end], pos, end))
			pos = end
			continue
		m = TOKEN.match(text, pos)
		kind = m.lastgroup
		if kind == 'space':
			if '\n' in m.group() and not m.group().startswith('\\'):
				line_start = True
		else:
			line_start = False if kind != 'comment' else line_start
			tokens.append((kind, m.group(), m.start(), m.end()))
		pos = m.end()
	return tokens


# ---- statements ----------------------------------------------------------------

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

def function_at(src, o):
	"""The body of the function holding offset o, as a block statement
	(kernel layout: '{' and '}' in column 0); or None."""
	start = src.text.rfind('\n{', 0, o)
	close = src.text.find('\n}', o)
	if start < 0 or close < 0:
		return None
	key = start + 1
	if key not in src.functions:
		first = src.at.get(key)
		last = src.at.get(close + 1)
		body = None
		if first is not None and last is not None:
			p = Parser(src, first, last + 1)
			try:
				body, end = p.block(0)
			except Unparsable:
				body = None
		src.functions[key] = body
	return src.functions[key]

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


# ---- the text of tokens ----------------------------------------------------------

def span(src, first, last):
	"""The source text of tokens [first, last), comments included."""
	if first >= last:
		return ''
	return src.text[src.tokens[first][2]:src.tokens[last - 1][3]]

def stmt_text(src, s):
	return span(src, s.first, s.last)

def words(src, first, last):
	"""The tokens [first, last) without comments, one string each."""
	return [t[1] for t in src.tokens[first:last] if t[0] != 'comment']

def flat(text):
	"""An expression with its blanks and comments gone, for comparing."""
	text = re.sub(r'/\*.*?\*/|//[^\n]*', '', text, flags=re.S)
	return re.sub(r'\s+', '', text)

def shown(text):
	"""An expression as the kernel writes it, for messages."""
	e = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
	e = re.sub(r'\s*([()\[\].]|->)\s*', r'\1', e)
	return re.sub(r'\s*,\s*', ', ', re.sub(r'\s+', ' ', e)).strip()

def has_comment(src, first, last):
	return any(t[0] == 'comment' for t in src.tokens[first:last])

def split_args(src, first, last):
	"""The arguments of a call whose parentheses hold tokens [first, last),
	as (first, last) token ranges."""
	args = []
	depth = 0
	start = first
	for i in range(first, last):
		t = src.tokens[i][1]
		if t in ('(', '[', '{'):
			depth += 1
		elif t in (')', ']', '}'):
			depth -= 1
		elif t == ',' and depth == 0:
			args.append((start, i))
			start = i + 1
	args.append((start, last))
	return args

def closing(src, i):
	"""The index of the token that closes the bracket at i."""
	depth = 0
	for j in range(i, len(src.tokens)):
		t = src.tokens[j][1]
		if t in ('(', '[', '{'):
			depth += 1
		elif t in (')', ']', '}'):
			depth -= 1
			if depth == 0:
				return j
	return None

def calls_in(src, first, last):
	"""The names called in tokens [first, last), but sizeof and typeof."""
	names = []
	for i in range(first, last - 1):
		k, t = src.tokens[i][0], src.tokens[i][1]
		if k == 'id' and src.tokens[i + 1][1] == '(' and \
		   t not in ('sizeof', 'typeof', '__typeof__', 'if', 'while', 'for',
			     'switch', 'return', 'offsetof', '__builtin_offsetof'):
			names.append(t)
	return names

def is_pure(src, first, last, helpers=True):
	"""Tokens [first, last) compute and nothing else: no call (but the
	model's inline helpers), assignment or increment."""
	for name in calls_in(src, first, last):
		if not helpers or name not in INLINE:
			return False
	for t in words(src, first, last):
		if t in ('=', '++', '--') or (len(t) == 2 and t[1] == '=' and
					       t not in ('==', '!=', '<=', '>=')) or \
		   t in ('<<=', '>>='):
			return False
	return True

CONSTANT = re.compile(r'^-?\(?(NULL|true|false|\d+[uUlL]*|[A-Z][A-Z0-9_]*)\)?$')


# ---- accesses --------------------------------------------------------------

class Access:
	"""acc(e, E) at token i: its name, mode, value or destination e and
	address E (token ranges), and the pointer E goes into."""
	def __init__(self, src, i):
		self.src = src
		self.i = i
		self.name = src.tokens[i][1]
		self.mode = ACCESSES[self.name]
		self.end = closing(src, i + 1) + 1	# after ')'
		args = split_args(src, i + 2, self.end - 1)
		if len(args) != 2:
			raise Unparsable('%s() with %d arguments' % (self.name, len(args)))
		self.e, self.E = args
		self.addr = flat(span(src, *self.E))
		self.base, self.index = address_parts(self.addr)
		# The user object it goes into: p for &p->a[i], whose elements
		# are walked as those of p->a.
		self.object = self.base
		if self.base and '->' in self.base and self.addr.startswith('&%s[' % self.base):
			self.object = self.base[:self.base.rfind('->')]

	def value(self):
		return span(self.src, *self.e)

	def address(self):
		return span(self.src, *self.E)

MEMBER_CHAIN = r'\w+(?:->\w+)*'

def address_parts(addr):
	"""(pointer, where) for an address: ('p', 'f') for &p->f or &p->f.g,
	('p', 3) for &p[3], p + 3 or p (0), ('p', 'i') for &p[i] and
	&p[i].f, ('p', 'steps') for p++; (pointer, None) for anything else
	that goes into p, such as an indexed member &p->a[i] or a cast;
	(None, None) when there is no pointer."""
	a = addr
	cast = re.match(r'^\([\w\s*]+\*\)', a)
	if cast:
		inner = address_parts(a[cast.end():])
		return inner[0], None
	m = re.match(r'^&\(?(%s?)\)?->(\w+(?:\.\w+)*)$' % MEMBER_CHAIN, a)
	if m:
		return m.group(1), 'f'
	m = re.match(r'^(%s)(\+\+|--)$|^(\+\+|--)(%s)$' % (MEMBER_CHAIN, MEMBER_CHAIN), a)
	if m:
		return m.group(1) or m.group(4), 'steps'
	m = re.match(r'^&\(?(%s)\)?\[(\w+)\](?:\.\w+)*$' % MEMBER_CHAIN, a)
	if m:
		k = m.group(2)
		return m.group(1), int(k, 0) if re.match(r'^\d+$', k) else k
	m = re.match(r'^\(?(%s)\)?(?:\+(\w+))?$' % MEMBER_CHAIN, a)
	if m:
		k = m.group(2) or '0'
		return m.group(1), int(k, 0) if re.match(r'^\d+$', k) else k
	m = re.match(r'^&\(?(%s?)\)?->' % MEMBER_CHAIN, a)
	if m:
		return m.group(1), None
	return None, None


# ---- the statements of a run ------------------------------------------------------

class Member:
	"""A statement that makes accesses and leaves on a fault:
	'if (acc(..) [|| acc(..)]) return R;' (or 'goto L;'), kind 'if'; or
	'err = acc(..);' / 'err |= acc(..);', kind 'err' (err tested after)."""
	def __init__(self, stmt, kind, accesses, leave=None, err=None, sets=False):
		self.stmt = stmt
		self.kind = kind
		self.accesses = accesses
		self.leave = leave	# 'return R;' or 'goto L;', flat
		self.err = err
		self.sets = sets	# 'err = acc(..)', not 'err |='

def leave_of(src, s):
	"""'return R;' or 'goto L;' for a statement that is one, possibly in
	braces; else None."""
	while s is not None and s.kind == 'block' and len(s.stmts) == 1:
		s = s.stmts[0]
	if s is None or s.kind not in ('return', 'goto') or has_comment(src, s.first, s.last):
		return None
	return re.sub(r'\s+', ' ', stmt_text(src, s)).replace(' ;', ';')

def access_chain(src, first, last, accesses):
	"""The accesses of 'acc(..) || acc(..) ...' filling tokens [first,
	last) exactly; or None."""
	found = []
	i = first
	while i < last:
		if src.tokens[i][0] in ('comment', 'cpp'):
			i += 1
			continue
		a = accesses.get(i)
		if a is None:
			return None
		found.append(a)
		i = a.end
		while i < last and src.tokens[i][0] in ('comment', 'cpp'):
			i += 1
		if i < last:
			if src.tokens[i][1] != '||':
				return None
			i += 1
	return found or None

def as_member(src, s, accesses):
	"""The statement s as a member of a run, or None."""
	if s.kind == 'if' and s.orelse is None:
		chain = access_chain(src, s.head[0], s.head[1], accesses)
		leave = leave_of(src, s.body)
		if chain and leave:
			return Member(s, 'if', chain, leave=leave)
		return None
	if s.kind == 'simple':
		w = words(src, s.first, s.last)
		if len(w) >= 4 and re.match(r'^[A-Za-z_]\w*$', w[0]) and \
		   w[1] in ('=', '|='):
			k = s.first + 2
			while src.tokens[k][0] == 'comment':
				k += 1
			paren = src.tokens[k][1] == '('
			a = accesses.get(k + 1 if paren else k)
			tail = a and [t for t in words(src, a.end, s.last)]
			if a and tail == ([')', ';'] if paren else [';']):
				return Member(s, 'err', [a], err=w[0], sets=w[1] == '=')
	return None

def err_test(src, s, err):
	"""The way out of 'if (err) return R;' (or 'goto L;', the test in
	unlikely() or not), or None."""
	if s is None or s.kind != 'if' or s.orelse is not None:
		return None
	if words(src, s.head[0], s.head[1]) not in ([err], ['unlikely', '(', err, ')']):
		return None
	return leave_of(src, s.body)

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

def names_in(text):
	return set(re.findall(r'(?<![.>\w])[A-Za-z_]\w*', text))


# ---- runs -----------------------------------------------------------------------

class Run:
	"""Statements stmts[first..last] of a block: members through one
	pointer, with computing statements between."""
	def __init__(self, block, first, last, members):
		self.block = block
		self.first = first
		self.last = last
		self.members = members
		self.accesses = [a for m in members for a in m.accesses]
		self.object = self.accesses[0].object
		bases = set(a.base for a in self.accesses)
		self.base = bases.pop() if len(bases) == 1 else None
		self.mode = region_mode(self.accesses)

	def stmts(self):
		return self.block.stmts[self.first:self.last + 1]

def region_mode(accesses):
	modes = set(a.mode for a in accesses)
	return modes.pop() if len(modes) == 1 else 'rw'

def runs_in(src, block, accesses):
	"""The runs of a block: members through one pointer next to one
	another, with only computing statements between them that leave the
	pointer alone."""
	found = []
	stmts = block.stmts
	i = 0
	while i < len(stmts):
		m = as_member(src, stmts[i], accesses)
		obj = m and m.accesses[0].object
		if not obj or any(a.object != obj for a in m.accesses):
			i += 1
			continue
		members, last, j = [m], i, i + 1
		pointer = names_in(obj)
		while j < len(stmts):
			n = as_member(src, stmts[j], accesses)
			v = is_glue(src, stmts[j])
			if n and all(a.object == obj for a in n.accesses):
				members.append(n)
				last = j
			elif v is None or v in pointer:
				break
			j += 1
		if sum(len(m.accesses) for m in members) >= 2:
			found.append(Run(block, i, last, members))
		i = last + 1
	return found


# ---- a read and a write apart ---------------------------------------------------------

def accesses_of(s, accesses):
	"""The accesses statement s makes whenever it runs, in order: in a
	simple statement or a return, or in the condition of an if."""
	if s.kind == 'if':
		first, last = s.head
	elif s.kind in ('simple', 'return'):
		first, last = s.first, s.last
	else:
		return []
	return [accesses[i] for i in sorted(accesses) if first <= i < last]

def split_rw(src, block, accesses, runs):
	"""(read, write, statements between) for each read of a user object
	in a statement of the block followed, some statements later, by a
	write of it, with other work between and no access to it: what a run
	would be if the work were not there (move_addr_to_user()'s length,
	read, then written back after a copy_to_user() of the address)."""
	in_runs = set(a.i for r in runs for a in r.accesses)
	found = []
	stmts = block.stmts
	for k, s in enumerate(stmts):
		reads = [a for a in accesses_of(s, accesses) if a.mode == 'read' and a.object]
		if len(reads) != 1 or reads[0].i in in_runs:
			continue
		read = reads[0]
		for j in range(k + 1, len(stmts)):
			if stmts[j].kind in ('case', 'label'):
				break	# another way in: not one path
			touching = [a for a in accesses_of(stmts[j], accesses) if a.object == read.object]
			if not touching:
				if read.object in names_in(stmt_text(src, stmts[j])):
					break	# the pointer is used, changed or accessed between
				continue
			write = touching[0]
			if write.mode == 'write' and write.i not in in_runs and j > k + 1:
				found.append((read, write, stmts[k + 1:j]))
			break
	return found

def changed_in(src, stmts):
	"""The names statements stmts may change: assigned (in what is left
	of an assignment), incremented, or passed by address."""
	changed = set()
	for s in stmts:
		w = words(src, s.first, s.last)
		for k, t in enumerate(w):
			if t in ASSIGN:
				j = k - 1
				while j >= 0 and (re.match(r'^\w+$', w[j]) or w[j] in ('.', '->', '[', ']', '*')):
					changed.add(w[j])
					j -= 1
			elif t in ('++', '--'):
				changed |= set(x for x in w[max(0, k - 1):k + 2] if re.match(r'^\w+$', x))
			elif t == '&' and k + 1 < len(w):
				changed.add(w[k + 1])
	return changed

def declares(fn, name):
	"""Does the function declare name, as a parameter or a local?"""
	return re.search(r'[\w*]\s+\**\s*%s\s*[,;=)\[]' % re.escape(name), fn.text()) is not None

def split_rw_message(src, fn, read, write, between):
	"""What a split read and write say, and why uabatch does not rewrite
	them; or None."""
	calls = []
	for s in between:
		calls += [c for c in calls_in(src, s.first, s.last)
			  if c not in INLINE and c not in calls]
	leaves = any(x.kind in ('return', 'goto') for s in between for x in statements(s))
	what = 'a read and a later write of *%s in %s()' % (read.object, fn.name)
	if calls:
		# A call may change anything but the function's own variables
		# whose address it is not given.
		written = span(src, *write.e) + ' ' + span(src, *write.E)
		names = names_in(written)
		if names & changed_in(src, between) or re.search(r'->|\*|\[', written) or \
		   not all(declares(fn, n) for n in names) or not is_pure(src, *write.e):
			return None	# the write may need what the work between does
		return '%s with calls between (%s) that the write does not depend on: one ' \
		       'user access region can serve both' % \
		       (what, ', '.join(c + '()' for c in calls)), \
		       'the write would move before the calls, which changes what user space ' \
		       'sees when they fail'
	if leaves:
		return '%s with computation and tests between: one user access region can ' \
		       'serve both' % what, \
		       'each way out between would need a fault path that ends the region'
	return None	# nothing but computation: a run

# ---- loops ----------------------------------------------------------------------

class Loop:
	"""A loop whose every iteration accesses one pointer and does nothing
	that needs user access off."""
	def __init__(self, stmt, members):
		self.stmt = stmt
		self.members = members
		self.accesses = [a for m in members for a in m.accesses]
		self.base = self.accesses[0].base
		self.mode = region_mode(self.accesses)

def loop_body_is_quiet(src, s, accesses, members):
	"""Does statement s (part of a loop) only compute, test, leave and
	make member accesses?  The members found are added to members."""
	m = as_member(src, s, accesses)
	if m is not None:
		members.append(m)
		return all(is_pure(src, *a.e) for a in m.accesses)
	if s.kind in ('block',):
		return all(loop_body_is_quiet(src, c, accesses, members) for c in s.stmts)
	if s.kind in ('if', 'switch', 'while', 'for', 'do'):
		if not is_pure_head(src, s):
			return False
		return all(loop_body_is_quiet(src, c, accesses, members) for c in s.children())
	if s.kind in ('break', 'continue', 'empty', 'case', 'label', 'goto'):
		return True
	if s.kind == 'return':
		return is_pure(src, s.first + 1, s.last)
	if s.kind == 'simple':
		if is_glue(src, s) is not None:
			return True
		return is_declaration(src, s)
	return False

def is_pure_head(src, s):
	first, last = s.head
	if s.kind == 'for':
		# for (init; cond; step): each part computes, and may assign
		parts = [p for p in split_on(src, first, last, ';')]
		return all(is_pure(src, a, b) or is_assignments(src, a, b) for a, b in parts)
	return is_pure(src, first, last)

def split_on(src, first, last, sep):
	parts, start, depth = [], first, 0
	for i in range(first, last):
		t = src.tokens[i][1]
		if t in ('(', '[', '{'):
			depth += 1
		elif t in (')', ']', '}'):
			depth -= 1
		elif t == sep and depth == 0:
			parts.append((start, i))
			start = i + 1
	parts.append((start, last))
	return parts

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

def is_declaration(src, s):
	"""A local declaration whose initialiser, if any, computes."""
	text = re.sub(r'/\*.*?\*/', ' ', stmt_text(src, s), flags=re.S)
	if not DECLARATION.match(text.strip()):
		return False
	return not calls_in(src, s.first, s.last) or \
	       all(c in INLINE for c in calls_in(src, s.first, s.last))

def loops_in(src, body, accesses):
	"""The loops of a function that one region can serve whole."""
	found = []
	for s in statements(body):
		if s.kind not in ('for', 'while', 'do'):
			continue
		inner = [a for a in accesses.values() if s.first <= a.i < s.last]
		if not inner or not is_pure_head(src, s):
			continue
		members = []
		if not loop_body_is_quiet(src, s.body, accesses, members):
			continue
		got = [a for m in members for a in m.accesses]
		if len(got) != len(inner) or not got[0].base or \
		   any(a.base != got[0].base for a in got):
			continue
		top = s.body.stmts if s.body.kind == 'block' else [s.body]
		if not any(m.stmt in top for m in members) or not bounded(src, s):
			continue
		loop = Loop(s, members)
		if walks(src, loop):
			found.append(loop)
	# A loop inside a loop that is found is part of it.
	return [l for l in found if not any(o is not l and o.stmt.first <= l.stmt.first and
					      l.stmt.last <= o.stmt.last for o in found)]

def bounded(src, s):
	"""Does the loop's condition bound its count (i < n, count > 0), so
	that a region can be sized before it?  A list walk, while (n), is not."""
	first, last = s.head
	if s.kind == 'for':
		parts = split_on(src, first, last, ';')
		first, last = parts[1] if len(parts) == 3 else (first, first)
	return any(t in ('<', '>', '<=', '>=') for t in words(src, first, last))

def walks(src, loop):
	"""Can the address differ from one iteration to the next: is the
	pointer, or an index of it, changed in the loop?"""
	text = stmt_text(src, loop.stmt)
	names = names_in(loop.base)
	for a in loop.accesses:
		if a.index == 'steps':
			return True
		if isinstance(a.index, str) and a.index != 'f':
			names |= names_in(a.index)
	for n in names:
		n = re.escape(n)
		if re.search(r'\b%s\s*(?:[-+*/%%|&^]|<<|>>)?=(?!=)|(?:\+\+|--)\s*%s\b|'
			     r'\b%s\s*(?:\+\+|--)' % (n, n, n), text):
			return True
	return False


# ---- struct copies ---------------------------------------------------------------

def struct_members(body):
	"""{name: scalar} of the members of a struct body, scalar False for
	an array or a struct (one accessor cannot move it); None where a
	member is not a plain declaration (a nested struct or union, a bit
	field, a function pointer)."""
	body = re.sub(r'/\*.*?\*/|//[^\n]*', ' ', body, flags=re.S)
	body = re.sub(r'__attribute__\s*\(\(.*?\)\)|__aligned\s*\([^)]*\)|__packed', ' ', body)
	if re.search(r'[{}():#]', body):
		return None
	members = {}
	for decl in body.split(';'):
		if not decl.strip():
			continue
		parts = decl.split(',')
		first = re.match(r'^\s*(?:[A-Za-z_]\w*\s+)+\**\s*(\w+)\s*((?:\[[^]]*\]\s*)*)$',
				 parts[0])
		if not first:
			return None
		declarators = [first.group(1, 2)]
		for d in parts[1:]:
			m = re.match(r'^\s*\**\s*(\w+)\s*((?:\[[^]]*\]\s*)*)$', d)
			if not m:
				return None
			declarators.append(m.group(1, 2))
		aggregate = re.match(r'^\s*(?:const\s+)?(?:struct|union)\b', parts[0]) and \
			    '*' not in parts[0]
		for name, dims in declarators:
			members[name] = not dims and not aggregate
	return members or None

def struct_copy(src, fn, i):
	"""(mode, x, struct name) for a copy at token i of a local struct x
	whole, 'copy_from_user(&x, u, sizeof(x))' or 'copy_to_user(u, &x,
	sizeof(x))'; else None."""
	mode = COPIES[src.tokens[i][1]]
	args = [flat(span(src, *a)) for a in split_args(src, i + 2, closing(src, i + 1))]
	if len(args) != 3:
		return None
	m = re.match(r'^&(\w+)$', args[0 if mode == 'read' else 1])
	if not m:
		return None
	x = m.group(1)
	types = set(re.findall(r'\bstruct\s+(\w+)\s+%s\s*[;=]' % x, fn.text()))
	if len(types) != 1:
		return None
	t = types.pop()
	if args[2] not in ('sizeof(%s)' % x, 'sizeof%s' % x, 'sizeof(struct%s)' % t):
		return None
	return mode, x, t

NOT_DECLARING = ('return', 'sizeof', 'case', 'else', 'do', 'typeof', '__typeof__')

def uses_of(src, fn, x, skip):
	"""The uses of the name x in the function, but in its declaration,
	under sizeof and in tokens [skip[0], skip[1]): [(index, member)],
	member None where x is not used as 'x.member'.  The members a declaration's
	initializer names ('= { .a = 1 }') come as uses at the declaration."""
	uses = []
	for k in range(fn.body.first, fn.body.last):
		t = src.tokens[k]
		if t[0] != 'id' or t[1] != x or skip[0] <= k < skip[1] or \
		   src.tokens[k - 1][1] in ('.', '->'):
			continue
		if words(src, k - 2, k) == ['sizeof', '('] or src.tokens[k - 1][1] == 'sizeof':
			continue	# its size, not its value
		before = src.tokens[k - 1]
		if before[0] == 'id' and before[1] not in NOT_DECLARING:
			if src.tokens[k + 1][1] == '=' and src.tokens[k + 2][1] == '{':
				init = span(src, k + 2, closing(src, k + 2) + 1)
				uses += [(k, m) for m in re.findall(r'[{,]\s*\.(\w+)\s*=', init)]
			continue
		member = src.tokens[k + 2][1] if src.tokens[k + 1][1] == '.' else None
		uses.append((k, member))
	return uses

def copy_fields(src, fn, i):
	"""The message of the finding a struct copy at token i makes, or
	None: a copy_from_user() of a local struct of which only a few (two
	or more) scalar members are read after it, or a copy_to_user() of
	one whose members, few and all scalar, are each set before it, and
	nothing else.  One region with an unsafe_*_user() per member serves it
	without the copy routine, as io_uring's io_get_ext_arg() and
	put_cmsg() were rewritten."""
	copy = struct_copy(src, fn, i)
	if copy is None:
		return None
	mode, x, t = copy
	uses = uses_of(src, fn, x, (i, closing(src, i + 1) + 1))
	used = set(m for _, m in uses)
	if None in used or not 2 <= len(used) <= FIELDS_MAX:
		return None	# x itself is used (its address taken, passed), or one member or many
	body = struct_body(src, t)
	members = struct_members(body) if body is not None else None
	if members is None or any(m not in members or not members[m] for m in used):
		return None
	name = src.tokens[i][1]
	if mode == 'read':
		read = sorted(used)
		if any(k < i for k, _ in uses):
			return None
		return '%s() of struct %s %s in %s(), which then reads only %s: ' \
		       'one user access region with an unsafe_get_user() of each serves it ' \
		       'without the copy routine' % (name, t, x, fn.name,
						     ', '.join(read))
	assigned = set(m for k, m in uses
		       if k < i and '=' in (src.tokens[k + 1][1], src.tokens[k + 3][1]))
	if len(members) > FIELDS_MAX or assigned != set(members) or \
	   any(k > i or m not in assigned for k, m in uses):
		return None
	return '%s() of struct %s %s in %s(), each of whose %d members is set before: ' \
	       'one user access region with an unsafe_put_user() of each serves it ' \
	       'without the copy routine and the stack copy' % (name, t, x, fn.name, len(members))


# ---- the rewrite ------------------------------------------------------------------

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
		named as the file names its own."""
		key = (mode, leave)
		if key not in self.fault_paths:
			base = 'Efault' if self.src.text.count('Efault:') > \
					   self.src.text.count('efault:') else 'efault'
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

CLEANUP = re.compile(r'\b(__free|__cleanup|guard|scoped_guard|scoped_cond_guard|CLASS)\s*\(|'
		     r'__attribute__\s*\(\(\s*cleanup')

def cleanup_scopes(src, fn, stmt):
	"""Is statement stmt in a scope, other than the function body, that
	runs a cleanup when left (a guard(), a __free() variable declared
	before it, a scoped guard)?"""
	inner = stmt
	for outer in enclosing(stmt):
		if outer is fn.body:
			return False
		if outer.kind == 'iterator' and re.search(r'guard|^scoped_', outer.name):
			return True
		if outer.kind == 'block':
			k = outer.stmts.index(inner)
			if any(CLEANUP.search(stmt_text(src, s)) for s in outer.stmts[:k]):
				return True
		inner = outer
	return False

def is_leave(fn, leave):
	"""Can a fault path leave this way: 'return;', 'return C;' with C a
	constant, or 'goto L;' to a label of the function?"""
	m = re.match(r'^return\s*(.*);$', leave)
	if m:
		return m.group(1) == '' or CONSTANT.match(m.group(1).replace(' ', '')) is not None
	m = re.match(r'^goto (\w+);$', leave)
	return m is not None and m.group(1) in fn.labels

class Plan:
	"""The edits of a file, by the offset of the position Coccinelle
	reports for the statement edited: (kind, statement texts), kind one
	of replace (an empty list deletes), after (a return), before (a
	label), around (a loop: the texts before and after it), decl (a
	declaration that goes) and drop (a label that goes)."""
	def __init__(self):
		self.edits = {}
		self.alone = {}		# offset -> the statement is a loop's body

def head_offset(src, s):
	"""Where Coccinelle puts the position of s: the condition of an if
	or a loop's first clause, else the first token."""
	if s.kind in ('if', 'for', 'while', 'switch'):
		return src.tokens[s.head[0]][2]
	return src.tokens[s.first][2]

def unsafe_call(a, label):
	return '%s(%s, %s, %s);' % (UNSAFE[a.mode], shown_arg(a.value()),
				    shown_arg(a.address()), label)

def shown_arg(text):
	return re.sub(r'\s+', ' ', text).strip()

def region_size(run):
	"""What the region of a run must cover, or (None, why)."""
	ptr = run.base
	if ptr is None:
		a = [a for a in run.accesses if a.base != run.object][0]
		return None, '"%s" is an element of an array in *%s: the rewrite cannot ' \
		       'show that its index is within the array' % (shown(a.address()), run.object)
	where = [a.index for a in run.accesses]
	for a in run.accesses:
		if a.index is None and shown(a.address()).startswith('('):
			return None, '"%s" casts the address to another type: the rewrite cannot ' \
			       'show that sizeof(*%s) covers what it accesses' % (shown(a.address()), ptr)
		if a.index is None:
			return None, 'the rewrite cannot show that sizeof(*%s) covers "%s"' % \
			       (ptr, shown(a.address()))
	if all(w == 'f' for w in where):
		return 'sizeof(*%s)' % ptr, None
	if all(isinstance(w, int) for w in where):
		n = max(where) + 1
		return ('sizeof(*%s)' % ptr if n == 1 else '%d * sizeof(*%s)' % (n, ptr)), None
	for a in run.accesses:
		if a.index == 'steps':
			return None, 'the address "%s" moves the pointer' % shown(a.address())
		if isinstance(a.index, str) and CONSTANT.match(a.index):
			return None, 'the index of "%s" is a constant whose value the rewrite ' \
			       'cannot know, nor the size of its region' % shown(a.address())
		if isinstance(a.index, str) and a.index != 'f':
			return None, 'the index of "%s" varies' % shown(a.address())
	return None, 'the addresses are not all fields of *%s, nor constant elements of %s' % \
	       (ptr, ptr)

def err_uses(src, fn, err, allowed):
	"""Is every use of err in the function in one of the statements
	allowed?"""
	for i in range(fn.body.first, fn.body.last):
		t = src.tokens[i]
		if t[0] == 'id' and t[1] == err and \
		   not any(s.first <= i < s.last for s in allowed):
			return False
	return True

def declaration_of(src, fn, err):
	"""The statement 'T err;' or 'T err = 0;' of the function that
	declares err alone, and the offset of err in it; or (None, None)."""
	for s in statements(fn.body):
		if s.kind != 'simple':
			continue
		w = words(src, s.first, s.last)
		if err in w and DECLARATION.match(' '.join(w)) and ',' not in w and \
		   (w[-2:] == [err, ';'] or w[-4:] == [err, '=', '0', ';']):
			k = [i for i in range(s.first, s.last) if src.tokens[i][1] == err][0]
			return s, src.tokens[k][2]
	return None, None

class Fix:
	"""A finding's rewrite: the statements it replaces or deletes, and
	its fault path."""
	def __init__(self):
		self.replace = {}	# statement -> [texts]
		self.delete = []	# statements
		self.delete_decl = None	# offset of a declared name whose declaration goes
		self.fault = None	# (label, [texts], the return or label it goes by)
		self.label_key = None	# what fault paths of one label share
		self.around = None	# (loop, [texts before], [texts after])

def bounds_checked(src, fn, first, last, skip):
	"""An element of an array of a known size that tokens [first, last)
	index with a variable (outside the token ranges of skip, the user
	addresses): a kernel built with UBSAN_BOUNDS checks it with a call,
	which a region must not hold.  An index into a pointer the function
	declares, or into a flexible array member of unknown size, is not
	checked.  The text of the first one, or None."""
	pointers = fn.pointers()
	for i in range(first, last):
		if src.tokens[i][1] != '[' or any(a <= i < b for a, b in skip):
			continue
		end = closing(src, i)
		index = words(src, i + 1, end)
		if len(index) == 1 and re.match(r'^\d+$', index[0]):
			continue
		k = i - 1
		while k > first and src.tokens[k][0] == 'comment':
			k -= 1
		base = src.tokens[k]
		before = src.tokens[k - 1][1] if k > 0 else ''
		if base[0] == 'id' and before not in ('.', '->') and base[1] in pointers:
			continue
		if base[0] == 'id' and before in ('.', '->') and src.tokens[k - 2][0] == 'id' and \
		   src.tokens[k - 3][1] not in ('.', '->') and \
		   unchecked_flexible_array(src, fn, src.tokens[k - 2][1], base[1]):
			continue
		if base[0] == 'id' or base[1] in (')', ']'):
			return shown(span(src, k, end + 1))
	return None

def judge_run(src, fn, run, scoped):
	"""Rewrite the run, or say why not: (Fix, None) or (None, why)."""
	size, why = region_size(run)
	if why:
		return None, why
	for a in run.accesses:
		if not is_pure(src, *a.e):
			return None, 'side effect or call in "%s"' % shown(a.value())
	stmts = run.stmts()
	checked = bounds_checked(src, fn, stmts[0].first, stmts[-1].last,
				 [a.E for a in run.accesses])
	if checked:
		return None, '"%s" would be bounds-checked (UBSAN) by a call inside the region' % checked
	if any(len(m.accesses) > SLOTS - 2 for m in run.members):
		return None, 'more than %d accesses in one condition' % (SLOTS - 2)
	kinds = set(m.kind for m in run.members)
	stmts = run.stmts()
	gone = []	# statements the rewrite deletes besides the members
	if kinds == {'if'}:
		leaves = sorted(set(m.leave for m in run.members))
		if len(leaves) > 1:
			return None, 'the accesses leave differently on a fault ("%s")' % \
			       '", "'.join(leaves)
		leave = leaves[0]
	elif kinds == {'err'}:
		err = run.members[0].err
		if any(m.err != err for m in run.members):
			return None, 'the accesses gather their faults in different variables'
		after = run.block.stmts[run.last + 1] if run.last + 1 < len(run.block.stmts) else None
		leave = err_test(src, after, err)
		if leave is None:
			return None, '"%s" is not tested with "if (%s) return ...;" right after the run' % \
			       (err, err)
		decl, decl_at = declaration_of(src, fn, err)
		initialised = decl is not None and words(src, decl.first, decl.last)[-2] == '0'
		if not run.members[0].sets and not initialised:
			return None, 'the run adds to what "%s" held before' % err
		if decl is None or not err_uses(src, fn, err, [decl, after] + stmts):
			return None, '"%s" is used outside the run and its test' % err
		gone.append(after)
	else:
		return None, 'the accesses report a fault in different ways'
	if not is_leave(fn, leave):
		return None, 'the fault path would leave by "%s", not by a constant return or a goto' % leave
	for s in [m.stmt for m in run.members] + gone:
		if any(t[0] == 'cpp' for t in src.tokens[s.first:s.last]):
			return None, 'a preprocessor conditional in "%s"' % \
			       shown(stmt_text(src, s).split('\n')[0])
		if has_comment(src, s.first, s.last):
			return None, 'a comment in "%s", which the rewrite would lose' % \
			       shown(stmt_text(src, s))[:60]
	if scoped and any(has_comment(src, s.first, s.last) or
			  has_comment(src, s.last, stmts[k + 1].first)
			  for k, s in enumerate(stmts[:-1])):
		return None, 'a comment between the accesses, which the scoped block would lose'
	scoped = scoped and re.match(r'^\w+$', run.base) is not None
	check = access_check_before(src, run, size, leave)
	if check is not None:
		gone.append(check)
	fix = Fix()
	why = place_fault_path(src, fn, fix, run.mode, leave, run.base,
			       stmts[0], stmts[-1], scoped)
	if why:
		return None, why
	label = fix.fault[0]
	if scoped:
		body = []
		for s in stmts:
			m = [m for m in run.members if m.stmt is s]
			if m:
				body.extend(unsafe_call(a, label) for a in m[0].accesses)
			else:
				body.append(shown_arg(stmt_text(src, s)))
		fix.replace[stmts[0]] = [scoped_block(run.mode, run.base, size, label, body)]
		for s in stmts[1:]:
			fix.replace[s] = []
	else:
		for m in run.members:
			fix.replace[m.stmt] = [unsafe_call(a, label) for a in m.accesses]
		first, last = run.members[0].stmt, run.members[-1].stmt
		fix.replace[first].insert(0, 'if (!%s(%s, %s))\n%s' %
					  (BEGIN[run.mode], run.base, size, leave))
		fix.replace[last].append('%s();' % END[run.mode])
	for s in gone:
		fix.replace[s] = []
	if kinds == {'err'}:
		fix.delete_decl = decl_at
	return fix, None

def scoped_head(mode, ptr, size, label):
	if size == 'sizeof(*%s)' % ptr:
		return '%s(%s, %s)' % (SCOPED[mode], ptr, label)
	return '%s_size(%s, %s, %s)' % (SCOPED[mode], ptr, size, label)

def scoped_block(mode, ptr, size, label, body):
	return '%s {\n%s\n}' % (scoped_head(mode, ptr, size, label), '\n'.join(body))

def access_check_before(src, run, size, leave):
	"""The statement 'if (!access_ok(p, size)) <leave>' right before the
	run, which the checking begin makes redundant; or None."""
	if run.first == 0:
		return None
	s = run.block.stmts[run.first - 1]
	if s.kind != 'if' or s.orelse is not None or leave_of(src, s.body) != leave:
		return None
	cond = re.sub(r'\*\((\w+)\)', r'*\1', flat(span(src, s.head[0], s.head[1])))
	return s if cond == '!access_ok(%s,%s)' % (flat(run.base), flat(size)) else None

def place_fault_path(src, fn, fix, mode, leave, ptr, first, last, scoped):
	"""Where the fault path of a rewrite from statement first to last
	goes, with its label; or why there is no such place."""
	if not scoped and cleanup_scopes(src, fn, first):
		return 'the fault path would leave a scope with a cleanup (guard(), __free()) ' \
		       'while the region is open'
	goto = re.match(r'^goto (\w+);$', leave)
	if scoped and goto:
		fix.fault = (goto.group(1), [], None)
		return None
	where = None
	if goto and not scoped:
		target = fn.labels[goto.group(1)]
		if target.parent is fn.body and not falls_through(fn, target) and \
		   target.first > last.last:
			where = target
	if where is None:
		where = last_return(fn)
		if where is None:
			return '%s() does not end with a return to put the fault path after' % fn.name
		if where.first < last.last:
			return 'the run is not before the last return of %s()' % fn.name
	if not cpp_balanced(src, first.first, where.first):
		return 'the fault path would be in another preprocessor branch than the run'
	if CLEANUP.search(span(src, last.last, where.first)):
		return 'a variable with a cleanup is declared between the run and the end of %s()' % \
		       fn.name
	fix.label_key = (None if scoped else mode,
			 leave if where.kind == 'return' else 'fall into ' + where.name, ptr)
	if where.kind == 'label':
		texts = ['%s: %s();' % (LABEL, END[mode])]
	elif scoped:
		texts = ['%s: %s' % (LABEL, leave)]
	else:
		texts = ['%s: %s();' % (LABEL, END[mode]), leave]
	fix.fault = (LABEL, texts, where)
	return None

LABEL = 'uabatch_label'	# in a fix's texts until its label is given

# ---- the type of a loop's bound -----------------------------------------------------
# A region of n elements, array_size(n, ..), fails its check where n is
# negative; the loop "for (i = 0; i < n; i++)" runs no iteration there if
# the comparison is signed, so the region may only be sized by a bound
# the comparison treats as unsigned: one of an unsigned type, or a signed
# one no wider than int against an index of an unsigned type of int's
# rank or more, which the usual conversions make unsigned.  Coccinelle
# runs without the tree's headers and knows the types of locals and
# parameters only; a member's is read from its struct's definition.

UNSIGNED = set(['unsigned', 'unsigned int', 'unsigned long', 'unsigned long int',
		'unsigned long long', 'unsigned char', 'unsigned short', 'size_t',
		'u8', 'u16', 'u32', 'u64', '__u8', '__u16', '__u32', '__u64'])
UNSIGNED_NARROW = set(['unsigned char', 'unsigned short', 'u8', 'u16', '__u8', '__u16'])
SIGNED_NARROW = set(['int', 'signed', 'signed int', 'short', 'short int', 'signed short',
		     'char', 'signed char', 's8', 's16', 's32', '__s8', '__s16', '__s32'])

def declared_type(text, name):
	"""The type that the declarations of name in text give it, with no
	qualifier ('unsigned int' for 'const unsigned int i = 0;'), if it is
	one of the integer types above and all agree; else None."""
	text = re.sub(r'/\*.*?\*/|//[^\n]*', ' ', text, flags=re.S)
	found = set()
	for m in re.finditer(r'(?:^|[;{}(,])\s*((?:[A-Za-z_]\w*\s+)+)%s\s*[;,)=\[:]' %
			     re.escape(name), text):
		words = [w for w in m.group(1).split() if w not in ('const', 'volatile', 'register')]
		found.add(' '.join(words))
	if len(found) == 1 and found <= UNSIGNED | SIGNED_NARROW:
		return found.pop()
	return None

struct_bodies = {}

def struct_body(src, name):
	"""The text between the braces of the one definition of 'struct
	name { .. }' in the file, or in the headers of its tree (include/,
	and beside the file); None where there is none or more than one."""
	root, rel = tree_of(src.path)
	key = (root or src.path, name)
	if key not in struct_bodies:
		struct_bodies[key] = None
		pattern = r'\bstruct\s+%s\s*\{' % re.escape(name)
		texts = [src.text]
		if root:
			found = subprocess.run(['grep', '-rlE', '--include=*.h', r'struct\s+%s\s*\{' % name,
						'--', os.path.join(root, 'include'),
						os.path.join(root, os.path.dirname(rel))],
					       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
					       universal_newlines=True).stdout.split()
			texts += [open(f, errors='replace').read() for f in found]
		bodies = []
		for t in texts:
			for m in re.finditer(pattern, t):
				depth, k = 0, m.end() - 1
				for k in range(m.end() - 1, len(t)):
					depth += {'{': 1, '}': -1}.get(t[k], 0)
					if depth == 0:
						break
				bodies.append(t[m.end():k])
		if len(set(bodies)) == 1:
			struct_bodies[key] = bodies[0]
	return struct_bodies[key]

def member_struct(src, fn, obj):
	"""The body of the struct that the function declares obj (a name) a
	pointer to, or an instance of; None where unknown."""
	text = fn.text()
	names = set(re.findall(r'\bstruct\s+(\w+)\s*(?:__user\s*)?\*?\s*(?:const\s+)?%s\s*[;,)=]' %
			       re.escape(obj), text))
	return struct_body(src, names.pop()) if len(names) == 1 else None

def bound_type(src, fn, n):
	"""The type of a loop bound that is a name or a member 'p->f' of a
	struct the function declares p a pointer to; None where unknown."""
	n = flat(n)
	if re.match(r'^\w+$', n):
		return declared_type(fn.text(), n)
	m = re.match(r'^(\w+)(?:->|\.)(\w+)$', n)
	body = member_struct(src, fn, m.group(1)) if m else None
	return declared_type(body, m.group(2)) if body is not None else None

def flexible_array(src, fn, obj, field):
	"""What follows 'field[]' in its declaration, if obj->field is a
	flexible array member ('' or ' __counted_by(n)'); else None."""
	body = member_struct(src, fn, obj)
	if body is None:
		return None
	body = re.sub(r'/\*.*?\*/|//[^\n]*', ' ', body, flags=re.S)
	decl = re.findall(r'\b%s\s*\[\s*\]([^;]*);' % re.escape(field), body)
	return decl[0] if len(decl) == 1 else None

def unchecked_flexible_array(src, fn, obj, field):
	"""Is obj->field a flexible array member with no __counted_by(), whose
	size UBSAN_BOUNDS does not know, so does not check its index?"""
	decl = flexible_array(src, fn, obj, field)
	return decl is not None and '__counted_by' not in decl

def counts_unsigned(src, fn, i, n):
	"""Does "i < n" compare unsigned, so that a region of n elements
	fails where n is negative only as the loop would have faulted?"""
	index = declared_type(fn.text(), i)
	bound = bound_type(src, fn, n)
	return bound in UNSIGNED or \
	       (bound in SIGNED_NARROW and index in UNSIGNED - UNSIGNED_NARROW)

def judge_loop(src, fn, loop, unsigned, scoped):
	"""Rewrite the loop, or say why not: (Fix, None) or (None, why)."""
	s = loop.stmt
	if s.kind != 'for':
		return None, 'not a loop of the form "for (i = 0; i < n; i++)"'
	parts = split_on(src, s.head[0], s.head[1], ';')
	init, cond, step = [words(src, a, b) for a, b in parts]
	if len(init) != 3 or init[1:] != ['=', '0'] or len(cond) < 3 or \
	   cond[:2] != [init[0], '<']:
		return None, 'not a loop of the form "for (i = 0; i < n; i++)"'
	i = init[0]
	n_first, n_last = parts[1][0] + 2, parts[1][1]
	n = span(src, n_first, n_last)
	steps = sorted(flat(x) for x in ''.join(step).split(','))
	walked = [x[:-2] for x in steps if x.endswith('++') and x[:-2] != i]
	if sorted(set(steps) - set(p + '++' for p in walked)) not in ([i + '++'], ['++' + i]) or \
	   len(walked) > 1:
		return None, 'the loop steps "%s"' % shown(''.join(step))
	if any(m.kind != 'if' for m in loop.members):
		return None, 'the accesses in the loop do not leave by "if (acc(..)) return/goto"'
	leaves = sorted(set(m.leave for m in loop.members))
	if len(leaves) > 1:
		return None, 'the accesses leave differently on a fault ("%s")' % '", "'.join(leaves)
	leave = leaves[0]
	top = s.body.stmts if s.body.kind == 'block' else [s.body]
	if any(m.stmt not in top for m in loop.members):
		return None, 'an access in the loop is made on some iterations only'
	ptr = loop.base
	if walked:
		if walked[0] != ptr or any(a.index not in (0, 'f') for a in loop.accesses):
			return None, 'the address does not step with the loop'
	elif any(a.index != i for a in loop.accesses):
		return None, 'the address is not an element of a pointer the loop walks'
	members = [m.stmt for m in loop.members]
	for x in statements(s.body):
		if x.kind in ('return', 'goto') and \
		   not any(m.first <= x.first < m.last for m in members):
			return None, 'the loop body leaves the function another way'
	stop = early_exit(s.body)
	if stop:
		return None, 'the loop may %s: a region of all %s elements would be checked for ' \
			     'elements it does not access' % (stop, shown(n))
	body_text = stmt_text(src, s.body)
	for name in names_in(n) | names_in(ptr) | set([i]):
		v = re.escape(name)
		if re.search(r'\b%s\s*(?:[-+*/%%|&^]|<<|>>)?=(?!=)|(?:\+\+|--)\s*%s\b|\b%s\s*(?:\+\+|--)'
			     % (v, v, v), body_text):
			return None, 'the loop body changes "%s"' % name
	if not is_pure(src, n_first, n_last, helpers=False):
		return None, 'side effect or call in the bound "%s"' % shown(n)
	constant = CONSTANT.match(flat(n)) or re.match(r'^(ARRAY_SIZE|sizeof)\(', flat(n))
	if not constant and src.tokens[n_first][2] not in unsigned and \
	   not counts_unsigned(src, fn, i, n):
		return None, 'the bound "%s" is not known to be compared unsigned: a region of a ' \
			     'negative count would fail where the loop may not have' % shown(n)
	for a in loop.accesses:
		if not is_pure(src, *a.e):
			return None, 'side effect or call in "%s"' % shown(a.value())
	checked = bounds_checked(src, fn, s.head[0], s.last, [a.E for a in loop.accesses])
	if checked:
		return None, '"%s" would be bounds-checked (UBSAN) by a call inside the region' % checked
	if not is_leave(fn, leave):
		return None, 'the fault path would leave by "%s", not by a constant return or a goto' % leave
	for m in members:
		if has_comment(src, m.first, m.last):
			return None, 'a comment in "%s", which the rewrite would lose' % \
			       shown(stmt_text(src, m))[:60]
	count = shown(n)
	size = '%s * sizeof(*%s)' % (count, ptr) if constant else \
	       'array_size(%s, sizeof(*%s))' % (count, ptr)
	region = scoped and not walked and scoped_loop_region(src, fn, ptr, count, size)
	scoped = bool(region)
	if scoped:
		region, size = region
	fix = Fix()
	why = place_fault_path(src, fn, fix, loop.mode, leave, ptr, s, s, scoped)
	if why:
		return None, why
	for m in loop.members:
		fix.replace[m.stmt] = [unsafe_call(a, LABEL) for a in m.accesses]
	if scoped:
		fix.around = (s, [wrap_begin(scoped_head(loop.mode, region, size, LABEL))],
			      ['%s();' % WRAP_END])
	else:
		fix.around = (s, ['if (!%s(%s, %s))\n%s' % (BEGIN[loop.mode], ptr, size, leave)],
			      ['%s();' % END[loop.mode]])
	return fix, None

# Coccinelle cannot put a statement it keeps into a block it makes
# without printing it anew, which loses its layout; around a loop it
# puts these two calls instead, and scripts/format-rewrite.sh makes the
# scoped block of them, the loop's lines kept and indented once more.
WRAP_BEGIN = 'uabatch_scoped_block'
WRAP_END = 'uabatch_scoped_block_end'

def wrap_begin(head, renames=(), first=(), declare=''):
	"""'uabatch_scoped_block("HEAD", "OLD=NEW;...", "DECLARATION",
	"STATEMENT"...);': format-rewrite.sh writes 'HEAD {', then the
	statements, in the lines it keeps each name OLD made NEW, and puts
	the declaration (of the block's pointer, if any) after those at the
	top of the function.  Strings, which Coccinelle prints as they are."""
	args = [head, ';'.join('%s=%s' % r for r in renames), declare] + list(first)
	return '%s(%s);' % (WRAP_BEGIN, ', '.join(
		'"%s"' % a.replace('\\', '\\\\').replace('"', '\\"') for a in args))

def early_exit(s, in_switch=False):
	"""How the loop whose body is s may skip or stop short of its bound:
	'stop early (break)', 'skip elements (continue)', or None.  A break
	or continue of a loop inside it is that loop's, a break in a switch
	the switch's."""
	if s.kind == 'break' and not in_switch:
		return 'stop early (break)'
	if s.kind == 'continue':
		return 'skip elements (continue)'
	if s.kind in LOOPS:
		return None
	for c in s.children():
		why = early_exit(c, in_switch or s.kind == 'switch')
		if why:
			return why
	return None

def scoped_loop_region(src, fn, ptr, count, size):
	"""(pointer, size) of a scoped block around a loop over the elements
	of ptr, or None: the block declares its pointer anew, so it must be a
	name: p for p[i], or p for p->a[i] where a is a flexible array
	member, the block then covering *p too."""
	if re.match(r'^\w+$', ptr):
		return ptr, size
	m = re.match(r'^(\w+)->(\w+)$', ptr)
	if m and flexible_array(src, fn, m.group(1), m.group(2)) is not None:
		return m.group(1), 'struct_size(%s, %s, %s)' % (m.group(1), m.group(2), count)
	return None


# ---- the decision, per file ------------------------------------------------------

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

class FileState:
	def __init__(self, path):
		self.path = path
		self.src = Source(path)
		self.accesses = {}	# offset -> function name
		self.copies = {}	# offset of a copy of '&name' -> function name
		self.unsigned = set()	# offsets of loop bounds of an unsigned type
		self.begins = {}	# offset of a region's begin -> function name
		self.findings = None
		self.plan = None

def tree_of(path):
	"""(the root of the kernel tree of a file, the file's path from it):
	UABATCH_TREE names the root of the copies the driver analyses,
	UABATCH_SOURCE the tree they are copies of.  Outside a tree, (None,
	the path)."""
	path = os.path.abspath(path)
	root = os.environ.get('UABATCH_TREE')
	if root and path.startswith(os.path.abspath(root) + '/'):
		return os.environ.get('UABATCH_SOURCE'), os.path.relpath(path, os.path.abspath(root))
	d = os.path.dirname(path)
	while d != '/':
		if os.path.exists(os.path.join(d, 'include/linux/uaccess.h')):
			return d, os.path.relpath(path, d)
		d = os.path.dirname(d)
	return None, path

regionless_by_root = {}

def regionless(root, rel):
	"""Do only architectures without user-access regions build file rel
	of tree root?"""
	if not root or not os.path.isdir(os.path.join(root, 'arch')):
		return False
	if root not in regionless_by_root:
		regionless_by_root[root] = kconfig.cached_regionless_paths(
			root, os.environ.get('UABATCH_REGIONLESS'))
	dirs, files = regionless_by_root[root]
	parts = rel.split('/')
	return rel in files or any('/'.join(parts[:k]) in dirs for k in range(1, len(parts)))

def ask_whole(path):
	"""Ask the driver, in the file it names (UABATCH_WHOLE), to run the
	rule again on all of file path: Coccinelle could not parse a function
	of the excerpt, and may with the types and macros of the rest."""
	where = os.environ.get('UABATCH_WHOLE')
	if where:
		with open(where, 'a') as f:
			f.write(path + '\n')

def say_left_out(path):
	"""Say, in the file the driver names (UABATCH_LEFT_OUT), that file path
	is left out: the driver tells the user when the path is one given."""
	where = os.environ.get('UABATCH_LEFT_OUT')
	if where:
		with open(where, 'a') as f:
			f.write('%s: left out: only architectures without user access '
				'regions build it\n' % path)

PLACEHOLDER = 'uabatch_placeholder();'
SLOTS = 12

class Analysis:
	"""The facts Coccinelle finds, and what the analysis makes of them.
	cocci is Coccinelle's module, which makes statements of texts."""
	def __init__(self, cocci):
		self.cocci = cocci
		self.scoped = False	# -D scoped: scoped blocks where they fit
		self.relayout = False	# -D relayout: format-rewrite.sh lays the output out
		self.notes = False	# -D notes: report and rewrite cold paths too
		self.fields = False	# -D fields: findings in the field form
		self.modernize = False	# -D modernize: classic regions, scoped blocks
		self.patching = False	# -D patch
		self.files = {}
		self.reported_files = set()

	def shown(self, f):
		return f.hot or f.twin or self.notes or f.ident == 'not-parsed'

	def said(self, f):
		"""Finding f as it is printed: its field line with -D fields,
		else its text line."""
		return f.fields() if self.fields else f.line()

	def report(self, notes, org=False):
		"""(sort key, text line, line to print) of the warnings (and of
		the notes too, if notes), of the files not reported yet; the
		line to print is an org-mode entry with org."""
		out = []
		for path in sorted(self.files):
			if path in self.reported_files:
				continue
			self.reported_files.add(path)
			for f in self.decide(path).findings:
				if not (notes or self.shown(f)):
					continue
				_, _, line, col = f.site
				if org:
					shown = '* TODO [[view:%s::face=ovl-face1::linb=%d::colb=%d::cole=%d][%s]]' % \
						(path, line, col - 1, col, f.message)
				else:
					shown = self.said(f)
				out.append(((path, line, col), f.line(), shown))
		return out

	def say_unparsed(self):
		"""In patch mode, where nothing is reported: the functions not
		analysed (with -D modernize, the regions not rewritten too), on
		standard error, once."""
		for path in sorted(self.files):
			if path not in self.reported_files:
				self.reported_files.add(path)
				for f in self.decide(path).findings:
					if f.ident == 'not-parsed' or (self.modernize and f.why):
						sys.stderr.write(self.said(f) + '\n')

	def reported(self, p):
		"""Is the access at p part of a finding shown?"""
		fs = self.decide(p.file)
		o = fs.src.offset(p.line, p.column)
		i = fs.src.at.get(o)
		return any(self.shown(f) and i in f.tokens for f in fs.findings)

	def edit(self, coccinelle, p):
		"""Bind coccinelle.s1 .. s12 to the statements planned for the
		position p, and p to coccinelle.one (a loop body replaced by one
		statement), coccinelle.gone (a label that goes), coccinelle.opened
		(an if that opens a region, its branch kept) or coccinelle.many;
		False when nothing is planned there."""
		fs = self.decide(p.file)
		o = fs.src.offset(p.line, p.column)
		kind, texts = fs.plan.edits.get(o, (None, None))
		if kind is None:
			return False
		at = self.cocci.make_position(p.file, p.current_element, int(p.line),
					      int(p.column), int(p.line_end), int(p.column_end))
		nowhere = self.cocci.make_position(p.file, p.current_element, 0, 0, 0, 0)
		alone = kind == 'replace' and len(texts) == 1 and fs.plan.alone.get(o)
		coccinelle.one, coccinelle.many = (at, nowhere) if alone else (nowhere, at)
		coccinelle.gone = coccinelle.opened = nowhere
		if kind == 'drop':
			coccinelle.gone, coccinelle.many = at, nowhere
		elif kind == 'unwrap':
			coccinelle.opened, coccinelle.many = at, nowhere
		texts = texts + [PLACEHOLDER] * (SLOTS - len(texts))
		for k, t in enumerate(texts):
			setattr(coccinelle, 's%d' % (k + 1), self.cocci.make_stmt(t))
		return True

	def state(self, path):
		if path not in self.files:
			self.files[path] = FileState(path)
		return self.files[path]

	def note_access(self, p):
		fs = self.state(p.file)
		fs.accesses[fs.src.offset(p.line, p.column)] = p.current_element

	def note_copy(self, p):
		fs = self.state(p.file)
		fs.copies[fs.src.offset(p.line, p.column)] = p.current_element

	def note_begin(self, p):
		fs = self.state(p.file)
		fs.begins[fs.src.offset(p.line, p.column)] = p.current_element

	def note_unsigned(self, p):
		fs = self.state(p.file)
		fs.unsigned.add(fs.src.offset(p.line, p.column))

	def note_files(self, paths):
		"""The files Coccinelle was given: one where it found no access
		at all may still have functions it could not parse."""
		for path in paths:
			self.state(path)

	def decide(self, path):
		fs = self.state(path)
		if fs.findings is None:
			fs.findings = []
			fs.plan = Plan()
			if regionless(*tree_of(fs.path)):
				say_left_out(fs.path)
				return fs
			seen = set()
			names = dict(ACCESSES)
			if self.modernize:
				seen = self.modernize_file(fs)
				names.update(REGION_BEGINS)
				if self.patching:
					self.not_parsed(fs, seen, REGION_BEGINS)
					return fs
			judged = []
			for body, name, accesses in functions_of(fs):
				seen.add(body.first)
				try:
					judged.extend(self.judge_function(fs, body, name, accesses))
				except Exception as e:	# a bug must not pass for a clean file
					fs.findings.append(not_analysed(fs, body, name,
									'internal error: %r' % e))
			self.settle(fs, judged)
			self.not_parsed(fs, seen, names)
		return fs

	def not_parsed(self, fs, seen, names):
		"""The functions that call one of names and are not among the
		bodies seen: not analysed, and said."""
		for start, name, why in unparsed(fs.src, seen, names):
			fs.findings.append(not_analysed(fs, start, name, why, names))
			if why == CANNOT_PARSE:
				ask_whole(fs.path)

	def modernize_file(self, fs):
		"""-D modernize: each classic region of the file, a scoped-region
		note, its rewrite planned where it is sound, else said why not;
		the bodies seen."""
		import scoping
		src = fs.src
		seen = set()
		done = set()
		for o, name in sorted(fs.begins.items()):
			body = function_at(src, o)
			if body is None:
				continue
			seen.add(body.first)
			fn = Function(src, body, syscall_name(src, body) or name)
			try:
				r, why = scoping.judge(src, fn, src.at[o])
			except Exception as e:	# a bug must not pass for a clean file
				fs.findings.append(not_analysed(fs, body, fn.name,
								'internal error: %r' % e, REGION_BEGINS))
				continue
			if r is not None and r.stmt in done:
				continue	# the masked begin and its fallback: one region
			if r is not None:
				done.add(r.stmt)
			line, col = src.line_col(o)
			head = scoping.SCOPED[r.mode] if r else 'a scoped_user_*_access()'
			msg = 'the %s() region in %s() can be %s block, which ends it on every ' \
			      'way out' % (src.tokens[src.at[o]][1], fn.name,
					   'one ' + head + '()' if r else head)
			if not why and self.patching and not self.relayout:
				why = 'the block is laid out by uabatch modernize (-D relayout)'
			f = Finding((fs.path, fn.name, line, col + 1), 'scoped-region', msg, None, r, why)
			f.tokens = set()
			if not why:
				self.plan_scoped(fs, fn, r)
			else:
				f.message += ' (not auto-fixable: %s)' % why
			fs.findings.append(f)
		return seen

	def plan_scoped(self, fs, fn, r):
		"""The edits of one region: the begin becomes the block's head,
		the end its close (scripts/format-rewrite.sh lays it out), the
		other ends go."""
		import scoping
		src, edits = fs.src, fs.plan.edits
		edits[head_offset(src, r.stmt)] = ('unwrap' if r.branch else 'replace', [wrap_begin(
			scoping.scoped_head(src, fn, r), r.renames, r.first, r.declare)])
		edits[head_offset(src, r.end)] = ('replace', ['%s();' % WRAP_END])
		for s in r.inner + r.ends:
			edits[head_offset(src, s)] = ('replace', [])
		for s in r.merged:
			edits[head_offset(src, s)] = ('drop', [])
		if r.fault:
			last, texts = r.fault
			at = head_offset(src, last)
			have = edits.get(at, ('after', []))[1]
			if texts[0] not in have:
				edits[at] = ('after', have + texts)

	def judge_function(self, fs, body, name, accesses):
		"""The findings of one function, their fixes not applied yet."""
		src = fs.src
		name = syscall_name(src, body) or name
		fn = Function(src, body, name)
		rel = tree_of(fs.path)[1]
		hot = hot_path(rel, name)
		if hot and re.search('compat', name):
			hot = None
		loops = loops_in(src, body, accesses)
		looped = set(a.i for l in loops for a in l.accesses)
		runs = [r for b in statements(body) if b.kind == 'block'
			for r in runs_in(src, b, accesses)
			if not any(a.i in looped for a in r.accesses)]
		where = ' (%s)' % (hot if hot else 'cold: ' + coldness(rel, name))
		found = []	# (first token, accesses, id, message, fix, why, hot: else a note)
		for l in loops:
			fix, why = judge_loop(src, fn, l, fs.unsigned, self.scoped and self.relayout)
			ident = LOOP_ID.get(l.mode, RUN_ID['rw'])
			msg = 'user %s through %s in a loop in %s(): one user access region can ' \
			      'serve the whole loop, one begin/end pair instead of one per element' % \
			      (WHAT[l.mode], l.base, name) + where
			found.append((l.accesses[0].i, l.accesses, ident, msg, fix, why, hot))
		for i in sorted(fs.src.at[o] for o in fs.copies
				if body.first < fs.src.at.get(o, -1) < body.last):
			msg = copy_fields(src, fn, i)
			if msg:
				found.append((i, [], 'batch-copy-fields', msg, None,
					      'a struct copy is reported, not rewritten', None))
		for r in runs:
			fix, why = judge_run(src, fn, r, self.scoped)
			n = len(r.accesses)
			msg = '%d user %s through %s in %s() can share one user access region, ' \
			      'one begin/end pair instead of %d' % (n, WHAT[r.mode], r.object, name, n) + \
			      where
			found.append((r.accesses[0].i, r.accesses, RUN_ID[r.mode], msg, fix, why, hot))
		for b in statements(body):
			if b.kind != 'block':
				continue
			for read, write, between in split_rw(src, b, accesses, runs):
				said = split_rw_message(src, fn, read, write, between)
				if said:
					found.append((read.i, [read, write], 'batch-rw', said[0] + where,
						      None, said[1], None))
		judged = []
		for i, accesses, ident, msg, fix, why, f_hot in sorted(found, key=lambda f: f[0]):
			line, col = src.line_col(src.tokens[i][2])
			f = Finding((fs.path, name, line, col + 1), ident, msg, f_hot, fix, why)
			f.tokens = set(a.i for a in accesses)
			judged.append((f, fn))
		return judged

	def settle(self, fs, judged):
		"""Apply the fixes of the findings to rewrite: the hot ones (all
		with -D notes), then those of the compat twins of the functions
		rewritten (processcompl_compat() with processcompl()), which a
		maintainer would send back a patch for leaving out."""
		rewritten = set()
		for f, fn in judged:
			if f.fix and not f.why and (f.hot or self.notes):
				f.why = self.apply(fs, fn, f.fix)
				if not f.why:
					rewritten.add(fn.name)
		for f, fn in judged:
			twin = re.sub(r'^compat_|_compat$|_compat(?=_)', '', fn.name)
			if f.fix and not f.why and not (f.hot or self.notes) and \
			   twin != fn.name and twin in rewritten:
				f.why = self.apply(fs, fn, f.fix)
				if not f.why:
					f.twin = twin
					f.message += ' (fixed along with its twin, %s())' % twin
		for f, fn in judged:
			if f.why:
				f.message += ' (not auto-fixable: %s)' % f.why
			fs.findings.append(f)

	def apply(self, fs, fn, fix):
		"""Put a fix in the file's plan, its label given; or say why
		it does not fit there."""
		src, edits = fs.src, fs.plan.edits
		label, fault, where = fix.fault
		if label == LABEL:
			label = fn.label_for(*fix.label_key)
		def named(texts):
			return [t.replace(LABEL, label) for t in texts]
		if where is not None:
			at = src.tokens[where.first][2]
			kind = 'before' if where.kind == 'label' else 'after'
			have = edits.get(at, (kind, []))[1]
			fault = named(fault)
			if fault[0] not in have:
				if len(have) + len(fault) > SLOTS:
					return 'too many fault paths at one place in %s()' % fn.name
				edits[at] = (kind, have + fault)
		for s, texts in fix.replace.items():
			o = head_offset(src, s)
			edits[o] = ('replace', named(texts))
			fs.plan.alone[o] = s.parent is not None and s.parent.kind != 'block'
		if fix.around:
			s, before, after = fix.around
			edits[head_offset(src, s)] = ('around', named(before) + named(after))
		if fix.delete_decl is not None:
			edits[fix.delete_decl] = ('decl', [])
		return None

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
		if m.start() + 1 in src.functions:
			why = 'its statements are not of a form uabatch follows'
		for i in range(first, last):
			t = src.tokens[i]
			if t[0] == 'id' and t[1] in names and src.tokens[i + 1][1] == '(':
				yield t[2], function_name(src, m.start() + 1), why
				break

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

SYSCALL = re.compile(r'\b(COMPAT_)?SYSCALL(32)?_DEFINE\d\s*\(\s*(\w+)[\s,)]')

def syscall_name(src, body):
	"""The name of the system call whose body this is, or None: the
	kernel writes SYSCALL_DEFINE2(gettimeofday, ...), and Coccinelle
	names the function SYSCALL_DEFINE2.  A compat one (COMPAT_, and
	x86's SYSCALL32_) is compat_gettimeofday."""
	return syscall_in(function_head(src, src.tokens[body.first][2]))

def syscall_in(head):
	m = SYSCALL.search(head)
	if not m:
		return None
	return ('compat_' if m.group(1) or m.group(2) else '') + m.group(3)

def functions_of(fs):
	"""(body, name, accesses by token) of each function Coccinelle found
	an access or a struct copy in.  The accesses are all of the
	function's: Coccinelle leaves out the ones in a branch of a
	preprocessor conditional inside a statement, which still make a run
	with the others."""
	src = fs.src
	found = {}
	for o, name in sorted(list(fs.accesses.items()) + list(fs.copies.items())):
		body = function_at(src, o)
		if body is not None and body.first not in found:
			found[body.first] = (body, name, {})
	for body, name, accesses in found.values():
		for i in range(body.first, body.last - 1):
			t = src.tokens[i]
			if t[0] == 'id' and t[1] in ACCESSES and src.tokens[i + 1][1] == '(' and \
			   src.tokens[i - 1][1] not in ('.', '->'):
				try:
					accesses[i] = Access(src, i)
				except Unparsable:
					pass
	return [found[k] for k in sorted(found)]

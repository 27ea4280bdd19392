# SPDX-License-Identifier: GPL-2.0-only
#
# The text of a C file: its tokens, where it is in its kernel tree, and
# what a range of its tokens says: its text as written and as compared,
# its arguments, the names it calls, whether it only computes.

import functools
import os
import re
import subprocess

from model import INLINE

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

	def whole(self):
		"""The file that this one is an excerpt of (original_of()), as
		a Source, where there is one; else this one."""
		if not hasattr(self, '_whole'):
			path = original_of(self.path)
			self._whole = self
			if os.path.isfile(path) and not os.path.samefile(path, self.path):
				self._whole = Source(path)
		return self._whole

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

# spatch runs commands of its own on the paths it is given, unquoted: an
# excerpt's path is its file's with every byte but letters, digits and
# ._/+- written %HH.
UNSAFE_BYTES = re.compile(rb'[^A-Za-z0-9._/+-]')

def encoded(path):
	raw = os.fsencode(path)
	return os.fsdecode(UNSAFE_BYTES.sub(lambda m: b'%%%02X' % m.group()[0], raw))

def decoded(path):
	return os.fsdecode(re.sub(rb'%([0-9A-F]{2})', lambda m: bytes([int(m.group(1), 16)]),
				  os.fsencode(path)))

def original_of(path):
	"""The file that path is an excerpt of (UABATCH_EXCERPTS names the
	directory of the driver's excerpts, each at its file's absolute
	path, encoded()); else path."""
	path = os.path.abspath(path)
	excerpts = os.environ.get('UABATCH_EXCERPTS')
	if excerpts and path.startswith(os.path.abspath(excerpts) + '/'):
		return decoded(path[len(os.path.abspath(excerpts)):])
	return path

def tree_of(path):
	"""(the root of the kernel tree of a file, or of the file it is an
	excerpt of, the file's path from it).  Outside a tree, (None, the
	file's absolute path)."""
	path = original_of(path)
	root = tree_root(os.path.dirname(path))
	return (root, os.path.relpath(path, root)) if root else (None, path)

@functools.lru_cache(maxsize=None)
def tree_root(d):
	"""The kernel tree that directory d is in (once per directory: every
	finding of a file asks), or None."""
	if d == '/':
		return None
	if os.path.exists(os.path.join(d, 'include/linux/uaccess.h')):
		return d
	return tree_root(os.path.dirname(d))


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
	return split_on(src, first, last, ',')

def split_on(src, first, last, sep):
	"""Tokens [first, last) split where sep stands outside brackets, as
	(first, last) token ranges."""
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
	model's inline helpers, where inlined_for_sure()), assignment or
	increment."""
	for name in calls_in(src, first, last):
		if not helpers or name not in INLINE or not inlined_for_sure(src, name):
			return False
	for t in words(src, first, last):
		if t in ('=', '++', '--') or (len(t) == 2 and t[1] == '=' and
					       t not in ('==', '!=', '<=', '>=')) or \
		   t in ('<<=', '>>='):
			return False
	return True

inlined = {}

def inlined_for_sure(src, name):
	"""Does the tree of src define the model's inline helper name as a
	macro, or as an __always_inline function?  A plain inline one (7.2's
	compat_ptr()) GCC may leave a call (with KASAN, -Os), which a region
	must not hold: the checkers' call-in-region.  Outside a tree, and
	where the tree's include/ does not declare it inline on the line of
	its name, the model says."""
	root = tree_of(src.path)[0]
	if (root, name) not in inlined:
		inlined[(root, name)] = True
		found = subprocess.run(['grep', '-rhE', '--include=*.h', r'\b%s\s*\(' % name, '--',
					os.path.join(root, 'include')] if root else ['true'],
				       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
				       universal_newlines=True).stdout
		# The line that declares it, not one whose body calls it.
		declared = [l for l in found.split('\n') if re.search(
			r'^(static|extern)\b[^;=(]*\binline\b[^;=(]*\b%s\s*\(' % name, l)]
		if any('__always_inline' not in l for l in declared):
			inlined[(root, name)] = False
	return inlined[(root, name)]

def is_name(text):
	"""Is text one word: a name ('p', not 'p->f' or '*p')?"""
	return re.match(r'^\w+$', text) is not None

CONSTANT = re.compile(r'^-?\(?(NULL|true|false|\d+[uUlL]*|[A-Z][A-Z0-9_]*)\)?$')

def names_in(text):
	return set(re.findall(r'(?<![.>\w])[A-Za-z_]\w*', text))

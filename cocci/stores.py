# SPDX-License-Identifier: GPL-2.0-only
#
# Signed bounds that are never negative.  "for (i = 0; i < n; i++)" with
# a signed n runs no iteration where n is negative, where a region of
# array_size(n, ..) would fail its check; a signed n is as good as an
# unsigned one where it cannot be negative.  That is shown for a member
# "p->f" of a struct defined in the file itself (no other translation
# unit knows its layout, so none can store to it) where every store to a
# member named f in the file is a value that is not negative, the file
# takes no such member's address, writes no whole object of the struct,
# initializes none by position (what "{ NULL, -1 }" stores to f is not
# named; only values that are themselves not negative may stand there)
# and embeds none in another struct, whose initializers would reach it
# unnamed.  5.10's do_sys_poll(): "walk->len = len;", len an int set only
# from min_t(unsigned int, nfds, N_STACK_PPS) and min(todo,
# POLLFD_PER_PAGE).
#
# A value is not negative where it is a literal; a min_t() of an
# unsigned type with a constant argument; a min() with an argument of
# unsigned constant size (sizeof(), PAGE_SIZE, macros of the file made
# of them, which the usual conversions make unsigned long, so that the
# min is one too); or a local whose every store in its function is one
# of these.  A constant size is taken to be below INT_MAX: it counts
# bytes of an object or of a page.

import re

from declarations import UNSIGNED, struct_name
from functions import body_tokens
from source import closing, flat, split_args, split_on, tokenize, words

OPERAND_END = ('id', 'num', 'str')
LITERAL = re.compile(r'^(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*$')
SIZE_WORDS = set(['(', ')', '+', '-', '*', '/'])

def never_negative(src, fn, n):
	"""Is the loop bound n a member p->f that the file never sets
	negative?"""
	m = re.match(r'^(\w+)(?:->|\.)(\w+)$', flat(n))
	tag = struct_name(fn.text(), m.group(1)) if m else None
	whole = src.whole()
	if not tag or not re.search(r'\bstruct\s+%s\s*\{' % tag, whole.text) or \
	   whole_object_written(whole.text, tag) or embedded(whole, tag) or \
	   not initialized_by_name(whole, tag):
		return False
	stores = stores_to(whole, m.group(2), member=True)
	return bool(stores) and all(not_negative(whole, value, 2) for value in stores)

def whole_object_written(text, tag):
	"""Does the file copy or set a whole struct tag, through a name it
	declares as one or as a pointer to one?"""
	for ptr, name in re.findall(r'\bstruct\s+%s\s*(\**)\s*(?:const\s+)?(\w+)\s*[;,=)]' % tag, text):
		v = re.escape(name)
		if re.search(r'\b(?:mem(?:set|cpy|move)|\w*copy_from_user|\w*get_user)\s*\(\s*&?\s*%s\s*,'
			     % v, text) or re.search(r'[;{}]\s*\*\s*%s\s*=(?!=)' % v, text) or \
		   (not ptr and re.search(r'[;{}]\s*%s\s*=(?!=)' % v, text)):
			return True
	return False

def embedded(src, tag):
	"""Does a struct or union the file defines hold a struct tag itself
	(not a pointer to one)?"""
	for m in re.finditer(r'\b(?:struct|union)\s+\w*\s*\{', src.text):
		first = src.at.get(m.end() - 1)
		if first is None:
			continue		# in a comment or a string
		last = closing(src, first)
		if last is None:
			return True
		inner = ' '.join(words(src, first + 1, last))
		if re.search(r'\bstruct %s (?!\*)' % tag, inner):
			return True
	return False

def initialized_by_name(src, tag):
	"""Does every initializer of a struct tag in the file (a declaration
	"struct tag x = {..}", a compound literal "(struct tag){..}") name
	the members it sets, or set by position only values that are not
	negative?"""
	for m in re.finditer(r'\bstruct\s+%s\b[^;{}()]*=\s*\{|\(\s*struct\s+%s\s*(?:\[[^\]]*\]\s*)?\)\s*\{'
			     % (tag, tag), src.text):
		first = src.at.get(m.end() - 1)
		if first is None:
			continue		# in a comment or a string
		last = closing(src, first)
		if last is None or not by_name(src, first + 1, last):
			return False
	return True

def by_name(src, first, last):
	"""Are the elements of the braced initializer holding tokens [first,
	last) designated, nested initializers of that kind, or values that
	are not negative?"""
	for a, b in split_on(src, first, last, ','):
		if a == b or src.tokens[a][1] == '.':
			continue		# "{}", a trailing comma; a member's name: stores_to()
		if src.tokens[a][1] == '[':		# an element of an array of them
			a = closing(src, a) + 2
		if src.tokens[a][1] == '{':
			if not by_name(src, a + 1, b - 1):
				return False
		elif not not_negative(src, (a, b), 0):
			return False
	return True

def operand_start(src, i):
	"""The first token of the postfix expression whose last is token i
	(a name, a member, a call or an index)."""
	while True:
		if src.tokens[i][1] in (')', ']'):
			depth = 0
			while True:
				depth += {')': 1, ']': 1, '(': -1, '[': -1}.get(src.tokens[i][1], 0)
				if depth == 0:
					break
				i -= 1
			i -= 1
			continue
		if i > 0 and src.tokens[i - 1][1] in ('->', '.'):
			i -= 2
			continue
		return i

def value_end(src, i):
	"""The end of the value assigned from token i on: the ';', ',' or
	closing bracket that ends it."""
	depth = 0
	for j in range(i, len(src.tokens)):
		t = src.tokens[j][1]
		if depth == 0 and t in (';', ',', ')', '}', ']'):
			return j
		depth += {'(': 1, '[': 1, '{': 1, ')': -1, ']': -1, '}': -1}.get(t, 0)
	return len(src.tokens)

def stores_to(src, name, member=False, first=0, last=None):
	"""The values stored to name (with member, to a member of that name)
	in tokens [first, last), each a (first, last) token range; None
	where one is stored otherwise (an increment, a compound assignment)
	or its address is taken."""
	tokens = src.tokens
	values = []
	last = len(tokens) if last is None else last
	for i in range(max(first, 1), last - 1):
		if tokens[i][1] != name or (tokens[i - 1][1] in ('->', '.')) != member:
			continue
		start = operand_start(src, i) if member else i
		before = tokens[start - 1] if start > 0 else ('op', ';')
		after = tokens[i + 1][1]
		if member and before[1] in ('{', ',') and tokens[i - 1][1] == '.':
			start = i		# a designated initializer
		if after in ('++', '--') or before[1] in ('++', '--') or \
		   (before[1] == '&' and start > 1 and tokens[start - 2][0] not in OPERAND_END and
		    tokens[start - 2][1] not in (')', ']')) or \
		   (len(after) >= 2 and after.endswith('=') and after not in ('==', '!=', '<=', '>=')):
			return None
		if after == '=':
			values.append((i + 2, value_end(src, i + 2)))
	return values

def not_negative(src, value, depth):
	"""Is the value (a token range) not negative: see the head of this
	file."""
	first, last = value
	ws = words(src, first, last)
	if len(ws) == 1 and LITERAL.match(ws[0]):
		return True
	if ws[0] in ('min_t', 'min') and src.tokens[first + 1][1] == '(' and \
	   closing(src, first + 1) == last - 1:
		args = split_args(src, first + 2, last - 1)
		if ws[0] == 'min_t' and len(args) == 3 and ' '.join(words(src, *args[0])) in UNSIGNED:
			return any(constant_size(src, a, True) for a in args[1:])
		if ws[0] == 'min' and len(args) == 2:
			return any(constant_size(src, a, False) for a in args)
		return False
	if len(ws) == 1 and src.tokens[first][0] == 'id' and depth > 0:
		return local_never_negative(src, first, depth - 1)
	return False

def constant_size(src, arg, literal_too):
	"""Is arg (a token range) a size known at compile time, of an
	unsigned type (or with literal_too, a literal too)?"""
	ws = words(src, *arg)
	if literal_too and len(ws) == 1 and LITERAL.match(ws[0]):
		return True
	return size_expression(src, ws, 3)

def size_expression(src, ws, depth):
	"""Are the words ws an expression of sizeof(), PAGE_SIZE, literals
	and the file's macros of them, with + - * /, holding a sizeof or
	PAGE_SIZE (so unsigned long)?"""
	sized, k = False, 0
	while k < len(ws):
		w = ws[k]
		k += 1
		if w == 'sizeof' and k < len(ws) and ws[k] == '(':
			depth_in = 0
			while k < len(ws):
				depth_in += {'(': 1, ')': -1}.get(ws[k], 0)
				k += 1
				if depth_in == 0:
					break
			sized = True
		elif w == 'PAGE_SIZE':
			sized = True
		elif re.match(r'^[A-Z][A-Z0-9_]*$', w) and depth > 0:
			body = macro_body(src, w)
			if body is None or not size_expression(src, body, depth - 1):
				return False
			sized = True
		elif w not in SIZE_WORDS and not LITERAL.match(w):
			return False
	return sized

def macro_body(src, name):
	"""The words of the one object-like definition of macro name in the
	file; None where there is none or more than one."""
	found = re.findall(r'(?m)^[ \t]*#[ \t]*define[ \t]+%s[ \t]((?:.*\\\n)*.*)$' % name, src.text)
	if len(found) != 1:
		return None
	return [t[1] for t in tokenize(found[0].replace('\\\n', ' ')) if t[0] != 'comment']

def local_never_negative(src, i, depth):
	"""Is the local named by token i, of the function around it, stored
	only values that are not negative, and stored at least once?"""
	bounds = body_tokens(src, src.tokens[i][2])
	if not bounds:
		return False
	stores = stores_to(src, src.tokens[i][1], first=bounds[0], last=bounds[1] + 1)
	return bool(stores) and all(not_negative(src, v, depth) for v in stores)

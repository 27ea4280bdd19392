# SPDX-License-Identifier: GPL-2.0-only
#
# Signed bounds that are never negative.  "for (i = 0; i < n; i++)" with
# a signed n runs no iteration where n is negative, where a region of
# array_size(n, ..) would fail its check; a signed n is as good as an
# unsigned one where it cannot be negative.  That is shown for a member
# "p->f" of a struct defined in the file itself (no other translation
# unit knows its layout, so none can store to it) where every store to a
# member named f in the file is a value that is not negative, the file
# takes no such member's address and writes no whole object of the
# struct.  5.10's do_sys_poll(): "walk->len = len;", len an int set only
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
from source import flat, tokenize

OPERAND_END = ('id', 'num', 'str')
LITERAL = re.compile(r'^(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*$')
SIZE_WORDS = set(['(', ')', '+', '-', '*', '/'])

def never_negative(src, fn, n):
	"""Is the loop bound n a member p->f that the file never sets
	negative?"""
	m = re.match(r'^(\w+)(?:->|\.)(\w+)$', flat(n))
	tag = struct_name(fn.text(), m.group(1)) if m else None
	text = src.whole_text()
	if not tag or not re.search(r'\bstruct\s+%s\s*\{' % tag, text) or \
	   whole_object_written(text, tag):
		return False
	tokens = tokenize(text)
	stores = stores_to(tokens, m.group(2), member=True)
	return bool(stores) and all(not_negative(text, tokens, value, 2) for value in stores)

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

def operand_start(tokens, i):
	"""The first token of the postfix expression whose last is tokens[i]
	(a name, a member, a call or an index)."""
	while True:
		if tokens[i][1] in (')', ']'):
			depth = 0
			while True:
				depth += {')': 1, ']': 1, '(': -1, '[': -1}.get(tokens[i][1], 0)
				if depth == 0:
					break
				i -= 1
			i -= 1
			continue
		if i > 0 and tokens[i - 1][1] in ('->', '.'):
			i -= 2
			continue
		return i

def value_tokens(tokens, i):
	"""The tokens of the value assigned from tokens[i] on: to the ';',
	',' or closing bracket that ends it."""
	depth, out = 0, []
	for t in tokens[i:]:
		if t[0] == 'comment':
			continue
		if depth == 0 and t[1] in (';', ',', ')', '}', ']'):
			break
		depth += {'(': 1, '[': 1, '{': 1, ')': -1, ']': -1, '}': -1}.get(t[1], 0)
		out.append(t)
	return out

def stores_to(tokens, name, member=False, first=0, last=None):
	"""The values stored to name (with member, to a member of that name)
	in tokens[first:last], each a list of tokens; None where one is
	stored otherwise (an increment, a compound assignment) or its
	address is taken."""
	values = []
	last = len(tokens) if last is None else last
	for i in range(max(first, 1), last - 1):
		if tokens[i][1] != name or (tokens[i - 1][1] in ('->', '.')) != member:
			continue
		start = operand_start(tokens, i) if member else i
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
			values.append(value_tokens(tokens, i + 2))
	return values

def not_negative(text, tokens, value, depth):
	"""Is the value (tokens) not negative: see the head of this file."""
	words = [t[1] for t in value]
	if len(words) == 1 and LITERAL.match(words[0]):
		return True
	if words[:2] in (['min_t', '('], ['min', '(']) and words[-1] == ')':
		args = split_args(value[2:-1])
		if words[0] == 'min_t' and len(args) == 3 and \
		   ' '.join(t[1] for t in args[0]) in UNSIGNED:
			return any(constant_size(text, a, True) for a in args[1:])
		if words[0] == 'min' and len(args) == 2:
			return any(constant_size(text, a, False) for a in args)
		return False
	if len(words) == 1 and value[0][0] == 'id' and depth > 0:
		return local_never_negative(text, tokens, value[0], depth - 1)
	return False

def split_args(tokens):
	args, depth, cur = [], 0, []
	for t in tokens:
		if t[1] == ',' and depth == 0:
			args.append(cur)
			cur = []
			continue
		depth += {'(': 1, ')': -1}.get(t[1], 0)
		cur.append(t)
	return args + [cur]

def constant_size(text, arg, literal_too):
	"""Is arg a size known at compile time, of an unsigned type (or with
	literal_too, a literal too)?"""
	words = [t[1] for t in arg]
	if literal_too and len(words) == 1 and LITERAL.match(words[0]):
		return True
	return size_expression(text, words, 3)

def size_expression(text, words, depth):
	"""Are words an expression of sizeof(), PAGE_SIZE, literals and the
	file's macros of them, with + - * /, holding a sizeof or PAGE_SIZE
	(so unsigned long)?"""
	sized, k = False, 0
	while k < len(words):
		w = words[k]
		k += 1
		if w == 'sizeof' and k < len(words) and words[k] == '(':
			depth_in = 0
			while k < len(words):
				depth_in += {'(': 1, ')': -1}.get(words[k], 0)
				k += 1
				if depth_in == 0:
					break
			sized = True
		elif w == 'PAGE_SIZE':
			sized = True
		elif re.match(r'^[A-Z][A-Z0-9_]*$', w) and depth > 0:
			body = macro_body(text, w)
			if body is None or not size_expression(text, body, depth - 1):
				return False
			sized = True
		elif w not in SIZE_WORDS and not LITERAL.match(w):
			return False
	return sized

def macro_body(text, name):
	"""The words of the one object-like definition of macro name in the
	file; None where there is none or more than one."""
	found = re.findall(r'(?m)^[ \t]*#[ \t]*define[ \t]+%s[ \t]((?:.*\\\n)*.*)$' % name, text)
	if len(found) != 1:
		return None
	return [t[1] for t in tokenize(found[0].replace('\\\n', ' ')) if t[0] != 'comment']

def local_never_negative(text, tokens, name_token, depth):
	"""Is the local name_token[1] of the function around it stored only
	values that are not negative, and stored at least once?"""
	o = name_token[2]
	start, close = text.rfind('\n{', 0, o), text.find('\n}', o)
	if start < 0 or close < 0:
		return False
	first = next(i for i, t in enumerate(tokens) if t[2] > start)
	last = next(i for i, t in enumerate(tokens) if t[2] > close)
	stores = stores_to(tokens, name_token[1], first=first, last=last)
	return bool(stores) and all(not_negative(text, tokens, v, depth) for v in stores)

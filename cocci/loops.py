# SPDX-License-Identifier: GPL-2.0-only
#
# The loops of a function that one region can serve whole: every
# iteration accesses one user pointer and does nothing else that needs
# user access off (it computes, tests and leaves), the condition bounds
# the count, and the address moves from one iteration to the next.

import re

from runs import as_member, err_test, region_mode
from source import is_pure, names_in, split_on, stmt_text, words
from statements import is_assignments, is_declaration, is_glue, statements

class Loop:
	"""A loop whose every iteration accesses one pointer and does nothing
	that needs user access off."""
	def __init__(self, src, stmt, members):
		self.stmt = stmt
		self.members = members
		self.accesses = [a for m in members for a in m.accesses]
		self.base = self.accesses[0].base
		self.mode = region_mode(self.accesses)
		for m in members:
			if m.kind == 'err':
				pair_test(src, m)

def pair_test(src, m):
	"""'err = acc(..);' (or 'int err = ..') and 'if (err) return R;' (or
	'goto L;') right after it: the member leaves as the test does."""
	block = m.stmt.parent
	if not m.sets or block is None or block.kind != 'block':
		return
	k = block.stmts.index(m.stmt)
	test = block.stmts[k + 1] if k + 1 < len(block.stmts) else None
	leave = err_test(src, test, m.err)
	if leave is not None:
		m.test = test
		m.leave = leave

def loop_body_is_quiet(src, s, accesses, members):
	"""Does statement s (part of a loop) only compute, test, leave and
	make member accesses?  The members found are added to members."""
	m = as_member(src, s, accesses, declared=True)
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

def loops_in(src, body, accesses):
	"""The loops of a function that one region can serve whole."""
	found = []
	for s in statements(body):
		if s.kind not in ('for', 'while', 'do'):
			continue
		inner = [a for a in accesses.values() if s.first <= a.i < s.last]
		if not inner or any(a.twin for a in inner) or not is_pure_head(src, s):
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
		loop = Loop(src, s, members)
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

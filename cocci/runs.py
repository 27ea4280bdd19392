# SPDX-License-Identifier: GPL-2.0-only
#
# The accesses of a function, and their runs: two or more accesses
# through one user pointer in one statement list, next to one another,
# between them only statements that compute (an assignment with no call
# but the model's inline helpers).  And a read and a later write of one
# user object with other work between: what a run would be without it.

import re

from model import ACCESSES, INLINE, TWINS
from source import CONSTANT, calls_in, closing, flat, has_comment, is_name, is_pure, names_in, span, \
	split_args, stmt_text, words
from statements import ASSIGN, DECLARATION, Unparsable, is_glue, statements


# ---- accesses --------------------------------------------------------------

class Access:
	"""acc(e, E) at token i: its name, mode, value or destination e and
	address E (token ranges), and the pointer E goes into.  Or a call of
	a helper with a twin (model/twins), helper(E, e): twin, the name of
	its twin."""
	def __init__(self, src, i):
		self.src = src
		self.i = i
		self.name = src.tokens[i][1]
		self.twin, self.mode = TWINS.get(self.name, (None, ACCESSES.get(self.name)))
		self.end = closing(src, i + 1) + 1	# after ')'
		args = split_args(src, i + 2, self.end - 1)
		if len(args) != 2:
			raise Unparsable('%s() with %d arguments' % (self.name, len(args)))
		self.e, self.E = reversed(args) if self.twin else args
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
	'err = acc(..);' / 'err |= acc(..);', kind 'err' (err tested after),
	in a loop also 'int err = acc(..);' (declares)."""
	def __init__(self, stmt, kind, accesses, leave=None, err=None, sets=False, declares=False):
		self.stmt = stmt
		self.kind = kind
		self.accesses = accesses
		self.leave = leave	# 'return R;' or 'goto L;', flat
		self.err = err
		self.sets = sets	# 'err = acc(..)', not 'err |='
		self.declares = declares
		self.test = None	# 'if (err) return R;' right after, in a loop

def leave_of(src, s):
	"""'return R;' or 'goto L;' for a statement that is one, possibly in
	braces; else None."""
	while s is not None and s.kind == 'block' and len(s.stmts) == 1:
		s = s.stmts[0]
	if s is None or s.kind not in ('return', 'goto') or has_comment(src, s.first, s.last):
		return None
	return re.sub(r'\s+', ' ', stmt_text(src, s)).replace(' ;', ';')

def is_leave(fn, leave):
	"""Can a fault path leave this way: 'return;', 'return C;' with C a
	constant, or 'goto L;' to a label of the function?"""
	m = re.match(r'^return\s*(.*);$', leave)
	if m:
		return m.group(1) == '' or CONSTANT.match(m.group(1).replace(' ', '')) is not None
	m = re.match(r'^goto (\w+);$', leave)
	return m is not None and m.group(1) in fn.labels

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

def as_member(src, s, accesses, declared=False):
	"""The statement s as a member of a run, or None; with declared,
	'int err = acc(..);' too (a member of a loop, whose test goes with
	it: the declaration cannot go where err is used after it)."""
	if s.kind == 'if' and s.orelse is None:
		chain = access_chain(src, s.head[0], s.head[1], accesses)
		leave = leave_of(src, s.body)
		if chain and leave:
			return Member(s, 'if', chain, leave=leave)
		return None
	if s.kind != 'simple':
		return None
	toks = [i for i in range(s.first, s.last) if src.tokens[i][0] != 'comment']
	w = [src.tokens[i][1] for i in toks]
	at = 0
	if declared and DECLARATION.match(' '.join(w)) and '=' in w:
		at = w.index('=') - 1
		if at < 1 or any(not is_name(t) for t in w[:at]):
			return None
	if len(w) - at >= 4 and re.match(r'^[A-Za-z_]\w*$', w[at]) and \
	   w[at + 1] in (('=',) if at else ('=', '|=')):
		k = toks[at + 2]
		paren = src.tokens[k][1] == '('
		a = accesses.get(k + 1 if paren else k)
		tail = a and [t for t in words(src, a.end, s.last)]
		if a and tail == ([')', ';'] if paren else [';']):
			return Member(s, 'err', [a], err=w[at], sets=w[at + 1] == '=',
				      declares=at > 0)
	return None

def err_test(src, s, err):
	"""The way out of 'if (err) return R;' (or 'goto L;', the test in
	unlikely() or not), or None."""
	if s is None or s.kind != 'if' or s.orelse is not None:
		return None
	if words(src, s.head[0], s.head[1]) not in ([err], ['unlikely', '(', err, ')']):
		return None
	return leave_of(src, s.body)


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
		# A helper alone is no run: a region for its accesses is its
		# own business.
		if sum(len(m.accesses) for m in members) >= 2 and \
		   any(not a.twin for m in members for a in m.accesses):
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
		reads = [a for a in accesses_of(s, accesses) if a.mode == 'read' and a.object and
			 not a.twin]
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
			if write.mode == 'write' and not write.twin and write.i not in in_runs and \
			   j > k + 1:
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
				while j >= 0 and (is_name(w[j]) or w[j] in ('.', '->', '[', ']', '*')):
					changed.add(w[j])
					j -= 1
			elif t in ('++', '--'):
				changed |= set(x for x in w[max(0, k - 1):k + 2] if is_name(x))
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

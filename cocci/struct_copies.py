# SPDX-License-Identifier: GPL-2.0-only
#
# A copy_from_user() or copy_to_user() of a whole local struct of which
# only a few scalar members are read after, or set before, one by one
# (batch-copy-fields, a note): one region with an accessor per member
# could serve it.  It is reported, not rewritten.

import re

from declarations import struct_body, struct_members
from model import COPIES
from source import closing, flat, span, split_args, words

FIELDS_MAX = 4	# members a struct copy may be replaced by, one access each

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

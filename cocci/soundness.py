# SPDX-License-Identifier: GPL-2.0-only
#
# Whether the rewrite of a run or a loop is sound, and if so the Fix: the
# region must cover every access, hold no call (the bounds checks of
# UBSAN_BOUNDS included) and no side effect, close on every way out, keep
# its fault path in the preprocessor branch of its uses and leave as the
# old code did; a loop's must be sized by a bound compared unsigned, or
# one that is never negative (stores.py).
# Else the reason, which the finding says.

import re

from declarations import MEMBER, array_member, byte_pointer, counts_unsigned, flexible_array, \
	pointed_layout, unchecked_flexible_array
from gathered import declaration_of, err_uses, fault_leave, gathered_fault_path, rejoin_path
from model import BEGIN, END
from rewrite_plan import LABEL, SLOTS, WRAP_END, Fix, place_fault_path, region_size, scoped_name, \
	scoped_block, scoped_head, kept_text, unsafe_call, verbatim, wrap_begin
from runs import is_leave, leave_of
from stores import never_negative
from source import CONSTANT, closing, flat, has_comment, is_name, is_pure, names_in, shown, span, \
	split_on, stmt_text, words
from statements import LOOPS, statements, stores_through

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

def pointer_kept(src, fn, ptr, stmts, accesses):
	"""Why the region's pointer, read from memory ('t->rseq'), may not
	be the one the accesses after it read, or None: a statement between
	them that stores through a pointer could change it, and so could a
	read into anything but a plain name.  A plain name, or an array
	member ('userurb->iso_frame_desc'), is an address, not read."""
	member = MEMBER.match(ptr)
	if is_name(ptr) or (member and array_member(src, fn, *member.groups())):
		return None
	for a in accesses:
		if a.mode == 'read' and not is_name(flat(a.value())):
			return '"%s" reads into memory, which may hold "%s", which the region and ' \
			       'each access read from memory' % (shown(a.value()), ptr)
	s = stores_through(src, stmts)
	return s and '"%s" stores through a pointer, and may change "%s", which the region ' \
		     'and each access read from memory' % (shown(stmt_text(src, s)), ptr)

def judge_run(src, fn, run, scoped, plain):
	"""Rewrite the run, or say why not: (Fix, None) or (None, why)."""
	block = span(src, run.block.stmts[0].first, run.block.stmts[-1].last)
	checked_whole = run.base is not None and \
			access_check_of(src, run, 'sizeof(*%s)' % run.base) is not None
	size, why = region_size(src, run, pointed_layout(src, fn, run.base, block) if run.base else None,
				checked_whole)
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
	why = pointer_kept(src, fn, run.base, [s for s in stmts if s not in [m.stmt for m in run.members]],
			   run.accesses)
	if why:
		return None, why
	gone = []	# statements the rewrite deletes besides the members
	if kinds == {'if'}:
		leaves = sorted(set(m.leave for m in run.members))
		if len(leaves) > 1:
			return None, 'the accesses leave differently on a fault ("%s")' % \
			       '", "'.join(leaves)
		leave = leaves[0]
	elif kinds == {'err'}:
		path, why = gathered_fault_path(src, fn, run, stmts)
		if why:
			return None, why
		leave = path.leave
		gone.extend(path.gone)
	else:
		return None, 'the accesses report a fault in different ways'
	if kinds == {'if'} and not is_leave(fn, leave):
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
	scoped = scoped and is_name(run.base)
	check = access_check_before(src, run, size, leave)
	if check is not None:
		gone.append(check)
	fix = Fix()
	rejoin = kinds == {'err'} and path.rejoin
	if rejoin and not scoped:
		return None, '"%s" is used after other work, where the fault path must go on: ' \
			     'a scoped block can (--style scoped), a classic region would need ' \
			     'two labels' % rejoin
	if rejoin:
		fix.fault = (LABEL, [], None)
		fix.label_key = (None, 'go on after line %d' % src.line_col(src.tokens[stmts[-1].first][2])[0],
				 run.base)
	else:
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
				body.append(kept_text(stmt_text(src, s)))
		fix.replace[stmts[0]] = [scoped_block(run.mode, run.base, size, label, body)]
		fix.opens = scoped_name(run.mode, run.base, size)
		if rejoin:
			fix.replace[stmts[0]].append(rejoin_path(rejoin, label))
		for s in stmts[1:]:
			fix.replace[s] = []
	else:
		for m in run.members:
			fix.replace[m.stmt] = [unsafe_call(a, label) for a in m.accesses]
		first, last = run.members[0].stmt, run.members[-1].stmt
		fix.replace[first].insert(0, 'if (!%s(%s, %s))\n%s' %
					  (BEGIN[run.mode], run.base, size, leave))
		fix.opens = BEGIN[run.mode]
		fix.replace[last].append('%s();' % END[run.mode])
	for s in gone:
		fix.replace[s] = []
	if kinds == {'err'}:
		fix.delete_decl = path.decl_at
		if path.succeeds:
			fix.replace[path.succeeds] = ['return 0;']
	return kept_whole(fix, plain)

def kept_whole(fix, plain):
	"""(fix, None), or (None, why) where Coccinelle alone prints the
	patch (plain: coccicheck's patch mode) and would print a text of fix
	without a part (relayout.py puts it back)."""
	if verbatim(fix) and plain:
		return None, 'Coccinelle would print an address space or __force of the rewrite ' \
			     'as nothing: uabatch patch lays it out (-D relayout)'
	return fix, None

def access_check_of(src, run, size):
	"""The statement 'if (!access_ok(p, size)) return/goto ...;' right
	before the run, or None."""
	if run.first == 0:
		return None
	s = run.block.stmts[run.first - 1]
	if s.kind != 'if' or s.orelse is not None or leave_of(src, s.body) is None:
		return None
	cond = re.sub(r'\*\((\w+)\)', r'*\1', flat(span(src, s.head[0], s.head[1])))
	return s if cond == '!access_ok(%s,%s)' % (flat(run.base), flat(size)) else None

def access_check_before(src, run, size, leave):
	"""The check of access_check_of() where it leaves as the run's fault
	path does, which the checking begin makes redundant; or None."""
	s = access_check_of(src, run, size)
	return s if s is not None and leave_of(src, s.body) == leave else None

NOT_A_LOOP = 'not a loop of the form "for (i = 0; i < n; i++)" or "for (; p < end; p += N)"'

class Bounds:
	"""What the region of a loop covers: size bytes at ptr, where guard
	holds (the loop runs at all; None: always), count elements; the
	names the body must leave alone; and why_not, a reason found in
	the bound, given after the body's."""
	def __init__(self, ptr, size, extent, names, count=None, guard=None, walked=False,
		     why_not=None):
		self.ptr = ptr
		self.size = size
		self.extent = extent	# what the region covers, in words
		self.names = names
		self.count = count
		self.guard = guard
		self.walked = walked	# the loop moves ptr
		self.why_not = why_not

def counted_bounds(src, fn, loop, parts, unsigned):
	"""The Bounds of 'for (i = 0; i < n; i++[, p++])' over p[i] (or
	*p, p walked with i), or (None, why)."""
	init, cond, step = [words(src, a, b) for a, b in parts]
	if len(init) != 3 or init[1:] != ['=', '0'] or len(cond) < 3 or \
	   cond[:2] != [init[0], '<']:
		return None, NOT_A_LOOP
	i = init[0]
	n_first, n_last = parts[1][0] + 2, parts[1][1]
	n = span(src, n_first, n_last)
	steps = sorted(flat(x) for x in ''.join(step).split(','))
	walked = [x[:-2] for x in steps if x.endswith('++') and x[:-2] != i]
	if sorted(set(steps) - set(p + '++' for p in walked)) not in ([i + '++'], ['++' + i]) or \
	   len(walked) > 1:
		return None, 'the loop steps "%s"' % shown(''.join(step))
	ptr = loop.base
	if walked:
		if walked[0] != ptr or any(a.index not in (0, 'f') for a in loop.accesses):
			return None, 'the address does not step with the loop'
	elif any(a.index != i for a in loop.accesses):
		return None, 'the address is not an element of a pointer the loop walks'
	why_not = None
	constant = CONSTANT.match(flat(n)) or re.match(r'^(ARRAY_SIZE|sizeof)\(', flat(n))
	if not is_pure(src, n_first, n_last, helpers=False):
		why_not = 'side effect or call in the bound "%s"' % shown(n)
	elif not constant and src.tokens[n_first][2] not in unsigned and \
	     not counts_unsigned(src, fn, i, n) and not never_negative(src, fn, n):
		why_not = 'the bound "%s" is not known to be compared unsigned: a region of a ' \
			  'negative count would fail where the loop may not have' % shown(n)
	count = shown(n)
	size = '%s * sizeof(*%s)' % (count, ptr) if constant else \
	       'array_size(%s, sizeof(*%s))' % (count, ptr)
	return Bounds(ptr, size, 'all %s elements' % count, names_in(n) | names_in(ptr) | set([i]), count=count,
		      walked=bool(walked), why_not=why_not), None

# A stride that is a positive constant: the walk only goes up.
STRIDE = re.compile(r'^(?:[1-9]\d*[uUlL]*|PAGE_SIZE|sizeof\(.+\))$')

def walk_bounds(src, fn, loop, parts):
	"""The Bounds of 'for (; p < end; p += N)' over *p, p and end
	pointers to bytes and N a positive constant: every access is a byte
	of [p, end) as p was before the loop, the region's 'end - p' bytes
	where the loop runs at all (p < end: a region of a negative size
	would fail where the loop ran no iteration).  Or (None, why)."""
	init, cond, step = [words(src, a, b) for a, b in parts]
	p = loop.base
	end = flat(span(src, parts[1][0] + 2, parts[1][1]))
	if init or cond[:2] != [p, '<'] or not is_name(p) or \
	   not is_name(end):
		return None, NOT_A_LOOP
	by = step[2:] if step[:2] == [p, '+='] else ['1'] if step in ([p, '++'], ['++', p]) else []
	if not STRIDE.match(''.join(by)):
		return None, 'the loop steps "%s", not by a positive constant' % shown(''.join(step))
	if any(a.addr != p for a in loop.accesses):
		return None, 'the address is not the pointer the loop walks'
	for name in (p, end):
		if not byte_pointer(fn.text(), name):
			return None, '"%s" is not declared a pointer to bytes: "%s - %s" would not ' \
				     'count the bytes the loop walks' % (name, end, p)
	return Bounds(p, '%s - %s' % (end, p), 'every byte up to %s' % end, set([p, end]), guard='%s < %s' % (p, end),
		      walked=True), None

def tested_leave(src, fn, members):
	"""The way out of the members of a loop on a fault, all one: 'if
	(acc(..)) leave', or 'err = acc(..); if (err) leave' with err named
	nowhere else (its declaration goes too: the offset of its name, or
	None); or (None, None, why)."""
	decl_at = None
	for m in members:
		if m.kind == 'if':
			continue
		if m.test is None:
			return None, None, 'the accesses in the loop do not leave by ' \
					   '"if (acc(..)) return/goto"'
		decl, at = (m.stmt, None) if m.declares else declaration_of(src, fn, m.err)
		if decl is None or not err_uses(src, fn, m.err, [decl, m.stmt, m.test]):
			return None, None, '"%s" is used outside the loop\'s test of it' % m.err
		if at is not None and decl_at not in (None, at):
			return None, None, 'the accesses set two variables'
		decl_at = decl_at if at is None else at
		leave, why = fault_leave(fn, m.err, m.leave)
		if why:
			return None, None, why
		m.leave = leave
	leaves = sorted(set(m.leave for m in members))
	if len(leaves) > 1:
		return None, None, 'the accesses leave differently on a fault ("%s")' % \
		       '", "'.join(leaves)
	return leaves[0], decl_at, None

def judge_loop(src, fn, loop, unsigned, scoped, plain):
	"""Rewrite the loop, or say why not: (Fix, None) or (None, why)."""
	s = loop.stmt
	if s.kind != 'for':
		return None, NOT_A_LOOP
	parts = split_on(src, s.head[0], s.head[1], ';')
	bounds, why = counted_bounds(src, fn, loop, parts, unsigned)
	if why == NOT_A_LOOP:
		bounds, why = walk_bounds(src, fn, loop, parts)
	if why:
		return None, why
	leave, decl_at, why = tested_leave(src, fn, loop.members)
	if why:
		return None, why
	top = s.body.stmts if s.body.kind == 'block' else [s.body]
	if any(m.stmt not in top for m in loop.members):
		return None, 'an access in the loop is made on some iterations only'
	ptr = loop.base
	members = [m.stmt for m in loop.members] + [m.test for m in loop.members if m.test]
	why = pointer_kept(src, fn, ptr, [s.body], loop.accesses)
	if why:
		return None, why
	for x in statements(s.body):
		if x.kind in ('return', 'goto') and \
		   not any(m.first <= x.first < m.last for m in members):
			return None, 'the loop body leaves the function another way'
	stop = early_exit(s.body)
	if stop:
		return None, 'the loop may %s: a region of %s would be checked for ' \
			     'elements it does not access' % (stop, bounds.extent)
	body_text = stmt_text(src, s.body)
	for name in bounds.names:
		v = re.escape(name)
		if re.search(r'\b%s\s*(?:[-+*/%%|&^]|<<|>>)?=(?!=)|(?:\+\+|--)\s*%s\b|\b%s\s*(?:\+\+|--)'
			     % (v, v, v), body_text):
			return None, 'the loop body changes "%s"' % name
	if bounds.why_not:
		return None, bounds.why_not
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
	if bounds.guard and plain:
		return None, 'the region goes in "if (%s)", a block around the loop that uabatch ' \
			     'patch lays out (-D relayout)' % bounds.guard
	size = bounds.size
	region = scoped and not bounds.walked and scoped_loop_region(src, fn, ptr, bounds.count, size)
	scoped = bool(region)
	if scoped:
		region, size = region
	fix = Fix()
	why = place_fault_path(src, fn, fix, loop.mode, leave, ptr, s, s, scoped)
	if why:
		return None, why
	for m in loop.members:
		fix.replace[m.stmt] = [unsafe_call(a, LABEL) for a in m.accesses]
		if m.test:
			fix.replace[m.test] = []
	fix.delete_decl = decl_at
	begin = 'if (!%s(%s, %s))' % (BEGIN[loop.mode], ptr, size)
	if scoped:
		fix.around = (s, [wrap_begin(scoped_head(loop.mode, region, size, LABEL))],
			      ['%s();' % WRAP_END])
		fix.opens = scoped_name(loop.mode, region, size)
	elif bounds.guard:
		fix.around = (s, [wrap_begin('if (%s)' % bounds.guard, first=[begin, '\t' + leave])],
			      ['%s();' % END[loop.mode], '%s();' % WRAP_END])
		fix.opens = BEGIN[loop.mode]
	else:
		fix.around = (s, ['%s\n%s' % (begin, leave)], ['%s();' % END[loop.mode]])
		fix.opens = BEGIN[loop.mode]
	fix.elements = bounds.count
	return kept_whole(fix, plain)

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
	if is_name(ptr):
		return ptr, size
	m = MEMBER.match(ptr)
	if m and flexible_array(src, fn, m.group(1), m.group(2)) is not None:
		return m.group(1), 'struct_size(%s, %s, %s)' % (m.group(1), m.group(2), count)
	return None

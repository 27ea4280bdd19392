# SPDX-License-Identifier: GPL-2.0-only
#
# Runs that gather their faults in a variable, as signal frames do:
# 'err |= acc(..);' (the first may be 'err = acc(..);'), then err tested
# right after the run ('if (err) return ...;'), returned ('return
# err;'), or used after other work.  An accessor gives 0 or -EFAULT, so
# the old code left err holding what it held before, or that value |
# -EFAULT after a fault.  The region's fault path makes the same value
# and goes where the old code went with it: to the test's way out, to
# the return, or on after the run (a scoped block only: it ends the
# region itself, so one label serves a fault and a failed begin); on
# the way without a fault err is not written, so it must already hold
# what the old code would have left in it.

import re

from runs import err_test, is_leave
from source import words
from statements import DECLARATION, LOOPS, enclosing, is_glue, statements

def named_at(src, first, last, name):
	"""The tokens [first, last) that are the name."""
	return [i for i in range(first, last) if src.tokens[i][0] == 'id' and src.tokens[i][1] == name]

def mentions(src, s, name):
	return bool(named_at(src, s.first, s.last, name))

def err_uses(src, fn, err, allowed):
	"""Is every use of err in the function in one of the statements
	allowed?"""
	return all(any(s.first <= i < s.last for s in allowed)
		   for i in named_at(src, fn.body.first, fn.body.last, err))

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

def sets_zero(src, s, err):
	"""Is s 'err = 0;', or a declaration of err alone, '= 0'?"""
	w = words(src, s.first, s.last)
	return w == [err, '=', '0', ';'] or \
	       (DECLARATION.match(' '.join(w)) is not None and ',' not in w and
		w[-4:] == [err, '=', '0', ';'])

ZERO_TESTS = (['!', '{0}'], ['{0}', '==', '0'], ['!', '(', '{0}', ')'])

def zero_before(src, s, err):
	"""Does err hold 0 where statement s starts?  It does after 'err = 0;'
	or a test 'if (err) return/goto ...;', with statements between that
	neither name err nor hold a label; at the top of a 'while (!err)'
	body; and in a branch or block that starts where it does."""
	block = s.parent
	if block is None:
		return False
	if block.kind == 'if':
		return err not in words(src, block.head[0], block.head[1]) and \
		       zero_before(src, block, err)
	if block.kind != 'block':
		return False
	k = block.stmts.index(s)
	while k > 0 and not mentions(src, block.stmts[k - 1], err):
		if any(x.kind in ('label', 'case') for x in statements(block.stmts[k - 1])):
			return False	# a way in from elsewhere
		k -= 1
	if k > 0:
		prev = block.stmts[k - 1]
		return sets_zero(src, prev, err) or err_test(src, prev, err) is not None
	loop = block.parent
	if loop is not None and loop.kind == 'while':
		head = words(src, loop.head[0], loop.head[1])
		return any(head == [w.format(err) for w in t] for t in ZERO_TESTS)
	return loop is not None and loop.kind in ('block', 'if') and zero_before(src, block, err)

# The types that hold an accessor's -EFAULT as it is (not a bool, an
# unsigned or a narrower type, where err |= -EFAULT would hold something
# else).
ERRNO_TYPE = r'(?<!unsigned )\b(?:int|long|long int|long long|ssize_t|s32|s64|__s32|__s64)'

NOT_ERRNO = '"%s" is not declared an int or a long, which hold -EFAULT'

def holds_errno(fn, err):
	"""Is err declared, a parameter or a local, of a signed integer type
	as wide as an int, alone or in a list of names of that type?"""
	alone = r'%s\s+%s\s*[=,;)]' % (ERRNO_TYPE, err)
	listed = r'%s\s+\w+(?:\s*=\s*[^,;()]+)?(?:\s*,\s*\w+(?:\s*=\s*[^,;()]+)?)*\s*,\s*%s\s*[=,;]' % \
		 (ERRNO_TYPE, err)
	return re.search(alone, fn.text()) is not None or re.search(listed, fn.text()) is not None

def fault_leave(fn, err, leave):
	"""How a fault path leaves where the old code left by leave with
	err holding the accessor's -EFAULT: 'return err;' is 'return
	-EFAULT;', where err is of a type that held it.  (leave, None), or
	(None, why)."""
	if leave != 'return %s;' % err:
		return leave, None
	if not holds_errno(fn, err):
		return None, NOT_ERRNO % err
	return 'return -EFAULT;', None

def read_after_label(src, fn, label, err):
	"""May the code from label on read err: does it name err, or jump
	back before the label?"""
	at = fn.labels[label]
	for s in statements(fn.body):
		if s.kind == 'goto' and s.first >= at.first:
			target = fn.labels.get(words(src, s.first, s.last)[1])
			if target is not None and target.first < at.first:
				return True
	return bool(named_at(src, at.first, fn.body.last, err))

class FaultPath:
	"""Where a gathered run's fault path leaves, what the rewrite deletes
	besides the accesses, and the offset of err's declaration where that
	goes too; or, where err is tested or returned after other work
	(rejoin, leave None), that the fault path sets err and goes on after
	the run, as the old code did."""
	def __init__(self, leave, gone=(), decl_at=None, rejoin=None, succeeds=None):
		self.leave = leave
		self.gone = list(gone)
		self.decl_at = decl_at
		self.rejoin = rejoin
		self.succeeds = succeeds	# 'return err;' that becomes 'return 0;'

def rejoin_path(err, label):
	"""The fault path of a scoped block that goes on after it (the
	block has ended the region when its label is reached): err as the
	old code left it after a fault."""
	return 'if (0) {\n%s:\n%s |= -EFAULT;\n}' % (label, err)

def gathered_fault_path(src, fn, run, stmts):
	"""The FaultPath of a run whose members are all 'err (|)= acc(..);',
	or (None, why)."""
	err = run.members[0].err
	if any(m.err != err for m in run.members):
		return None, 'the accesses gather their faults in different variables'
	w = words(src, fn.body.first, fn.body.last)
	if any(w[k] == '&' and w[k + 1] == err for k in range(len(w) - 1)):
		return None, 'the address of "%s" is taken' % err
	if not holds_errno(fn, err):
		return None, NOT_ERRNO % err
	members = [m.stmt for m in run.members]
	if any(mentions(src, s, err) for s in stmts if s not in members):
		return None, '"%s" is used between the accesses' % err
	after = run.block.stmts[run.last + 1] if run.last + 1 < len(run.block.stmts) else None
	zero = zero_before(src, stmts[0], err)
	test, _ = fault_leave(fn, err, err_test(src, after, err))	# err holds it: tested above
	if test is not None and not is_leave(fn, test):
		return None, 'the fault path would leave by "%s", not by a constant return or ' \
			     'a goto' % test
	if test is not None:
		decl, decl_at = declaration_of(src, fn, err)
		if decl is not None and err_uses(src, fn, err, [decl, after] + stmts) and \
		   (run.members[0].sets or sets_zero(src, decl, err)):
			return FaultPath(test, [after], decl_at), None
		if not zero:
			return None, 'the run adds to what "%s" held before' % err
		if test.startswith('goto') and read_after_label(src, fn, test.split()[1][:-1], err):
			return None, '"%s" would hold 0, not -EFAULT, where "%s" goes' % (err, test)
		return FaultPath(test, [after]), None
	if run.members[0].sets and after is not None and \
	   words(src, after.first, after.last) == ['return', err, ';']:
		# 'err = acc(..); err |= acc(..); return err;': 0 without a
		# fault, -EFAULT with one, whatever err held before.
		decl, decl_at = declaration_of(src, fn, err)
		if decl is not None and err_uses(src, fn, err, [decl, after] + stmts):
			return FaultPath('return -EFAULT;', decl_at=decl_at, succeeds=after), None
	if run.members[0].sets and not zero:
		return None, 'the run sets "%s", which need not hold 0 before it' % err
	if after is not None and words(src, after.first, after.last) == ['return', err, ';']:
		return FaultPath('return -EFAULT;' if zero else 'return %s | -EFAULT;' % err), None
	# get_user() zeroes what it reads into on a fault, unsafe_get_user()
	# leaves it: the code that goes on after the run would read it.
	if run.mode != 'write':
		return None, '"%s" is used after other work, and what the run reads would not be ' \
			     'zeroed on a fault as the old code zeroed it' % err
	# The statements between the accesses go into the block, and a fault
	# skips those after it, which the old code ran: what they set must
	# not be read where the code goes on (anywhere in the function where
	# a loop may come round to it).
	in_loop = any(s.kind in LOOPS for s in enclosing(stmts[-1]))
	for g in stmts:
		v = None if g in members else is_glue(src, g)
		if v and any(not stmts[0].first <= i < stmts[-1].last for i in
			     named_at(src, fn.body.first if in_loop else stmts[-1].last, fn.body.last, v)):
			return None, '"%s", set between the accesses, is read where the code goes on ' \
				     'after the run, and a fault would skip setting it' % v
	return FaultPath(None, rejoin=err), None

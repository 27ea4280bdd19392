# SPDX-License-Identifier: GPL-2.0-only
#
# The modernization behind batch.cocci -D modernize (uabatch modernize):
# a classic region, a checking begin whose failure is tested, the
# statements it covers and its end, in one statement list, becomes the
# scoped block of the same mode over the same pointer and range:
#
#	if (!user_write_access_begin(p, n))	scoped_user_write_access_size(p, n, L) {
#		goto L;		 (or return)		...
#	...					}
#	user_write_access_end();
#
# The block ends the region on every way out of it (a cleanup), so the
# ends go: the one after the body, one before a return or goto in it, one
# that opens a fault path only the region's accessors take.  What the
# block forbids is checked, not left to the compiler: its pointer is a
# name it declares anew, const, in the block; its statements move into a
# scope of their own; it is a for loop, which a break or continue in it
# would leave.  A region that does not fit is reported with the reason.
import re

from declarations import declared_type
from functions import falls_through, function_head, last_return
from model import API, REGION_BEGINS, SCOPED
from rewrite_plan import shown_arg
from source import closing, flat, is_name, is_pure, shown, span, split_args, stmt_text, words
from statements import LOOPS, cpp_balanced, enclosing, is_declaration, statements

# The begins and ends every architecture has (its own are its business).
BEGINS = REGION_BEGINS
MASKED = dict((r[1], r[2].split()[0]) for r in API if r[0] == 'masked')
ENDS = dict((r[1], r[2].split()[0]) for r in API
	    if r[0] == 'end' and r[2].split()[2] == 'all')
# What opens a region: inside a block another would nest.
OPENS = set(r[1] for r in API if r[0] in ('begin', 'masked', 'open', 'scoped'))
MASKABLE = 'can_do_masked_user_access'

class Region:
	"""A classic region: its statement (the if that opens it, or the if
	that masks or opens it), the statement list it is in, its end, mode,
	pointer, size and how a failed begin leaves."""
	def __init__(self, src, stmt, mode, ptr, size, fail):
		self.stmt = stmt
		self.mode = mode
		self.ptr = ptr
		self.size = size
		self.fail = fail	# the statement a failed begin runs
		self.end = None
		self.body = []
		self.inner = []		# ends before a way out of the block
		self.ends = []		# ends that open its fault paths
		self.first = []		# statements the block starts with
		self.renames = []	# (name, name in the block's statements)
		self.merged = []	# labels that go, their uses renamed
		self.fault = None	# (the last return, a fault path after it)
		self.branch = False	# the region is its begin's if branch
		self.leave = [shown(stmt_text(src, fail))] if fail else []
		self.declare = ''	# the block's pointer, declared first
		self.opens = None	# the scoped block it becomes (scoped_name())
		self.elements = None	# as a Fix has: no loop's count

def leave_stmt(s):
	"""The one statement a branch is: s, or the one statement of a block."""
	if s.kind == 'block' and len(s.stmts) == 1:
		s = s.stmts[0]
	return s if s.kind in ('return', 'goto') else None

def call_of(src, first, last, names):
	"""(name, argument ranges) where tokens [first, last) are one call of
	one of names, or None."""
	w = [i for i in range(first, last) if src.tokens[i][0] != 'comment']
	if len(w) < 3 or src.tokens[w[0]][1] not in names or src.tokens[w[1]][1] != '(' or \
	   closing(src, w[1]) != w[-1]:
		return None
	return src.tokens[w[0]][1], split_args(src, w[1] + 1, w[-1])

def tested_begin(src, s):
	"""Region of 'if (!begin(p, n)) leave;' (unlikely() around the test
	allowed), or None."""
	if s.kind != 'if' or s.orelse is not None or leave_stmt(s.body) is None:
		return None
	first, last = s.head
	w = words(src, first, last)
	k = 0
	if w[:2] == ['unlikely', '('] and w[-1] == ')':
		k = 2
		last -= 1
	if w[k:k + 1] != ['!']:
		return None
	bang = [i for i in range(first, last) if src.tokens[i][1] == '!'][0]
	call = call_of(src, bang + 1, last, BEGINS)
	if call is None or len(call[1]) != 2:
		return None
	name, (p, n) = call
	return Region(src, s, BEGINS[name], span(src, *p).strip(), span(src, *n).strip(),
		      leave_stmt(s.body))

def opened_begin(src, s):
	"""Region of 'if (begin(p, n)) { ...; end(); } else fail', the
	region the if's own branch, its fault path the else (6.12's powerpc
	sstep.c), or None."""
	if s.kind != 'if' or s.orelse is None or s.body.kind != 'block' or not s.body.stmts:
		return None
	first, last = s.head
	w = [k for k in range(first, last) if src.tokens[k][0] != 'comment']
	if [src.tokens[k][1] for k in w[:2]] == ['likely', '('] and src.tokens[w[-1]][1] == ')':
		first, last = w[2], w[-1]
	call = call_of(src, first, last, BEGINS)
	if call is None or len(call[1]) != 2 or not is_end(src, s.body.stmts[-1], BEGINS[call[0]]):
		return None
	name, (p, n) = call
	r = Region(src, s, BEGINS[name], span(src, *p).strip(), span(src, *n).strip(), None)
	r.branch = True
	r.end = s.body.stmts[-1]
	r.body = s.body.stmts[:-1]
	return r

def masked_begin(src, s):
	"""Region of 'if (can_do_masked_user_access()) p = masked(p); else if
	(!begin(p, n)) leave;', or None: the scoped block masks the same way."""
	if s.kind != 'if' or s.orelse is None or flat(span(src, *s.head)) != MASKABLE + '()':
		return None
	r = tested_begin(src, s.orelse)
	then = s.body.stmts[0] if s.body.kind == 'block' and len(s.body.stmts) == 1 else s.body
	m = re.match(r'^(\w+)=(\w+)\((\w+)\);$', flat(stmt_text(src, then)))
	if r is None or not m or m.group(2) not in MASKED or m.group(1) != m.group(3) or \
	   m.group(1) != flat(r.ptr) or MASKED[m.group(2)] not in (r.mode, 'rw'):
		return None
	r.stmt = s
	return r

def region_at(src, fn, i):
	"""The region whose begin is the token i, or (None, why)."""
	s = min((s for s in statements(fn.body) if s.kind in ('if', 'simple') and
		 s.first <= i < s.last), key=lambda s: s.last - s.first)
	# The fallback of a masked begin: 'else if (...)' or 'else { if (...) }'.
	outer = s.parent
	if outer is not None and outer.kind == 'block' and len(outer.stmts) == 1 and \
	   outer.parent is not None and outer.parent.kind == 'if' and outer.parent.orelse is outer:
		outer = outer.parent
	r = None
	if outer is not None and outer.kind == 'if' and outer.orelse in (s, s.parent):
		r = masked_begin(src, outer)
	r = r or tested_begin(src, s) or opened_begin(src, s)
	if r is None:
		return None, 'its begin is not "if (!%s(p, size)) return/goto", alone or after a ' \
			     'masked begin, nor "if (%s(p, size)) { ... } else"' % \
			     ((src.tokens[i][1],) * 2)
	return r, None

def is_end(src, s, mode=None):
	"""Is s a statement 'end();' of the model (of a mode that ends a region
	of mode, if given)?"""
	if s.kind != 'simple':
		return False
	c = call_of(src, s.first, s.last - 1, ENDS)
	return c is not None and c[1] == [(c[1][0][0], c[1][0][0])] and \
	       (mode is None or ENDS[c[0]] in (mode, 'rw'))

def loose_jump(s, in_loop=False, in_switch=False):
	"""A break or continue under s that would leave the block's own for
	loop instead of the loop or switch it leaves now, or None."""
	if s.kind == 'break' and not (in_loop or in_switch):
		return 'break'
	if s.kind == 'continue' and not in_loop:
		return 'continue'
	for c in s.children():
		why = loose_jump(c, in_loop or s.kind in LOOPS, in_switch or s.kind == 'switch')
		if why:
			return why
	return None

def judge_body(src, fn, r):
	"""Why the statements of region r cannot move into a block, or None;
	fills r.inner, the ends before a way out of it."""
	for s in r.body:
		for t in statements(s):
			if t.kind == 'label':
				return 'the label %s: is inside the region' % t.name
			if t.kind == 'case' and not in_switch_of(t, s):
				return 'a case label of a switch around it is inside the region'
			if is_end(src, t):
				nxt = t.parent.stmts[t.parent.stmts.index(t) + 1:] if t.parent.kind == 'block' else []
				if not nxt or nxt[0].kind not in ('return', 'goto') or \
				   not is_pure(src, nxt[0].first, nxt[0].last):
					return 'the end at line %d is not followed by a return or goto ' \
					       'that calls nothing' % src.line_col(src.tokens[t.first][2])[0]
				r.inner.append(t)
		jump = loose_jump(s)
		if jump:
			return 'a %s in it would leave the scoped block, which is a for loop' % jump
		for k in range(s.first, s.last):
			t = src.tokens[k]
			if t[0] == 'id' and t[1] in OPENS and src.tokens[k + 1][1] == '(':
				return '%s() opens a region inside it' % t[1]
		if is_declaration(src, s):
			for name in declared_names(src, s):
				if uses_after(src, fn, r, name):
					return 'it declares %s, which is used after the region' % name
	if not cpp_balanced(src, r.stmt.first, r.end.last):
		return 'it crosses a preprocessor conditional'
	if assigns(src, r, r.ptr):
		why = moved_pointer(src, fn, r)
		if why:
			return why
	return other_pointers(src, fn, r)

def other_pointers(src, fn, r):
	"""The block masks its own pointer only (where the architecture masks
	instead of checking the range, can_do_masked_user_access()): every
	other user pointer the region uses must be one the block sets from
	it.  q = p just before the region is set again first thing in the
	block (p = addr in 6.12's emulate_spe()); p = (void __user *)q - n
	gives q = (void __user *)p + n (readdir's prev and dirent); one the
	region sets before it uses it is its own.  Else why not."""
	own = set(new for old, new in r.renames) | set([r.ptr]) | \
	      set(t.split()[0] for t in r.first)
	first = r.body[0].first
	for q in sorted(user_pointers(fn) - own):
		uses = [k for k in range(first, r.body[-1].last)
			if src.tokens[k][0] == 'id' and src.tokens[k][1] == q and
			src.tokens[k - 1][1] not in ('.', '->')]
		if not uses or set_first(src, r, q, uses[0], own):
			continue
		if origin_of(src, fn, r, q) == r.ptr:
			r.first.append('%s = %s;' % (q, r.ptr))
			continue
		if assigns(src, r, q):
			return 'it changes %s, another user pointer, which the block does not mask' % q
		derived = derived_from(src, r, q)
		if derived:
			r.first.append(derived)
			continue
		return 'it accesses through %s too, which the block does not mask, and %s ' \
		       'is not set from %s' % (q, q, r.ptr)
	return None

def user_pointers(fn):
	"""The names the function declares as pointers to user memory."""
	text = re.sub(r'/\*.*?\*/|//[^\n]*', ' ', fn.text(), flags=re.S)
	names = set()
	for seg in re.split(r'[;{}]', text):
		# A parameter list a piece a parameter; a declaration one piece,
		# all its declarators.
		for piece in re.split(r'[(),]', seg) if '(' in seg else [seg]:
			if '__user' in piece:
				names.update(re.findall(r'\*\s*(?:const\s+)?(\w+)\s*(?=$|[,=\[])',
							piece.split('__user', 1)[1]))
	return names

def set_first(src, r, q, k, own):
	"""Is the use of q at token k the start of 'q = ...;', a statement of
	the region's own list, its value computed from the block's pointers
	(own)?"""
	return any(s.first == k and words(src, k, k + 2)[1:] == ['='] and
		   own & set(words(src, k + 2, s.last)) for s in r.body)

def derived_from(src, r, q):
	"""'q = (void __user *)p + n;' where the statement just before the
	region is 'p = (void __user *)q - n;' and the region changes neither
	q nor n; or None."""
	stmts = r.stmt.parent.stmts
	k = stmts.index(r.stmt)
	if k == 0:
		return None
	before = flat(stmt_text(src, stmts[k - 1]))
	m = re.match(r'^%s=\(void__user\*\)%s-(\w+);$' % (r.ptr, q), before)
	if not m or assigns(src, r, m.group(1)):
		return None
	return '%s = (void __user *)%s + %s;' % (q, r.ptr, m.group(1))

def moved_pointer(src, fn, r):
	"""The block's pointer is const in it: where the region moves its
	pointer p, the block opens on the pointer q that p was set to just
	before, and sets p = q first (7.2's gpr32_set_common_user()); or, p
	dead after the region, it opens on p and moves a copy of it (7.2's
	do_sys_poll() and _ufds).  Else why neither fits."""
	origin = origin_of(src, fn, r, r.ptr)
	if origin is not None and not assigns(src, r, origin):
		r.first = ['%s = %s;' % (r.ptr, origin)]
		r.ptr = origin
		return None
	if any(s.kind in LOOPS for s in enclosing(r.stmt)):
		return 'it moves %s, which the scoped block declares const, in a loop ' \
		       'that uses it again' % r.ptr
	if uses_after(src, fn, r, r.ptr) or jumps_back(src, fn, r):
		return 'it moves %s, which the scoped block declares const, and %s is ' \
		       'used after the region' % (r.ptr, r.ptr)
	kind = pointer_type(src, fn, r.ptr)
	if kind is None:
		return 'it moves %s, which the scoped block declares const, and the type ' \
		       'of a copy of it is not known' % r.ptr
	copy = next(n for n in ('_' + r.ptr, '__' + r.ptr, r.ptr + '_copy')
		    if n not in fn.words)
	r.first = ['%s%s = %s;' % (kind, copy, r.ptr)]
	r.renames.append((r.ptr, copy))
	return None

def origin_of(src, fn, r, p):
	"""The name q where 'p = q;' (or a declaration of p = q) comes
	before the region in its statement list (or in the function body,
	for a region there), with only statements that name neither between."""
	stmts = r.stmt.parent.stmts
	k = stmts.index(r.stmt)
	for j in range(k - 1, -1, -1):
		s = stmts[j]
		m = re.match(r'^(?:[\w\s]*\*\s*)?%s=(\w+);$' % p,
			     ' '.join(words(src, s.first, s.last)).replace(' = ', '=').replace(' ;', ';'))
		if m:
			q = m.group(1)
			between = set(w for t in stmts[j + 1:k] for w in words(src, t.first, t.last))
			return None if q in between else q
		if p in words(src, s.first, s.last):
			return None
	return None

def pointer_type(src, fn, name):
	"""The type of pointer name as its one declaration in the function
	gives it ('struct pollfd __user *'), or None."""
	text = re.sub(r'/\*.*?\*/|//[^\n]*', ' ', fn.text(), flags=re.S)
	found = re.findall(r'(?:^|[(,;{])\s*((?:const\s+)?(?:struct\s+)?\w+\s+__user\s*\*)'
			   r'\s*%s\s*[,;=)]' % name, text)
	return re.sub(r'\s+', ' ', found[0]).replace(' *', ' *') if len(found) == 1 else None

def in_switch_of(case, top):
	"""Is the case label under a switch that is under statement top?"""
	for outer in enclosing(case):
		if outer.kind == 'switch':
			return True
		if outer is top:
			return False
	return False

def declared_names(src, s):
	w = words(src, s.first, s.last)
	return [w[k] for k in range(1, len(w)) if is_name(w[k]) and
		w[k + 1] in ('=', ';', ',', '[')]

def jumps_back(src, fn, r):
	"""Does a goto after the region go to a label before it?"""
	return any(label.first < r.stmt.first and
		   any(k > r.stmt.first for k in label_uses(src, fn, name))
		   for name, label in fn.labels.items())

def uses_after(src, fn, r, name):
	return any(t[0] == 'id' and t[1] == name for t in src.tokens[r.end.last:fn.body.last])

def assigns(src, r, name):
	"""Does the region body assign name, step it or take its address?"""
	return assigns_in(src, r.body[0].first, r.body[-1].last, name)

def assigns_in(src, first, last, name):
	"""Do tokens [first, last) assign name, step it or take its address?"""
	for k in range(first, last):
		t = src.tokens[k]
		if t[0] != 'id' or t[1] != name or src.tokens[k - 1][1] in ('.', '->'):
			continue
		before, after = src.tokens[k - 1][1], src.tokens[k + 1][1]
		if before in ('++', '--') or after in ('++', '--') or \
		   (before == '&' and after not in ('->', '.', '[')) or \
		   (after.endswith('=') and after not in ('==', '!=', '<=', '>=')):
			return True
	return False

def label_uses(src, fn, name):
	"""The token indices of the uses of label name: gotos and the last
	argument of an accessor."""
	uses = []
	for k in range(fn.body.first, fn.body.last - 1):
		t = src.tokens[k]
		if t[0] == 'id' and t[1] == name and src.tokens[k + 1][1] in (';', ')') and \
		   src.tokens[k - 1][1] in ('goto', ','):
			uses.append(k)
	return uses

def fault_paths(src, fn, r):
	"""The labels the region's accessors and gotos leave by, each with the
	end that opens its path, which goes; and the label of the block; or
	(None, None, why)."""
	first, last = r.body[0].first, r.body[-1].last
	names = set(src.tokens[k][1] for k in range(first, last)
		    if src.tokens[k][0] == 'id' and src.tokens[k][1] in fn.labels and
		    k in label_uses(src, fn, src.tokens[k][1]))
	ends = []
	for name in sorted(names):
		label = fn.labels[name]
		if label.parent is not fn.body:
			return None, None, 'its fault path %s: is not in the function body' % name
		stmts = fn.body.stmts
		nxt = stmts[stmts.index(label) + 1:]
		path = nxt[:next((k + 1 for k, t in enumerate(nxt) if t.kind in ('return', 'goto')),
				 len(nxt))]
		closing = [t for t in path if is_end(src, t)]
		if not closing:
			continue
		if closing != path[:1] or not is_end(src, path[0], r.mode):
			return None, None, 'its fault path %s: ends the region after other ' \
			       'statements, or more than once, or in another mode' % name
		if falls_through(fn, label) or \
		   any(not first <= k < last for k in label_uses(src, fn, name)):
			return None, None, 'the end at %s: is also on a path from outside the region' % name
		ends.append(nxt[0])
		# 'efault_end: end(); efault:' is 'efault:' once the end goes.
		if len(nxt) > 1 and nxt[1].kind == 'label':
			r.merged.append(label)
			r.renames.append((name, nxt[1].name))
	label = block_label(src, fn, r, ends)
	if label is None:
		return new_label(src, fn, r, ends)
	return ends, label, None

def new_label(src, fn, r, ends):
	"""A label for the block where none leaves as its failed begin does:
	after the return that ends the function, that return of the failed
	begin (7.2's futex_atomic_cmpxchg_inatomic())."""
	last = last_return(fn)
	if last is None or last.first < r.end.last:
		return None, None, 'no label leaves as its failed begin does (%s), and %s() ' \
		       'does not end with a return to put one after' % (' '.join(r.leave), fn.name)
	if not cpp_balanced(src, r.stmt.first, last.first):
		return None, None, 'a label after the last return would be in another ' \
		       'preprocessor branch than the region'
	label = fn.label_for(None, ' '.join(r.leave), r.ptr)
	r.fault = (last, ['%s: %s' % (label, r.leave[0])] + r.leave[1:])
	return ends, label, None

def block_label(src, fn, r, ends):
	"""The label the block goes to when its begin fails: the one the
	failed begin goes to, or one whose path, the ends that go skipped,
	is the return the failed begin makes."""
	if r.branch:
		return None
	if r.fail.kind == 'goto':
		return words(src, r.fail.first, r.fail.last)[1]
	want = flat(stmt_text(src, r.fail))
	stmts = fn.body.stmts
	for k, s in enumerate(stmts):
		if s.kind != 'label' or s in r.merged:
			continue
		k += 1
		while k < len(stmts) and (stmts[k] in ends or stmts[k].kind == 'label'):
			k += 1
		if k < len(stmts) and flat(stmt_text(src, stmts[k])) == want:
			return s.name
	return None

def judge(src, fn, i):
	"""(region, None) where the classic region begun at token i can be a
	scoped block, else (region or None, why)."""
	r, why = region_at(src, fn, i)
	if r is None:
		return None, why
	block = r.stmt.parent
	if r.branch:
		why = judge_branch(src, fn, r)
	elif block is None or block.kind != 'block':
		why = 'its begin is not in a statement list'
	else:
		why = judge_list(src, r)
	if why:
		return r, why
	if not r.body:
		return r, 'the region is empty'
	if not is_name(r.ptr):
		why = address_pointer(src, fn, r)
		if why:
			return r, why
	why = judge_body(src, fn, r)
	if why:
		return r, why
	r.ends, r.label, why = fault_paths(src, fn, r)
	r.opens = scoped_name(src, fn, r)
	return r, why

def judge_list(src, r):
	"""The region's end in the statement list of its begin, and the
	statements between; or why not."""
	stmts = r.stmt.parent.stmts
	later = stmts[stmts.index(r.stmt) + 1:]
	r.end = next((s for s in later if is_end(src, s)), None)
	if r.end is None:
		return 'the region is not ended in the statement list that opens it: ' \
		       'one ended in another block or function is left alone'
	if not is_end(src, r.end, r.mode):
		return 'its end, %s, is not of its mode (%s)' % \
		       (shown(stmt_text(src, r.end)), r.mode)
	r.body = later[:later.index(r.end)]
	return None

def judge_branch(src, fn, r):
	"""A region that is the branch of its begin's if, the else its fault
	path: the block's failed begin goes to a label after the function's
	last return, that runs the else and then that return, which must be
	all that follows the if; or why not."""
	stmts = fn.body.stmts
	if r.stmt.parent is not fn.body or stmts[stmts.index(r.stmt) + 1:] != [last_return(fn)] or \
	   not is_pure(src, stmts[-1].first, stmts[-1].last):
		return 'its begin is the test of an if that is not followed by the last ' \
		       'return of %s() alone, where its fault path would go' % fn.name
	fail = r.stmt.orelse.stmts if r.stmt.orelse.kind == 'block' else [r.stmt.orelse]
	if not fail or any(s.kind not in ('simple', 'return', 'goto') or is_declaration(src, s)
			   for s in fail):
		return 'its else branch, the fault path, is not a list of plain statements'
	r.leave = [shown(stmt_text(src, s)) for s in fail]
	if fail[-1].kind not in ('return', 'goto'):
		r.leave.append(shown(stmt_text(src, stmts[-1])))
	return None

def address_pointer(src, fn, r):
	"""The block declares its pointer anew: a region opened on '(T __user
	*)x', x an integer parameter the function does not change before
	the region ends, opens on 'ux', declared 'T __user *ux = (T __user
	*)x;' at the function's top, and uses '(type of x)ux' for x inside
	(accesses through x would not be masked); or why not."""
	m = re.match(r'^\(\s*((?:const\s+)?\w+\s+__user\s*\*)\s*\)\s*(\w+)$', r.ptr)
	if not m:
		return 'the scoped block declares its pointer anew: "%s" is not a name, ' \
		       'nor a user pointer cast of one' % shown(r.ptr)
	kind, x = re.sub(r'\s+', ' ', m.group(1)).replace(' *', ' *'), m.group(2)
	integer = declared_type(function_head(src, src.tokens[fn.body.first][2]), x)
	if integer is None:
		return 'it opens on %s, which is not an integer parameter of %s()' % \
		       (shown(r.ptr), fn.name)
	if assigns_in(src, fn.body.first, r.end.last, x):
		return 'it opens on %s, and %s changes before the region ends: a pointer ' \
		       'declared at the top of %s() would not follow it' % (shown(r.ptr), x, fn.name)
	name = 'u' + x
	if name in fn.words or name in fn.given:
		return 'it opens on %s, and the name %s for a user pointer of it is taken' % \
		       (shown(r.ptr), name)
	fn.given.add(name)
	r.declare = '%s%s = %s;' % (kind, name, shown(r.ptr))
	r.renames.append((x, '(%s)%s' % (integer, name)))
	r.ptr = name
	return None

def scoped_name(src, fn, r):
	"""The block region r becomes: without a size where it is sizeof(*p),
	or sizeof(T) with p declared a T __user *."""
	kind = pointer_type(src, fn, r.ptr)
	if kind:
		kind = re.sub(r'^const |\s*__user \*$', '', kind).replace(' ', '')
	if flat(r.size) in ('sizeof(*%s)' % r.ptr, 'sizeof(*(%s))' % r.ptr,
			      'sizeof(%s)' % kind):
		return SCOPED[r.mode]
	return SCOPED[r.mode] + '_size'

def scoped_head(r):
	"""The head of the block."""
	if r.opens == SCOPED[r.mode]:
		return '%s(%s, %s)' % (r.opens, r.ptr, r.label)
	return '%s(%s, %s, %s)' % (r.opens, r.ptr, shown_arg(r.size), r.label)

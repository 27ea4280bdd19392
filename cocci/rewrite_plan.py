# SPDX-License-Identifier: GPL-2.0-only
#
# The rewrite: the edits of a file, by the position of the statement each
# edits (Plan), and those of one finding (Fix); the size of a region,
# where its fault path goes and what it says, the texts of the accessors
# and of a scoped block's head, and the calls around a loop that
# relayout.py makes a scoped block of.

import re

from declarations import inner_members
from functions import falls_through, last_return
from model import END, SCOPED, UNCHECKED, UNSAFE
from runs import address_parts
from source import CONSTANT, shown, span, stmt_text
from statements import cpp_balanced, enclosing, is_declaration

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
	"""Where Coccinelle puts the position of s: the condition of an if,
	a loop's first clause (its second where the first is empty), the
	name a declaration with an initialiser declares, else the first
	token."""
	if s.kind in ('if', 'for', 'while', 'switch'):
		k = s.head[0]
		if s.kind == 'for' and src.tokens[k][1] == ';':
			k += 1
		return src.tokens[k][2]
	if s.kind == 'simple' and is_declaration(src, s, calls=True):
		k = next(k for k in range(s.first, s.last) if src.tokens[k][1] in ('=', ';'))
		if src.tokens[k][1] == '=':
			return src.tokens[k - 1][2]
	return src.tokens[s.first][2]

# The rule that rewrites puts SLOTS statements at a position; a plan of
# fewer fills the rest with the placeholder, which a last rule removes.
PLACEHOLDER = 'uabatch_placeholder();'
SLOTS = 12

# Around a loop the rule puts AROUND statements before it and AROUND
# after it.
AROUND = 2

def around_slots(texts):
	return texts + [PLACEHOLDER] * (AROUND - len(texts))

def unsafe_call(a, label):
	if a.twin:
		return '%s(%s, %s, %s);' % (a.twin, kept_text(a.address()), kept_text(a.value()),
					    label)
	return '%s(%s, %s, %s);' % (UNSAFE[a.mode], kept_text(a.value()),
				    kept_text(a.address()), label)

def shown_arg(text):
	return re.sub(r'\s+', ' ', text).strip()

# Coccinelle's standard.h defines these empty, so a statement it parses
# from a text prints them no more: '(__u64 __user *)&frame->uc.uc_sigmask'
# would lose its address space.  A text with one goes into the string of
# 'uabatch_verbatim("TEXT")', which relayout.py makes TEXT again.
DROPPED = re.compile(r'\b__(?:user|force|iomem|rcu|percpu|kernel|bitwise)\b')
VERBATIM = 'uabatch_verbatim'

def kept_text(text):
	"""An expression or statement as shown_arg() shows it, in a
	uabatch_verbatim() where Coccinelle would drop a part of it."""
	text = shown_arg(text)
	if not DROPPED.search(text):
		return text
	string = '"%s"' % text.replace('\\', '\\\\').replace('"', '\\"')
	return '%s(%s);' % (VERBATIM, string) if text.endswith(';') else \
	       '%s(%s)' % (VERBATIM, string)

def verbatim(fix):
	"""Does a text of fix need relayout.py to make it what it says?"""
	texts = [t for ts in fix.replace.values() for t in ts]
	if fix.around:
		texts += fix.around[1] + fix.around[2]
	return any(VERBATIM in t for t in texts)

def member_cast(a, ptr):
	"""Is the address of access a a member of *ptr cast to another
	type, '(__u64 __user *)&frame->uc.uc_sigmask'?"""
	m = re.match(r'^\([\w*]+\*\)(.*)$', a.addr)
	return m is not None and address_parts(m.group(1)) == (ptr, 'f')

def region_size(src, run, layout, checked_whole=False):
	"""What the region of a run must cover, or (None, why); layout is
	that of the struct *run.base, as pointed_layout() gives it;
	checked_whole, that the old code checked access_ok(ptr,
	sizeof(*ptr)) right before the run."""
	ptr = run.base
	if ptr is None:
		a = [a for a in run.accesses if a.base != run.object][0]
		return None, '"%s" is an element of an array in *%s: the rewrite cannot ' \
		       'show that its index is within the array' % (shown(a.address()), run.object)
	# A member's address cast to another type may reach past the member
	# (the layout cannot say how far); but where accesses that do not
	# check their range follow a check of the whole object, the old code
	# was only right if they stay inside it, and a region over what it
	# checked covers them: x86 rt_sigreturn()'s uc_sigmask as a __u64.
	# Members without a cast get the same region: it checks what the
	# old code checked.
	if checked_whole and all(a.name in UNCHECKED and (a.index == 'f' or member_cast(a, ptr))
				 for a in run.accesses):
		return 'sizeof(*%s)' % ptr, None
	where = [a.index for a in run.accesses]
	for a in run.accesses:
		if a.index is None and shown(a.address()).startswith('('):
			return None, '"%s" casts the address to another type: the rewrite cannot ' \
			       'show that sizeof(*%s) covers what it accesses' % (shown(a.address()), ptr)
		if a.index is None:
			return None, 'the rewrite cannot show that sizeof(*%s) covers "%s"' % \
			       (ptr, shown(a.address()))
	if all(w == 'f' for w in where):
		return members_region(src, run, layout)
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

def last_touched(src, members, designators):
	"""(the one of designators, member designators of a struct whose
	member_positions() are members, that ends last, whether it ends
	where the struct's members but a flexible array end); (None, False)
	where the layout cannot say (members of a union, or of a member
	whose struct's body is not found: inner_members())."""
	tops = {}
	for d in designators:
		top, _, rest = d.partition('.')
		if top not in members:
			return None, False
		tops.setdefault(top, set()).add(rest)
	last = max(members[t].position for t in tops)
	at_last = [t for t in tops if members[t].position == last]
	if len(at_last) > 1:
		return None, False
	top = at_last[0]
	final = max(m.position for m in members.values() if not m.flexible)
	whole = last == final and not members[top].shared
	if tops[top] == {''}:
		return top, whole
	if '' in tops[top] or inner_members(src, members[top]) is None:
		return None, False
	end, reaches = last_touched(src, members[top].inner, tops[top])
	return (top + '.' + end, whole and reaches) if end else (None, False)

def members_region(src, run, layout):
	"""The region of a run over members of *ptr, no wider than what the
	old code touched: sizeof(*ptr) where the run reaches the struct's
	last member (a flexible array aside), else offsetofend() of the last
	member it touches (a caller may pass a shorter record:
	xfs_getbmap_format() writes the struct getbmap prefix of a struct
	getbmapx, and no more, where the user's records are struct getbmap).
	A region that reaches below what was touched checks no more: it ends
	where the old code's did.  (None, why) where the layout is not
	known."""
	ptr = run.base
	if layout is None:
		return None, 'the members of *%s are not known: the rewrite cannot show that ' \
		       'sizeof(*%s) ends where the accesses end' % (ptr, ptr)
	kind, members = layout
	designators = []
	for a in run.accesses:
		m = re.match(r'^&\(?%s\)?->(.*)$' % re.escape(ptr), a.addr)
		if not m or m.group(1).split('.')[0] not in members:
			return None, '"%s" is not a member of %s as its definition has it' % \
			       (shown(a.address()), kind)
		designators.append(m.group(1))
	end, whole = last_touched(src, members, designators)
	if end is None:
		return None, 'the rewrite cannot show which of "%s" ends last in %s' % \
		       ('", "'.join(sorted(set(designators))), kind)
	if whole:
		return 'sizeof(*%s)' % ptr, None
	return 'offsetofend(%s, %s)' % (kind, end), None

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
		self.opens = None	# what opens the region: a begin, a scoped block
		self.elements = None	# a loop's: how many elements it covers

def scoped_name(mode, ptr, size):
	"""The scoped block of mode over size bytes at ptr."""
	return SCOPED[mode] + ('' if size == 'sizeof(*%s)' % ptr else '_size')

def scoped_head(mode, ptr, size, label):
	args = (ptr, label) if size == 'sizeof(*%s)' % ptr else (ptr, size, label)
	return '%s(%s)' % (scoped_name(mode, ptr, size), ', '.join(args))

def scoped_block(mode, ptr, size, label, body):
	return '%s {\n%s\n}' % (scoped_head(mode, ptr, size, label), '\n'.join(body))

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

# Coccinelle cannot put a statement it keeps into a block it makes
# without printing it anew, which loses its layout; around a loop it
# puts these two calls instead, and relayout.py makes the
# scoped block of them, the loop's lines kept and indented once more.
WRAP_BEGIN = 'uabatch_scoped_block'
WRAP_END = 'uabatch_scoped_block_end'

def wrap_begin(head, renames=(), first=(), declare=''):
	"""'uabatch_scoped_block("HEAD", "OLD=NEW;...", "DECLARATION",
	"STATEMENT"...);': relayout.py writes 'HEAD {', then the
	statements, in the lines it keeps each name OLD made NEW, and puts
	the declaration (of the block's pointer, if any) after those at the
	top of the function.  Strings, which Coccinelle prints as they are."""
	args = [head, ';'.join('%s=%s' % r for r in renames), declare] + list(first)
	return '%s(%s);' % (WRAP_BEGIN, ', '.join(
		'"%s"' % a.replace('\\', '\\\\').replace('"', '\\"') for a in args))

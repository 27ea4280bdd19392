// SPDX-License-Identifier: GPL-2.0-only
/// Find put_user()/__put_user() (batch-put-loop) and get_user()/
/// __get_user() (batch-get-loop) in a loop over a user array.  Every
/// iteration opens and closes user access (STAC/CLAC on x86 with SMAP,
/// KUAP on powerpc, PAN on arm64, SUM on riscv) and checks the address;
/// one region checked once for the whole array serves every iteration.
///
/// patch rewrites counted loops 'for (i = 0; i < n; i++[, p++])' whose
/// body leaves by 'if (acc(e, A)) goto L;' (or 'return R;'), A being &p->f
/// with p advanced by the loop, or &p[i]... / p + i, into one
/// user_{write,read}_access_begin(p, n * sizeof(*p)) region around the loop,
/// with a fault path after the last return of the function.  The body
/// may hold more than the access if the rest only computes: no call, no
/// other way out, and p, i and n left alone.  The classic style is
/// written in every tree: a loop that advances the pointer cannot run
/// inside a scoped block, which makes it const.
//
// Confidence: High
// Comments: loops that are not rewritten are reported with the reason.
// Options: --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report
// Accepted for a common command line with the other rules: loops are
// written in the classic style in every tree (see above).
virtual scoped

@initialize:python@
@@
import re

READS = ['get_user', '__get_user']  # model: access read

BEGIN = {	# what opens a region of each mode
	'write': 'user_write_access_begin', 'read': 'user_read_access_begin'}
END = {'write': 'user_write_access_end', 'read': 'user_read_access_end'}
UNSAFE = {'write': 'unsafe_put_user', 'read': 'unsafe_get_user'}
LOOP_ID = {'write': 'batch-put-loop', 'read': 'batch-get-loop'}
WHAT = {'write': 'write', 'read': 'read'}

coccinelle.found = {}
coccinelle.fixable = {}
coccinelle.last_returns = {}
labels_given = {}
fault_labels = {}	# (file, function, mode, way out) -> label

def mode_of(accessor):
	return 'read' if accessor in READS else 'write'

NOT_FIXED = 'uabatch_not_fixed'

def make_region(p1, acc, fixed, leave):
	"""Bind the names of a fix at p1 that leaves by the statement leave:
	label, function, region, accessor, and the accessor the rewrite
	matches.  A loop that stays gets names
	that match nothing, rather than cocci.include_match(False): that would
	drop the matches of the rules before it, in the same file, too."""
	mode = mode_of(acc)
	coccinelle.efault = cocci.make_ident(fault_label(p1, mode, leave)
					     if fixed else NOT_FIXED)
	coccinelle.fn = cocci.make_ident(p1.current_element if fixed else NOT_FIXED)
	coccinelle.begin = cocci.make_ident(BEGIN[mode])
	coccinelle.end = cocci.make_ident(END[mode])
	coccinelle.unsafe = cocci.make_ident(UNSAFE[mode])
	coccinelle.acc_fixed = cocci.make_ident(acc if fixed else NOT_FIXED)

def base_of(addr):
	"""The pointer to the user object an address goes into, or None:
	uev for &uev->data, t->rseq for &t->rseq->cpu_id, p for &p[i].x."""
	a = re.sub(r'\s+', '', addr)
	a = re.sub(r'^\([\w*]+\*\)', '', a)	# a cast: (u32 __user *)ptr
	m = re.match(r'^&\(?(\w+(?:->\w+)*?)\)?(?:->\w+|\[[^\]]*\])[\w.\[\]]*$', a) or \
	    re.match(r'^\(?(\w+(?:->\w+)*)\)?(?:[+-].*)?$', a)
	return m.group(1) if m else None

def indexes(addr, i):
	"""Does addr step through the array with index i: &p[i]..., p + i?"""
	a = re.sub(r'\s+', '', addr)
	return re.match(r'^(&\w+\[%s\]([.\[].*)?|\w+\+%s)$' % (i, i), a) is not None

def is_pure(expr):
	"""No call, assignment or increment: safe to evaluate in a region."""
	e = re.sub(r'\bsizeof\s*\(', '', expr)
	return not re.search(r'\w\s*\(|\+\+|--|[^=!<>]=(?!=)', e)

def shown(expr):
	"""An expression as the kernel writes it, for messages."""
	return re.sub(r'\s*([()\[\],.])\s*', lambda m: m.group(1) + (' ' if m.group(1) == ',' else ''),
		      expr).strip()

def is_constant(expr):
	return re.match(r'^-?\(?(NULL|true|false|\d+[uUlL]*|[A-Z][A-Z0-9_]*)\)?$',
			re.sub(r'\s+', '', expr)) is not None

def fault_label(p1, mode, leave):
	"""The label of the fault path that ends a region of mode and then
	runs leave.  Fixes of one rule in one function share it: each adds
	its fault path after the same return, and Coccinelle takes only one
	addition there."""
	key = (p1.file, p1.current_element, mode, re.sub(r'\s+', ' ', leave))
	if key not in fault_labels:
		fault_labels[key] = free_label(p1.file, 'efault')
	return fault_labels[key]

def free_label(path, want):
	"""A label name that no token of the file uses, nor an earlier fix."""
	taken = labels_given.setdefault(path, set())
	with open(path, errors='replace') as f:
		taken |= set(re.findall(r'\w+', f.read()))
	name, n = want, 0
	while name in taken:
		n += 1
		name = '%s%d' % (want, n)
	taken.add(name)
	return name

def site(p):
	return (p.file, p.current_element, int(p.line), int(p.column) + 1)

def note_return(p):
	key = (p.file, p.current_element)
	at = (int(p.line), int(p.column))
	if coccinelle.last_returns.get(key, (0, 0)) < at:
		coccinelle.last_returns[key] = at

def is_last_return(p, fn):
	at = (int(p.line), int(p.column))
	return p.current_element == fn and \
	       coccinelle.last_returns.get((p.file, fn)) == at

def declares_cleanup(p, last_line):
	"""Does a variable with a cleanup (__free(), guard(), CLASS()...) come
	into scope between p and line last_line?  A goto to a fault path after
	it would skip its initialisation, and its cleanup would run on garbage."""
	with open(p.file, errors='replace') as f:
		lines = f.readlines()[int(p.line):last_line]
	return re.search(r'\b(__free|__cleanup|guard|scoped_guard|CLASS)\s*\(|'
			 r'__attribute__\s*\(\(\s*cleanup', ''.join(lines)) is not None

def judge(p1, ptr, e, n, R=None):
	"""Record whether the loop at p1 can be rewritten, and why not."""
	why = None
	if ptr is None:
		why = 'the address does not step through the array'
	for x in (e, n):
		if why is None and not is_pure(x):
			why = 'side effect or call in "%s"' % shown(x)
	if why is None and R is not None and not is_constant(R):
		why = 'the fault path would return "%s", not a constant' % shown(R)
	last = coccinelle.last_returns.get((p1.file, p1.current_element))
	if why is None and last is None:
		why = 'no return at the end of %s() to put the fault path after' % \
		      p1.current_element
	if why is None and declares_cleanup(p1, last[0]):
		why = 'a variable with a cleanup is declared before the end of %s()' % \
		      p1.current_element
	coccinelle.fixable[site(p1)] = why
	return why is None

def text_at(p):
	"""The text of the file of p, and the offset of p in it."""
	with open(p.file, errors='replace') as f:
		text = f.read()
	lines = text.split('\n')[:int(p.line) - 1]
	return text, sum(len(l) + 1 for l in lines) + int(p.column)

def loop_body(p):
	"""The text of the braced body of the loop 'for (I = 0; I < N; I++)'
	around the access at p, with I and N; or None."""
	text, o = text_at(p)
	depth = 0
	for open_at in range(o, -1, -1):
		if text[open_at] == '}':
			depth += 1
		elif text[open_at] == '{':
			if depth == 0:
				break
			depth -= 1
	else:
		return None
	head = re.search(r'\bfor\s*\(\s*(\w+)\s*=\s*0\s*;\s*\1\s*<\s*([^;]+?)\s*;'
			 r'\s*\1\s*\+\+\s*\)\s*$', text[:open_at])
	if not head:
		return None
	depth = 0
	for close_at in range(open_at, len(text)):
		if text[close_at] == '{':
			depth += 1
		elif text[close_at] == '}':
			depth -= 1
			if depth == 0:
				return text[open_at + 1:close_at], head.group(1), head.group(2)
	return None

def loop_statement(p):
	"""The statement 'if (acc(e, A)) return R;' or 'goto L;' of the
	access at p, as the file has it: (its text, the way out, R or None)."""
	text, o = text_at(p)
	cond = re.search(r'\bif\s*\(\s*$', text[:o])
	depth = 0
	for end in range(text.index('(', o), len(text)):
		depth += {'(': 1, ')': -1}.get(text[end], 0)
		if depth == 0:
			break
	tail = re.match(r'\s*\)(?:\s|/[*].*?[*]/)*(return\b\s*([^;]*);|goto\s+\w+\s*;)',
			text[end + 1:], re.S)
	if not cond or not tail:
		return None
	return (text[cond.start():end + 1 + tail.end()], tail.group(1),
		tail.group(2) if tail.group(1).startswith('return') else None)

def judge_body(p1, acc_stmt, A, e, R=None):
	"""Can the counted loop around p1, whose body holds the statement
	acc_stmt and more, be rewritten?  Record why not."""
	got = loop_body(p1)
	if got is None:
		coccinelle.fixable[site(p1)] = 'not a counted loop "for (i = 0; i < n; i++) { ... }"'
		return None
	body, i, n = got
	rest = body.replace(acc_stmt, '', 1) if acc_stmt in body else None
	ptr = base_of(A) if indexes(A, i) else None
	why = None
	if rest is None or not rest.strip():
		return None	# the rules for a single statement take it
	code = re.sub(r'/[*].*?[*]/|/{2}[^\n]*', '', rest, flags=re.S)
	moved = re.search(r'(?:\b(%s|%s|%s)\s*(?:[-+*/%%|&^]|<<|>>)?=(?!=)|'
			  r'(?:\+\+|--)\s*(%s|%s|%s)\b|\b(%s|%s|%s)\s*(?:\+\+|--))' %
			  ((re.escape(ptr or '@'), re.escape(i), re.escape(n)) * 3), code)
	if ptr is None:
		why = 'the address does not step through the array'
	elif re.search(r'\b(return|goto)\b', code):
		why = 'the loop body leaves the function another way'
	elif moved:
		why = 'the loop body changes "%s"' % moved.group(0).strip()
	if why is None:
		for call in re.findall(r'\b(\w+)\s*\(', code):
			if call not in ('if', 'for', 'while', 'switch', 'sizeof'):
				why = 'call to %s() in the loop body' % call
				break
	if why is None:
		judge(p1, ptr, e, n, R)
		why = coccinelle.fixable[site(p1)]
	coccinelle.fixable[site(p1)] = why
	return (ptr, n) if why is None else None

def function_text(p):
	"""The text of the function around p, from its header at the start
	of a line to the first line that is a closing brace; or None."""
	with open(p.file, errors='replace') as f:
		lines = f.readlines()
	at = int(p.line) - 1
	header = re.compile(r'^[A-Za-z_].*\b%s\s*\(' % re.escape(p.current_element))
	for start in range(at, -1, -1):
		if header.match(lines[start]):
			break
	else:
		return None
	for end in range(at, len(lines)):
		if lines[end].startswith('}'):
			return ''.join(lines[start:end + 1])
	return None

def address_varies(p, addr):
	"""Can the address differ from one iteration to the next: does the
	function change a variable it is made of?  A retry loop that touches
	the same fields each time walks no array."""
	text = function_text(p)
	if text is None:
		return True
	for name in set(re.findall(r'(?<![.>\w])[A-Za-z_]\w*', addr)):
		n = re.escape(name)
		if re.search(r'\b%s\s*(?:[-+*/%%|&^]|<<|>>)?=(?!=)|(?:\+\+|--)\s*%s\b|'
			     r'\b%s\s*(?:\+\+|--)' % (n, n, n), text):
			return True
	return False

def findings(all_found, all_fixable):
	"""Every worker's loops, sorted, with their messages."""
	fixable = {}
	for part in all_fixable:
		fixable.update(part)
	found = {}
	for part in all_found:
		found.update(part)
	for s in sorted(found):
		ptr, mode = found[s]
		msg = 'user %s through %s in a loop in %s(): one user access region can serve the whole loop' % \
		      (WHAT[mode], ptr, s[1])
		why = fixable.get(s, 'not a counted loop "for (i = 0; i < n; i++)" whose body '
				 'leaves by "if (acc(..)) goto/return"')
		if why:
			msg += ' (not auto-fixable: %s)' % why
		yield s, msg, LOOP_ID[mode]

// ---- finding -------------------------------------------------------------

@access depends on !patch@
identifier acc = {put_user, __put_user, get_user, __get_user}; // model: access
expression e, E;
position p;
@@
acc@p(e, E)

// An access on a path back to itself is in a loop.
@in_loop depends on !patch exists@
identifier access.acc;
expression access.e, access.E;
position access.p, q;
@@
acc@p@q(e, E)
... when any
acc@p(e, E)

@script:python depends on in_loop@
p << access.p;
acc << access.acc;
E << access.E;
@@
if address_varies(p[0], E):
	coccinelle.found[site(p[0])] = (base_of(E) or shown(E), mode_of(acc))

@depends on context@
identifier access.acc;
expression access.e, access.E;
position in_loop.q;
@@
* acc@q(e, E)

// ---- fixes ---------------------------------------------------------------

@returns@
position pr;
@@
return@pr ...;

@script:python@
pr << returns.pr;
@@
note_return(pr[0])

// A counted loop with more in its body than the access: the rest must be
// computation only (no call, no other way out), and leave the pointer,
// the index and the bound alone.  'exists': python checks the body, and
// the forall search took minutes on kernel/bpf/syscall.c.
@body_leave exists@
identifier acc = {put_user, __put_user, get_user, __get_user}; // model: access
expression e, A, n;
identifier i;
statement S;
position p1;
@@
for (i = 0; i < n; i++) {
  ...
  if (acc@p1(e, A)) S
  ...
}

@script:python body_label@
p1 << body_leave.p1;
acc << body_leave.acc;
A << body_leave.A;
e << body_leave.e;
efault; fn; begin; end; unsafe; acc_fixed; ptr; leave;
@@
stmt = loop_statement(p1[0])
got = stmt and judge_body(p1[0], stmt[0], A, e, stmt[2])
make_region(p1[0], acc, got, stmt[1] if got else '')
coccinelle.ptr = cocci.make_ident(got[0] if got else NOT_FIXED)
coccinelle.leave = cocci.make_stmt(stmt[1] if got else 'return;')

// The loop advances the pointer: for (i = 0; i < n; i++, p++).
@advance_goto@
identifier acc = {put_user, __put_user, get_user, __get_user}; // model: access
expression e, n, A;
identifier i, p, L;
position p1;
@@
for (i = 0; i < n; i++, p++)
  if (acc@p1(e, A))
    goto L;

@script:python advance_label@
p1 << advance_goto.p1;
acc << advance_goto.acc;
A << advance_goto.A;
p << advance_goto.p;
e << advance_goto.e;
n << advance_goto.n;
L << advance_goto.L;
efault; fn; begin; end; unsafe; acc_fixed;
@@
make_region(p1[0], acc,
	    judge(p1[0], p if base_of(A) == p and not indexes(A, r'\w+') else None,
		  e, n), 'goto %s;' % L)

// The loop indexes the array: for (i = 0; i < n; i++) ... &p[i] ...
@index_goto@
identifier acc = {put_user, __put_user, get_user, __get_user}; // model: access
expression e, n, A;
identifier i, L;
position p1;
@@
for (i = 0; i < n; i++)
  if (acc@p1(e, A))
    goto L;

@script:python index_label@
p1 << index_goto.p1;
acc << index_goto.acc;
A << index_goto.A;
i << index_goto.i;
e << index_goto.e;
n << index_goto.n;
L << index_goto.L;
efault; fn; begin; end; unsafe; acc_fixed; ptr;
@@
base = base_of(A) if indexes(A, i) else None
fixed = judge(p1[0], base, e, n)
make_region(p1[0], acc, fixed, 'goto %s;' % L)
coccinelle.ptr = cocci.make_ident(base if fixed else NOT_FIXED)

@index_return@
identifier acc = {put_user, __put_user, get_user, __get_user}; // model: access
expression e, n, A, R;
identifier i;
position p1;
@@
for (i = 0; i < n; i++)
  if (acc@p1(e, A))
    return R;

@script:python index_return_label@
p1 << index_return.p1;
acc << index_return.acc;
A << index_return.A;
i << index_return.i;
e << index_return.e;
n << index_return.n;
R << index_return.R;
efault; fn; begin; end; unsafe; acc_fixed; ptr;
@@
base = base_of(A) if indexes(A, i) else None
fixed = judge(p1[0], base, e, n, R)
make_region(p1[0], acc, fixed, 'return %s;' % R)
coccinelle.ptr = cocci.make_ident(base if fixed else NOT_FIXED)

// Fault paths first, each after the last return of its function; every
// rewrite renumbers the lines, so the last return is looked up again.

@depends on patch@
identifier advance_goto.L;
identifier advance_label.fn, advance_label.efault, advance_label.end;
position pr : script:python (fn) { is_last_return(pr[0], fn) };
@@
  return@pr ...;
+ efault:
+ end();
+ goto L;

@returns_2 depends on patch@
position pr;
@@
return@pr ...;

@script:python@
pr << returns_2.pr;
@@
note_return(pr[0])

@depends on patch@
identifier index_goto.L;
identifier index_label.fn, index_label.efault, index_label.end;
position pr : script:python (fn) { is_last_return(pr[0], fn) };
@@
  return@pr ...;
+ efault:
+ end();
+ goto L;

@returns_3 depends on patch@
position pr;
@@
return@pr ...;

@script:python@
pr << returns_3.pr;
@@
note_return(pr[0])

@depends on patch@
expression index_return.R;
identifier index_return_label.fn, index_return_label.efault, index_return_label.end;
position pr : script:python (fn) { is_last_return(pr[0], fn) };
@@
  return@pr ...;
+ efault:
+ end();
+ return R;

@returns_4 depends on patch@
position pr;
@@
return@pr ...;

@script:python@
pr << returns_4.pr;
@@
note_return(pr[0])

@depends on patch@
identifier body_label.fn, body_label.efault, body_label.end;
statement body_label.leave;
position pr : script:python (fn) { is_last_return(pr[0], fn) };
@@
  return@pr ...;
+ efault:
+ end();
+ leave

// The regions.

@depends on patch@
identifier advance_label.acc_fixed, advance_goto.i, advance_goto.p, advance_goto.L;
expression advance_goto.e, advance_goto.n, advance_goto.A;
identifier advance_label.efault, advance_label.begin, advance_label.end, advance_label.unsafe;
@@
+ if (!begin(p, n * sizeof(*p)))
+	goto L;
  for (i = 0; i < n; i++, p++)
-   if (acc_fixed(e, A))
-     goto L;
+   unsafe(e, A, efault);
+ end();

@depends on patch@
identifier index_label.acc_fixed, index_goto.i, index_goto.L;
expression index_goto.e, index_goto.n, index_goto.A;
identifier index_label.efault, index_label.ptr;
identifier index_label.begin, index_label.end, index_label.unsafe;
@@
+ if (!begin(ptr, n * sizeof(*ptr)))
+	goto L;
  for (i = 0; i < n; i++)
-   if (acc_fixed(e, A))
-     goto L;
+   unsafe(e, A, efault);
+ end();

@depends on patch@
identifier index_return_label.acc_fixed, index_return.i;
expression index_return.e, index_return.n, index_return.A, index_return.R;
identifier index_return_label.efault, index_return_label.ptr;
identifier index_return_label.begin, index_return_label.end, index_return_label.unsafe;
@@
+ if (!begin(ptr, n * sizeof(*ptr)))
+	return R;
  for (i = 0; i < n; i++)
-   if (acc_fixed(e, A))
-     return R;
+   unsafe(e, A, efault);
+ end();

@depends on patch exists@
identifier body_label.acc_fixed, body_leave.i;
expression body_leave.e, body_leave.n, body_leave.A;
statement body_leave.S;
identifier body_label.efault, body_label.ptr;
identifier body_label.begin, body_label.end, body_label.unsafe;
statement body_label.leave;
@@
+ if (!begin(ptr, n * sizeof(*ptr)))
+	leave
  for (i = 0; i < n; i++) {
  ...
- if (acc_fixed(e, A)) S
+ unsafe(e, A, efault);
  ...
  }
+ end();

// ---- reporting -----------------------------------------------------------

@finalize:python depends on report@
all_found << merge.found;
all_fixable << merge.fixable;
@@
for (path, func, line, col), msg, id in findings(all_found, all_fixable):
	print('%s:%d:%d: warning: %s [uaccess:%s]' % (path, line, col, msg, id))

@finalize:python depends on org@
all_found << merge.found;
all_fixable << merge.fixable;
@@
for (path, func, line, col), msg, id in findings(all_found, all_fixable):
	print('* TODO [[view:%s::face=ovl-face1::linb=%d::colb=%d::cole=%d][%s]]' %
	      (path, line, col - 1, col, msg))

// SPDX-License-Identifier: GPL-2.0-only
/// Find put_user()/__put_user() (batch-put-loop) and get_user()/
/// __get_user() (batch-get-loop) in a loop over a user array.  Every
/// iteration opens and closes user access (STAC/CLAC on x86 with SMAP,
/// KUAP on powerpc, PAN on arm64, SUM on riscv) and checks the address;
/// one region checked once for the whole array serves every iteration.
///
/// patch rewrites counted loops whose body is only
/// 'if (acc(e, A)) goto L;' (or 'return R;'), A being &p->f with p
/// advanced by the loop, or &p[i]... / p + i, into one
/// user_{write,read}_access_begin(p, n * sizeof(*p)) region around the loop,
/// with a fault path after the last return of the function.  The
/// classic style is written in every tree: a loop that advances the
/// pointer cannot run inside a scoped block, which makes it const.
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

def mode_of(accessor):
	return 'read' if accessor in READS else 'write'

def make_region(p1, acc):
	"""Bind the names of a fix at p1: label, function, region, accessor."""
	mode = mode_of(acc)
	coccinelle.efault = cocci.make_ident(free_label(p1.file, 'efault'))
	coccinelle.fn = cocci.make_ident(p1.current_element)
	coccinelle.begin = cocci.make_ident(BEGIN[mode])
	coccinelle.end = cocci.make_ident(END[mode])
	coccinelle.unsafe = cocci.make_ident(UNSAFE[mode])

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
		why = fixable.get(s, 'only counted loops whose body is "if (acc(..)) goto/return" are rewritten')
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
efault; fn; begin; end; unsafe;
@@
if judge(p1[0], p if base_of(A) == p and not indexes(A, r'\w+') else None,
	 e, n):
	make_region(p1[0], acc)
else:
	cocci.include_match(False)

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
efault; fn; begin; end; unsafe; ptr;
@@
base = base_of(A) if indexes(A, i) else None
if judge(p1[0], base, e, n):
	make_region(p1[0], acc)
	coccinelle.ptr = cocci.make_ident(base)
else:
	cocci.include_match(False)

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
efault; fn; begin; end; unsafe; ptr;
@@
base = base_of(A) if indexes(A, i) else None
if judge(p1[0], base, e, n, R):
	make_region(p1[0], acc)
	coccinelle.ptr = cocci.make_ident(base)
else:
	cocci.include_match(False)

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

// The regions.

@depends on patch@
identifier advance_goto.acc, advance_goto.i, advance_goto.p, advance_goto.L;
expression advance_goto.e, advance_goto.n, advance_goto.A;
identifier advance_label.efault, advance_label.begin, advance_label.end, advance_label.unsafe;
@@
+ if (!begin(p, n * sizeof(*p)))
+	goto L;
  for (i = 0; i < n; i++, p++)
-   if (acc(e, A))
-     goto L;
+   unsafe(e, A, efault);
+ end();

@depends on patch@
identifier index_goto.acc, index_goto.i, index_goto.L;
expression index_goto.e, index_goto.n, index_goto.A;
identifier index_label.efault, index_label.ptr;
identifier index_label.begin, index_label.end, index_label.unsafe;
@@
+ if (!begin(ptr, n * sizeof(*ptr)))
+	goto L;
  for (i = 0; i < n; i++)
-   if (acc(e, A))
-     goto L;
+   unsafe(e, A, efault);
+ end();

@depends on patch@
identifier index_return.acc, index_return.i;
expression index_return.e, index_return.n, index_return.A, index_return.R;
identifier index_return_label.efault, index_return_label.ptr;
identifier index_return_label.begin, index_return_label.end, index_return_label.unsafe;
@@
+ if (!begin(ptr, n * sizeof(*ptr)))
+	return R;
  for (i = 0; i < n; i++)
-   if (acc(e, A))
-     return R;
+   unsafe(e, A, efault);
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

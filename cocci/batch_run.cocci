// SPDX-License-Identifier: GPL-2.0-only
/// Find runs of user accesses on one user object outside loops: two or
/// more put_user()/__put_user() (batch-put-run), get_user()/__get_user()
/// (batch-get-run), or both (batch-rw).  Each call opens and closes user
/// access on its own (STAC/CLAC on x86 with SMAP, KUAP on powerpc, PAN on
/// arm64, SUM on riscv) and checks the address; one region, checked once,
/// can serve the whole run.
///
/// A run is two or more accesses, through different addresses, that go
/// into one object, in one function and outside loops (loops are
/// batch_loop.cocci).
///
/// patch rewrites 'if (acc(a, &p->x) || acc(b, &p->y)) return R;' (or
/// 'goto L;') into a user_{write,read}_access_begin() region (or
/// user_access_begin() for reads and writes) with unsafe_{put,get}_user()
/// and a fault path after the last return of the function; with -D scoped
/// it writes a scoped_user_*_access_size() block instead (kernels since
/// 6.19).  The fault path gives back what the old one did: R must be a
/// constant, and values, destinations and the pointer must be computed
/// without calls, since they are computed in the region.
//
// Confidence: High
// Comments: runs that are not rewritten are reported with the reason.
// Options: --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report
virtual scoped

@initialize:python@
@@
import re

READS = ['get_user', '__get_user']  # model: access read

BEGIN = {	# what opens a region of each mode
	'write': 'user_write_access_begin', 'read': 'user_read_access_begin',
	 'rw': 'user_access_begin'}
END = {'write': 'user_write_access_end', 'read': 'user_read_access_end',
       'rw': 'user_access_end'}
UNSAFE = {'write': 'unsafe_put_user', 'read': 'unsafe_get_user'}
RUN_ID = {'write': 'batch-put-run', 'read': 'batch-get-run', 'rw': 'batch-rw'}
WHAT = {'write': 'writes', 'read': 'reads', 'rw': 'reads and writes'}

coccinelle.accesses = {}
coccinelle.loop_sites = set()
coccinelle.fixable = {}
last_returns = {}
labels_given = {}

def mode_of(accessor):
	return 'read' if accessor in READS else 'write'

def region_mode(accessors):
	modes = set(mode_of(a) for a in accessors)
	return modes.pop() if len(modes) == 1 else 'rw'

def base_of(addr):
	"""The pointer to the user object an address goes into, or None:
	uev for &uev->data, t->rseq for &t->rseq->cpu_id, p for &p[i].x."""
	a = re.sub(r'\s+', '', addr)
	a = re.sub(r'^\([\w*]+\*\)', '', a)	# a cast: (u32 __user *)ptr
	m = re.match(r'^&\(?(\w+(?:->\w+)*?)\)?(?:->\w+|\[[^\]]*\])[\w.\[\]]*$', a) or \
	    re.match(r'^\(?(\w+(?:->\w+)*)\)?(?:[+-].*)?$', a)
	return m.group(1) if m else None

def shown(expr):
	"""An expression as the kernel writes it, for messages."""
	e = re.sub(r'\s*([()\[\].]|->)\s*', r'\1', expr)
	return re.sub(r'\s*,\s*', ', ', e).strip()

def is_constant(expr):
	return re.match(r'^-?\(?(NULL|true|false|\d+[uUlL]*|[A-Z][A-Z0-9_]*)\)?$',
			re.sub(r'\s+', '', expr)) is not None

def is_pure(expr):
	"""No call, assignment or increment: safe to evaluate in a region."""
	e = re.sub(r'\bsizeof\s*\(', '', expr)
	return not re.search(r'\w\s*\(|\+\+|--|[^=!<>]=(?!=)', e)

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
	if last_returns.get(key, (0, 0)) < at:
		last_returns[key] = at

def is_last_return(p, fn):
	at = (int(p.line), int(p.column))
	return p.current_element == fn and last_returns.get((p.file, fn)) == at

def declares_cleanup(p, last_line):
	"""Does a variable with a cleanup (__free(), guard(), CLASS()...) come
	into scope between p and line last_line?  A goto to a fault path after
	it would skip its initialisation, and its cleanup would run on garbage."""
	with open(p.file, errors='replace') as f:
		lines = f.readlines()[int(p.line):last_line]
	return re.search(r'\b(__free|__cleanup|guard|scoped_guard|CLASS)\s*\(|'
			 r'__attribute__\s*\(\(\s*cleanup', ''.join(lines)) is not None

def judge(p1, exprs, R=None):
	"""Can the run at p1 be rewritten?  Record the reason if not."""
	why = None
	for e in exprs:
		if why is None and not is_pure(e):
			why = 'side effect or call in "%s"' % shown(e)
	if why is None and R is not None and not is_constant(R):
		why = 'the fault path would return "%s", not a constant' % shown(R)
	last = last_returns.get((p1.file, p1.current_element))
	if why is None and last is None:
		why = 'no return in %s() to put the fault path after' % p1.current_element
	if why is None and declares_cleanup(p1, last[0]):
		why = 'a variable with a cleanup is declared before the end of %s()' % \
		      p1.current_element
	coccinelle.fixable[site(p1)] = why
	return why is None

def make_region(p1, mode, acc1, acc2):
	"""Bind the names of a fix at p1: label, function, region, accessors."""
	coccinelle.efault = cocci.make_ident(free_label(p1.file, 'efault'))
	coccinelle.fn = cocci.make_ident(p1.current_element)
	coccinelle.begin = cocci.make_ident(BEGIN[mode])
	coccinelle.end = cocci.make_ident(END[mode])
	coccinelle.unsafe1 = cocci.make_ident(UNSAFE[mode_of(acc1)])
	coccinelle.unsafe2 = cocci.make_ident(UNSAFE[mode_of(acc2)])

def runs(all_accesses, all_loop_sites, all_fixable):
	"""The runs every worker found: (first site, count, pointer, mode, why)."""
	loops = set().union(*all_loop_sites)
	fixable = {}
	for part in all_fixable:
		fixable.update(part)
	groups = {}
	for part in all_accesses:
		for s, (ptr, addr, mode) in part.items():
			if s not in loops and ptr:
				groups.setdefault((s[0], s[1], ptr), {})[s] = (addr, mode)
	found = []
	for (path, func, ptr), sites in sorted(groups.items()):
		if len(set(addr for addr, mode in sites.values())) < 2:
			continue
		modes = set(mode for addr, mode in sites.values())
		mode = modes.pop() if len(modes) == 1 else 'rw'
		why = 'only "if (acc(..) || acc(..)) return/goto" runs are rewritten'
		for s in sites:
			if s in fixable:
				why = fixable[s]
				if why is None:
					break
		found.append((min(sites, key=lambda s: s[2:]), len(sites), ptr, mode, why))
	return found

def message(count, ptr, mode, func, why):
	msg = '%d user %s through %s in %s() can share one user access region' % \
	      (count, WHAT[mode], ptr, func)
	if why:
		msg += ' (not auto-fixable: %s)' % why
	return msg

// ---- finding -------------------------------------------------------------

@access_put depends on !patch@
identifier put = {put_user, __put_user}; // model: access write
expression e, E;
position p;
@@
put@p(e, E)

@script:python@
p << access_put.p;
E << access_put.E;
@@
coccinelle.accesses[site(p[0])] = (base_of(E), re.sub(r'\s+', '', E), 'write')

@access_get depends on !patch@
identifier get = {get_user, __get_user}; // model: access read
expression e, E;
position p;
@@
get@p(e, E)

@script:python@
p << access_get.p;
E << access_get.E;
@@
coccinelle.accesses[site(p[0])] = (base_of(E), re.sub(r'\s+', '', E), 'read')

// An access on a path back to itself is in a loop: batch_loop.cocci reports it.
@in_loop depends on !patch exists@
identifier acc = {put_user, __put_user, get_user, __get_user}; // model: access
expression e, E;
position p;
@@
acc@p(e, E)
... when any
acc@p(e, E)

@script:python@
p << in_loop.p;
@@
coccinelle.loop_sites.add(site(p[0]))

@depends on context disable ptr_to_array@
identifier acc1 = {put_user, __put_user, get_user, __get_user}; // model: access
identifier acc2 = {put_user, __put_user, get_user, __get_user}; // model: access
expression e1, e2, p;
identifier f1, f2;
@@
* acc1(e1, &p->f1) || acc2(e2, &p->f2)

// ---- fixable shapes ------------------------------------------------------

@returns@
position pr;
@@
return@pr ...;

@script:python@
pr << returns.pr;
@@
note_return(pr[0])

@fixable_return disable ptr_to_array@
identifier acc1 = {put_user, __put_user, get_user, __get_user}; // model: access
identifier acc2 = {put_user, __put_user, get_user, __get_user}; // model: access
expression p, e1, e2, R;
identifier f1, f2;
position p1;
@@
if (acc1@p1(e1, &p->f1) || acc2(e2, &p->f2))
  return R;

@script:python label_return@
p1 << fixable_return.p1;
acc1 << fixable_return.acc1;
acc2 << fixable_return.acc2;
p << fixable_return.p;
e1 << fixable_return.e1;
e2 << fixable_return.e2;
R << fixable_return.R;
efault; fn; begin; end; unsafe1; unsafe2;
@@
if judge(p1[0], (p, e1, e2), R):
	make_region(p1[0], region_mode((acc1, acc2)), acc1, acc2)
else:
	cocci.include_match(False)

@fixable_goto disable ptr_to_array@
identifier acc1 = {put_user, __put_user, get_user, __get_user}; // model: access
identifier acc2 = {put_user, __put_user, get_user, __get_user}; // model: access
expression p, e1, e2;
identifier f1, f2, L;
position p1;
@@
if (acc1@p1(e1, &p->f1) || acc2(e2, &p->f2))
  goto L;

@script:python label_goto@
p1 << fixable_goto.p1;
acc1 << fixable_goto.acc1;
acc2 << fixable_goto.acc2;
p << fixable_goto.p;
e1 << fixable_goto.e1;
e2 << fixable_goto.e2;
efault; fn; begin; end; unsafe1; unsafe2;
@@
if judge(p1[0], (p, e1, e2)):
	make_region(p1[0], region_mode((acc1, acc2)), acc1, acc2)
else:
	cocci.include_match(False)

// ---- fault paths ---------------------------------------------------------
// Each goes after the last return of its function.  They are added before
// any region is rewritten, and the returns are found again after each
// rule that adds one: a rewrite renumbers the lines.

@depends on patch && !scoped@
identifier label_return.fn, label_return.efault, label_return.end;
expression fixable_return.R;
position pr : script:python (fn) { is_last_return(pr[0], fn) };
@@
  return@pr ...;
+ efault:
+ end();
+ return R;

@depends on patch && scoped@
identifier label_return.fn, label_return.efault;
expression fixable_return.R;
position pr : script:python (fn) { is_last_return(pr[0], fn) };
@@
  return@pr ...;
+ efault:
+ return R;

@returns_again depends on patch@
position pr;
@@
return@pr ...;

@script:python@
pr << returns_again.pr;
@@
note_return(pr[0])

@depends on patch && !scoped@
identifier label_goto.fn, label_goto.efault, label_goto.end;
identifier fixable_goto.L;
position pr : script:python (fn) { is_last_return(pr[0], fn) };
@@
  return@pr ...;
+ efault:
+ end();
+ goto L;

// ---- regions -------------------------------------------------------------

@depends on patch && !scoped disable ptr_to_array@
identifier fixable_return.acc1, fixable_return.acc2;
expression fixable_return.p, fixable_return.e1, fixable_return.e2;
expression fixable_return.R;
identifier fixable_return.f1, fixable_return.f2;
identifier label_return.efault, label_return.begin, label_return.end;
identifier label_return.unsafe1, label_return.unsafe2;
@@
- if (acc1(e1, &p->f1) || acc2(e2, &p->f2))
+ if (!begin(p, sizeof(*p)))
    return R;
+ unsafe1(e1, &p->f1, efault);
+ unsafe2(e2, &p->f2, efault);
+ end();

@depends on patch && !scoped disable ptr_to_array@
identifier fixable_goto.acc1, fixable_goto.acc2;
expression fixable_goto.p, fixable_goto.e1, fixable_goto.e2;
identifier fixable_goto.f1, fixable_goto.f2, fixable_goto.L;
identifier label_goto.efault, label_goto.begin, label_goto.end;
identifier label_goto.unsafe1, label_goto.unsafe2;
@@
- if (acc1(e1, &p->f1) || acc2(e2, &p->f2))
+ if (!begin(p, sizeof(*p)))
    goto L;
+ unsafe1(e1, &p->f1, efault);
+ unsafe2(e2, &p->f2, efault);
+ end();

// The scoped block ends the region on every way out of it.  Its name is
// written out, one rule a mode: Coccinelle parses an iterator only by name.

@depends on patch && scoped disable ptr_to_array@
identifier put1 = {put_user, __put_user}; // model: access write
identifier put2 = {put_user, __put_user}; // model: access write
expression fixable_return.p, fixable_return.e1, fixable_return.e2;
expression fixable_return.R;
identifier fixable_return.f1, fixable_return.f2;
identifier label_return.efault;
iterator name scoped_user_write_access_size;
@@
- if (put1(e1, &p->f1) || put2(e2, &p->f2))
-   return R;
+ scoped_user_write_access_size(p, sizeof(*p), efault) {
+   unsafe_put_user(e1, &p->f1, efault);
+   unsafe_put_user(e2, &p->f2, efault);
+ }

@depends on patch && scoped disable ptr_to_array@
identifier get1 = {get_user, __get_user}; // model: access read
identifier get2 = {get_user, __get_user}; // model: access read
expression fixable_return.p, fixable_return.e1, fixable_return.e2;
expression fixable_return.R;
identifier fixable_return.f1, fixable_return.f2;
identifier label_return.efault;
iterator name scoped_user_read_access_size;
@@
- if (get1(e1, &p->f1) || get2(e2, &p->f2))
-   return R;
+ scoped_user_read_access_size(p, sizeof(*p), efault) {
+   unsafe_get_user(e1, &p->f1, efault);
+   unsafe_get_user(e2, &p->f2, efault);
+ }

@depends on patch && scoped disable ptr_to_array@
identifier fixable_return.acc1, fixable_return.acc2;
expression fixable_return.p, fixable_return.e1, fixable_return.e2;
expression fixable_return.R;
identifier fixable_return.f1, fixable_return.f2;
identifier label_return.efault, label_return.unsafe1, label_return.unsafe2;
iterator name scoped_user_rw_access_size;
@@
- if (acc1(e1, &p->f1) || acc2(e2, &p->f2))
-   return R;
+ scoped_user_rw_access_size(p, sizeof(*p), efault) {
+   unsafe1(e1, &p->f1, efault);
+   unsafe2(e2, &p->f2, efault);
+ }

// ... so the old goto target serves as the fault label.

@depends on patch && scoped disable ptr_to_array@
identifier put1 = {put_user, __put_user}; // model: access write
identifier put2 = {put_user, __put_user}; // model: access write
expression fixable_goto.p, fixable_goto.e1, fixable_goto.e2;
identifier fixable_goto.f1, fixable_goto.f2, fixable_goto.L;
iterator name scoped_user_write_access_size;
@@
- if (put1(e1, &p->f1) || put2(e2, &p->f2))
-   goto L;
+ scoped_user_write_access_size(p, sizeof(*p), L) {
+   unsafe_put_user(e1, &p->f1, L);
+   unsafe_put_user(e2, &p->f2, L);
+ }

@depends on patch && scoped disable ptr_to_array@
identifier get1 = {get_user, __get_user}; // model: access read
identifier get2 = {get_user, __get_user}; // model: access read
expression fixable_goto.p, fixable_goto.e1, fixable_goto.e2;
identifier fixable_goto.f1, fixable_goto.f2, fixable_goto.L;
iterator name scoped_user_read_access_size;
@@
- if (get1(e1, &p->f1) || get2(e2, &p->f2))
-   goto L;
+ scoped_user_read_access_size(p, sizeof(*p), L) {
+   unsafe_get_user(e1, &p->f1, L);
+   unsafe_get_user(e2, &p->f2, L);
+ }

@depends on patch && scoped disable ptr_to_array@
identifier fixable_goto.acc1, fixable_goto.acc2;
expression fixable_goto.p, fixable_goto.e1, fixable_goto.e2;
identifier fixable_goto.f1, fixable_goto.f2, fixable_goto.L;
identifier label_goto.unsafe1, label_goto.unsafe2;
iterator name scoped_user_rw_access_size;
@@
- if (acc1(e1, &p->f1) || acc2(e2, &p->f2))
-   goto L;
+ scoped_user_rw_access_size(p, sizeof(*p), L) {
+   unsafe1(e1, &p->f1, L);
+   unsafe2(e2, &p->f2, L);
+ }

// ---- reports -------------------------------------------------------------

@finalize:python depends on report@
accesses << merge.accesses;
loop_sites << merge.loop_sites;
fixable << merge.fixable;
@@
for s, count, ptr, mode, why in runs(accesses, loop_sites, fixable):
	print('%s:%d:%d: warning: %s [uaccess:%s]' %
	      (s[0], s[2], s[3], message(count, ptr, mode, s[1], why), RUN_ID[mode]))

@finalize:python depends on org@
accesses << merge.accesses;
loop_sites << merge.loop_sites;
fixable << merge.fixable;
@@
for s, count, ptr, mode, why in runs(accesses, loop_sites, fixable):
	print('* TODO [[view:%s::face=ovl-face1::linb=%d::colb=%d::cole=%d][%s]]' %
	      (s[0], s[2], s[3] - 1, s[3], message(count, ptr, mode, s[1], why)))

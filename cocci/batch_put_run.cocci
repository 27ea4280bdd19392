// SPDX-License-Identifier: GPL-2.0-only
/// Find runs of put_user()/__put_user() on one user object outside loops.
/// Each call opens and closes user access on its own (STAC/CLAC on x86
/// with SMAP, KUAP on powerpc, PAN on arm64, SUM on riscv) and checks the
/// address; one region, checked once, can serve the whole run.
///
/// A run is two or more writes, through different addresses, whose
/// addresses go through one pointer, in one function and outside loops
/// (loops are batch_put_loop.cocci's).
///
/// patch rewrites 'if (put(a, &p->x) || put(b, &p->y)) return R;' (or
/// 'goto L;') into a user_write_access_begin() region with
/// unsafe_put_user() and a fault path after the last return of the
/// function; with -D scoped it writes a scoped_user_write_access_size()
/// block instead (kernels since 6.19).  The fault path gives back what the
/// old one did: R must be a constant, and the values and the pointer must
/// be computed without calls, since they are computed in the region.
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

coccinelle.accesses = {}
coccinelle.loop_sites = set()
coccinelle.fixable = {}
last_returns = {}
labels_given = {}

def base_of(addr):
	"""The pointer to the user object an address goes into, or None:
	uev for &uev->data, t->rseq for &t->rseq->cpu_id, p for &p[i].x."""
	a = re.sub(r'\s+', '', addr)
	a = re.sub(r'^\([\w*]+\*\)', '', a)	# a cast: (u32 __user *)ptr
	m = re.match(r'^&\(?(\w+(?:->\w+)*?)\)?(?:->\w+|\[[^]]*\])[\w.\[\]]*$', a) or \
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

def judge(p1, exprs, R=None):
	"""Can the run at p1 be rewritten?  Record the reason if not."""
	why = None
	for e in exprs:
		if why is None and not is_pure(e):
			why = 'side effect or call in "%s"' % shown(e)
	if why is None and R is not None and not is_constant(R):
		why = 'the fault path would return "%s", not a constant' % shown(R)
	if why is None and (p1.file, p1.current_element) not in last_returns:
		why = 'no return in %s() to put the fault path after' % p1.current_element
	coccinelle.fixable[site(p1)] = why
	return why is None

def runs(all_accesses, all_loop_sites, all_fixable):
	"""The runs found by every worker: (first site, count, pointer, why)."""
	loops = set().union(*all_loop_sites)
	fixable = {}
	for part in all_fixable:
		fixable.update(part)
	groups = {}
	for part in all_accesses:
		for s, (ptr, addr) in part.items():
			if s not in loops and ptr:
				groups.setdefault((s[0], s[1], ptr), {})[s] = addr
	found = []
	for (path, func, ptr), sites in sorted(groups.items()):
		if len(set(sites.values())) < 2:
			continue
		why = 'only "if (put(..) || put(..)) return/goto" runs are rewritten'
		for s in sites:
			if s in fixable:
				why = fixable[s]
				if why is None:
					break
		found.append((min(sites, key=lambda s: s[2:]), len(sites), ptr, why))
	return found

def message(count, ptr, func, why):
	msg = '%d user writes through %s in %s() can share one user access region' % \
	      (count, ptr, func)
	if why:
		msg += ' (not auto-fixable: %s)' % why
	return msg

// ---- finding -------------------------------------------------------------

@access depends on !patch@
identifier put = {put_user, __put_user}; // model: access write
expression e, E;
position p;
@@
put@p(e, E)

@script:python@
p << access.p;
E << access.E;
@@
coccinelle.accesses[site(p[0])] = (base_of(E), re.sub(r'\s+', '', E))

// An access on a path back to itself is in a loop: batch_put_loop's.
@in_loop depends on !patch exists@
identifier access.put;
expression access.e, access.E;
position access.p;
@@
put@p(e, E)
... when any
put@p(e, E)

@script:python depends on in_loop@
p << access.p;
@@
coccinelle.loop_sites.add(site(p[0]))

@depends on context@
identifier put1 = {put_user, __put_user}; // model: access write
identifier put2 = {put_user, __put_user}; // model: access write
expression e1, e2, p;
identifier f1, f2;
@@
* put1(e1, &p->f1) || put2(e2, &p->f2)

// ---- fixable shapes ------------------------------------------------------

@returns@
position pr;
@@
return@pr ...;

@script:python@
pr << returns.pr;
@@
note_return(pr[0])

@fixable_return@
identifier put1 = {put_user, __put_user}; // model: access write
identifier put2 = {put_user, __put_user}; // model: access write
expression p, e1, e2, R;
identifier f1, f2;
position p1;
@@
if (put1@p1(e1, &p->f1) || put2(e2, &p->f2))
  return R;

@script:python label_return@
p1 << fixable_return.p1;
p << fixable_return.p;
e1 << fixable_return.e1;
e2 << fixable_return.e2;
R << fixable_return.R;
efault;
fn;
@@
if judge(p1[0], (p, e1, e2), R):
	coccinelle.efault = cocci.make_ident(free_label(p1[0].file, 'efault'))
	coccinelle.fn = cocci.make_ident(p1[0].current_element)
else:
	cocci.include_match(False)

@fixable_goto@
identifier put1 = {put_user, __put_user}; // model: access write
identifier put2 = {put_user, __put_user}; // model: access write
expression p, e1, e2;
identifier f1, f2, L;
position p1;
@@
if (put1@p1(e1, &p->f1) || put2(e2, &p->f2))
  goto L;

@script:python label_goto@
p1 << fixable_goto.p1;
p << fixable_goto.p;
e1 << fixable_goto.e1;
e2 << fixable_goto.e2;
efault;
fn;
@@
if judge(p1[0], (p, e1, e2)):
	coccinelle.efault = cocci.make_ident(free_label(p1[0].file, 'efault'))
	coccinelle.fn = cocci.make_ident(p1[0].current_element)
else:
	cocci.include_match(False)

// ---- fault paths ---------------------------------------------------------
// Each goes after the last return of its function.  They are added before
// any region is rewritten, and the returns are found again after each
// rule that adds one: a rewrite renumbers the lines.

@depends on patch && !scoped@
identifier label_return.fn, label_return.efault;
expression fixable_return.R;
position pr : script:python (fn) { is_last_return(pr[0], fn) };
@@
  return@pr ...;
+ efault:
+ user_write_access_end();
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
identifier label_goto.fn, label_goto.efault;
identifier fixable_goto.L;
position pr : script:python (fn) { is_last_return(pr[0], fn) };
@@
  return@pr ...;
+ efault:
+ user_write_access_end();
+ goto L;

// ---- regions -------------------------------------------------------------

@depends on patch && !scoped@
identifier fixable_return.put1, fixable_return.put2;
expression fixable_return.p, fixable_return.e1, fixable_return.e2;
expression fixable_return.R;
identifier fixable_return.f1, fixable_return.f2;
identifier label_return.efault;
@@
- if (put1(e1, &p->f1) || put2(e2, &p->f2))
+ if (!user_write_access_begin(p, sizeof(*p)))
    return R;
+ unsafe_put_user(e1, &p->f1, efault);
+ unsafe_put_user(e2, &p->f2, efault);
+ user_write_access_end();

@depends on patch && !scoped@
identifier fixable_goto.put1, fixable_goto.put2;
expression fixable_goto.p, fixable_goto.e1, fixable_goto.e2;
identifier fixable_goto.f1, fixable_goto.f2, fixable_goto.L;
identifier label_goto.efault;
@@
- if (put1(e1, &p->f1) || put2(e2, &p->f2))
+ if (!user_write_access_begin(p, sizeof(*p)))
    goto L;
+ unsafe_put_user(e1, &p->f1, efault);
+ unsafe_put_user(e2, &p->f2, efault);
+ user_write_access_end();

// The scoped block ends the region on every way out of it.
@depends on patch && scoped@
identifier fixable_return.put1, fixable_return.put2;
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

// ... so the old goto target serves as the fault label.
@depends on patch && scoped@
identifier fixable_goto.put1, fixable_goto.put2;
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

// ---- reports -------------------------------------------------------------

@finalize:python depends on report@
accesses << merge.accesses;
loop_sites << merge.loop_sites;
fixable << merge.fixable;
@@
for s, count, ptr, why in runs(accesses, loop_sites, fixable):
	print('%s:%d:%d: warning: %s [uaccess:batch-put-run]' %
	      (s[0], s[2], s[3], message(count, ptr, s[1], why)))

@finalize:python depends on org@
accesses << merge.accesses;
loop_sites << merge.loop_sites;
fixable << merge.fixable;
@@
for s, count, ptr, why in runs(accesses, loop_sites, fixable):
	print('* TODO [[view:%s::face=ovl-face1::linb=%d::colb=%d::cole=%d][%s]]' %
	      (s[0], s[2], s[3] - 1, s[3], message(count, ptr, s[1], why)))

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
/// patch rewrites, into one user_{write,read}_access_begin() region (or
/// user_access_begin() for reads and writes) with unsafe_{put,get}_user()
/// and a fault path after the last return of the function, or with
/// -D scoped into a scoped_user_*_access_size() block (kernels since 6.19):
///  - 'if (acc(a, &p->x) || acc(b, &p->y)) return R;' (or 'goto L;');
///  - runs of 'if (acc(a, &p->x)) return R;' (or 'goto L;'), the same way
///    out each time;
///  - runs of 'err |= acc(a, &p->x);' that 'if (err) return R;' tests
///    right after (err keeps what other code put in it; R does not read it).
/// The region covers sizeof(*p) for fields of *p, or k * sizeof(*p) for
/// the constant elements p[0] .. p[k - 1].  The fault path leaves as the
/// old code did: R must be a constant, and values, destinations and the
/// pointer must be computed without calls, since they are computed in
/// the region.
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
coccinelle.paths = set()
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

def free_label(path, fn, want):
	"""A label name that no token of the file uses, nor an earlier fix
	in function fn."""
	taken = labels_given.setdefault((path, fn), set())
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

NOT_FIXED = 'uabatch_not_fixed'

def fault_label(p, shape, mode, leave):
	"""The label of the fault path that ends a region of mode and then
	runs leave, for the fixes of one shape (one rule adds their fault
	paths) in one function: they share it, since each adds its fault path
	after the same return, and Coccinelle takes only one addition there."""
	key = (p.file, p.current_element, shape, mode, re.sub(r'\s+', ' ', leave))
	if key not in fault_labels:
		fault_labels[key] = free_label(p.file, p.current_element, 'efault')
	return fault_labels[key]

def make_region(p1, mode, acc1, acc2, p, fixed, leave):
	"""Bind the names of a fix at p1: label, function, region, accessors,
	and the pointer the rewrite matches.  A run that stays gets names
	that match nothing, rather than cocci.include_match(False): that would
	drop the matches of the rules before it, in the same file, too."""
	coccinelle.efault = cocci.make_ident(
		fault_label(p1, 'either', mode, leave) if fixed else NOT_FIXED)
	coccinelle.fn = cocci.make_ident(p1.current_element if fixed else NOT_FIXED)
	coccinelle.p_fixed = cocci.make_expr(p if fixed else NOT_FIXED)
	coccinelle.begin = cocci.make_ident(BEGIN[mode])
	coccinelle.end = cocci.make_ident(END[mode])
	coccinelle.unsafe1 = cocci.make_ident(UNSAFE[mode_of(acc1)])
	coccinelle.unsafe2 = cocci.make_ident(UNSAFE[mode_of(acc2)])

members = {}	# file -> {offset of a run statement: member}
file_runs = {}	# file -> {site of a member: (its run, its index, its way out)}
run_labels = {}	# site of the first member of a run -> its fault label
fault_labels = {}	# (file, function, shape, mode, way out) -> label
fault_paths_given = set()	# (function, label) of the fault paths bound
style = {'scoped': False}	# set by -D scoped
BLANK = re.compile(r'\s*$')	# a comment between would be lost

def offset_of(text, p):
	lines = text.split('\n')[:int(p.line) - 1]
	return sum(len(l) + 1 for l in lines) + int(p.column)

def call_end(text, o):
	"""The offset after the ')' closing the call that starts at o."""
	depth = 0
	for i in range(text.index('(', o), len(text)):
		if text[i] == '(':
			depth += 1
		elif text[i] == ')':
			depth -= 1
			if depth == 0:
				return i + 1
	return None

def note_member(p, acc, e, E):
	"""Record the statement around the access at p if it can be part of
	a run: 'if (acc(e, A)) return R;', 'if (acc(e, A)) goto L;' or
	'err |= acc(e, A);', with its extent and the way it leaves on a
	fault.  The extent is read from the file: Coccinelle has no position
	for a whole statement."""
	with open(p.file, errors='replace') as f:
		text = f.read()
	o = offset_of(text, p)
	end = call_end(text, o)
	if end is None:
		return
	m = {'site': site(p), 'acc': acc, 'e': e, 'E': E, 'text': text}
	cond = re.search(r'\bif\s*\(\s*$', text[:o])
	err = re.search(r'\b(\w+)\s*(\|?)=\s*\(?\s*$', text[:o])
	if cond:
		tail = re.match(r'\s*\)(?:\s|/[*].*?[*]/)*(return\b[^;]*;|goto\s+\w+\s*;)',
				text[end:], re.S)
		if not tail:
			return
		m.update(kind='if', start=cond.start(), leave=tail.group(1))
	elif err:
		tail = re.match(r'\s*\)?\s*;', text[end:])
		if not tail:
			return
		m.update(kind='err', start=err.start(), err=err.group(1),
			 sets=err.group(2) == '')
	else:
		return
	m['end'] = end + tail.end()
	members.setdefault(p.file, {})[m['start']] = m

def same_run(a, b):
	"""Can b follow a in a run?  'err = acc(..);' can only start one."""
	return (a['site'][1] == b['site'][1] and a['kind'] == b['kind'] and
		not b.get('sets') and
		a.get('err') == b.get('err') and
		re.sub(r'\s+', ' ', a.get('leave', '')) ==
		re.sub(r'\s+', ' ', b.get('leave', '')) and
		base_of(a['E']) is not None and base_of(a['E']) == base_of(b['E']) and
		BLANK.match(a['text'], a['end'], b['start']) is not None)

def between(a, b):
	"""Why two statements of one function on one object, a then b, are
	not one run."""
	gap = a['text'][a['end']:b['start']]
	calls = [c for c in re.findall(r'\b(\w+)\s*\(', gap)
		 if c not in ('if', 'for', 'while', 'switch', 'return', 'sizeof')]
	if calls:
		return 'call to %s() between accesses' % calls[0]
	code = re.sub(r'/[*].*?[*]/|/{2}[^\n]*', '', gap, flags=re.S)
	if code.strip():
		return 'other code between accesses'
	if gap.strip():
		return 'a comment between accesses, which the rewrite would lose'
	if a['kind'] != b['kind'] or a.get('err') != b.get('err'):
		return 'the accesses report a fault in different ways'
	return 'the accesses leave differently on a fault ("%s", "%s")' % \
	       (shown(a.get('leave', '')), shown(b.get('leave', '')))

def region_size(ptr, addrs):
	"""What the region must cover: the size of *p for fields of *p, k
	times that for elements p[0]..p[k - 1] with constant indexes."""
	p = re.escape(re.sub(r'\s+', '', ptr))
	elems = []
	for a in addrs:
		a = re.sub(r'\s+', '', a)
		if re.match(r'^&\(?%s\)?->' % p, a):
			elems.append(None)
			continue
		m = re.match(r'^(?:&\(?%s\)?\[(\d+)\]|\(?%s\)?(?:\+(\d+))?)$' % (p, p), a)
		if not m:
			return None
		elems.append(int(m.group(1) or m.group(2) or 0))
	if all(x is None for x in elems):
		return 'sizeof(%s)' % deref(ptr)
	if None in elems:
		return None
	return '%d * sizeof(%s)' % (max(elems) + 1, deref(ptr))

def deref(ptr):
	return '*' + ptr

def judge_run(run):
	"""Why the run cannot be rewritten, or None; and how a fault leaves."""
	first = run[0]
	ptr = base_of(first['E'])
	addrs = [m['E'] for m in run]
	for x in [ptr] + addrs + [m['e'] for m in run]:
		if not is_pure(x):
			return 'side effect or call in "%s"' % shown(x), None
	if len(set(uncast(re.sub(r'\s+', '', a)) for a in addrs)) < len(addrs):
		return 'two accesses through one address', None
	if region_size(ptr, addrs) is None:
		return 'the addresses are not all fields of *%s, nor constant elements of %s' % \
		       (ptr, ptr), None
	leave = first.get('leave')
	if first['kind'] == 'err':
		test = re.match(r'\s*if\s*\(\s*%s\s*\)\s*(return\b[^;]*;)' %
				re.escape(first['err']), first['text'][run[-1]['end']:])
		if not test:
			return '"%s" is not tested with "if (%s) return ...;" right after the run' % \
			       (first['err'], first['err']), None
		leave = test.group(1)
	R = re.match(r'return\b\s*(.*);$', leave, re.S)
	if R and not is_constant(R.group(1)):
		return 'the fault path would return "%s", not a constant' % \
		       shown(R.group(1)), None
	p1 = cocci_position(first)
	last = last_returns.get((first['site'][0], first['site'][1]))
	if last is None:
		return 'no return in %s() to put the fault path after' % first['site'][1], None
	if declares_cleanup(p1, last[0]):
		return 'a variable with a cleanup is declared before the end of %s()' % \
		       first['site'][1], None
	return None, leave

class cocci_position:
	"""What declares_cleanup() needs of a position, for a member."""
	def __init__(self, m):
		self.file, self.line = m['site'][0], m['site'][2]

def runs_in(path):
	"""The runs of statements of a file, each member's site mapped to
	(run, index); each member's verdict goes to coccinelle.fixable."""
	if path in file_runs:
		return file_runs[path]
	found = {}
	ordered = [members[path][start] for start in sorted(members.get(path, {}))]
	for a, b in zip(ordered, ordered[1:]):
		if a['site'][1] == b['site'][1] and base_of(a['E']) is not None and \
		   base_of(a['E']) == base_of(b['E']) and not same_run(a, b):
			why = between(a, b)
			coccinelle.fixable.setdefault(a['site'], why)
			coccinelle.fixable.setdefault(b['site'], why)
	run = []
	for start in sorted(members.get(path, {})) + [None]:
		m = members[path][start] if start is not None else None
		if m and run and same_run(run[-1], m):
			run.append(m)
			continue
		if len(run) >= 2:
			why, leave = judge_run(run)
			for i, r in enumerate(run):
				coccinelle.fixable[r['site']] = why
				if why is None:
					found[r['site']] = (run, i, leave)
		run = [m] if m else []
	file_runs[path] = found
	return found

def member_role(p):
	"""first, middle or last, for a member of a run to rewrite."""
	got = runs_in(p.file).get(site(p))
	if got is None:
		return None, None
	run, i, leave = got
	return ('first' if i == 0 else 'last' if i == len(run) - 1 else 'middle'), got

PLACEHOLDER = 'uabatch_placeholder();'

def unsafe_call(m, label):
	return '%s(%s, %s, %s);' % (UNSAFE[mode_of(m['acc'])], m['e'], m['E'], label)

def run_names(p):
	"""Bind what the member at p of a run is rewritten into: the
	statements before, instead of and after its access, and its fault
	path (label, function, region end, way out)."""
	role, (run, i, leave) = member_role(p)
	first = run[0]['site']
	mode = region_mode([m['acc'] for m in run])
	if first not in run_labels:
		# The label of a goto serves a scoped block: it ends the region.
		goto = re.match(r'goto\s+(\w+)', leave)
		run_labels[first] = goto.group(1) if goto and style['scoped'] \
			else fault_label(p, 'run', mode, leave)
	label = run_labels[first]
	ptr = base_of(run[0]['E'])
	size = region_size(ptr, [m['E'] for m in run])
	before = access = after = PLACEHOLDER
	if style['scoped']:
		if role == 'first':
			before = 'uabatch_scoped_%s(%s, %s, %s) {\n%s\n}' % (mode, ptr, size,
				label, '\n'.join(unsafe_call(m, label) for m in run))
	else:
		access = unsafe_call(run[i], label)
		if role == 'first':
			before = 'if (!%s(%s, %s))\n%s' % (BEGIN[mode], ptr, size, leave)
		if role == 'last':
			after = '%s();' % END[mode]
	if role == 'first' and run[0].get('sets'):
		# Where no access faults, 'err = acc(..)' left err 0: say so
		# first, then what the statement became.
		before, access, after = '%s = 0;' % run[0]['err'], before, access
	coccinelle.before = cocci.make_stmt(before)
	coccinelle.access = cocci.make_stmt(access)
	coccinelle.after = cocci.make_stmt(after)
	coccinelle.efault = cocci.make_ident(label)
	coccinelle.fn = cocci.make_ident(p.current_element)
	coccinelle.end = cocci.make_ident(END[mode])
	coccinelle.leave = cocci.make_stmt(leave)
	# A scoped block that leaves by a goto jumps to the label of the goto.
	scoped_goto = style['scoped'] and leave.startswith('goto')
	coccinelle.fault_path = cocci.make_ident('no' if scoped_goto else 'yes')

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

def uncast(addr):
	"""An address without the cast in front: (u32 __user *)arg is arg."""
	return re.sub(r'^\([\w*]+\*\)', '', addr)

def on_one_path(sites, edges):
	"""The sets of sites that follow one another on some path: accesses
	in two arms of an if, or in two cases of a switch, are no run."""
	leader = dict((s, s) for s in sites)
	def find(s):
		while leader[s] != s:
			s = leader[s]
		return s
	for a, b in edges:
		if a in leader and b in leader:
			leader[find(a)] = find(b)
	parts = {}
	for s in sites:
		parts.setdefault(find(s), []).append(s)
	return parts.values()

def runs(all_accesses, all_loop_sites, all_fixable, all_paths):
	"""The runs every worker found: (first site, count, pointer, mode, why)."""
	loops = set().union(*all_loop_sites)
	edges = set().union(*all_paths)
	fixable = {}
	for part in all_fixable:
		fixable.update(part)
	groups = {}
	for part in all_accesses:
		for s, (ptr, addr, mode) in part.items():
			if s not in loops and ptr:
				groups.setdefault((s[0], s[1], ptr), {})[s] = (uncast(addr), mode)
	found = []
	for (path, func, ptr), sites in sorted(groups.items()):
		for run in on_one_path(sites, edges):
			if len(set(sites[s][0] for s in run)) < 2:
				continue
			modes = set(sites[s][1] for s in run)
			mode = modes.pop() if len(modes) == 1 else 'rw'
			verdicts = [fixable[s] for s in sorted(run, key=lambda s: s[2:]) if s in fixable]
			why = None if None in verdicts else \
			      (verdicts or ['not a run of one of the rewritten shapes'])[0]
			found.append((min(run, key=lambda s: s[2:]), len(run), ptr, mode, why))
	return sorted(found)

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

// An access on a path back to itself is in a loop: batch_loop.cocci reports
// it, if its address can change from one iteration to the next.
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
E << in_loop.E;
@@
if address_varies(p[0], E):
	coccinelle.loop_sites.add(site(p[0]))

// Which accesses follow one another on a path, with no access between: a
// run is made of those (and stopping at the next access keeps the search
// short: without it, kernel/bpf/syscall.c took minutes).
@same_path depends on !patch exists@
identifier acc1 = {put_user, __put_user, get_user, __get_user}; // model: access
identifier acc2 = {put_user, __put_user, get_user, __get_user}; // model: access
identifier acc3 = {put_user, __put_user, get_user, __get_user}; // model: access
expression e1, E1, e2, E2, e3, E3;
position p1, p2;
@@
acc1@p1(e1, E1)
... when != acc3(e3, E3)
acc2@p2(e2, E2)

@script:python@
p1 << same_path.p1;
p2 << same_path.p2;
@@
coccinelle.paths.add((site(p1[0]), site(p2[0])))

// ... or in one condition: 'if (acc(..) || acc(..))' is one node of the
// control flow graph.
@same_condition depends on !patch@
identifier acc1 = {put_user, __put_user, get_user, __get_user}; // model: access
identifier acc2 = {put_user, __put_user, get_user, __get_user}; // model: access
expression e1, E1, e2, E2;
position p1, p2;
@@
(
acc1@p1(e1, E1) || acc2@p2(e2, E2)
|
acc1@p1(e1, E1) | acc2@p2(e2, E2)
)

@script:python@
p1 << same_condition.p1;
p2 << same_condition.p2;
@@
coccinelle.paths.add((site(p1[0]), site(p2[0])))

// A disjunction stops at its first branch that matches: a longer chain,
// '(.. || acc(..)) || acc(..)', needs a rule of its own.
@same_condition_chain depends on !patch@
identifier acc1 = {put_user, __put_user, get_user, __get_user}; // model: access
identifier acc2 = {put_user, __put_user, get_user, __get_user}; // model: access
expression e1, E1, e2, E2, X;
position p1, p2;
@@
(
X || acc1@p1(e1, E1) || acc2@p2(e2, E2)
|
X | acc1@p1(e1, E1) | acc2@p2(e2, E2)
)

@script:python@
p1 << same_condition_chain.p1;
p2 << same_condition_chain.p2;
@@
coccinelle.paths.add((site(p1[0]), site(p2[0])))

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

// ---- runs of statements --------------------------------------------------
// 'if (acc(e, A)) return R;' (or 'goto L;') one after the other, the same
// way out each time, and 'err |= acc(e, A);' runs followed by
// 'if (err) return R;'.  The fault path leaves as the run did: R, L, or
// the return of the test of err (err itself is left as it was, and that
// return does not read it: R is a constant).

@script:python depends on scoped@
@@
style['scoped'] = True

@member disable ptr_to_array@
identifier acc = {put_user, __put_user, get_user, __get_user}; // model: access
identifier err;
expression e, E;
statement S;
position pa;
@@
(
if (acc@pa(e, E)) S
|
err |= (acc@pa(e, E));
|
err = acc@pa(e, E);
)

@script:python@
pa << member.pa;
acc << member.acc;
e << member.e;
E << member.E;
@@
note_member(pa[0], acc, e, E)

@script:python run_member@
pa << member.pa;
before; access; after; fn; efault; end; leave; fault_path;
@@
if member_role(pa[0])[0]:
	run_names(pa[0])
else:
	cocci.include_match(False)

// Each statement of a run becomes 'before', 'access' and 'after', which
// are a placeholder where the statement has nothing to add; the
// placeholders go right after.  A scoped block is first written with a
// placeholder iterator, which Coccinelle can parse from python, then
// renamed: Coccinelle spaces arguments well only in code it writes itself.

@depends on patch@
position member.pa;
identifier acc, err;
expression e, E;
statement S, run_member.before, run_member.access, run_member.after;
@@
(
- if (acc@pa(e, E)) S
+ before
+ access
+ after
|
- err |= (acc@pa(e, E));
+ before
+ access
+ after
|
- err = acc@pa(e, E);
+ before
+ access
+ after
)

@depends on patch@
@@
- uabatch_placeholder();

@depends on patch && scoped@
expression p, n;
identifier l;
statement B;
iterator name uabatch_scoped_write, scoped_user_write_access_size;
@@
- uabatch_scoped_write(p, n, l) B
+ scoped_user_write_access_size(p, n, l) B

@depends on patch && scoped@
expression p, n;
identifier l;
statement B;
iterator name uabatch_scoped_read, scoped_user_read_access_size;
@@
- uabatch_scoped_read(p, n, l) B
+ scoped_user_read_access_size(p, n, l) B

@depends on patch && scoped@
expression p, n;
identifier l;
statement B;
iterator name uabatch_scoped_rw, scoped_user_rw_access_size;
@@
- uabatch_scoped_rw(p, n, l) B
+ scoped_user_rw_access_size(p, n, l) B

@script:python run_fault@
fault_path << run_member.fault_path;
fn_of_run << run_member.fn;
efault_of_run << run_member.efault;
end_of_run << run_member.end;
leave_of_run << run_member.leave;
fn; efault; end; leave;
@@
if fault_path == 'yes' and (fn_of_run, efault_of_run) not in fault_paths_given:
	fault_paths_given.add((fn_of_run, efault_of_run))
	coccinelle.fn = cocci.make_ident(fn_of_run)
	coccinelle.efault = cocci.make_ident(efault_of_run)
	coccinelle.end = cocci.make_ident(end_of_run)
	coccinelle.leave = cocci.make_stmt(leave_of_run)
else:
	cocci.include_match(False)

// The fault paths, after the last return, found again: the rewrite has
// moved it.

@script:python depends on patch@
@@
last_returns.clear()

@returns_after_runs depends on patch@
position pr;
@@
return@pr ...;

@script:python@
pr << returns_after_runs.pr;
@@
note_return(pr[0])

@depends on patch && !scoped@
identifier run_fault.fn, run_fault.efault, run_fault.end;
statement run_fault.leave;
position pr : script:python (fn) { is_last_return(pr[0], fn) };
@@
  return@pr ...;
+ efault:
+ end();
+ leave

@depends on patch && scoped@
identifier run_fault.fn, run_fault.efault;
statement run_fault.leave;
position pr : script:python (fn) { is_last_return(pr[0], fn) };
@@
  return@pr ...;
+ efault:
+ leave

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
efault; fn; begin; end; unsafe1; unsafe2; p_fixed;
@@
make_region(p1[0], region_mode((acc1, acc2)), acc1, acc2, p,
	    judge(p1[0], (p, e1, e2), R), 'return %s;' % R)

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
L << fixable_goto.L;
efault; fn; begin; end; unsafe1; unsafe2; p_fixed;
@@
make_region(p1[0], region_mode((acc1, acc2)), acc1, acc2, p,
	    judge(p1[0], (p, e1, e2)), 'goto %s;' % L)

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
expression label_return.p_fixed, fixable_return.e1, fixable_return.e2;
expression fixable_return.R;
identifier fixable_return.f1, fixable_return.f2;
identifier label_return.efault, label_return.begin, label_return.end;
identifier label_return.unsafe1, label_return.unsafe2;
@@
- if (acc1(e1, &p_fixed->f1) || acc2(e2, &p_fixed->f2))
+ if (!begin(p_fixed, sizeof(*p_fixed)))
    return R;
+ unsafe1(e1, &p_fixed->f1, efault);
+ unsafe2(e2, &p_fixed->f2, efault);
+ end();

@depends on patch && !scoped disable ptr_to_array@
identifier fixable_goto.acc1, fixable_goto.acc2;
expression label_goto.p_fixed, fixable_goto.e1, fixable_goto.e2;
identifier fixable_goto.f1, fixable_goto.f2, fixable_goto.L;
identifier label_goto.efault, label_goto.begin, label_goto.end;
identifier label_goto.unsafe1, label_goto.unsafe2;
@@
- if (acc1(e1, &p_fixed->f1) || acc2(e2, &p_fixed->f2))
+ if (!begin(p_fixed, sizeof(*p_fixed)))
    goto L;
+ unsafe1(e1, &p_fixed->f1, efault);
+ unsafe2(e2, &p_fixed->f2, efault);
+ end();

// The scoped block ends the region on every way out of it.  Its name is
// written out, one rule a mode: Coccinelle parses an iterator only by name.

@depends on patch && scoped disable ptr_to_array@
identifier put1 = {put_user, __put_user}; // model: access write
identifier put2 = {put_user, __put_user}; // model: access write
expression label_return.p_fixed, fixable_return.e1, fixable_return.e2;
expression fixable_return.R;
identifier fixable_return.f1, fixable_return.f2;
identifier label_return.efault;
iterator name scoped_user_write_access_size;
@@
- if (put1(e1, &p_fixed->f1) || put2(e2, &p_fixed->f2))
-   return R;
+ scoped_user_write_access_size(p_fixed, sizeof(*p_fixed), efault) {
+   unsafe_put_user(e1, &p_fixed->f1, efault);
+   unsafe_put_user(e2, &p_fixed->f2, efault);
+ }

@depends on patch && scoped disable ptr_to_array@
identifier get1 = {get_user, __get_user}; // model: access read
identifier get2 = {get_user, __get_user}; // model: access read
expression label_return.p_fixed, fixable_return.e1, fixable_return.e2;
expression fixable_return.R;
identifier fixable_return.f1, fixable_return.f2;
identifier label_return.efault;
iterator name scoped_user_read_access_size;
@@
- if (get1(e1, &p_fixed->f1) || get2(e2, &p_fixed->f2))
-   return R;
+ scoped_user_read_access_size(p_fixed, sizeof(*p_fixed), efault) {
+   unsafe_get_user(e1, &p_fixed->f1, efault);
+   unsafe_get_user(e2, &p_fixed->f2, efault);
+ }

@depends on patch && scoped disable ptr_to_array@
identifier fixable_return.acc1, fixable_return.acc2;
expression label_return.p_fixed, fixable_return.e1, fixable_return.e2;
expression fixable_return.R;
identifier fixable_return.f1, fixable_return.f2;
identifier label_return.efault, label_return.unsafe1, label_return.unsafe2;
iterator name scoped_user_rw_access_size;
@@
- if (acc1(e1, &p_fixed->f1) || acc2(e2, &p_fixed->f2))
-   return R;
+ scoped_user_rw_access_size(p_fixed, sizeof(*p_fixed), efault) {
+   unsafe1(e1, &p_fixed->f1, efault);
+   unsafe2(e2, &p_fixed->f2, efault);
+ }

// ... so the old goto target serves as the fault label.

@depends on patch && scoped disable ptr_to_array@
identifier put1 = {put_user, __put_user}; // model: access write
identifier put2 = {put_user, __put_user}; // model: access write
expression label_goto.p_fixed, fixable_goto.e1, fixable_goto.e2;
identifier fixable_goto.f1, fixable_goto.f2, fixable_goto.L;
iterator name scoped_user_write_access_size;
@@
- if (put1(e1, &p_fixed->f1) || put2(e2, &p_fixed->f2))
-   goto L;
+ scoped_user_write_access_size(p_fixed, sizeof(*p_fixed), L) {
+   unsafe_put_user(e1, &p_fixed->f1, L);
+   unsafe_put_user(e2, &p_fixed->f2, L);
+ }

@depends on patch && scoped disable ptr_to_array@
identifier get1 = {get_user, __get_user}; // model: access read
identifier get2 = {get_user, __get_user}; // model: access read
expression label_goto.p_fixed, fixable_goto.e1, fixable_goto.e2;
identifier fixable_goto.f1, fixable_goto.f2, fixable_goto.L;
iterator name scoped_user_read_access_size;
@@
- if (get1(e1, &p_fixed->f1) || get2(e2, &p_fixed->f2))
-   goto L;
+ scoped_user_read_access_size(p_fixed, sizeof(*p_fixed), L) {
+   unsafe_get_user(e1, &p_fixed->f1, L);
+   unsafe_get_user(e2, &p_fixed->f2, L);
+ }

@depends on patch && scoped disable ptr_to_array@
identifier fixable_goto.acc1, fixable_goto.acc2;
expression label_goto.p_fixed, fixable_goto.e1, fixable_goto.e2;
identifier fixable_goto.f1, fixable_goto.f2, fixable_goto.L;
identifier label_goto.unsafe1, label_goto.unsafe2;
iterator name scoped_user_rw_access_size;
@@
- if (acc1(e1, &p_fixed->f1) || acc2(e2, &p_fixed->f2))
-   goto L;
+ scoped_user_rw_access_size(p_fixed, sizeof(*p_fixed), L) {
+   unsafe1(e1, &p_fixed->f1, L);
+   unsafe2(e2, &p_fixed->f2, L);
+ }

// ---- reports -------------------------------------------------------------

@finalize:python depends on report@
accesses << merge.accesses;
loop_sites << merge.loop_sites;
fixable << merge.fixable;
paths << merge.paths;
@@
for s, count, ptr, mode, why in runs(accesses, loop_sites, fixable, paths):
	print('%s:%d:%d: warning: %s [uaccess:%s]' %
	      (s[0], s[2], s[3], message(count, ptr, mode, s[1], why), RUN_ID[mode]))

@finalize:python depends on org@
accesses << merge.accesses;
loop_sites << merge.loop_sites;
fixable << merge.fixable;
paths << merge.paths;
@@
for s, count, ptr, mode, why in runs(accesses, loop_sites, fixable, paths):
	print('* TODO [[view:%s::face=ovl-face1::linb=%d::colb=%d::cole=%d][%s]]' %
	      (s[0], s[2], s[3] - 1, s[3], message(count, ptr, mode, s[1], why)))

# SPDX-License-Identifier: GPL-2.0
"""uabatch candidates: the patches uabatch proposes for a kernel tree, as
a series in 'git format-patch' form that 'git am' applies in order.

The fixes are those 'uabatch patch --verify' keeps: what scan reports as
warnings (paths that run per I/O or per event; notes are left out),
rewritten where the rewrite is sound, built in a build directory of the
tree (--build DIR, as for patch; default the tree, if configured) and
passed by both checkers, objtool and checkpatch.pl.  One patch per
function, the ones that save the most begin/end pairs first (a loop
saves its accesses' pairs per element, counted as 1000 a call).  Each
patch has:

 - a subject with the subsystem's prefix (maintainers.py);
 - a body that says what is batched and how many user-access begin/end
   pairs it saves, and what the object verify built for x86 shows
   before and after (calls to out-of-line accessors, STAC and CLAC);
 - Cc: headers from the tree's scripts/get_maintainer.pl (no git
   history in a source package: --no-git);
 - From: the invoking user's git identity, or a placeholder that is no
   one's; and no Signed-off-by: whoever sends it adds theirs.

DIR/summary has one line a candidate, '<patch file> <path> <functions>
verified in <build directory>', then one a fix that was dropped,
'dropped <path> <function()> <why>'.  The tree is only read.

What a finding is, whether it is rewritten and what it saves come from
the model of a finding (model/findings.py); what the builds kept, from
the verdicts of verify (pipeline/verify.py), as data."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
import types

import kbuild
from model import ACCESSES, TWINS
import cocci
import layout
import maintainers
import options
from progress import Progress
import rewrite
import tree
import verify
from errors import Fatal, Incomplete, Usage

TOP = cocci.TOP
PROG = 'uabatch candidates'
LOOPS = ('batch-put-loop', 'batch-get-loop')


class Quiet(Incomplete):
	"""What was not analysed, kept to be said at the end (with exit 3)
	rather than as it is met."""

	def __init__(self):
		Incomplete.__init__(self)
		self.lines = []

	def note(self, line):
		self.lines.append(line)


def parse(args):
	"""The options and the paths, from the tree's root."""
	o = types.SimpleNamespace(kdir='', out='', builds=[])
	args = options.parse(args, o, {'--kdir': 'kdir', '--out': 'out', '--build': 'builds'},
			     lists=['--build'])
	o.builds = [kbuild.build_dir(b) for b in o.builds]
	if not o.kdir or not o.out:
		raise Usage()
	if not tree.is_kernel_tree(o.kdir):
		raise Fatal('--kdir %s: not a kernel tree' % o.kdir)
	o.kdir = os.path.realpath(o.kdir)
	if os.path.lexists(o.out):
		if not os.path.isdir(o.out):
			raise Fatal('--out %s: exists and is not a directory' % o.out)
		if os.listdir(o.out):
			raise Fatal('--out %s: not empty' % o.out)
	o.parent = os.path.dirname(o.out) or '.'
	if not os.path.isdir(o.parent):
		raise Fatal('--out %s: no directory %s' % (o.out, o.parent))
	return o, [in_tree(o.kdir, p) for p in args or ['.']]


def in_tree(kdir, path):
	"""path (relative to kdir, or absolute inside it) from kdir."""
	if path == kdir:
		rel = '.'
	elif path.startswith(kdir + '/'):
		rel = path[len(kdir) + 1:]
	elif path.startswith('/'):
		raise Fatal('%s: not in %s' % (path, kdir))
	else:
		rel = path
	if '..' in rel.split('/'):
		raise Fatal('%s: not in %s' % (path, kdir))
	full = os.path.join(kdir, rel)
	if not os.path.exists(full):
		raise Fatal('%s: no such file or directory in %s' % (path, kdir))
	if rel.endswith(('.c', '.h')):
		if not os.path.isfile(full):
			raise Fatal('%s: not a regular file' % path)
	elif not os.path.isdir(full):
		raise Fatal('%s: not a directory, nor a .c or .h file' % path)
	return rel


def fixes_of(kdir, path, diff, work):
	"""The fixes of the verified diff of one file, grouped with their
	compat twins (processcompl() and processcompl_compat(): one patch,
	as a maintainer wants them): [(twin, [(fix, function, first
	changed line, first line, last line)])] in the file's order; and
	the file's lines with a set of its fixes applied, as a function."""
	full = os.path.join(kdir, path)
	new = os.path.join(work, 'new')
	subprocess.run(['patch', '-s', '-p1', '-o', new, full],
		       input=os.fsencode(diff), cwd=work, stdout=subprocess.DEVNULL, check=True)
	u0 = subprocess.run(['diff', '-U0', full, new], stdout=subprocess.PIPE).stdout
	lines = layout.lines_of(full)
	hunks = layout.hunks_of(u0.decode(errors='surrogateescape').split('\n'))
	fns = layout.functions(lines)
	groups = {}
	for n, fn, changed, first, last in layout.fixes(hunks, fns):
		twin = re.sub(r'_compat$', '', re.sub(r'^compat_', '', fn)).replace('_compat_', '_', 1)
		groups.setdefault(twin, []).append((n, fn, changed, first, last))
	return list(groups.items()), lambda wanted: layout.apply_fixes(lines, hunks, fns, wanted)[0]


class Candidate:
	"""One patch: a function (and its compat twin) of a file, its diff
	against the tree, the findings it rewrites."""

	def __init__(self, path, diff, found):
		self.path = path
		self.diff = diff
		self.findings = found
		self.functions = list(dict.fromkeys(f.function for f in found))
		# The accessors and the helpers with twins (model/twins) it
		# replaces, once a call.
		self.calls = [c for f in found for c in f.saves['calls']]
		self.helpers = [c for c in self.calls if c in TWINS]

	def saves(self):
		"""The begin/end pairs it saves a call, as a sort key: a loop's
		per element counted as 1000."""
		return sum(f.saves['pairs'] * (1000 if f.saves['per'] == 'element' else 1)
			   for f in self.findings if f.saves)

	def kind(self):
		modes = set(TWINS[c][1] if c in TWINS else ACCESSES[c] for c in self.calls)
		return {'read': 'reads', 'write': 'writes'}.get(modes.pop(), '') if len(modes) == 1 \
		       else 'reads and writes' if modes else ''

	def region(self):
		"""What opens the region of its first rewrite."""
		return self.findings[0].rewrite['opens']


# What one user-access begin/end pair is on the architecture a file
# builds for (arch/NAME/), or on x86 for a file every architecture builds.
SWITCHES = {'arm64': 'a PAN toggle on arm64', 'powerpc': 'a KUAP unlock and lock on powerpc',
	    'riscv': 'a set and a clear of SUM in sstatus on riscv'}


def switch_of(path):
	m = re.match(r'arch/([^/]+)/', path)
	return SWITCHES.get(m.group(1) if m else '', 'STAC/CLAC on x86 with SMAP')


def and_list(words):
	"""'a', 'a and b', 'a, b and c' ('' of none)."""
	return ', '.join(words[:-1]) + (' and ' if len(words) > 1 else '') + ''.join(words[-1:])


# What a build shows, by architecture (switches.KINDS): the counts
# before and after in the function, then in its loops.
SHOWN = {
	'x86': ('%s has %d calls to the out-of-line accessors (__put_user_N(), '
		'__get_user_N(), each with a STAC and a CLAC of its own) and %d STAC and %d CLAC '
		'instructions of its own (the user-access begin and end of x86 with SMAP, patched '
		'in by alternatives) before this change, and %d, %d and %d after it',
		'%d calls, %d STAC and %d CLAC before; %d, %d and %d after'),
	'riscv': ('%s sets SUM in sstatus %d times and clears it %d times (csrs and csrc, the '
		  'user-access begin and end of riscv, a pair around each __put_user() and '
		  '__get_user() there) before this change, and %d and %d times after it',
		  '%d sets and %d clears before; %d and %d after'),
	'powerpc': ('%s writes the AMR %d times (mtamr, a KUAP unlock or lock, one of each '
		    'around every user access there) before this change, and %d times after it',
		    '%d before; %d after'),
}


def evidence(c, v, shared):
	"""What the build of verdict v of candidate c shows, a paragraph
	(shared: other candidates change the same file, built with it)."""
	what = '%s()' % v.symbol if v.symbol else '%s (%s() is inlined)' % (v.object, v.function)
	whole, loops = SHOWN[v.arch]
	out = 'As built in %s, %s%s.' % (v.where, whole % ((what,) + v.before + v.after),
					 ', with the other patches of this series to %s' % c.path
					 if shared else '')
	if any(v.loop_before + v.loop_after):
		out += '  In its loops, run on every iteration: %s.' % (loops % (v.loop_before +
									     v.loop_after))
	return out


def body_of(c, v=None, shared=False):
	"""The paragraphs of candidate c's message, with what the build of
	its verdict v shows."""
	accessors = ' and '.join('%s()' % a for a in sorted(set(c.calls) - set(c.helpers)))
	region = c.region()
	# put_user() and get_user() check the address too; __put_user() and
	# __get_user() do not.
	if any(a.startswith('_') for a in c.calls):
		each = 'each of which opens and closes user access on its own'
		every = 'opens and closes user access for every element'
	else:
		each = 'each of which checks the address and opens and closes user access on its own'
		every = 'checks the address and opens and closes user access for every element'
	out = []
	runs = [f for f in c.findings if f.id not in LOOPS]
	n = sum(f.saves['pairs'] + 1 for f in runs if f.saves)
	if n:
		funcs = ' and '.join('%s()' % fn for fn in dict.fromkeys(f.function for f in runs))
		makes = 'make' if len(set(f.function for f in runs)) > 1 else 'makes'
		ptrs = ' and '.join(sorted(set(f.saves['through'] for f in runs if f.saves)))
		r = len(runs)
		if r == 1:
			them = 'Make them in one region, opened with %s(): one user-access begin/end pair' % region
		else:
			them = 'Make them in %d regions, opened with %s(): %d user-access begin/end pairs' % (
				r, region, r)
		# A helper's own accesses are not counted: at least that many
		# fewer.
		h = len(c.helpers)
		helpers = ' and '.join('%s()' % x for x in dict.fromkeys(c.helpers))
		out.append('%s %s %d user %s through %s with %s%s, %s.  %s (%s) '
			   'instead of %d%s, %s%d fewer each time.' % (
				   funcs, makes, n - h, c.kind(), ptrs, accessors,
				   ' and %s %s' % ('calls' if makes == 'makes' else 'call', helpers)
				   if h else '', each, them,
				   switch_of(c.path), n - h, ' and those of %s' % helpers if h else '',
				   'at least ' if h else '', n - r))
	for f in c.findings:
		if f.id not in LOOPS:
			continue
		ptr = f.saves['through']
		verb = 'reads' if f.id == 'batch-get-loop' else 'writes'
		elements = f.rewrite['elements']
		k = f.saves['pairs'] if f.saves else 1
		out.append('%s() %s through %s in a loop with %s, which %s.  Open one region for the '
			   'whole loop, with %s(): one user-access begin/end pair (%s) instead of '
			   '%s per element, %s%s - 1 fewer for %s elements.' % (
				   f.function, verb, ptr, accessors, every, region, switch_of(c.path),
				   'one' if k == 1 else k, '' if k == 1 else '%d * ' % k, elements,
				   elements))
	if v is not None and v.object:
		out.append(evidence(c, v, shared))
	if any('get_user' in a for a in c.calls):
		out.append('On a fault, unsafe_get_user() leaves its destination as it was, where '
			   'get_user() zeroed it.')
	ids = ', '.join(sorted(set(f.id for f in c.findings)))
	out.append('Found and rewritten by uabatch (%s, a Coccinelle semantic patch).  On a fault '
		   'the code goes where it went before (its return, its error label, or on to '
		   'what follows), with the same error value.' % ids)
	return out


def cc_of(kdir, diff_path):
	"""The Cc: header of the patch in diff_path, or ''."""
	if not os.path.isfile(os.path.join(kdir, 'scripts/get_maintainer.pl')):
		return ''
	r = subprocess.run(['perl', 'scripts/get_maintainer.pl', '--no-git', '--no-git-fallback',
			    '--no-rolestats', diff_path], cwd=kdir, stdout=subprocess.PIPE,
			   stderr=subprocess.DEVNULL)
	who = [l for l in r.stdout.decode(errors='replace').splitlines() if l.strip()]
	return 'Cc: ' + ',\n    '.join(who) + '\n' if who else ''


def author():
	def git_config(key):
		r = subprocess.run(['git', 'config', key], stdout=subprocess.PIPE,
				   stderr=subprocess.DEVNULL)
		return r.stdout.decode(errors='replace').strip()
	name, mail = git_config('user.name'), git_config('user.email')
	if not name or not mail:
		return 'uabatch candidates <uabatch@invalid>'
	return '%s <%s>' % (name, mail)


def wrapped(paragraph):
	return textwrap.fill(paragraph, 72, break_long_words=False, break_on_hyphens=False)


def mail(kdir, c, n, total, v, shared, date, work):
	"""Candidate c as the n-th of total mails; v its verdict."""
	subject = '%s: batch user %s in %s' % (maintainers.prefix_of(kdir, c.path), c.kind(),
					       and_list(['%s()' % f for f in c.functions]))
	diff_path = os.path.join(work, 'candidate.diff')
	with open(diff_path, 'w', errors='surrogateescape') as f:
		f.write(c.diff)
	stat = subprocess.run(['git', 'apply', '--stat', diff_path], cwd=work, stdout=subprocess.PIPE,
			      stderr=subprocess.DEVNULL).stdout.decode(errors='surrogateescape')
	# verify runs objtool on x86 objects only, as objtool checks no others.
	check = ('built in %s before and after, silent under uabatch\'s sparse checker and GCC '
		 'plugin%s checkpatch.pl --strict' % (v.where, ', objtool and' if v.arch == 'x86'
						      else ' and'))
	text = ('From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n'
		'From: %s\nDate: %s\nSubject: [PATCH %0*d/%d] %s\n%s\n' % (
			author(), date, len(str(total)), n, total,
			subject, cc_of(kdir, diff_path)))
	text += '\n\n'.join(wrapped(p) for p in body_of(c, v, shared)) + '\n\n'
	text += ('---\nGenerated by uabatch candidates, not yet reviewed by a person.\n'
		 'Review it, then add your Signed-off-by (git am -s) before sending.\n'
		 '%s\n\n%s\ndiff --git a/%s b/%s\n%s-- \nuabatch\n\n' % (
			 wrapped('Build check: %s.' % check), stat, c.path, c.path, c.diff))
	name = re.sub(r'-+', '-', re.sub(r'[^A-Za-z0-9_.]', '-', '%04d-%s' % (n, subject)))
	return name[:57].rstrip('-.') + '.patch', subject, text


def candidates_of(kdir, verified, found, work):
	"""One candidate a function the verified patch changes (with its
	compat twin), each diff against the tree with the candidates before
	it applied, as git am applies them in order."""
	out = []
	for fd in split_diff(verified):
		path = fd[0]
		groups, applied = fixes_of(kdir, path, fd[1], work)
		for twin, group in groups:
			with open(os.path.join(work, 'after'), 'w', errors='surrogateescape') as f:
				f.writelines(l + '\n' for l in applied(set(g[0] for g in group)))
			d = subprocess.run(['diff', '-u', '-F', '^[[:alpha:]$_].*[^:]$', '--label', 'a/' + path,
					    '--label', 'b/' + path, os.path.join(kdir, path),
					    os.path.join(work, 'after')], stdout=subprocess.PIPE)
			mine = [f for f in found if f.path == path and
				any(g[3] <= f.line <= g[4] for g in group)]
			c = Candidate(path, d.stdout.decode(errors='surrogateescape'), mine)
			c.first = min(g[3] for g in group)
			out.append(c)
	return out


def split_diff(text):
	"""[(path, its diff)] of a diff of files 'a/PATH' to 'b/PATH'."""
	out = []
	for chunk in re.split(r'(?m)^(?=--- a/)', text):
		m = re.match(r'--- a/(.*)\n', chunk)
		if m:
			out.append((m.group(1).split('\t')[0], chunk))
	return out


class Verdict:
	"""What verify says of a fix: verified in a build directory, or
	dropped and why; and for a verified one built for an architecture
	whose code switches user access, that architecture, its object, the
	function's symbol in it ('' where it is inlined), and before and
	after the counts of switches.KINDS in the function (else the
	object), then in the function's loops."""

	def __init__(self, line):
		w = line.split('\t')
		self.path, self.function, self.what, self.where = w[:4]
		self.arch, self.object, self.symbol = (w[4:7] + [None] * 3)[:3]
		counts = [tuple(int(n) for n in t.split()) for t in w[7:11]]
		self.before, self.after, self.loop_before, self.loop_after = counts or [()] * 4


def verdicts_of(path):
	"""The verdicts of verify's file of them; none where it did not
	run (nothing to verify)."""
	return [Verdict(l) for l in cocci.read_lines(path)]


def propose(o, paths, work, progress):
	"""Scan, patch --verify; the candidates, the verdicts, and what was
	not analysed."""
	opts = types.SimpleNamespace(notes=False, style='auto', jobs=str(len(os.sched_getaffinity(0))),
				     verify=True, builds=o.builds, scoped_api='',
				     verdicts=os.path.join(work, 'verdicts'))
	full = [os.path.join(o.kdir, p) for p in paths]
	verify.verify_root(opts, full)
	progress.say('scan and patch --verify: %s' % ' '.join(paths))
	# What scan could not analyse, patch says again.
	found = cocci.scan(opts, full, os.path.join(work, 'scan'), Quiet())
	for f in found:
		f.path = os.path.relpath(f.path, o.kdir)
	found = [f for f in found if f.fixable]
	incomplete = Quiet()
	verified = rewrite.patch('patch', opts, full, os.path.join(work, 'patch'), incomplete)
	progress.end()
	return candidates_of(o.kdir, verified, found, work), verdicts_of(opts.verdicts), incomplete


def write_series(o, cands, verdicts, staging, work):
	cands.sort(key=lambda c: (-c.saves(), c.path, c.first))
	summary = []
	date = time.strftime('%a, %d %b %Y %H:%M:%S %z')
	for n, c in enumerate(cands, 1):
		mine = [v for v in verdicts if v.path == c.path and v.what == 'verified']
		v = next((v for v in mine if v.function in c.functions), None) or \
			(mine or [Verdict(c.path + '\t\tverified\t')])[0]
		shared = sum(d.path == c.path for d in cands) > 1
		name, subject, text = mail(o.kdir, c, n, len(cands), v, shared, date, work)
		with open(os.path.join(staging, name), 'w', errors='surrogateescape') as f:
			f.write(text)
		summary.append('%s %s %s verified in %s' % (name, c.path, ','.join(c.functions), v.where))
	summary += ['dropped %s %s %s' % (v.path, v.function + '()' if v.function else '', v.where)
		    for v in verdicts if v.what == 'dropped']
	with open(os.path.join(staging, 'summary'), 'w', errors='surrogateescape') as f:
		f.write(''.join(l + '\n' for l in summary))


def main(args):
	o, paths = parse(args)
	if not shutil.which('spatch'):
		raise Fatal("spatch not found: run 'make deps'")
	work = tempfile.mkdtemp(prefix='uabatch-candidates.', dir=os.environ.get('TMPDIR', '/tmp'))
	# The series is written here, then renamed to DIR: all of it or
	# nothing.
	staging = os.path.join(o.parent, '.%s.uabatch.%d' % (os.path.basename(o.out), os.getpid()))
	progress = Progress(PROG)
	try:
		try:
			os.mkdir(staging)
		except OSError:
			raise Fatal('--out %s: cannot write in %s' % (o.out, o.parent))
		cands, verdicts, incomplete = propose(o, paths, work, progress)
		write_series(o, cands, verdicts, staging, work)
		if os.path.isdir(o.out):
			for name in os.listdir(staging):
				os.rename(os.path.join(staging, name), os.path.join(o.out, name))
		else:
			os.rename(staging, o.out)
		with open(os.path.join(o.out, 'summary'), errors='surrogateescape') as f:
			sys.stdout.write(f.read())
		for line in incomplete.lines:
			sys.stderr.write(line + '\n')
		if incomplete.count:
			return 3
		return 1 if cands else 0
	finally:
		progress.end()
		shutil.rmtree(work, ignore_errors=True)
		shutil.rmtree(staging, ignore_errors=True)

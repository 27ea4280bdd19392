# SPDX-License-Identifier: GPL-2.0
"""lint: the findings a patch brings, on the lines it adds or changes,
at the patched file's lines, with the patch's paths.

The two sides of each file the patch touches come from where the change
is: the working tree, with the change applied (in place, the way
'git diff | checkpatch.pl -' is used: the old side is the patch
reversed), else the tree it applies to (the current directory, or a
clean tree named by --kdir); or from git: the commits of -g REV|RANGE,
one report each, or the commit a 'git format-patch' patch names, as b4
sends the patches of a branch.  The semantic patch and, where the tree
is configured and the checkers are built, both checkers run on the new
side.  The tree is only read.

A region defect, or a .c file that builds as it is and not patched,
makes the exit status 1; batching advice is not a failure unless
--strict; a touched function or file that could not be analysed (not
parsed, not built), exit 3.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

import check
import kbuild
import findings
import layout
import options
import patchfile
import tree
from cocci import Failed, scan
from errors import Fatal, Incomplete, Usage

PROG = 'uabatch lint'
TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
USAGE = ('usage: uabatch lint [--kdir KDIR] [--build DIR] [--strict]\n'
	 '                   [--format text|json|jsonl|sarif|checkpatch] [-g REV|RANGE] [PATCH|-]\n')
# What checkpatch.pl --terse says of a line, by how grave it is: b4
# counts a line with 'ERROR:' a failure, any other a warning.
CHECKPATCH_LEVEL = {'defect': 'ERROR', 'warning': 'WARNING', 'note': 'CHECK'}


def note(o, text):
	"""A note on standard error; with --format checkpatch on standard
	output, as a line b4 shows but does not count a failure."""
	line = '%s: note: %s\n' % (PROG, text)
	(sys.stdout if o.format == 'checkpatch' else sys.stderr).write(line)


class Sides:
	"""The work directory of one lint: old/ and new/ hold the two sides
	of the touched files, and new/ the rest of their directories as
	links into the tree, so that a .c file built from there finds its
	local headers."""

	def __init__(self, work, kdir):
		self.work = work
		self.kdir = kdir
		self.old = os.path.join(work, 'old')
		self.new = os.path.join(work, 'new')
		for d in (self.old, self.new):
			shutil.rmtree(d, ignore_errors=True)
			os.makedirs(d)

	def link_dir(self, d):
		"""Link the files of the tree's directory d that new/d lacks."""
		src = os.path.join(self.kdir, d)
		if not os.path.isdir(src):
			return
		os.makedirs(os.path.join(self.new, d), exist_ok=True)
		for e in sorted(os.listdir(src)):
			s, t = os.path.join(src, e), os.path.join(self.new, d, e)
			if os.path.isfile(s) and not os.path.lexists(t):
				os.symlink(s, t)

	def changed_lines(self, touched):
		"""{path: set of new-side lines} of the lines each file gained."""
		lines = {}
		for f in touched:
			new = os.path.join(self.new, f)
			if not os.path.isfile(new):
				continue
			old = os.path.join(self.old, f)
			if not os.path.isfile(old):
				old = os.devnull
			u0 = subprocess.run(['diff', '-U0', old, new], stdout=subprocess.PIPE).stdout
			for m in re.finditer(rb'^@@ -\S+ \+(\d+)(?:,(\d+))? @@', u0, re.M):
				first, count = int(m.group(1)), int(m.group(2) or 1)
				lines.setdefault(f, set()).update(range(first, first + count))
		return lines


def changed_functions(path, lines):
	"""The functions of file path (layout.py) that have a line in
	lines."""
	return sorted(set(f.name for f in layout.functions(layout.lines_of(path))
			  if f.name and any(f.first <= n <= f.close for n in lines)))


def include_pattern(h):
	"""How a .c file includes header h: by its path under include/ (the
	host's copy points at the patched one), or by its name next to it."""
	for pre in ('include/uapi/', 'include/', None):
		if pre and h.startswith(pre):
			return h[len(pre):], True
	m = re.match(r'arch/[^/]*/include/(?:uapi/)?(.*)$', h)
	if m:
		return m.group(1), True
	return os.path.basename(h), False


def host_for(sides, h, functions, touched, arch):
	"""A .c file that includes header h and calls one of functions, from
	the patch or else from the tree (those the configured build compiled
	first, none of another architecture's): the path of a copy of it
	under new/ whose include points at the patched header, or None."""
	inc, system = include_pattern(h)
	esc = re.escape(inc)
	include = re.compile((r'^#\s*include\s*<%s>' if system else r'^#\s*include\s*"%s"') % esc, re.M)
	calls = re.compile(r'(^|[^A-Za-z0-9_])(%s)\s*\(' % '|'.join(map(re.escape, functions)), re.M)
	where = sides.kdir if system else os.path.join(sides.kdir, os.path.dirname(h))
	candidates = [(0, os.path.join(sides.new, c)) for c in touched if c.endswith('.c')]
	for d, _, files in os.walk(where):
		for name in files:
			c = os.path.join(d, name)
			rel = os.path.relpath(c, sides.kdir)
			if not name.endswith('.c') or (rel.startswith('arch/') and
							not rel.startswith('arch/%s/' % arch)):
				continue
			candidates.append((1 if os.path.isfile(c[:-2] + '.o') else 2, c))
	for _, c in sorted(candidates):
		try:
			with open(c, errors='surrogateescape') as fd:
				text = fd.read()
		except OSError:
			continue
		if not include.search(text) or not calls.search(text):
			continue
		rel = os.path.relpath(c, sides.new if c.startswith(sides.new + '/') else sides.kdir)
		sides.link_dir(os.path.dirname(rel))
		host = os.path.join(sides.new, os.path.dirname(rel), 'uabatch-host-' + os.path.basename(rel))
		if system:
			text = include.sub('#include "%s"' % os.path.join(sides.new, h), text)
		with open(host, 'w', errors='surrogateescape') as out:
			out.write(text)
		return host
	return None


def stand_ins(kdir, new):
	"""Declarations of the primitives the model has as proposed (SINCE
	'none'), which no tree has: a patch that uses one comes after the
	patch that adds it (epoll v1 was 2/2).  Where neither the tree nor
	the patch defines one, a function of that name, which the GCC plugin
	knows by its name, under a macro of that name (not expanded in its
	own body), which the sparse checker reads the pointer from."""
	out = []
	with open(os.path.join(TOP, 'model', 'uaccess.api')) as f:
		proposed = [w[1] for w in (l.split() for l in f) if len(w) > 3 and w[0] == 'open' and w[3] == 'none']
	for p in proposed:
		defined = re.compile(r'^#\s*define\s+%s\b|^[A-Za-z_].*[\s*]%s\s*\(' % (p, p), re.M)
		if not any(defines(os.path.join(d, n), defined)
			   for top in (os.path.join(kdir, 'include'), os.path.join(kdir, 'arch'), new)
			   for d, _, files in os.walk(top) for n in files if n.endswith('.h')):
			out.append('void %s(const void __user *ptr, unsigned long size);\n' % p)
			out.append('#define %s(ptr, size) %s(ptr, size)\n' % (p, p))
	return ''.join(out)


def defines(path, definition):
	with open(path, errors='surrogateescape') as f:
		return definition.search(f.read()) is not None


class Options:
	def __init__(self):
		self.kdir = ''
		self.build = ''
		self.strict = False
		self.format = 'text'
		self.rev = ''
		self.patch = '-'
		# What scan takes: the notes too, the tree's own style.
		self.notes, self.style = True, 'auto'
		self.jobs = str(len(os.sched_getaffinity(0)))


def parse(args):
	o = Options()
	args = options.parse(args, o, {'--kdir': 'kdir', '--build': 'build', '--format': 'format',
				       '-g': 'rev'}, {'--strict': 'strict'})
	if len(args) > 1 or (o.rev and args):
		raise Usage()
	o.patch = args[0] if args else '-'
	if o.format not in findings.FORMATS:
		raise Fatal('--format %s: not one of %s' % (o.format, ', '.join(findings.FORMATS)))
	if o.patch != '-' and not os.path.isfile(o.patch):
		raise Fatal('%s: no such file' % o.patch)
	if not o.rev and o.patch == '-' and sys.stdin.isatty():
		raise Usage()
	return o


class LintIncomplete(Incomplete):
	"""What scan could not analyse, said with the patch's paths."""

	def __init__(self, new):
		Incomplete.__init__(self)
		self.new = new + '/'

	def note(self, line):
		Incomplete.note(line.replace(self.new, ''))


class Lint:
	"""One lint: the tree, the checkers, what is failing."""

	def __init__(self, o, work):
		self.o = o
		self.work = work
		self.kdir = os.path.abspath(o.kdir or '.')
		if not tree.is_kernel_tree(self.kdir):
			if not o.kdir:
				raise Fatal('%s: not a kernel tree (--kdir KDIR names one)' % os.getcwd())
			raise Fatal('--kdir %s: not a kernel tree' % o.kdir)
		self.broken = False
		self.incomplete = 0
		self.engines, self.checker, self.arch = self.checkers()
		self.reports = 0
		self.stand_ins_of = {}	# the stand-ins of each patched side

	def checkers(self):
		"""The engines that can run, the checker that runs them, and the
		architecture: the build directory's, else the one 'make
		prepare' wrote the tree's generated headers in."""
		o = self.o
		if o.build:
			checker = check.Checker(self.work, build=o.build)
			arch = kbuild.arch_of(o.build)
		else:
			configured = (os.path.isfile(os.path.join(self.kdir, '.config')) and
				      os.path.isfile(os.path.join(self.kdir, 'include/generated/autoconf.h')))
			if not configured:
				note(o, '%s is not configured: semantic patches only (make defconfig prepare, '
				     'or --build DIR)' % self.kdir)
				return [], None, ''
			checker = check.Checker(self.work, kdir=self.kdir)
			gen = [a for a in sorted(os.listdir(os.path.join(self.kdir, 'arch')))
			       if os.path.isdir(os.path.join(self.kdir, 'arch', a, 'include/generated'))]
			arch = gen[-1] if gen else ''
		engines = []
		for e, what in (('sparse', 'the sparse checker'), ('gcc', 'the GCC plugin')):
			if os.path.isfile(checker.tool(e)):
				engines.append(e)
			else:
				note(o, '%s is not built (make): not run' % what)
		return engines, checker, arch

	def sides(self, text, name, sha):
		"""The two sides of what diffs of text touch, in a Sides."""
		diffs = patchfile.split(text)
		if not diffs:
			raise Fatal('%s: no diff in it' % name)
		for d in diffs:
			for f in (d.old, d.new):
				if patchfile.outside(f):
					raise Fatal('%s: %s: a path outside the tree' % (name, f))
		self.reports += 1
		sides = Sides(os.path.join(self.work, 'sides'), self.kdir)
		if sha:
			patchfile.sides_from_commit(diffs, sha, self.kdir, sides.old, sides.new)
			return sides, diffs
		failed = None
		if not self.o.kdir:
			failed = patchfile.sides_from_tree(diffs, self.kdir, sides.old, sides.new, True)
			if not failed:
				return sides, diffs
			sides = Sides(sides.work, self.kdir)
		why = patchfile.sides_from_tree(diffs, self.kdir, sides.old, sides.new, False)
		if why:
			where = self.kdir + ('' if self.o.kdir else ', nor is it applied there')
			said = [l for l in why[1] if not l.startswith('patching file ')]
			raise Fatal('%s: does not apply to %s: %s: %s' % (name, where, why[0],
									  '; '.join(said) or 'patch failed'))
		return sides, diffs

	def findings(self, sides, diffs):
		"""The findings on the lines the diffs add or change, each said
		once, by place."""
		touched = patchfile.names(diffs, 'new')
		for f in touched:
			sides.link_dir(os.path.dirname(f))
		lines = sides.changed_lines(touched)
		sources = [f for f in sorted(lines, key=os.fsencode) if f.endswith(('.c', '.h'))]
		found = []
		if sources:
			# Advice on the lines the patch touches, cold paths too.
			incomplete = LintIncomplete(sides.new)
			found += scan(self.o, [os.path.join(sides.new, f) for f in sources],
				      os.path.join(self.work, 'scan'), incomplete)
			self.incomplete += incomplete.count
		for f in sources:
			found += self.checked(sides, f, lines[f], touched)
		prefix = sides.new + '/'
		kept = {}
		for f in found:
			if f.path.startswith(prefix):
				f.path = f.path[len(prefix):]
			if f.line not in lines.get(f.path, ()):
				continue
			# The two checkers find the same defects, in words and
			# columns of their own: the first's are kept, the
			# engines joined.
			k = f.key()
			if k not in kept:
				kept[k] = f
			elif f.engine not in kept[k].engine.split(','):
				kept[k].engine += ',' + f.engine
		return sorted(kept.values(), key=lambda f: (os.fsencode(f.path), f.line, f.column,
							     f.severity, f.message))

	def stand_ins(self, new):
		"""stand_ins() of the tree and the patched side new, worked out
		once: it reads every header of the tree."""
		if new not in self.stand_ins_of:
			self.stand_ins_of[new] = stand_ins(self.kdir, new)
		return self.stand_ins_of[new]

	def checked(self, sides, f, lines, touched):
		"""Both checkers' findings in file f of the patch: a .c file
		built as it is, a header inside a host that calls a function
		whose body the patch changed."""
		if not self.engines:
			return []
		c = os.path.join(sides.new, f)
		if f.endswith('.h'):
			functions = changed_functions(c, lines)
			if not functions:
				note(self.o, '%s: no function body changed: semantic patches only' % f)
				return []
			c = host_for(sides, f, functions, touched, self.arch)
			if not c:
				note(self.o, '%s: no .c file includes it and calls %s: semantic patches only'
				     % (f, ','.join(functions)))
				return []
		# A file that declares the stand-ins and includes the patched
		# .c (or the host of a header) by its path, so that findings
		# come out with that path and its local includes resolve next
		# to it.
		wrap = os.path.join(self.work, 'wrap', f)
		os.makedirs(wrap, exist_ok=True)
		wrapper = os.path.join(wrap, re.sub(r'[^A-Za-z0-9_]', '_', os.path.basename(f)) + '.c')
		with open(wrapper, 'w', errors='surrogateescape') as w:
			w.write(self.stand_ins(sides.new) + '#include "%s"\n' % c)
		found = []
		for e in self.engines:
			try:
				found += self.checker.findings(wrapper, e)
			except check.BuildFailed as b:
				self.build_failed(sides, f, e, b)
				return []
		return found

	def build_failed(self, sides, f, engine, failure):
		"""A .c file that builds as it is, and not patched: the patch
		breaks it.  Otherwise it is not checked."""
		errors = [l for l in failure.log if 'error' in l] or failure.log[-1:]
		why = errors[0].replace(sides.new + '/', '') if errors else 'make failed'
		orig = os.path.join(self.work, 'wrap', 'orig.c')
		with open(orig, 'w', errors='surrogateescape') as w:
			w.write('#include "%s"\n' % os.path.join(self.kdir, f))
		builds = False
		if f.endswith('.c'):
			try:
				self.checker.findings(orig, engine)
				builds = True
			except check.BuildFailed:
				pass
		if builds:
			sys.stderr.write('%s: %s: the patch breaks its build: %s\n' % (PROG, f, why))
			self.broken = True
		else:
			note(self.o, '%s: not checked, does not build in %s (%s): %s'
			     % (f, self.o.build or self.kdir, engine, why))
			self.incomplete += 1

	def failing(self, found):
		"""A region defect, or with --strict any finding."""
		return [f for f in found if self.o.strict or f.is_defect()]


def reports(o, kdir):
	"""(title, patch text, commit) of each report: one per commit of -g,
	else the one patch, with the commit it names where the tree has it."""
	if o.rev:
		out = []
		for sha in patchfile.commits(o.rev, kdir):
			diff, subject = patchfile.commit_patch(sha, kdir)
			out.append(('Commit %s ("%s")' % (sha[:12], subject), diff, sha))
		return out
	if o.patch == '-':
		text = sys.stdin.buffer.read()
	else:
		with open(o.patch, 'rb') as f:
			text = f.read()
	text = os.fsdecode(text)
	sha = None if o.kdir else patchfile.commit_of(text, kdir)
	return [(None, text, sha)]


def run(o, work):
	lint = Lint(o, work)
	name = '<stdin>' if o.patch == '-' else o.patch
	every = []
	failing = False
	for title, text, sha in reports(o, lint.kdir):
		sides, diffs = lint.sides(text, title or name, sha)
		found = lint.findings(sides, diffs)
		failing = failing or bool(lint.failing(found))
		if o.format in ('text', 'checkpatch'):
			if title:
				sys.stdout.write(title + '\n')
			sys.stdout.write(findings.render(found, o.format, o.strict))
		every += found
	if o.format in ('json', 'jsonl', 'sarif'):
		sys.stdout.write(findings.render(every, o.format, o.strict))
	if failing or lint.broken:
		return 1
	return 3 if lint.incomplete else 0


def main(args):
	sys.stdout.reconfigure(errors='surrogateescape')
	try:
		o = parse(args)
		if o.build:
			o.build = kbuild.build_dir(o.build)
		work = tempfile.mkdtemp(prefix='uabatch-lint.', dir=os.environ.get('TMPDIR', '/tmp'))
		try:
			return run(o, work)
		finally:
			shutil.rmtree(work, ignore_errors=True)
	except Usage as e:
		if str(e):
			sys.stderr.write('%s: %s\n' % (PROG, e))
		sys.stderr.write(USAGE)
		return 2
	except (Fatal, Failed) as e:
		sys.stderr.write('%s: %s\n' % (PROG, e))
		return 2

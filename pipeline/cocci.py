# SPDX-License-Identifier: GPL-2.0
"""The semantic patch run on what the user gives: excerpts of the files
that mention a user access, spatch on them, the functions it could not
parse run again on their whole files, and what it says with the paths
as given.

Coccinelle parses only excerpts (scripts/functions.awk): the functions
that mention an access keep their lines, the others are blank, so that
line and column numbers hold for the file.  An excerpt lives at
WORK/excerpt/<the file's absolute path, encoded>: spatch runs commands of
its own on the paths it is given, unquoted, so every byte but letters,
digits and ._/+- is written %HH there, and read back here."""

import os
import re
import shutil
import subprocess

import fields
import tree

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODEL = os.path.join(TOP, 'model')
PLACEHOLDER = 'uabatch_placeholder();'
LOOP_BLOCK = 'uabatch_scoped_block'
SAFE_BYTES = re.compile(rb'[^A-Za-z0-9._/+-]')


def encoded(path):
	"""path with every byte but letters, digits and ._/+- written %HH."""
	raw = os.fsencode(path)
	return os.fsdecode(SAFE_BYTES.sub(lambda m: b'%%%02X' % m.group()[0], raw))


def decoded(path):
	return os.fsdecode(re.sub(rb'%([0-9A-F]{2})', lambda m: bytes([int(m.group(1), 16)]),
				  os.fsencode(path)))


def model_names(kinds, direction=None):
	"""The names of model/uaccess.api of the given kinds (and direction)."""
	names = []
	with open(os.path.join(MODEL, 'uaccess.api')) as f:
		for line in f:
			w = line.split()
			if w and w[0] in kinds and (direction is None or w[2:3] == [direction]):
				names.append(w[1])
	return '|'.join(names)


def analysed_calls(accesses, regions, notes):
	"""What a function the rule analyses calls, as an extended regex
	(functions.awk takes it) and as the bytes regex that finds the
	files: an access of the model, a begin (modernize); with the notes,
	also a copy whose kernel-side argument is '&name' (a struct copy,
	batch-copy-fields)."""
	kinds = (['access'] if accesses else []) + (['begin'] if regions else [])
	ere = '(^|[^A-Za-z0-9_])(%s)[[:space:]]*[(]' % model_names(kinds)
	if notes:
		ere += ('|(^|[^A-Za-z0-9_])(%s)[[:space:]]*[(][[:space:]]*&'
			% model_names(['copy'], 'read'))
		ere += ('|(^|[^A-Za-z0-9_])(%s)[[:space:]]*[(][^,;]*,[[:space:]]*&'
			% model_names(['copy'], 'write'))
	# grep matches a line at a time: nothing matches across one here.
	line_re = (ere.replace('[[:space:]]', '[ \t\r\f\v]').replace('[^A-Za-z0-9_]', '[^A-Za-z0-9_\n]')
		   .replace('[^,;]', '[^,;\n]'))
	return ere, re.compile(line_re.encode(), re.M)


class Run:
	"""The runs of the semantic patch for one subcommand, in the work
	directory work: spatch's options, what was not analysed."""

	def __init__(self, work, jobs, defines, incomplete):
		self.work = work
		self.jobs = jobs
		self.defines = defines
		self.incomplete = incomplete
		self.accesses, self.regions, self.notes = True, False, False

	def path(self, *parts):
		return os.path.join(self.work, *parts)

	def spatch(self, mode, args, out, err):
		os.makedirs(self.path('spatch', 'tmp'), exist_ok=True)
		cmd = ['spatch', '--very-quiet', '--no-includes', '--include-headers',
		       '--timeout', os.environ.get('UABATCH_TIMEOUT', '120'), '--jobs', str(self.jobs),
		       '--tmp-dir', self.path('spatch', 'jobs'), '--temp-files', self.path('spatch', 'tmp') + '/',
		       '--macro-file', os.path.join(TOP, 'cocci', 'macros.h'),
		       '--sp-file', os.path.join(TOP, 'cocci', 'batch.cocci')]
		cmd += (self.defines + ' ' + mode).split() + args
		with open(out, 'w') as o, open(err, 'w') as e:
			return subprocess.run(cmd, cwd=self.path('spatch'), stdout=o, stderr=e,
					      env=self.env).returncode == 0

	def make_excerpts(self, given):
		"""The excerpts of the .c/.h files under given that mention a
		call the rule analyses."""
		shutil.rmtree(self.path('excerpt'), ignore_errors=True)
		shutil.rmtree(self.path('left-out'), ignore_errors=True)
		os.makedirs(self.path('excerpt'))
		open(self.path('unparsed'), 'w').close()
		self.given = given
		abs_path = os.path.abspath(given)
		self.excerpt = self.path('excerpt') + encoded(abs_path)
		self.env = dict(os.environ, UABATCH_WHOLE=self.path('unparsed'))
		root = tree.tree_root(given)
		for k in ('UABATCH_TREE', 'UABATCH_SOURCE', 'UABATCH_REGIONLESS', 'UABATCH_LEFT_OUT'):
			self.env.pop(k, None)
		if root:
			self.env.update(UABATCH_TREE=self.path('excerpt') + encoded(root), UABATCH_SOURCE=root,
					UABATCH_REGIONLESS=self.path('regionless'),
					UABATCH_LEFT_OUT=self.path('left-out'))
		ere, pattern = analysed_calls(self.accesses, self.regions, self.notes)
		found, unread = tree.sources_mentioning(abs_path, pattern)
		for f, why in unread:
			if f.startswith(abs_path):
				f = given + f[len(abs_path):]
			self.incomplete.say('%s: not analysed: %s' % (f, why))
		self.files = [(f, encoded(f)) for f in found]
		for f, x in self.files:
			os.makedirs(os.path.dirname(self.path('excerpt') + x), exist_ok=True)
			with open(self.path('excerpt') + x, 'w') as out:
				subprocess.run(['awk', '-v', 'calls=' + ere, '-f',
						os.path.join(TOP, 'scripts', 'functions.awk'), '--', f],
					       stdout=out, check=True)
		return bool(self.files)

	def on_excerpt(self, mode, args, out, err):
		"""Run the rule on the excerpt of the path given."""
		where = ['--dir', self.excerpt] if os.path.isdir(self.excerpt) else [self.excerpt]
		if not self.spatch(mode, args + where, out, err) and not gave_up_on_some(err):
			with open(err, errors='surrogateescape') as e:
				raise Failed(e.read(), '%s: spatch failed' % self.given)

	def parse_whole(self, mode, args, copies=()):
		"""Coccinelle guesses types and macros from the rest of a file: in
		an excerpt it may not parse a function that it parses in the
		whole file.  Each excerpt where the rule could not parse a
		function (it lists them in the file UABATCH_WHOLE names) is made
		its whole file again (in the excerpt tree and in the directories
		copies), and the rule run again on these alone.  False when
		there was none, or that run failed (what the first said stands)."""
		with open(self.path('unparsed')) as f:
			whole = sorted(set(f.read().splitlines()), key=os.fsencode)
		if not whole:
			return False
		self.whole = set(whole)
		for f, x in self.files:
			if self.path('excerpt') + x in self.whole:
				for d in [self.path('excerpt')] + list(copies):
					shutil.copyfile(f, d + x)
		# One file a group: each is analysed on its own, as with --dir.
		with open(self.path('whole.groups'), 'w') as g:
			g.write(''.join(w + '\n\n' for w in whole))
		return (self.spatch(mode, args + ['--file-groups', self.path('whole.groups')],
				    self.path('whole.out'), self.path('whole.err')) or
			gave_up_on_some(self.path('whole.err')))

	def merge_whole(self, first, second):
		"""The lines of file first that are not of an excerpt made whole,
		then those of file second, grouped by excerpt in the order the
		rule sorts them (the lines of one file stay in their order)."""
		top = self.path('excerpt')

		def of_whole(line):
			return any(line.startswith(w) and line[len(w):len(w) + 1] in (':', '\t')
				   for w in self.whole)

		def key(line):
			rest = line[len(top):]
			if line.startswith(top):
				m = re.search('[:\t]', rest)
				if m:
					rest = rest[:m.start()] + ':'
			k = rest[:rest.index(':') + 1] if ':' in rest else ''
			return os.fsencode(k.split('\t')[0])

		lines = [l for l in read_lines(first) if not of_whole(l)] + read_lines(second)
		lines.sort(key=key)
		write_lines(first, lines)

	def as_given(self, lines):
		"""lines with the excerpt's path at their head made the path as
		given: its rest, up to the ':' that ends it (or the tab, in a
		field line, where it is escaped), decoded."""
		# "dir/" as given: "dir/file.c", not "dir//file.c".
		to = self.given.rstrip('/') if len(self.given) > 1 else self.given
		out = []
		for line in lines:
			if line.startswith(self.excerpt):
				rest = line[len(self.excerpt):]
				m = re.search('[:\t]', rest)
				end = m.start() if m else len(rest)
				path = to + decoded(rest[:end])
				if rest[end:end + 1] == '\t':
					path = fields.escape(path)
				line = path + rest[end:]
			out.append(line)
		return out

	def problems(self, err):
		"""What spatch could not analyse, from its standard error: the
		files it gave up on (time out, error), the functions not parsed,
		an error of the rule's Python."""
		said = []
		text = read_lines(err)
		for line in text:
			m = (re.match(r'EXN: Coccinelle_modules\.Common\.Timeout in (.*)$', line) or
			     re.match(r'timeout \(we abort\): (.*)$', line))
			if m:
				said.append('%s: not analysed: Coccinelle timed out' % m.group(1))
				continue
			m = re.match(r'EXN: (.*) in (.*)$', line)
			if m:
				said.append('%s: not analysed: Coccinelle failed: %s' % (m.group(2), m.group(1)))
		said += [f.text() for f in fields.findings_of(text, 'not-parsed')]
		if any('Error in Python script' in l or l.startswith('Traceback') for l in text):
			first = next(l for l in text if 'Error' in l or 'error' in l)
			said.append('%s: not analysed: the analysis in cocci/ failed: %s' % (self.given, first))
		for line in self.as_given(said):
			self.incomplete.say(line)

	def left_out(self):
		"""A file given that only architectures without regions build:
		said (no finding is no verdict on it)."""
		if os.path.isfile(self.given) and os.path.exists(self.path('left-out')):
			for line in self.as_given(read_lines(self.path('left-out'))):
				self.incomplete.note('uabatch: ' + line)


class Failed(Exception):
	"""spatch failed with nothing known of a path: what it said, and
	the reason to give."""

	def __init__(self, output, why):
		Exception.__init__(self, why)
		self.output = output


def gave_up_on_some(err):
	"""Did spatch say of a file it could not analyse it (time out, an
	exception), going on with the others?"""
	return any(l.startswith(('timeout (we abort): ', 'EXN: ')) for l in read_lines(err))


def read_lines(path):
	try:
		with open(path, errors='surrogateescape') as f:
			return f.read().splitlines()
	except FileNotFoundError:
		return []


def write_lines(path, lines):
	with open(path, 'w', errors='surrogateescape') as f:
		f.write(''.join(l + '\n' for l in lines))


def scan(o, paths, work, incomplete):
	"""Run the rule in report mode on each path; its findings, as the
	field lines it writes, with the paths as given."""
	common = '-D fields' + (' -D notes' if o.notes else '')
	out = []
	for path in paths:
		run = Run(work, o.jobs, common, incomplete)
		# The notes of a tree with scoped blocks say which classic
		# regions could be one (scoped-region).
		if o.notes and tree.style_for(path, o.style) == 'scoped':
			run.defines += ' -D modernize'
			run.regions = True
		run.notes = o.notes
		if not run.make_excerpts(path):
			continue
		report, err = run.path('out'), run.path('spatch.err')
		run.on_excerpt('-D report', [], report, err)
		if run.parse_whole('-D report', []):
			run.merge_whole(report, run.path('whole.out'))
			run.merge_whole(err, run.path('whole.err'))
		found = run.as_given(read_lines(report))
		out += found
		run.problems(err)
		run.left_out()
		incomplete.count += len(fields.findings_of(found, 'not-parsed'))
	return out

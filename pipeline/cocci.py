# SPDX-License-Identifier: GPL-2.0
"""The semantic patch run on what the user gives: excerpts of the files
that mention a user access, spatch on them, the functions it could not
parse run again on their whole files, and what it finds (the model's
findings, model/findings.py) and says with the paths as given.

Coccinelle parses only excerpts (layout.excerpt()): the functions
that mention an access keep their lines, the others are blank, so that
line and column numbers hold for the file.  An excerpt lives at
WORK/excerpt/<the file's absolute path, encoded>: spatch runs commands of
its own on the paths it is given, unquoted, so every byte but letters,
digits and ._/+- is written %HH there, and read back here
(source.encoded(), source.original_of())."""

import os
import re
import shutil
import subprocess

import findings
import layout
import tree
from progress import Progress
from source import decoded, encoded

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODEL = os.path.join(TOP, 'model')


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
	"""What a function the rule analyses calls, as a regex of a line
	(layout.excerpt() takes it) and as the bytes regex that finds the
	files: an access of the model, a begin (modernize); with the notes,
	also a copy whose kernel-side argument is '&name' (a struct copy,
	batch-copy-fields)."""
	kinds = (['access'] if accesses else []) + (['begin'] if regions else [])
	line = '(^|[^A-Za-z0-9_])(%s)[ \t\r\f\v]*[(]' % model_names(kinds)
	if notes:
		line += ('|(^|[^A-Za-z0-9_])(%s)[ \t\r\f\v]*[(][ \t\r\f\v]*&'
			 % model_names(['copy'], 'read'))
		line += ('|(^|[^A-Za-z0-9_])(%s)[ \t\r\f\v]*[(][^,;]*,[ \t\r\f\v]*&'
			 % model_names(['copy'], 'write'))
	# In a whole file, nothing matches across a line.
	in_file = line.replace('[^A-Za-z0-9_]', '[^A-Za-z0-9_\n]').replace('[^,;]', '[^,;\n]')
	return re.compile(line), re.compile(in_file.encode(), re.M)


class Run:
	"""The runs of the semantic patch for one subcommand, in the work
	directory work: spatch's options, what was not analysed."""

	def __init__(self, work, jobs, defines, incomplete, prog):
		self.work = work
		self.progress = Progress(prog)
		self.jobs = jobs
		self.defines = defines
		self.incomplete = incomplete
		self.accesses, self.regions, self.notes = True, False, False
		self.timeout = os.environ.get('UABATCH_TIMEOUT', '120')
		self.whole = set()

	def path(self, *parts):
		return os.path.join(self.work, *parts)

	def spatch(self, mode, args, out, err, total, progress):
		"""Run the rule on total files, one a group (args say which):
		spatch then goes on past a file it gives up on, and the rule
		names in file progress each file it goes through to its end
		(finished_in() reads them).  While it runs, how many it has
		finished, on a terminal.  Did spatch succeed?"""
		os.makedirs(self.path('spatch', 'tmp'), exist_ok=True)
		cmd = ['spatch', '--very-quiet', '--no-includes', '--include-headers',
		       '--timeout', self.timeout, '--jobs', str(self.jobs),
		       '--tmp-dir', self.path('spatch', 'jobs'), '--temp-files', self.path('spatch', 'tmp') + '/',
		       '--macro-file', os.path.join(TOP, 'cocci', 'macros.h'),
		       '--sp-file', os.path.join(TOP, 'cocci', 'batch.cocci')]
		cmd += (self.defines + ' ' + mode).split() + args
		open(progress, 'w').close()
		env = dict(self.env, UABATCH_PROGRESS=progress)
		with open(out, 'w') as o, open(err, 'w') as e, \
		     subprocess.Popen(cmd, cwd=self.path('spatch'), stdout=o, stderr=e, env=env) as p:
			while self.progress.shown:
				self.progress.say('%d/%d files' % (len(finished_in(progress)), total))
				try:
					p.wait(timeout=0.5)
					break
				except subprocess.TimeoutExpired:
					pass
			self.progress.end(keep=False)
			return p.wait() == 0

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
		self.env = dict(os.environ, UABATCH_WHOLE=self.path('unparsed'),
				UABATCH_EXCERPTS=self.path('excerpt'),
				UABATCH_FINDINGS=self.path('findings.jsonl'))
		open(self.path('findings.jsonl'), 'w').close()
		for name in ('findings.first.jsonl', 'whole.err', 'whole.progress'):
			if os.path.exists(self.path(name)):
				os.remove(self.path(name))
		root = tree.tree_root(given)
		for k in ('UABATCH_REGIONLESS', 'UABATCH_LEFT_OUT', 'UABATCH_PROGRESS'):
			self.env.pop(k, None)
		if root:
			self.env.update(UABATCH_REGIONLESS=self.path('regionless'),
					UABATCH_LEFT_OUT=self.path('left-out'))
		calls, pattern = analysed_calls(self.accesses, self.regions, self.notes)
		found, unread = tree.sources_mentioning(abs_path, pattern)
		for f, why in unread:
			if f.startswith(abs_path):
				f = given + f[len(abs_path):]
			self.incomplete.say('%s: not analysed: %s' % (f, why))
		self.files = [(f, encoded(f)) for f in found]
		for f, x in self.files:
			os.makedirs(os.path.dirname(self.path('excerpt') + x), exist_ok=True)
			with open(self.path('excerpt') + x, 'w', errors='surrogateescape') as out:
				out.writelines(s + '\n' for s in layout.excerpt(layout.lines_of(f), calls))
		return bool(self.files)

	def on_excerpt(self, mode, args, out):
		"""Run the rule on the excerpt of the path given."""
		where = ['--dir', self.excerpt]
		if not os.path.isdir(self.excerpt):
			with open(self.path('groups'), 'w') as g:
				g.write(self.excerpt + '\n')
			where = ['--file-groups', self.path('groups')]
		err = self.path('spatch.err')
		if not self.spatch(mode, args + where, out, err, len(self.files), self.path('progress')):
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
		# What the first run wrote of its findings (patch mode) stays
		# apart from what this one writes.
		os.replace(self.path('findings.jsonl'), self.path('findings.first.jsonl'))
		open(self.path('findings.jsonl'), 'w').close()
		# One file a group: each is analysed on its own, as with --dir.
		with open(self.path('whole.groups'), 'w') as g:
			g.write(''.join(w + '\n\n' for w in whole))
		ran = self.spatch(mode, args + ['--file-groups', self.path('whole.groups')],
				  self.path('whole.out'), self.path('whole.err'), len(whole),
				  self.path('whole.progress'))
		if not ran:
			os.replace(self.path('findings.first.jsonl'), self.path('findings.jsonl'))
			self.whole = set()
		return ran

	def of_whole(self, path):
		"""Is path (of the excerpt tree, or a line that begins with
		one) of an excerpt made whole?"""
		return any(path.startswith(w) and path[len(w):len(w) + 1] in ('', ':')
			   for w in self.whole)

	def given_path(self, path):
		"""The path as given of a path of the excerpt tree."""
		if not path.startswith(self.excerpt):
			return path
		# "dir/" as given: "dir/file.c", not "dir//file.c".
		to = self.given.rstrip('/') if len(self.given) > 1 else self.given
		return to + decoded(path[len(self.excerpt):])

	def as_given(self, lines):
		"""lines with the excerpt's path at their head, up to the ':'
		that ends it, made the path as given."""
		out = []
		for line in lines:
			if line.startswith(self.excerpt):
				end = line.find(':', len(self.excerpt))
				end = len(line) if end < 0 else end
				line = self.given_path(line[:end]) + line[end:]
			out.append(line)
		return out

	def found(self, *outputs):
		"""The findings of the rule's outputs (JSON objects, one a line),
		with the paths as given: those of an excerpt made whole from the
		last output only, the rest in the rule's order (by place)."""
		found = []
		for i, out in enumerate(outputs):
			for f in findings.read_jsonl(read_lines(out)):
				if i + 1 < len(outputs) and self.whole and self.of_whole(f.path):
					continue
				found.append(f)
		found.sort(key=lambda f: (os.fsencode(f.path), f.line, f.column))
		for f in found:
			f.path = self.given_path(f.path)
		return found

	def written(self):
		"""The findings the rule wrote to its file (patch mode): the
		functions it did not analyse, the regions modernize does not
		rewrite."""
		first = self.path('findings.first.jsonl')
		if os.path.exists(first):
			return self.found(first, self.path('findings.jsonl'))
		return self.found(self.path('findings.jsonl'))

	def unfinished(self):
		"""The files of the excerpt tree the rule did not go through to
		its end: an excerpt made whole as the second run left it."""
		first = finished_in(self.path('progress'))
		second = finished_in(self.path('whole.progress'))
		left = []
		for f, x in self.files:
			path = self.path('excerpt') + x
			if os.path.normpath(path) not in (second if path in self.whole else first):
				left.append(path)
		return left

	def problems(self):
		"""The files spatch gave up on (its time-out, an error), each
		said as not analysed, after what the run that gave up said (its
		standard error, passed through)."""
		left = self.unfinished()
		# What each run said that left a file unfinished.
		for err, whole in (('spatch.err', False), ('whole.err', True)):
			if any((path in self.whole) == whole for path in left):
				for line in read_lines(self.path(err)):
					self.incomplete.note(line)
		for path in left:
			self.incomplete.say('%s: not analysed: Coccinelle did not finish it (its time-out, '
					    'UABATCH_TIMEOUT=%s s, or an error: what spatch said is above)'
					    % (self.given_path(path), self.timeout))

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


def finished_in(path):
	"""The files the rule said in its progress file it went through to
	its end, normalized."""
	return set(os.path.normpath(l) for l in read_lines(path))


def read_lines(path):
	try:
		with open(path, errors='surrogateescape') as f:
			return f.read().splitlines()
	except FileNotFoundError:
		return []


def scan(o, paths, work, incomplete):
	"""Run the rule in report mode on each path; its findings, with the
	paths as given."""
	common = '-D json' + (' -D notes' if o.notes else '')
	out = []
	for path in paths:
		run = Run(work, o.jobs, common, incomplete, 'uabatch scan')
		# What can be rewritten, as patch would rewrite it (in a tree
		# that has scoped blocks); and with --style scoped, the notes
		# say which classic regions could be one (scoped-region), in
		# any tree, as modernize would make them.
		scoped = tree.style_for(path, o.style) == 'scoped'
		if scoped and tree.scoped_api_of(path):
			run.defines += ' -D scoped -D relayout'
		if scoped and o.notes:
			run.defines += ' -D modernize'
			run.regions = True
		run.notes = o.notes
		if not run.make_excerpts(path):
			continue
		report = run.path('out')
		run.on_excerpt('-D report', [], report)
		outputs = [report]
		if run.parse_whole('-D report', []):
			outputs.append(run.path('whole.out'))
		found = run.found(*outputs)
		out += found
		run.problems()
		run.left_out()
		# Reported among the findings; the analysis is incomplete.
		incomplete.count += sum(f.id == 'not-parsed' for f in found)
	return out

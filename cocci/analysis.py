# SPDX-License-Identifier: GPL-2.0-only
#
# The analysis behind batch.cocci, which puts its own directory on
# sys.path and makes one Analysis.  Coccinelle finds the user accesses
# and applies the rewrite; its rules hand the Analysis what they find (the
# accesses, struct copies, begins and unsigned loop bounds, by position),
# then ask it for the findings, or for the statements to put at a
# position.  Per file, the Analysis makes the one decision both modes
# share: it reads the function around each access as a tree of
# statements (functions.py, statements.py), finds the runs, loops and
# struct copies one region can serve as the code stands (runs.py,
# loops.py, struct_copies.py: reported), grades how hot their path is
# (grading.py: warning or note), judges whether their rewrite is sound
# (soundness.py: rewritten in patch mode, else reported with the reason)
# and plans its edits (rewrite_plan.py); with -D modernize, it does the same
# of the classic regions (scoping.py).

import os
import re
import sys

import scoping
from finding import Finding, not_analysed
from functions import CANNOT_PARSE, Function, function_at, syscall_name, unparsed
from grading import cold_branch, coldness, hotness, regionless
from loops import loops_in
from model import ACCESSES, LOOP_ID, REGION_BEGINS, RUN_ID, SCOPED, TWINS, WHAT
from rewrite_plan import LABEL, PLACEHOLDER, SLOTS, WRAP_END, Plan, around_slots, head_offset, \
	wrap_begin
from runs import Access, runs_in, split_rw, split_rw_message
from soundness import judge_loop, judge_run
from source import Source, tree_of
from statements import Unparsable, statements
from struct_copies import copy_fields

class FileState:
	def __init__(self, path):
		self.path = path
		self.src = Source(path)
		self.accesses = {}	# offset -> function name
		self.copies = {}	# offset of a copy of '&name' -> function name
		self.unsigned = set()	# offsets of loop bounds of an unsigned type
		self.begins = {}	# offset of a region's begin -> function name
		self.findings = None
		self.plan = None

def ask_whole(path):
	"""Ask the driver, in the file it names (UABATCH_WHOLE), to run the
	rule again on all of file path: Coccinelle could not parse a function
	of the excerpt, and may with the types and macros of the rest."""
	where = os.environ.get('UABATCH_WHOLE')
	if where:
		with open(where, 'a') as f:
			f.write(path + '\n')

def say_finished(paths):
	"""Say, in the file the driver names (UABATCH_PROGRESS), that the rule
	went through to its end on the files paths: one Coccinelle gave up on
	(its time-out, an error) is not said, and so not analysed."""
	where = os.environ.get('UABATCH_PROGRESS')
	if where:
		with open(where, 'a', errors='surrogateescape') as f:
			f.write(''.join(p + '\n' for p in paths))

def say_left_out(path):
	"""Say, in the file the driver names (UABATCH_LEFT_OUT), that file path
	is left out: the driver tells the user when the path is one given."""
	where = os.environ.get('UABATCH_LEFT_OUT')
	if where:
		with open(where, 'a') as f:
			f.write('%s: left out: only architectures without user access '
				'regions build it\n' % path)

class Analysis:
	"""The facts Coccinelle finds, and what the analysis makes of them.
	cocci is Coccinelle's module, which makes statements of texts."""
	def __init__(self, cocci):
		self.cocci = cocci
		self.scoped = False	# -D scoped: scoped blocks where they fit
		self.relayout = False	# -D relayout: relayout.py lays the output out
		self.notes = False	# -D notes: report and rewrite cold paths too
		self.json = False	# -D json: findings as the model's JSON objects
		self.modernize = False	# -D modernize: classic regions, scoped blocks
		self.patching = False	# -D patch
		self.files = {}
		self.reported_files = set()
		self.trees_with_api = set()

	def shown(self, f):
		return f.hot or f.twin or self.notes or f.ident == 'not-parsed'

	def said(self, f):
		"""Finding f as it is printed: its JSON object with -D json,
		else its text line."""
		return f.json() if self.json else f.line()

	def report(self, notes, org=False):
		"""(sort key, text line, line to print) of the warnings (and of
		the notes too, if notes), of the files not reported yet; the
		line to print is an org-mode entry with org."""
		out = []
		for path in sorted(self.files):
			if path in self.reported_files:
				continue
			self.reported_files.add(path)
			for f in self.decide(path).findings:
				if not (notes or self.shown(f)):
					continue
				_, _, line, col = f.site
				if org:
					shown = '* TODO [[view:%s::face=ovl-face1::linb=%d::colb=%d::cole=%d][%s]]' % \
						(path, line, col - 1, col, f.message)
				else:
					shown = self.said(f)
				out.append(((path, line, col), f.line(), shown))
		return out

	def say_unparsed(self):
		"""In patch mode, where nothing is reported: the functions not
		analysed (with -D modernize, the regions not rewritten too),
		once; on standard error, or with -D json in the file the driver
		names (UABATCH_FINDINGS), a write a finding, as the processes of
		spatch --jobs add to it side by side."""
		said = []
		for path in sorted(self.files):
			if path not in self.reported_files:
				self.reported_files.add(path)
				said += [self.said(f) + '\n' for f in self.decide(path).findings
					 if f.ident == 'not-parsed' or (self.modernize and f.why)]
		if not self.json:
			sys.stderr.write(''.join(said))
			return
		fd = os.open(os.environ['UABATCH_FINDINGS'], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
		try:
			for line in said:
				os.write(fd, line.encode())
		finally:
			os.close(fd)

	def reported(self, p):
		"""Is the access at p part of a finding shown?"""
		fs = self.decide(p.file)
		o = fs.src.offset(p.line, p.column)
		i = fs.src.at.get(o)
		return any(self.shown(f) and i in f.tokens for f in fs.findings)

	def edit(self, coccinelle, p):
		"""Bind coccinelle.s1 .. s12 to the statements planned for the
		position p, and p to coccinelle.one (a loop body replaced by one
		statement), coccinelle.gone (a label that goes), coccinelle.opened
		(an if that opens a region, its branch kept), coccinelle.returned
		(a return replaced) or coccinelle.many;
		False when nothing is planned there."""
		fs = self.decide(p.file)
		o = fs.src.offset(p.line, p.column)
		kind, texts = fs.plan.edits.get(o, (None, None))
		if kind is None:
			return False
		at = self.cocci.make_position(p.file, p.current_element, int(p.line),
					      int(p.column), int(p.line_end), int(p.column_end))
		nowhere = self.cocci.make_position(p.file, p.current_element, 0, 0, 0, 0)
		alone = kind == 'replace' and len(texts) == 1 and fs.plan.alone.get(o)
		coccinelle.one, coccinelle.many = (at, nowhere) if alone else (nowhere, at)
		coccinelle.gone = coccinelle.opened = coccinelle.returned = nowhere
		token = fs.src.at.get(o)
		if kind == 'replace' and token is not None and fs.src.tokens[token][1] == 'return':
			coccinelle.returned, coccinelle.many = at, nowhere
		elif kind == 'drop':
			coccinelle.gone, coccinelle.many = at, nowhere
		elif kind == 'unwrap':
			coccinelle.opened, coccinelle.many = at, nowhere
		texts = texts + [PLACEHOLDER] * (SLOTS - len(texts))
		for k, t in enumerate(texts):
			setattr(coccinelle, 's%d' % (k + 1), self.cocci.make_stmt(t))
		return True

	def state(self, path):
		if path not in self.files:
			self.files[path] = FileState(path)
		return self.files[path]

	def note_access(self, p):
		fs = self.state(p.file)
		fs.accesses[fs.src.offset(p.line, p.column)] = p.current_element

	def note_copy(self, p):
		fs = self.state(p.file)
		fs.copies[fs.src.offset(p.line, p.column)] = p.current_element

	def note_begin(self, p):
		fs = self.state(p.file)
		fs.begins[fs.src.offset(p.line, p.column)] = p.current_element

	def note_unsigned(self, p):
		fs = self.state(p.file)
		fs.unsigned.add(fs.src.offset(p.line, p.column))

	def note_files(self, paths):
		"""The files Coccinelle was given: one where it found no access
		at all may still have functions it could not parse."""
		for path in paths:
			self.refuse_scoped_without_api(path)
			self.state(path)

	def refuse_scoped_without_api(self, path):
		"""-D scoped rewrites with scoped_user_*_access(), which a tree
		before 6.19 does not have: refused there, with a message and
		exit status 2, rather than a patch that does not build.
		-D modernize (uabatch modernize) rewrites such a tree on
		purpose, and builds it with a newer tree's API."""
		if not self.scoped or self.modernize:
			return
		root = tree_of(path)[0]
		if root is None or root in self.trees_with_api:
			return
		with open(os.path.join(root, 'include/linux/uaccess.h'), errors='replace') as f:
			if 'define scoped_user_write_access' in f.read():
				self.trees_with_api.add(root)
				return
		sys.stderr.write('batch.cocci: -D scoped: %s has no scoped_user_*_access() (6.19): '
				 'leave -D scoped out for the classic style\n' % root)
		sys.stderr.flush()
		raise SystemExit(2)

	def decide(self, path):
		fs = self.state(path)
		if fs.findings is None:
			fs.findings = []
			fs.plan = Plan()
			if regionless(*tree_of(fs.path)):
				say_left_out(fs.path)
				return fs
			seen = set()
			names = dict(ACCESSES)
			if self.modernize:
				seen = self.modernize_file(fs)
				names.update(REGION_BEGINS)
				if self.patching:
					self.not_parsed(fs, seen, REGION_BEGINS)
					return fs
			judged = []
			for body, name, accesses in functions_of(fs):
				seen.add(body.first)
				try:
					judged.extend(self.judge_function(fs, body, name, accesses))
				except Exception as e:	# a bug must not pass for a clean file
					fs.findings.append(not_analysed(fs, body, name,
									'internal error: %r' % e))
			self.settle(fs, judged)
			self.not_parsed(fs, seen, names)
		return fs

	def not_parsed(self, fs, seen, names):
		"""The functions that call one of names and are not among the
		bodies seen: not analysed, and said."""
		for start, name, why in unparsed(fs.src, seen, names):
			fs.findings.append(not_analysed(fs, start, name, why, names))
			if why == CANNOT_PARSE:
				ask_whole(fs.path)

	def modernize_file(self, fs):
		"""-D modernize: each classic region of the file, a scoped-region
		note, its rewrite planned where it is sound, else said why not;
		the bodies seen."""
		src = fs.src
		seen = set()
		done = set()
		for o, name in sorted(fs.begins.items()):
			body = function_at(src, o)
			if body is None:
				continue
			seen.add(body.first)
			fn = Function(src, body, syscall_name(src, body) or name)
			try:
				r, why = scoping.judge(src, fn, src.at[o])
			except Exception as e:	# a bug must not pass for a clean file
				fs.findings.append(not_analysed(fs, body, fn.name,
								'internal error: %r' % e, REGION_BEGINS))
				continue
			if r is not None and r.stmt in done:
				continue	# the masked begin and its fallback: one region
			if r is not None:
				done.add(r.stmt)
			line, col = src.line_col(o)
			head = SCOPED[r.mode] if r else 'a scoped_user_*_access()'
			msg = 'the %s() region in %s() can be %s block, which ends it on every ' \
			      'way out' % (src.tokens[src.at[o]][1], fn.name,
					   'one ' + head + '()' if r else head)
			if not why and self.patching and not self.relayout:
				why = 'the block is laid out by uabatch modernize (-D relayout)'
			f = Finding((fs.path, fn.name, line, col + 1), 'scoped-region', msg, None, r, why)
			f.tokens = set()
			if not why:
				self.plan_scoped(fs, fn, r)
			else:
				f.message += ' (not auto-fixable: %s)' % why
			fs.findings.append(f)
		return seen

	def plan_scoped(self, fs, fn, r):
		"""The edits of one region: the begin becomes the block's head,
		the end its close (relayout.py lays it out), the
		other ends go."""
		src, edits = fs.src, fs.plan.edits
		edits[head_offset(src, r.stmt)] = ('unwrap' if r.branch else 'replace', [wrap_begin(
			scoping.scoped_head(r), r.renames, r.first, r.declare)])
		edits[head_offset(src, r.end)] = ('replace', ['%s();' % WRAP_END])
		for s in r.inner + r.ends:
			edits[head_offset(src, s)] = ('replace', [])
		for s in r.merged:
			edits[head_offset(src, s)] = ('drop', [])
		if r.fault:
			last, texts = r.fault
			at = head_offset(src, last)
			have = edits.get(at, ('after', []))[1]
			if texts[0] not in have:
				edits[at] = ('after', have + texts)

	def judge_function(self, fs, body, name, accesses):
		"""The findings of one function, their fixes not applied yet."""
		src = fs.src
		name = syscall_name(src, body) or name
		fn = Function(src, body, name)
		root, rel = tree_of(fs.path)
		hot = hotness(root, rel, name)
		loops = loops_in(src, body, accesses)
		looped = set(a.i for l in loops for a in l.accesses)
		runs = [r for b in statements(body) if b.kind == 'block'
			for r in runs_in(src, b, accesses)
			if not any(a.i in looped for a in r.accesses)]
		def graded(stmt):
			"""(hot, ' (what runs it)') of a finding at statement stmt."""
			cold = hot and cold_branch(src, stmt)
			if cold:
				return None, ' (cold: %s)' % cold
			return hot, ' (%s)' % (hot if hot else 'cold: ' + coldness(rel, name))
		where = graded(body)[1]
		# (first token, accesses, id, message, fix, why, hot: else a
		# note, saves)
		found = []
		for l in loops:
			l_hot, l_where = graded(l.stmt)
			fix, why = judge_loop(src, fn, l, fs.unsigned, self.scoped and self.relayout,
						     self.patching and not self.relayout)
			ident = LOOP_ID.get(l.mode, RUN_ID['rw'])
			k = len(l.accesses)
			msg = 'user %s through %s in a loop in %s(): one user access region can ' \
			      'serve the whole loop, one begin/end pair instead of %s per element' % \
			      (WHAT[l.mode], l.base, name, 'one' if k == 1 else k) + l_where
			found.append((l.accesses[0].i, l.accesses, ident, msg, fix, why, l_hot,
				      (k, 'element', l.base, [a.name for a in l.accesses])))
		for i in sorted(fs.src.at[o] for o in fs.copies
				if body.first < fs.src.at.get(o, -1) < body.last):
			msg = copy_fields(src, fn, i)
			if msg:
				found.append((i, [], 'batch-copy-fields', msg, None,
					      'a struct copy is reported, not rewritten', None, None))
		for r in runs:
			fix, why = judge_run(src, fn, r, self.scoped,
					     self.patching and not self.relayout)
			n = len(r.accesses)
			r_hot, r_where = graded(r.stmts()[0])
			# A helper's own accesses are its business: counted as one.
			helpers = ' and '.join('%s()' % h for h in
					       dict.fromkeys(a.name for a in r.accesses if a.twin))
			k = n - len([a for a in r.accesses if a.twin])
			msg = '%d user %s through %s%s in %s() can share one user access region, ' \
			      'one begin/end pair instead of %d%s' % \
			      (k, WHAT[r.mode], r.object, helpers and ' and ' + helpers, name, k,
			       helpers and ' and those of ' + helpers) + r_where
			found.append((r.accesses[0].i, r.accesses, RUN_ID[r.mode], msg, fix, why, r_hot,
				      (n - 1, 'call', r.object, [a.name for a in r.accesses])))
		for b in statements(body):
			if b.kind != 'block':
				continue
			for read, write, between in split_rw(src, b, accesses, runs):
				said = split_rw_message(src, fn, read, write, between)
				if said:
					found.append((read.i, [read, write], 'batch-rw', said[0] + where,
						      None, said[1], None, None))
		judged = []
		for i, accesses, ident, msg, fix, why, f_hot, saves in sorted(found, key=lambda f: f[0]):
			line, col = src.line_col(src.tokens[i][2])
			f = Finding((fs.path, name, line, col + 1), ident, msg, f_hot, fix, why, saves)
			f.tokens = set(a.i for a in accesses)
			judged.append((f, fn))
		return judged

	def settle(self, fs, judged):
		"""Apply the fixes of the findings to rewrite: the hot ones (all
		with -D notes), then those of the compat twins of the functions
		rewritten (processcompl_compat() with processcompl()), which a
		maintainer would send back a patch for leaving out."""
		rewritten = set()
		for f, fn in judged:
			if f.fix and not f.why and (f.hot or self.notes):
				f.why = self.apply(fs, fn, f.fix)
				if not f.why:
					rewritten.add(fn.name)
		for f, fn in judged:
			twin = re.sub(r'^compat_|_compat$|_compat(?=_)', '', fn.name)
			if f.fix and not f.why and not (f.hot or self.notes) and \
			   twin != fn.name and twin in rewritten:
				f.why = self.apply(fs, fn, f.fix)
				if not f.why:
					f.twin = twin
					f.message += ' (fixed along with its twin, %s())' % twin
		for f, fn in judged:
			if f.why:
				f.message += ' (not auto-fixable: %s)' % f.why
			fs.findings.append(f)

	def apply(self, fs, fn, fix):
		"""Put a fix in the file's plan, its label given; or say why
		it does not fit there."""
		src, edits = fs.src, fs.plan.edits
		label, fault, where = fix.fault
		if label == LABEL:
			label = fn.label_for(*fix.label_key)
		def named(texts):
			return [t.replace(LABEL, label) for t in texts]
		for s, texts in fix.replace.items():
			o = head_offset(src, s)
			edits[o] = ('replace', named(texts))
			fs.plan.alone[o] = s.parent is not None and s.parent.kind != 'block'
		if where is not None:
			at = src.tokens[where.first][2]
			kind = 'before' if where.kind == 'label' else 'after'
			if where in fix.replace:
				kind = 'replace'	# the fault path follows what it becomes
			have = edits.get(at, (kind, []))[1]
			fault = named(fault)
			if fault[0] not in have:
				if len(have) + len(fault) > SLOTS:
					return 'too many fault paths at one place in %s()' % fn.name
				edits[at] = (kind, have + fault)
		if fix.around:
			s, before, after = fix.around
			edits[head_offset(src, s)] = ('around', named(around_slots(before)) +
							       named(around_slots(after)))
		if fix.delete_decl is not None:
			edits[fix.delete_decl] = ('decl', [])
		return None

def functions_of(fs):
	"""(body, name, accesses by token) of each function Coccinelle found
	an access or a struct copy in, the calls of helpers with a twin
	(model/twins) among the accesses.  The accesses are all of the
	function's: Coccinelle leaves out the ones in a branch of a
	preprocessor conditional inside a statement, which still make a run
	with the others."""
	src = fs.src
	found = {}
	for o, name in sorted(list(fs.accesses.items()) + list(fs.copies.items())):
		body = function_at(src, o)
		if body is not None and body.first not in found:
			found[body.first] = (body, name, {})
	for body, name, accesses in found.values():
		for i in range(body.first, body.last - 1):
			t = src.tokens[i]
			if t[0] == 'id' and (t[1] in ACCESSES or t[1] in TWINS) and \
			   src.tokens[i + 1][1] == '(' and \
			   src.tokens[i - 1][1] not in ('.', '->'):
				try:
					accesses[i] = Access(src, i)
				except Unparsable:
					pass
	return [found[k] for k in sorted(found)]

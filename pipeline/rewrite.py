# SPDX-License-Identifier: GPL-2.0
"""patch and modernize: the rule edits the excerpts in place, and each
file's changes (its excerpt keeps its lines where they were) are made to
a copy of the file, laid out, and diffed against it."""

import filecmp
import os
import shutil
import subprocess

from cocci import Run
from errors import Fatal
from relayout import relayout
from rewrite_plan import PLACEHOLDER, WRAP_BEGIN
import tree
import verify


def diff_label(path):
	"""A path for a diff's ---/+++ line, as patch(1) reads it back:
	quoted (C style, as git writes it) where it holds a quote or a
	backslash, ended by a tab where it holds a blank."""
	if '\\' in path or '"' in path:
		return '"%s"' % path.replace('\\', '\\\\').replace('"', '\\"')
	if any(c in ' \t\n\r\f\v' for c in path):
		return path + '\t'
	return path


def has(path, text):
	with open(path, errors='surrogateescape') as f:
		return text in f.read()


def patch_path(run, path):
	"""The diff of the rewrites of path: paths for patch -p1 from the
	root of the tree (or of the file's directory, outside a tree)."""
	root = tree.tree_root(path)
	if not root:
		if not os.path.isfile(path):
			raise Fatal('%s: not in a kernel tree, and not a file' % path)
		root = os.path.abspath(os.path.dirname(path) or '.')
	if not run.make_excerpts(path):
		return []
	pristine = run.path('pristine')
	shutil.rmtree(pristine, ignore_errors=True)
	shutil.copytree(run.path('excerpt'), pristine, symlinks=True)
	run.on_excerpt('-D patch', ['--in-place'], os.devnull)
	run.parse_whole('-D patch', ['--in-place'], [pristine])
	run.problems()
	for f in run.written():
		if f.id == 'not-parsed':
			run.incomplete.say(f.text())
		elif f.id == 'scoped-region':
			run.incomplete.note(f.text())
	run.left_out()
	diff = []
	for f, x in run.files:
		edited = run.path('excerpt') + x
		if filecmp.cmp(edited, pristine + x, shallow=False):
			continue
		rel = f[len(root) + 1:] if f.startswith(root + '/') else f
		# The rule's last step, which removes the placeholders of its
		# edits, needs Coccinelle to parse the edited code again; where
		# it could not, the rewrite is not finished.
		if has(edited, PLACEHOLDER):
			run.incomplete.say('%s: not rewritten: Coccinelle could not parse its rewrite again' % rel)
			continue
		copy = run.path('new', 'copy.c')
		shutil.rmtree(run.path('new'), ignore_errors=True)
		os.makedirs(run.path('new'))
		shutil.copyfile(f, copy)
		u0 = subprocess.run(['diff', '-U0', pristine + x, edited], stdout=subprocess.PIPE).stdout
		if subprocess.run(['patch', '-s', '--no-backup-if-mismatch', copy], input=u0,
				  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode:
			run.incomplete.say('%s: not rewritten: the rewrite of its excerpt does not apply to it' % rel)
			continue
		relayout(f, copy)
		if has(copy, WRAP_BEGIN):
			run.incomplete.say('%s: not rewritten: a loop\'s scoped block could not be laid out' % rel)
			continue
		crlf_like(f, copy)
		d = subprocess.run(['diff', '-u', '-p', '--label', diff_label('a/' + rel),
				    '--label', diff_label('b/' + rel), '--', f, copy], stdout=subprocess.PIPE)
		diff.append(os.fsdecode(d.stdout))
	return diff


def crlf_like(original, copy):
	"""A file of CRLF lines stays one."""
	with open(original, 'rb') as f:
		first = f.readline()
	if not first.endswith(b'\r\n'):
		return
	with open(copy, 'rb') as f:
		lines = f.read().split(b'\n')
	if lines and lines[-1] == b'':
		lines.pop()
	with open(copy, 'wb') as f:
		f.write(b''.join(l.rstrip(b'\r') + b'\r\n' for l in lines))


def patch(cmd, o, paths, work, incomplete):
	"""The diff of what patch (or modernize) rewrites, verified where
	asked."""
	vroot = verify.verify_root(o, paths) if o.verify else None
	if vroot and cmd == 'modernize' and tree.style_for(vroot, 'auto') != 'scoped':
		if not o.scoped_api:
			raise Fatal('%s: no scoped_user_*_access() (6.19): --verify builds the rewrites '
				    'with the API of a newer tree, --scoped-api NEW' % vroot)
	else:
		o.scoped_api = ''
	# -D relayout: the driver lays out what the rule writes.
	common = '-D json' + (' -D notes' if o.notes else '') + ' -D relayout'
	if cmd == 'modernize':
		common += ' -D modernize'
	diff = []
	for path in paths:
		run = Run(work, o.jobs, common, incomplete, 'uabatch ' + cmd)
		run.notes = o.notes
		if cmd == 'modernize':
			run.accesses, run.regions = False, True
			if tree.style_for(path, 'auto') != 'scoped':
				incomplete.note('%s: note: %s: its tree has no scoped_user_*_access() (6.19), which '
						'the rewrite uses, nor accessors that leave a block by a C goto, as '
						'the API needs (since 6.19)' % ('uabatch', path))
			run.defines += ' -D scoped'
		elif tree.rewrites_scoped(path, o.style):
			run.defines += ' -D scoped'
		diff += patch_path(run, path)
	if vroot and diff:
		kept, complete = verify.verify(vroot, ''.join(diff), o.builds, os.path.join(work, 'verify'),
					       o.verdicts, o.scoped_api)
		if not complete:
			# A file no build directory could build: its verdict
			# said which and why.
			incomplete.count += 1
		return kept
	return ''.join(diff)

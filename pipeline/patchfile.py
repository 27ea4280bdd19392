# SPDX-License-Identifier: GPL-2.0
"""A patch as lint reads it: a diff, 'git format-patch' output or a
series of them in one file, split into the diffs of one file each, and
the two sides of each file it touches, from a tree or from git."""

import os
import re
import shutil
import subprocess

from errors import Fatal

HUNK = re.compile(r'^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@')
COMMIT = re.compile(r'^From ([0-9a-f]{40}) ')


def strip_name(s):
	"""A ---/+++ name as 'patch -p1' takes it."""
	s = s.split('\t')[0]
	return s if s == '/dev/null' else s.split('/', 1)[-1]


class FileDiff:
	"""The diff of one file: its old and new names ('/dev/null' for a
	created or deleted file) and its text, headers and hunks."""

	def __init__(self, old, new):
		self.old, self.new = old, new
		self.lines = []

	def text(self):
		return ''.join(l + '\n' for l in self.lines)


def split(text):
	"""The file diffs of text, in order.  Hunk bodies are counted out,
	so that a removed line that starts with '-- ' is not taken for a
	header."""
	diffs, old, new, pending, cur = [], 0, 0, None, None
	for line in text.splitlines():
		if old > 0 or new > 0:
			if line.startswith('-'):
				old -= 1
			elif line.startswith('+'):
				new -= 1
			elif line.startswith(' ') or line == '':
				old, new = old - 1, new - 1
			elif not line.startswith('\\'):
				old = new = 0
			cur.lines.append(line)
			continue
		m = HUNK.match(line)
		if line.startswith('--- '):
			pending = line
		elif line.startswith('+++ ') and pending is not None:
			cur = FileDiff(strip_name(pending[4:]), strip_name(line[4:]))
			cur.lines += [pending, line]
			diffs.append(cur)
			pending = None
		elif m and cur is not None:
			old = int(m.group(1)) if m.group(1) is not None else 1
			new = int(m.group(2)) if m.group(2) is not None else 1
			cur.lines.append(line)
		else:
			pending = None
	return diffs


def outside(name):
	"""Is name a path outside the tree?"""
	return name != '/dev/null' and ('/../' in '/%s/' % name or name.startswith('/'))


def names(diffs, side):
	return sorted(set(getattr(d, side) for d in diffs) - {'/dev/null'}, key=os.fsencode)


def apply(diffs, where, reverse=False):
	"""Apply diffs to the files under where, one file at a time (in
	reverse order, reversed); the name of the first that does not
	apply and what patch said, or None."""
	for d in (reversed(diffs) if reverse else diffs):
		r = subprocess.run(['patch', '-p1', '--batch', '--forward', '--no-backup-if-mismatch',
				    '-r', '-'] + (['-R'] if reverse else []),
				   cwd=where, input=os.fsencode(d.text()), stdout=subprocess.PIPE,
				   stderr=subprocess.STDOUT)
		if r.returncode:
			name = d.old if reverse or d.new == '/dev/null' else d.new
			return name, os.fsdecode(r.stdout).strip().splitlines()
	return None


def copy_files(tree, files, dest):
	for f in files:
		if os.path.isfile(os.path.join(tree, f)):
			os.makedirs(os.path.join(dest, os.path.dirname(f)), exist_ok=True)
			shutil.copyfile(os.path.join(tree, f), os.path.join(dest, f))


def sides_from_tree(diffs, tree, old, new, in_place):
	"""Fill old and new with the two sides of the files diffs touch:
	in place, new is the tree's (the change is in it) and old those
	files with the diffs reversed; else old is the tree's and new gets
	the diffs.  The first file that does not apply, as apply() says,
	or None."""
	if in_place:
		copy_files(tree, names(diffs, 'new'), new)
		copy_files(tree, names(diffs, 'new'), old)
		return apply(diffs, old, reverse=True)
	copy_files(tree, names(diffs, 'old'), old)
	copy_files(tree, names(diffs, 'old'), new)
	return apply(diffs, new)


def git(args, cwd, check=True):
	r = subprocess.run(['git'] + args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
	if check and r.returncode:
		raise Fatal('git %s: %s' % (' '.join(args), os.fsdecode(r.stderr).strip()))
	return r


def patch_ids(text, tree):
	"""{patch id: commit} of the diffs in text ('git patch-id --stable'
	of a patch, or of 'git log -p' output)."""
	r = subprocess.run(['git', 'patch-id', '--stable'], cwd=tree, input=text.encode(errors='surrogateescape'),
			   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
	return dict(l.split()[:2] for l in os.fsdecode(r.stdout).splitlines() if len(l.split()) >= 2)


RECENT = 200	# commits of HEAD a patch is looked for among


def commit_of(text, tree):
	"""The commit of this git tree that a patch is: the one a 'git
	format-patch' patch names on its first line ('From <sha> ...'), or
	one of the last RECENT of HEAD with the same patch id, as b4 sends
	the patches of a prep branch (without that line).  None if none."""
	if git(['rev-parse', '--git-dir'], tree, check=False).returncode:
		return None
	m = COMMIT.match(text)
	if m and git(['cat-file', '-e', m.group(1) + '^{commit}'], tree, check=False).returncode == 0:
		return m.group(1)
	ids = patch_ids(text, tree)
	if len(ids) != 1:
		return None
	log = git(['log', '-p', '--no-color', '--no-ext-diff', '-n', str(RECENT), 'HEAD'], tree,
		  check=False).stdout
	recent = patch_ids(os.fsdecode(log), tree)
	return recent.get(next(iter(ids)))


def commits(rev, tree):
	"""The commits of REV (one) or RANGE (A..B), oldest first, as
	'checkpatch.pl -g' takes them."""
	if '..' in rev:
		out = git(['rev-list', '--reverse', rev], tree).stdout
		return os.fsdecode(out).split()
	return [os.fsdecode(git(['rev-parse', '--verify', rev + '^{commit}'], tree).stdout).strip()]


def commit_patch(sha, tree):
	"""The diff of commit sha, and its subject."""
	diff = git(['show', '--format=', '--no-color', '--no-ext-diff', '--no-renames', sha], tree).stdout
	subject = git(['show', '-s', '--format=%s', sha], tree).stdout
	return os.fsdecode(diff), os.fsdecode(subject).strip()


def sides_from_commit(diffs, sha, tree, old, new):
	"""Fill old and new with the files diffs touch as they are in sha's
	parent and in sha."""
	for side, rev, attr in ((old, sha + '^', 'old'), (new, sha, 'new')):
		for f in names(diffs, attr):
			r = git(['show', '%s:%s' % (rev, f)], tree, check=False)
			if r.returncode == 0:
				os.makedirs(os.path.join(side, os.path.dirname(f)), exist_ok=True)
				with open(os.path.join(side, f), 'wb') as out:
					out.write(r.stdout)

# SPDX-License-Identifier: GPL-2.0-only
#
# How much a finding is worth where it is: a warning on a path that runs
# per I/O or per event (model/hot-paths, or a private header's helper
# that only such paths call), else a note that says why its
# path is cold; nothing at all in a file that only architectures without
# user-access regions build (kconfig.py), where a region saves nothing.

import functools
import os
import re

import kconfig
import layout
from model import read_table
from source import flat, span
from statements import enclosing

def path_entry(path, func):
	"""What model/hot-paths says of function func of file path: the WHY
	of the first entry that matches, or None."""
	for glob, funcs, why in HOT:
		if glob_match(glob, path) and \
		   any(glob_match(g, func) for g in funcs.split(',')):
			return why
	return None

def hot_path(path, func):
	"""Why function func of file path runs per I/O or per event, or None:
	never a compat function (the native one is the path that runs)."""
	why = path_entry(path, func)
	if why is None or why.startswith('cold:') or COMPAT.search(func):
		return None
	return why

COMPAT = re.compile('compat')

def hotness(root, rel, func):
	"""Why function func of file rel of tree root runs per I/O or per
	event: hot_path(), or hot_through_callers(); or None."""
	if COMPAT.search(func):
		return None
	return hot_path(rel, func) or hot_through_callers(root, rel, func)

def hot_through_callers(root, rel, func):
	"""Why a function of a private header (one outside include/, which
	files of its own directory, or of the one above, include as "...")
	runs per I/O or per event: every mention of it there is a call in a
	function that does (hot_path(), or this again for a caller in a
	header); or None.  x86's set_xfeature_in_sigframe(), in
	fpu/xstate.h, is called per signal from fpu/signal.c and from
	another helper of the header."""
	if not root or not rel.endswith('.h') or rel.startswith('include/') or '/include/' in rel:
		return None
	callers = hot_callers(root, rel, func, frozenset())
	if not callers:
		return None
	return '%s, called only from %s' % (callers[0][1], ', '.join(
		'%s()' % name for name in sorted(set(name for name, _ in callers))))

def hot_callers(root, header, func, seen):
	"""[(caller, why it runs hot)] for every function that calls func in
	header's directory, or None where one does not run hot, or func is
	mentioned but not called (a declaration, its address taken)."""
	out = []
	for rel, pieces in pieces_with(root, header):
		for fn, text in pieces:
			mentions = re.findall(r'\b%s\b(\s*\()?' % re.escape(func), text)
			if not mentions or (fn and fn.name == func):
				continue
			if not fn or not all(mentions):
				return None
			why = hot_path(rel, fn.name)
			if why is None and rel.endswith('.h') and fn.name not in seen:
				through = hot_callers(root, rel, fn.name, seen | {func})
				why = through and through[0][1]
			if why is None:
				return None
			out.append((fn.name, why))
	return out or None

COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)

@functools.lru_cache(maxsize=None)
def pieces_with(root, header):
	"""(path, [(function or None, text without comments)]) of header
	and of each file that includes it as "..." (layout.quoted_includers()):
	the pieces of layout.scan()."""
	out = []
	for rel in [header] + layout.quoted_includers(root, header, ('.c', '.h')):
		pieces = []
		for piece in layout.scan(layout.lines_of(os.path.join(root, rel))):
			fn = piece if isinstance(piece, layout.Function) else None
			pieces.append((fn, COMMENT.sub(' ', '\n'.join(fn.lines if fn else piece))))
		out.append((rel, pieces))
	return tuple(out)

def glob_match(glob, s):
	r = re.escape(glob).replace(r'\*', '[^/]*')
	return re.search('(^|/)%s$' % r, s) is not None

HOT = [(r[0], r[1], r[2] if len(r) > 2 else '') for r in read_table('hot-paths')]

COLD = [	# function names that say a path is not hot, and why
	(r'compat', 'a compat path'),
	(r'ioctl', 'an ioctl'),
	(r'debugfs', 'debugfs'),
	(r'^proc_|_proc_', 'procfs'),
	(r'ptrace|regs?_?set|regs?_?get', 'ptrace'),
]

def coldness(path, func):
	"""Why the path of func is not worth a region, as the message says it."""
	why = path_entry(path, func)
	if why is not None and why.startswith('cold:'):
		return why[len('cold:'):].strip()
	for pattern, why in COLD:
		if re.search(pattern, func):
			return why
	return 'not on a path known to run per I/O or per event'

COLD_BRANCHES = read_table('cold-branches')

def cold_branch(src, stmt):
	"""Why the branch that statement stmt is in is cold (model/cold-branches),
	or None."""
	inner = stmt
	for outer in enclosing(stmt):
		if outer.kind == 'if':
			cond = flat(span(src, outer.head[0], outer.head[1]))
			branch = 'then' if inner is outer.body else 'else'
			for c, b, why in COLD_BRANCHES:
				if flat(c) == cond and b == branch:
					return why
		inner = outer
	return None

regionless_by_root = {}

def regionless(root, rel):
	"""Do only architectures without user-access regions build file rel
	of tree root?"""
	if not root or not os.path.isdir(os.path.join(root, 'arch')):
		return False
	if root not in regionless_by_root:
		regionless_by_root[root] = kconfig.cached_regionless_paths(
			root, os.environ.get('UABATCH_REGIONLESS'))
	dirs, files = regionless_by_root[root]
	parts = rel.split('/')
	return rel in files or any('/'.join(parts[:k]) in dirs for k in range(1, len(parts)))

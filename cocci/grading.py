# SPDX-License-Identifier: GPL-2.0-only
#
# How much a finding is worth where it is: a warning on a path that runs
# per I/O or per event (model/hot-paths), else a note that says why its
# path is cold; nothing at all in a file that only architectures without
# user-access regions build (kconfig.py), where a region saves nothing.

import os
import re

import kconfig
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
	"""Why function func of file path runs per I/O or per event, or None."""
	why = path_entry(path, func)
	return None if why is None or why.startswith('cold:') else why

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

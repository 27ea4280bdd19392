# SPDX-License-Identifier: GPL-2.0-only
#
# Which code of a kernel tree only architectures without user-access
# regions build, for grading.py: a finding there saves nothing.
#
# An architecture has regions when its asm headers define
# user_access_begin() (the generic one is access_ok()); user-mode Linux
# has none.  Its own code (arch/<arch>/, arch/*/um/ for user-mode Linux)
# is left out, and so is code whose Kconfig symbol needs one of its
# symbols: a symbol defined only in those architectures' Kconfig files
# (M68K, ATARI, SBUS...), or one that 'depends on' such a symbol, alone
# or in an '||' of them (COMPILE_TEST aside: it builds for testing, not
# for use), directly or through an enclosing 'if' or 'menu'.  The
# Makefile lines 'obj-$(CONFIG_X) += a.o d/' then name the files and the
# directories.

import fcntl
import json
import os
import re

SYMBOL = re.compile(r'^\s*(?:menu)?config\s+(\w+)')

def regionless_arches(root):
	arches = set(['um'])
	for a in os.listdir(os.path.join(root, 'arch')):
		asm = os.path.join(root, 'arch', a, 'include', 'asm')
		if not os.path.isdir(asm):
			continue
		has = False
		for h in os.listdir(asm):
			try:
				with open(os.path.join(asm, h), errors='replace') as f:
					has = 'user_access_begin' in f.read()
			except OSError:
				continue
			if has:
				break
		if not has:
			arches.add(a)
	return arches

def build_files(root):
	"""The Kconfig files and the Makefiles (Kbuild) of a tree."""
	kconfigs, makefiles = [], []
	for d, dirs, files in os.walk(root):
		if d == root:
			dirs[:] = [x for x in dirs if x not in ('Documentation', 'tools', 'samples')]
		dirs[:] = [x for x in dirs if not x.startswith('.')]
		for f in files:
			if f.startswith('Kconfig'):
				kconfigs.append(os.path.join(d, f))
			elif f in ('Makefile', 'Kbuild'):
				makefiles.append(os.path.join(d, f))
	return kconfigs, makefiles

def split_or(expr):
	"""The '||' terms of a dependency, outer parentheses dropped."""
	expr = expr.strip()
	while expr.startswith('(') and expr.endswith(')') and balanced(expr[1:-1]):
		expr = expr[1:-1].strip()
	terms, depth, start = [], 0, 0
	for i, c in enumerate(expr):
		if c == '(':
			depth += 1
		elif c == ')':
			depth -= 1
		elif expr.startswith('||', i) and depth == 0:
			terms.append(expr[start:i])
			start = i + 2
	terms.append(expr[start:])
	return [t.strip() for t in terms]

def split_and(expr):
	terms, depth, start = [], 0, 0
	for i, c in enumerate(expr):
		if c == '(':
			depth += 1
		elif c == ')':
			depth -= 1
		elif expr.startswith('&&', i) and depth == 0:
			terms.append(expr[start:i])
			start = i + 2
	terms.append(expr[start:])
	return [t.strip() for t in terms]

def balanced(s):
	depth = 0
	for c in s:
		depth += {'(': 1, ')': -1}.get(c, 0)
		if depth < 0:
			return False
	return depth == 0

def needs(expr, only):
	"""Does a dependency hold only where a symbol of the set only does?"""
	terms = [t for t in split_or(expr) if t != 'COMPILE_TEST']
	if not terms:
		return False
	for t in terms:
		parts = split_and(t)
		if len(parts) > 1:
			if not any(needs(p, only) for p in parts):
				return False
			continue
		m = re.match(r'^(\w+)(?:\s*(?:=|!=)\s*\w+)?$', t)
		if not (m and m.group(1) in only and '!=' not in t):
			return False
	return True

def dependencies(files):
	"""{symbol: [[the dependencies of one of its definitions, its
	enclosing 'if's and menus' too], ...]}."""
	deps = {}
	for path in files:
		try:
			with open(path, errors='replace') as f:
				lines = f.read().replace('\\\n', ' ').split('\n')
		except OSError:
			continue
		outer = []	# the conditions of the enclosing if and menu blocks
		kinds = []
		current = None
		for line in lines:
			s = line.split('#', 1)[0].strip()
			m = SYMBOL.match(s)
			if m:
				current = [c for c in outer if c]
				deps.setdefault(m.group(1), []).append(current)
				continue
			if s.startswith('if '):
				outer.append(s[3:])
				kinds.append('if')
			elif s.startswith('menu ') or s == 'menu' or s.startswith('choice'):
				outer.append(None)
				kinds.append('menu')
				current = 'menu'
			elif s in ('endif', 'endmenu', 'endchoice') and outer:
				outer.pop()
				kinds.pop()
				current = None
			elif s.startswith('depends on ') and current is not None:
				if current == 'menu':
					outer[-1] = s[len('depends on '):]
				else:
					current.append(s[len('depends on '):])
	return deps

def regionless_paths(root):
	"""(directories, files) of root, each a path from root, that only
	architectures without regions build."""
	arches = regionless_arches(root)
	dirs = set('arch/%s' % a for a in arches)
	kconfigs, makefiles = build_files(root)
	defined = {}
	for path in kconfigs:
		rel = os.path.relpath(path, root)
		mine = any(rel.startswith(d + '/') for d in dirs)
		try:
			with open(path, errors='replace') as f:
				for line in f:
					m = SYMBOL.match(line)
					if m:
						defined.setdefault(m.group(1), set()).add(mine)
		except OSError:
			continue
	only = set(s for s, where in defined.items() if where == set([True]))
	deps = dependencies(kconfigs)
	grew = True
	while grew:
		grew = False
		for s, definitions in deps.items():
			if s not in only and all(any(needs(d, only) for d in ds)
						 for ds in definitions):
				only.add(s)
				grew = True
	# What each Makefile line builds, and whether only those
	# architectures build it: a directory or file is theirs when every
	# line that builds it is.
	theirs = {}
	for path in makefiles:
		rel = os.path.relpath(os.path.dirname(path), root)
		try:
			with open(path, errors='replace') as f:
				text = f.read().replace('\\\n', ' ')
		except OSError:
			continue
		for m in re.finditer(r'^\s*obj-(\$\(CONFIG_(\w+)\)|y|m)\s*[+:]?=(.*)$', text, re.M):
			mine = m.group(2) in only
			for target in made_by(rel, text, m.group(3).split()):
				theirs[target] = theirs.get(target, True) and mine
	for target, mine in theirs.items():
		if mine and target.endswith('/'):
			dirs.add(target[:-1])
	for d in os.listdir(os.path.join(root, 'arch')):
		if os.path.isdir(os.path.join(root, 'arch', d, 'um')):
			dirs.add('arch/%s/um' % d)
	return dirs, set(t for t, mine in theirs.items() if mine and not t.endswith('/'))

def made_by(rel, text, objects):
	"""What a Makefile line's objects are made of: a directory d/, the
	.c of an object, or those of a composite one (foo-y := a.o b.o)."""
	for o in objects:
		if o.endswith('/'):
			yield os.path.normpath(os.path.join(rel, o)) + '/'
		elif o.endswith('.o'):
			parts = re.findall(r'^\s*%s-(?:objs|y)\s*[+:]?=(.*)$' % re.escape(o[:-2]),
					   text, re.M)
			parts = [p for line in parts for p in line.split() if p.endswith('.o')] or [o]
			for p in parts:
				yield os.path.normpath(os.path.join(rel, p[:-2] + '.c'))

def cached_regionless_paths(root, cache):
	"""regionless_paths(root), kept in file cache (when given) for the
	other workers of a run: the first computes it, under a lock."""
	if not cache:
		return regionless_paths(root)
	with open(cache + '.lock', 'w') as lock:
		fcntl.flock(lock, fcntl.LOCK_EX)
		try:
			with open(cache) as f:
				got = json.load(f)
			if got['root'] == root:
				return set(got['dirs']), set(got['files'])
		except (OSError, ValueError, KeyError):
			pass
		dirs, files = regionless_paths(root)
		with open(cache + '.tmp', 'w') as f:
			json.dump({'root': root, 'dirs': sorted(dirs), 'files': sorted(files)}, f)
		os.rename(cache + '.tmp', cache)
		return dirs, files

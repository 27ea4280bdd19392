# SPDX-License-Identifier: GPL-2.0
"""The .c files that compile a header (or a .c file that another
includes, as control.c includes control_compat.c): a header's inline
functions are only compiled, and checked, where something calls them."""

import os
import re
import subprocess

import layout


def include_name(header):
	"""How #include <...> names header, or None where it is not under
	include/ or arch/*/include/ (it is included as "...")."""
	m = re.match(r'(?:arch/.*?/)?include/(?:uapi/)?(.*)', header)
	return m.group(1) if m else None


def ere_escape(s):
	"""s as a literal in grep's extended regular expressions."""
	return re.sub(r'([.\[\]()*+?{}|^$\\])', r'\\\1', s)


def includers(kdir, header, ext):
	"""The files named *.ext of tree kdir that include header, but for
	those of other architectures' directories: as <...> in the whole
	tree, as "..." in the header's own directory or the one above."""
	inc = include_name(header)
	if inc is None:
		return layout.quoted_includers(kdir, header, ('.' + ext,))
	pattern = r'^#[[:space:]]*include[[:space:]]*<%s>' % ere_escape(inc)
	m = re.match(r'arch/([^/]+)/', header)
	own = 'arch/%s/' % m.group(1) if m else None
	# grep -r is much faster over a whole tree than Python's re; what it
	# prints is file names.
	r = subprocess.run(['grep', '-rlE', '--include=*.' + ext, '-e', pattern, kdir],
			   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
	out = []
	for f in os.fsdecode(r.stdout).split('\n'):
		if not f:
			continue
		rel = os.path.relpath(f, kdir)
		if rel.startswith('arch/') and not (own and rel.startswith(own)):
			continue
		out.append(rel)
	return out


def calls_any(path, functions):
	"""Whether the file at path calls one of functions."""
	calls = re.compile(r'(?:^|[^A-Za-z0-9_])(?:%s)[ \t\r\f\v]*\(' %
			   '|'.join(re.escape(f) for f in functions), re.M)
	with open(path, errors='surrogateescape') as f:
		return bool(calls.search(f.read()))


def hosts_of(kdir, header, functions):
	"""The .c files of tree kdir that include header (its path in the
	tree), best first: those that call one of functions before the
	others, those that include it themselves before those that include
	it through other headers (kernel/futex/*.c through futex.h, for
	asm/futex.h), then by path.  Through two other headers only where
	few include it (x86's checksum_32.h: asm/checksum.h includes it,
	net/checksum.h that one, and net/core/datagram.c calls its
	functions); a header that many include is included by enough .c
	files already."""
	ranked = []

	def rank(h, depth):
		for c in includers(kdir, h, 'c'):
			calls = calls_any(os.path.join(kdir, c), functions)
			ranked.append((depth if calls else 3 + depth, c))

	through = [h for h in includers(kdir, header, 'h') if h != header]
	rank(header, 0)
	for h in through:
		rank(h, 1)
	if len(through) <= 3:
		second = set()
		for h in through:
			second.update(h2 for h2 in includers(kdir, h, 'h') if h2 not in (h, header))
		for h2 in sorted(second):
			rank(h2, 2)
	seen, out = set(), []
	for _, c in sorted(ranked):
		if c not in seen:
			seen.add(c)
			out.append(c)
	return out

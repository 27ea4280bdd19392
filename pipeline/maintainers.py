# SPDX-License-Identifier: GPL-2.0
"""The subject prefix of a patch to a file, learnt from the path and the
tree's MAINTAINERS, as its maintainers write it.

The prefix is the last directory of the most specific F: pattern that
covers the file (X: honoured), below the top level: fs/xfs/ gives
"xfs", kernel/time/time.c "time", kernel/bpf/ "bpf" (with no such
pattern, the directory below the top level); a file directly in a
top-level directory, or under include/, gives its base name: fs/select.c
"select", include/linux/eventpoll.h "eventpoll"."""

import os
import re


def pattern_re(glob):
	"""A MAINTAINERS file pattern as a regex: '*' and '?' stay within
	a directory."""
	return ''.join('[^/]*' if c == '*' else '[^/]' if c == '?' else re.escape(c) for c in glob)


def covers(pattern, path):
	"""'dir' when pattern matches a directory holding path, 'file' when
	it names path, else None."""
	if pattern.endswith('/'):
		return 'dir' if re.match(pattern_re(pattern), path) else None
	if not re.search(r'[*?]', pattern) and path.startswith(pattern + '/'):
		return 'dir'
	return 'file' if re.fullmatch(pattern_re(pattern), path) else None


def score(pattern, kind):
	"""(how specific pattern is, the depth of the directory it names):
	deeper first, a file before a directory, then the longer literal."""
	depth = pattern.count('/') + (kind == 'dir' and not pattern.endswith('/'))
	literal = len(re.sub(r'[*?]', '', pattern))
	return (2 * depth + (kind == 'file')) * 1000 + literal, depth


def sections(kdir):
	"""The F: and X: patterns of each section of the tree's MAINTAINERS."""
	try:
		with open(os.path.join(kdir, 'MAINTAINERS'), errors='replace') as f:
			text = f.read()
	except FileNotFoundError:
		return []
	out = []
	for block in re.split(r'\n[ \t]*\n', text):
		pats = [l.split(None, 2)[:2] for l in block.splitlines() if re.match(r'[FX]:[ \t]', l)]
		out.append([p for p in pats if len(p) == 2])
	return out


def prefix_of(kdir, path):
	parts = path.split('/')
	if len(parts) <= 2 or parts[0] == 'include':
		return re.sub(r'\.[^.]*$', '', parts[-1])
	best, depth = 0, 0
	for section in sections(kdir):
		if any(tag == 'X:' and covers(p, path) for tag, p in section):
			continue
		found = [score(p, k) for tag, p in section if tag == 'F:'
			 for k in [covers(p, path)] if k]
		if found and max(found)[0] > best:
			best, depth = max(found)
	return parts[max(depth, 2) - 1]

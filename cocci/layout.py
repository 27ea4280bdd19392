#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
#
# The functions of a C file, the one way uabatch finds them outside
# Coccinelle: by the kernel's layout, a body opening with '{' and closing
# with '}' in column 0.  A function's lines are its body and what comes
# before it back to a blank line, a line that ends with ';' or a
# preprocessor directive (the comment above it, its kernel-doc,
# included).  A directive outside a body, with its continuation lines,
# is no function's: it frames functions, and Coccinelle needs it.  The
# name is the identifier before the first '(' of the head (the lines
# before the '{' since the last comment line, blank line or line ending
# with ';', directives left out: a head may have #ifdef branches), or a
# system call's first argument (compat_ before it for a compat system
# call, as functions.py names it in the semantic patch).
#
# The fixes of a rewrite of a file are the changes inside each of its
# functions; changes outside every function make one more fix, numbered
# 0 (fixes()).
#
# usage: layout.py FILE
#	one line a function: FIRST <tab> OPEN <tab> CLOSE <tab> NAME, the
#	numbers of its first line, its '{' line and its '}' line
#    layout.py --model model/uaccess.api [--every] FILE
#	NAME <tab> WORD... of each function, for the user accesses it makes
#	(see kinds_of())
#    layout.py --fixes DIFF_U0 FILE
#	one line a fix of the rewrite DIFF_U0 ('diff -U0 FILE NEW'):
#	N <tab> FUNCTION <tab> ITS FIRST CHANGED LINE <tab> THE FUNCTION'S
#	FIRST LINE <tab> ITS LAST LINE ('-', 0 and 0 for fix 0)
#    layout.py --apply N,M... DIFF_U0 FILE
#	FILE with fixes N, M... of DIFF_U0 applied
#    layout.py --added N,M... DIFF_U0 FILE
#	N <tab> LINE for each line those fixes add, LINE its number in
#	the file they leave
#
# The pipeline imports it for the same, for the excerpt of a file that
# Coccinelle parses (excerpt()) and for the files that include a private
# header (quoted_includers(), which grading.py reads too).

import os
import re
import sys

SYSCALL_MACRO = re.compile(r'(COMPAT_)?SYSCALL(32)?_DEFINE[0-6]$')
SYSCALL = re.compile(r'\b(COMPAT_)?SYSCALL(32)?_DEFINE\d\s*\(\s*(\w+)[\s,)]')
DIRECTIVE = re.compile(r'[ \t]*#')
COMMENT_LINE = re.compile(r'[ \t]*(/\*|\*)')
BLANK_OR_END = re.compile(r'^[ \t]*$|;[ \t]*$')


class Function:
	"""A function of a file: its lines, from line first (1-based), its
	'{' on line open and its '}' on line close (None where the file ends
	in its body)."""

	def __init__(self, first, open, close, name, lines):
		self.first = first
		self.open = open
		self.close = close
		self.name = name
		self.lines = lines

	def body(self):
		"""The lines after the '{', the '}' included."""
		return self.lines[self.open - self.first + 1:]


def lines_of(path):
	"""The lines of file path, as awk reads them."""
	with open(path, errors='surrogateescape', newline='') as f:
		lines = f.read().split('\n')
	if lines[-1] == '':
		lines.pop()
	return lines


def quoted_includers(root, header, suffixes):
	"""The files whose names end in one of suffixes that include header
	(a path in tree root) as "name" in its own directory, or as
	"dir/name" in the directory above (i915's gem/i915_gem_mman.c
	includes "selftests/i915_gem_mman.c"), by path, header left out."""
	d = os.path.dirname(header)
	name = os.path.basename(header)
	places = [(d, name)]
	if d:
		places.append((os.path.dirname(d), os.path.basename(d) + '/' + name))
	out = []
	for where, spelled in places:
		include = re.compile(r'\s*#\s*include\s*"%s"' % re.escape(spelled))
		for f in sorted(os.listdir(os.path.join(root, where))):
			rel = os.path.join(where, f)
			if rel != header and f.endswith(suffixes) and os.path.isfile(os.path.join(root, rel)) and \
			   any(include.match(s) for s in lines_of(os.path.join(root, rel))):
				out.append(rel)
	return out


def in_comment_after(s, inside):
	"""Does a line that starts inside a comment (inside) end in one?"""
	while s:
		if inside:
			k = s.find('*/')
			if k < 0:
				return True
			inside = False
		else:
			k = s.find('/*')
			slashes = s.find('//')
			if k < 0 or 0 <= slashes < k:
				return False
			inside = True
		s = s[k + 2:]
	return inside


def syscall_in(head):
	"""The name of the system call a function's head defines, or None:
	the kernel writes SYSCALL_DEFINE2(gettimeofday, ...), and Coccinelle
	names the function SYSCALL_DEFINE2.  A compat one (COMPAT_, and
	x86's SYSCALL32_) is compat_gettimeofday."""
	m = SYSCALL.search(head)
	if not m:
		return None
	return ('compat_' if m.group(1) or m.group(2) else '') + m.group(3)


def name_of(head):
	"""The name of the function whose head is head."""
	words = re.split('[^A-Za-z0-9_]+', head.split('(', 1)[0])
	while len(words) > 1 and words[-1] == '':
		words.pop()
	if SYSCALL_MACRO.match(words[-1]):
		return syscall_in(head) or words[-1]
	return words[-1]


def scan(lines):
	"""The pieces of lines, in order: a Function, or a list of lines
	that are no function's."""
	out = []
	held = []
	head = ''
	body = False
	in_comment = continued = False
	first = open = 0

	def release():
		if held:
			out.append(held[:])
			held.clear()

	def found(close):
		out.append(Function(first, open, close, name_of(head), held[:]))
		held.clear()

	for n, s in enumerate(lines, 1):
		was_in_comment = in_comment
		in_comment = in_comment_after(s, in_comment)
		if continued or (not body and not was_in_comment and DIRECTIVE.match(s)):
			release()
			out.append([s])
			continued = s.endswith('\\')
			continue
		if not held:
			first = n
		held.append(s)
		if body:
			if s.startswith('}'):
				found(n)
				head = ''
				body = False
		elif s.startswith('{'):
			head += ' ' + s
			open = n
			body = True
		elif not was_in_comment and not in_comment and BLANK_OR_END.search(s):
			release()
			head = ''
		elif COMMENT_LINE.match(s):
			head = ''
		else:
			head += ' ' + s
	if body:
		found(None)
	else:
		release()
	return out


def functions(lines):
	"""The functions of lines, each with its '}'."""
	return [p for p in scan(lines) if isinstance(p, Function) and p.close]


def excerpt(lines, calls):
	"""The excerpt of lines that Coccinelle parses: the lines of the
	functions none of whose lines match regex calls blank, the rest as
	it is.  Line and column numbers stay as they were, so what
	Coccinelle reports on the excerpt holds for the file; it parses the
	declarations (it learns the types of loop bounds from them) and the
	functions that matter instead of all of the file."""
	out = []
	for p in scan(lines):
		if isinstance(p, Function):
			kept = any(calls.search(s) for s in p.lines)
			out += p.lines if kept else [''] * len(p.lines)
		else:
			out += p
	return out


def called(names):
	"""A call of one of names, as a regex."""
	return re.compile('(^|[^A-Za-z0-9_])(%s)[ \t]*\\(' % '|'.join(names))


class Model:
	"""The names of model/uaccess.api a function's kinds are told by."""

	def __init__(self, path):
		names = {}
		with open(path) as f:
			for line in f:
				w = re.split('[ \t]+', line.rstrip('\n'))
				kind = 'opens' if w[0] in ('begin', 'masked', 'open', 'scoped') else w[0]
				if len(w) > 1:
					names.setdefault(kind, []).append(w[1])
		if not all(names.get(k) for k in ('opens', 'access', 'copy')):
			raise ValueError("no region, access or copy names in model '%s'" % path)
		self.opens = called(names['opens'])
		self.accesses = called(names['access'])
		self.copies = called(names['copy'])


BATCHED = re.compile(r'(^|[^A-Za-z0-9_])(unsafe_(put|get|copy_to|copy_from)_user|'
		     r'scoped_user_[a-z_]*access[a-z_]*)[ \t]*\(')
UNSAFE = re.compile(r'(^|[^A-Za-z0-9_])unsafe_[a-z0-9_]+[ \t]*\(')
# unsafe_memcpy() and BPF's unsafe_* iterators are not user accesses.
NOT_USER = re.compile(r'unsafe_(memcpy|on_|for_each_|find_vma|ringbuf_)')


def opens_region(s):
	"""Does line s call an unsafe_*() user-access helper?  Each call is
	looked for in what follows the last one, as awk's match() does."""
	m = UNSAFE.search(s)
	while m:
		if not NOT_USER.search(m.group(0)):
			return True
		s = s[m.end():]
		m = UNSAFE.search(s)
	return False


def kinds_of(f, model):
	"""The words for the user accesses function f makes:
	batched   unsafe_*() accessors of the model or a scoped_user_*() block
	region    another region: opened by a name of the model (begin,
		  masked, open), or unsafe_*() helpers
	checking  the model's accesses: put_user(), get_user() and their __ forms
	copying   the model's copies: copy_to_user(), copy_from_user() and theirs"""
	kinds = []
	body = f.body()
	if any(BATCHED.search(s) for s in body):
		kinds.append('batched')
	if any(model.opens.search(s) or opens_region(s) for s in body):
		kinds.append('region')
	if any(model.accesses.search(s) for s in body):
		kinds.append('checking')
	if any(model.copies.search(s) for s in body):
		kinds.append('copying')
	return kinds


class Hunk:
	"""A hunk of a diff -U0: the lines it replaces (length of them from
	line start; none: it inserts after line start) and the lines it
	adds."""

	def __init__(self, start, length):
		self.start = start
		self.length = length
		self.added = []


def hunks_of(diff_lines):
	"""The hunks of the lines of a diff -U0."""
	out = []
	for s in diff_lines:
		m = re.match(r'@@ -(\d+)(?:,(\d+))? ', s)
		if m:
			out.append(Hunk(int(m.group(1)), 1 if m.group(2) is None else int(m.group(2))))
		elif out and s.startswith('+'):
			out[-1].added.append(s[1:])
	return out


def fix_of(h, fns):
	"""The fix of hunk h: the number (from 1) of the function of fns that
	holds it, or 0."""
	last = h.start + h.length - 1 if h.length else h.start + 1
	for n, f in enumerate(fns, 1):
		if f.first <= h.start and last <= f.close:
			return n
	return 0


def fixes(hunks, fns):
	"""(N, FUNCTION, FIRST CHANGED LINE, FIRST LINE, LAST LINE) of each
	fix, in the order of its first hunk."""
	out = {}
	for h in hunks:
		n = fix_of(h, fns)
		if n not in out:
			f = fns[n - 1] if n else None
			out[n] = (n, f.name if f else '-', h.start, f.first if f else 0, f.close if f else 0)
	return list(out.values())


def apply_fixes(lines, hunks, fns, wanted):
	"""lines with the fixes wanted applied, and (fix, line) for each line
	they add, line its number in the result."""
	out = []
	added = []
	i = 1
	for h in hunks:
		n = fix_of(h, fns)
		if n not in wanted:
			continue
		upto = h.start if h.length else h.start + 1
		out += lines[i - 1:upto - 1]
		i = max(i, upto)
		for s in h.added:
			out.append(s)
			added.append((n, len(out)))
		i += h.length
	return out + lines[i - 1:], added


USAGE = ('usage: layout.py [--model API [--every]] FILE\n'
	 '       layout.py (--fixes | --apply N,M... | --added N,M...) DIFF_U0 FILE')


def fixes_main(how, which, diff, path):
	"""--fixes, --apply and --added."""
	with open(diff, errors='surrogateescape') as f:
		hunks = hunks_of(f.read().split('\n'))
	lines = lines_of(path)
	fns = functions(lines)
	if how == '--fixes':
		for row in fixes(hunks, fns):
			print('%d\t%s\t%d\t%d\t%d' % row)
		return 0
	wanted = set(int(n) for n in which.split(',') if n.isdigit())
	out, added = apply_fixes(lines, hunks, fns, wanted)
	if how == '--apply':
		sys.stdout.writelines(s + '\n' for s in out)
	else:
		sys.stdout.writelines('%d\t%d\n' % a for a in added)
	return 0


def functions_main(args):
	"""FILE, and --model API [--every] FILE."""
	model = None
	every = False
	if args[:1] == ['--model'] and len(args) > 1:
		try:
			model = Model(args[1])
		except ValueError as e:
			print('layout.py: %s' % e, file=sys.stderr)
			return 2
		every = args[2:3] == ['--every']
		args = args[3:] if every else args[2:]
	if len(args) != 1:
		print(USAGE, file=sys.stderr)
		return 2
	for f in functions(lines_of(args[0])):
		if model is None:
			print('%d\t%d\t%d\t%s' % (f.first, f.open, f.close, f.name))
			continue
		kinds = kinds_of(f, model)
		if kinds or every:
			print('%s\t%s' % (f.name, ' '.join(kinds) or 'none'))
	return 0


def main(args):
	try:
		if args[:1] == ['--fixes'] and len(args) == 3:
			return fixes_main(args[0], None, *args[1:])
		if args[:1] in (['--apply'], ['--added']) and len(args) == 4:
			return fixes_main(*args)
		return functions_main(args)
	except OSError as e:
		print('layout.py: %s: %s' % (e.filename, e.strerror), file=sys.stderr)
		return 2


if __name__ == '__main__':
	sys.stdout.reconfigure(errors='surrogateescape')
	sys.exit(main(sys.argv[1:]))

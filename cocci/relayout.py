# SPDX-License-Identifier: GPL-2.0-only
#
# Lay out what batch.cocci added to file NEW the way the kernel writes it,
# the lines that OLD (the file before the rewrite) had left alone
# (uabatch patch and modernize, -D relayout):
#  - 'scoped_user_write_access (p,label) {', as Coccinelle prints a block
#    it made, becomes 'scoped_user_write_access(p, label) {';
#  - a blank line between two added lines goes, but after a declaration
#    or a block: a region's accesses stand together;
#  - 'uabatch_scoped_block("HEAD", "OLD=NEW;...", "DECLARATION",
#    "STATEMENT"...);' ... 'uabatch_scoped_block_end();', which
#    rewrite_plan.py puts around a loop or a classic region (wrap_begin()),
#    becomes
#    'HEAD {', the statements, the lines between, '}': the lines indented
#    once more (with tabs), each name OLD in them NEW, and laid out as
#    checkpatch.pl wants them (they are the patch's now): no braces
#    around one statement, a blank line after declarations, none after
#    '{' or before '}'; a preprocessor line stays in column 0.  The
#    declaration, of the block's pointer, goes after the declarations at
#    the top of the function;
#  - 'uabatch_verbatim("TEXT")', a text Coccinelle would have printed
#    without its __user (rewrite_plan.kept_text()), becomes TEXT;
#  - an added line wider than 80 columns is broken after commas, the
#    rest aligned with the parenthesis it is in.
#
# Columns count bytes, a tab to the next multiple of 8, as checkpatch.pl
# counts them: the file is read as Latin-1, a byte a character.

import re
import subprocess

from rewrite_plan import VERBATIM, WRAP_BEGIN, WRAP_END

NAME = '[A-Za-z_][A-Za-z0-9_]*'
# One name with its initializer, or names without.
DECLARATION = re.compile(r'[ \t]*%s[A-Za-z0-9_ ]*[ *]+%s( = .*|(, [* ]*%s)+)?;\Z' % (NAME, NAME, NAME),
			 re.S)
KEYWORD_STATEMENT = re.compile(r'[ \t]*(return|goto|break|continue|case|else|do)[ \t]')
MARKER = re.compile(r'[ \t]*%s\(' % WRAP_BEGIN)
MARKER_END = WRAP_END + '();'
SCOPED_HEAD = re.compile(r'scoped_user_[a-z_]*access[a-z_]* \(')
CAST = re.compile(r'\([A-Za-z_][A-Za-z0-9_ ]* \*+\) +[A-Za-z_(&*]')
BRACED_HEAD = re.compile(r'[ \t]*(for|while|if) \(.*\) \{$')
COMPOUND = re.compile(r'[ \t]*(for|while|if|else|do|switch|case|default)\b')
BLANKS = re.compile(r'[ \t]*')


def declaration(s):
	"""Is s a declaration (of one name or more), not a statement of a
	keyword?"""
	return bool(DECLARATION.match(s)) and not KEYWORD_STATEMENT.match(s)


def width(s):
	"""The columns of s, a tab to the next multiple of 8."""
	w = 0
	for c in s:
		w = w + 8 - w % 8 if c == '\t' else w + 1
	return w


def indent(w):
	"""Tabs and spaces that reach column w."""
	return '\t' * (w // 8) + ' ' * (w % 8) if w > 0 else ''


def scoped_head(s):
	"""'scoped_user_write_access (p,label)' as the kernel writes it."""
	m = SCOPED_HEAD.search(s)
	if not m:
		return s
	head, rest = s[:m.end() - 2], s[m.end() - 1:]
	out = ''
	depth = 0
	for i, c in enumerate(rest):
		if c == '(':
			depth += 1
		elif c == ')':
			depth -= 1
		out += c
		if c == ',' and depth == 1 and i + 1 < len(rest) and rest[i + 1] != ' ':
			out += ' '
	return head + out


class Line:
	"""The structure of a line to break: its parentheses (the depth each
	opens), its commas and its binary operators (the depth each is at)."""

	def __init__(self, s):
		self.open_of = {}
		self.comma_depth = {}
		self.op_depth = {}
		depth = 0
		for i, c in enumerate(s):
			before = max(i - 1, 0)
			if c == '(':
				depth += 1
				self.open_of[i] = depth
			elif c == ')':
				depth -= 1
			elif c == ',':
				self.comma_depth[i] = depth
			elif s[before:before + 4] in (' && ', ' || '):
				self.op_depth[i + 1] = depth
			elif re.fullmatch(r' [-+*/|&^?:] ', s[before:before + 3]):
				self.op_depth[i] = depth


def wrap(s):
	"""s broken after commas so that each line stays within 80 columns:
	each time after the outermost comma that fits (the rightmost of
	those), the rest aligned with the open parenthesis that comma is in;
	where no comma fits, after the first one, or, when that line would
	be wider than checkpatch.pl allows (100), after the outermost binary
	operator that fits in that (an argument that is a long expression)."""
	if width(s) <= 80:
		return s
	ln = Line(s)
	paren_col = {}
	start = 0
	lead = 0	# the columns before s[start] on its line, past the first

	def column(i):
		"""The column after s[i], on the line that starts at s[start]."""
		return width(s[:i + 1]) if start == 0 else lead + i - start + 1

	out = ''
	while (width(s) if start == 0 else lead + len(s) - start) > 80:
		cut = None
		best = 1000
		for i in range(start, len(s)):
			if not ln.comma_depth.get(i) or s[i + 1:].strip(' ') == '':
				continue
			w = column(i)
			if w > 80 and cut is not None:
				break
			if (ln.comma_depth[i] <= best) if w <= 80 else cut is None:
				cut = i
				best = ln.comma_depth[i]
		end = len(s) - 1 if cut is None else cut
		if column(end) > 100:
			op = operator_cut(s, ln, start, end, column)
			if op is not None:
				cut = op
				best = ln.op_depth[op]
		if cut is None:
			break
		# The column after the parenthesis the comma is in.
		i = cut
		while i >= 0 and ln.open_of.get(i) != best:
			i -= 1
		if i not in paren_col:
			paren_col[i] = column(i)
		at = paren_col[i]
		out += ('' if start == 0 else indent(lead)) + s[start:cut + 1] + '\n'
		for i in range(start, cut + 1):
			if i in ln.open_of and i not in paren_col:
				paren_col[i] = column(i)
		start = cut + 1
		while s[start:start + 1] == ' ':
			start += 1
		lead = at
	return out + ('' if start == 0 else indent(lead)) + s[start:]


def operator_cut(s, ln, start, end, column):
	"""The rightmost of the outermost binary operators of s between start
	and end after which the line stays within 100 columns, or None."""
	cut = None
	best = 1000
	for i in range(start, end):
		if not ln.op_depth.get(i):
			continue
		if column(i) <= 100 and ln.op_depth[i] <= best:
			cut = i
			best = ln.op_depth[i]
	return cut


def strings(s):
	"""The string literals of s, unescaped."""
	out = []
	cur = None
	i = 0
	while i < len(s):
		c = s[i]
		if cur is None:
			if c == '"':
				cur = ''
		elif c == '\\':
			i += 1
			cur += s[i:i + 1]
		elif c == '"':
			out.append(cur)
			cur = None
		else:
			cur += c
		i += 1
	return out


def rename(s, old, new):
	"""s with each name old (not a member: no '.' or '->' before it) made
	new."""
	out = []
	at = 0
	while True:
		k = s.find(old, at)
		if k < 0:
			break
		end = k + len(old)
		before = s[k - 1:k]
		if re.match('[A-Za-z0-9_.]', before) or s[k - 2:k] == '->' or \
		   re.match('[A-Za-z0-9_]', s[end:end + 1]):
			out.append(s[at:end])
		else:
			out.append(s[at:k] + new)
		at = end
	return ''.join(out) + s[at:]


def count_parens(s, paren):
	"""The parentheses line s leaves open, pushed on paren (the column
	after each), those before s counted; those in strings and character
	constants do not count."""
	quote = ''
	i = 0
	while i < len(s):
		c = s[i]
		if quote:
			if c == '\\':
				i += 1
			elif c == quote:
				quote = ''
		elif c in '"\'':
			quote = c
		elif c == '(':
			paren.append(width(s[:i + 1]))
		elif c == ')' and paren:
			paren.pop()
		i += 1


def cast_unspaced(s):
	"""s without a blank after a pointer cast, which checkpatch.pl
	--strict asks of the lines a block moves ('(char __user *) dirent'
	in 6.12's filldir()); a line with a string is left as it is."""
	if '"' in s:
		return s
	out = ''
	m = CAST.search(s)
	while m:
		out += s[:m.start()] + re.sub(r'\) +', ')', m.group(0), count=1)
		s = s[m.end():]
		m = CAST.search(s)
	return out + s


class Relayout:
	"""The lines of NEW, those added to OLD, and what laying them out
	has learnt so far."""

	def __init__(self, lines, added):
		self.line = lines
		self.added = added
		self.declared = {}	# line -> the declaration to print after it
		self.continues = {}
		self.was = []		# the parentheses open, as the lines were
		self.moved = []		# and as they are moved

	def at(self, k):
		"""Line k (1-based), empty past the file."""
		return self.line[k - 1] if 1 <= k <= len(self.line) else ''

	def continues_text(self, k):
		"""Whether line k goes on a directive (2), or on a string literal
		(1), that a backslash at the end of the line before it broke: its
		blanks are the layout of the directive or the text of the
		string.  A line that goes on a statement (the operands of an asm
		after a macro) is laid out as any other (0)."""
		if k in self.continues:
			return self.continues[k]
		if k <= 1 or not self.at(k - 1).endswith('\\'):
			what = 0
		elif re.match(r'[ \t]*#', self.at(k - 1)) or self.continues_text(k - 1) == 2:
			what = 2
		else:
			s = re.sub(r'\\.', '', self.at(k - 1), flags=re.S)
			s = re.sub(r"'[^']'", '', s)
			what = int(s.count('"') % 2 != (self.continues_text(k - 1) == 1))
		self.continues[k] = what
		return what

	def reindent(self, s):
		"""s, a line the block moves, indented once more; a line that goes
		on inside the parentheses of the line before, aligned with the one
		open last or nearly so (x86 futex.h: one column off), is aligned
		with it, as checkpatch.pl --strict asks of the lines a patch adds,
		where that fits in 100 columns (the operands of an asm laid out
		otherwise keep their layout); a line that no longer fits is
		broken."""
		lead = BLANKS.match(s).group(0)
		body = cast_unspaced(s[len(lead):])
		w = width(lead)
		was = self.was[-1] if self.was else 0
		if self.moved and not body.startswith(')') and abs(w - was) <= 3 and \
		   self.moved[-1] + len(body) <= 100:
			out = indent(self.moved[-1]) + body
		else:
			out = indent(w + 8) + body
		if width(out) > 100:
			out = wrap(out)
		count_parens(s, self.was)
		for part in out.split('\n'):
			count_parens(part, self.moved)
		return out

	def one_statement(self, k):
		"""Is line k one statement alone, of one line?"""
		s = self.at(k)
		return s.endswith(';') and '{' not in s and '}' not in s and not COMPOUND.match(s)

	def marker(self, k):
		"""The marker of a scoped block that starts at line k, joined
		where Coccinelle broke it, and its last line."""
		s = self.at(k)
		while not re.search(r'\);[ \t]*$', s) and k + 1 in self.added:
			k += 1
			s += (' ' if s.endswith(',') else '') + self.at(k).lstrip(' \t')
		return s, k

	def declare(self, i, text):
		"""The declaration of the block at line i goes after the last
		declaration that opens the function around it (after the line
		'{' when there is none, a blank line after it)."""
		start = i
		while start > 1 and self.at(start) != '{':
			start -= 1
		k = start + 1
		while k < i and declaration(self.at(k)):
			k += 1
		self.declared[k - 1] = self.declared.get(k - 1, '') + '\t' + text
		if k == start + 1 and self.at(k) != '':
			self.declared[k - 1] += '\n'

	def declarations(self):
		for i in range(1, len(self.line) + 1):
			if i in self.added and MARKER.match(self.at(i)):
				arg = strings(self.marker(i)[0])
				if len(arg) >= 3 and arg[2]:
					self.declare(i, arg[2])

	def block_line(self, s, i, renames, out):
		"""Line i, s, inside a block: renamed and moved; how many lines
		after it were laid out with it."""
		for old, new in renames:
			s = rename(s, old, new)
		# The lines of the loop are the patch now, and checkpatch.pl
		# reads them: a block left with one statement (its access was
		# an if) loses its braces; a declaration is followed by a blank
		# line.
		lead = BLANKS.match(s).group(0)
		if BRACED_HEAD.match(s) and self.one_statement(i + 1) and self.at(i + 2) == lead + '}':
			out.append(self.reindent(s[:-2]))
			out.append(wrap('\t' + self.at(i + 1)) if i + 1 in self.added
				   else self.reindent(self.at(i + 1)))
			return None, 2
		s = self.reindent(s)
		if declaration(s) and not declaration(self.at(i + 1)) and \
		   not re.fullmatch(r'[ \t]*(}.*)?', self.at(i + 1), re.S):
			s += '\n'
		return s, 0

	def lines(self):
		"""The file laid out."""
		self.declarations()
		out = []
		block = None
		renames = []
		opened = False
		i = 1
		while i <= len(self.line):
			s = self.at(i)
			if block is not None and s == block + MARKER_END:
				out.append(block + '}')
				block = None
				self.was, self.moved = [], []
				i += 1
				continue
			if block is not None and s == '' and (opened or self.at(i + 1) == block + MARKER_END):
				i += 1
				continue
			opened = False
			# A directive stays in column 0; a line that goes on a
			# directive or a string the line before broke stays as it is.
			if block is not None and (s.startswith('#') or self.continues_text(i)):
				out.append(s)
				i += 1
				continue
			if block is not None and s != '':
				s, skip = self.block_line(s, i, renames, out)
				if s is None:
					i += 1 + skip
					continue
			if i in self.added and MARKER.match(s):
				s, i = self.marker(i)
				block = BLANKS.match(s).group(0)
				self.was, self.moved = [], []
				arg = strings(s)
				out.append(wrap(block + arg[0] + ' {'))
				renames = [r.split('=', 1) for r in arg[1].split(';') if '=' in r]
				out += [wrap(block + '\t' + a) for a in arg[3:]]
				if len(arg) >= 4 and declaration(block + '\t' + arg[-1]):
					out.append('')
				opened = True
				i += 1
				continue
			if i in self.added:
				# Coccinelle may have broken the head of a block it made.
				while SCOPED_HEAD.search(s) and not re.search(r'\{[ \t]*$', s) and \
				      i + 1 in self.added:
					i += 1
					s += (' ' if s.endswith(',') else '') + self.at(i).lstrip(' \t')
				# Its indent in tabs, where Coccinelle copied the spaces of
				# the line it follows (a label after "        return
				# ret;" in the futex.h of powerpc).
				lead = BLANKS.match(s).group(0)
				s = wrap(scoped_head(indent(width(lead)) + s[len(lead):]))
			elif re.fullmatch(r'[ \t]*', s) and i - 1 in self.added and i + 1 in self.added and \
			     not declaration(self.at(i - 1)) and WRAP_END not in self.at(i - 1):
				i += 1
				continue
			out.append(s)
			if i in self.declared:
				out.append(self.declared[i])
			i += 1
		return out


def added_lines(old, new):
	"""The numbers of the lines of file new that diff finds added to
	file old."""
	r = subprocess.run(['diff', '--unchanged-line-format=', '--old-line-format=',
			    '--new-line-format=%dn\n', old, new], stdout=subprocess.PIPE, check=False)
	if r.returncode > 1:
		raise OSError('diff %s %s failed' % (old, new))
	return set(int(n) for n in r.stdout.split())


VERBATIM_TEXT = re.compile(r'%s\(("(?:[^"\\]|\\.)*")\)(;?)' % VERBATIM)

def unverbatim(text):
	"""text with each 'uabatch_verbatim("TEXT")' made TEXT
	(rewrite_plan.kept_text()), a statement's ';' once, and the lines
	Coccinelle broke the statement into after commas joined again, for
	wrap() to break as TEXT needs."""
	def text_of(m):
		t = strings(m.group(1))[0]
		return t if t.endswith(';') else t + m.group(2)
	lines = text.split('\n')
	out = []
	k = 0
	while k < len(lines):
		s = lines[k]
		if VERBATIM in s:
			while out and out[-1].rstrip().endswith(','):
				s = out.pop().rstrip() + ' ' + s.strip()
			while s.rstrip().endswith(',') and k + 1 < len(lines):
				k += 1
				s = s.rstrip() + ' ' + lines[k].strip()
			s = VERBATIM_TEXT.sub(text_of, s)
		out.append(s)
		k += 1
	return '\n'.join(out)


def relayout(old, new):
	"""Lay out file new, the rewrite of file old, in place."""
	with open(new, encoding='latin-1', newline='') as f:
		text = f.read()
	if VERBATIM in text:
		text = unverbatim(text)
		with open(new, 'w', encoding='latin-1', newline='') as f:
			f.write(text)	# for diff to find the lines added
	added = added_lines(old, new)
	lines = text.split('\n')
	if lines[-1] == '':
		lines.pop()
	text = ''.join(l + '\n' for l in Relayout(lines, added).lines())
	with open(new, 'w', encoding='latin-1', newline='') as f:
		f.write(text)

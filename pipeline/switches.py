# SPDX-License-Identifier: GPL-2.0
"""What an x86 object's machine code shows of user access, function by
function: the calls to the out-of-line accessors (__put_user_N(),
__get_user_N(), each with a STAC and a CLAC of its own), and the STAC
and CLAC instructions the user-access begins and ends put in by
alternatives, in the whole function and in its loops.

x86 patches STAC and CLAC in at boot: in the function they are nops,
and the instructions themselves sit in .altinstr_replacement.  Each
entry of .altinstructions holds two relocations, the place in the
function and its replacement; so a replacement is counted in the
function whose place it takes.  An instruction is in a loop where it is
on a cycle of the function's jumps and fall-throughs (GCC also jumps
back to code laid out earlier that runs once, so a backward jump alone
makes no loop); an indirect jump leads nowhere known.
"""

import bisect
import collections
import os
import re
import subprocess

# A call to an out-of-line accessor of x86 (with a STAC and a CLAC of its own).
ACCESSOR_CALL = re.compile(r'R_X86_64_(?:PLT32|PC32)\s+__(?:put|get)_user_(?:nocheck_)?[1248](?:[^0-9]|$)')
SECTION = re.compile(r'Disassembly of section (\S+):')
FUNCTION = re.compile(r'([0-9a-f]+) <([^>]+)>:$')
INSTRUCTION = re.compile(r'\s+([0-9a-f]+):\s+(\S+)\s*(\S*)')
RELOCATION = re.compile(r'([0-9a-f]+)\s+[0-9a-f]+\s+(R_X86_64_\w+)\s+[0-9a-f]+\s+(\S+)\s*\+\s*([0-9a-f]+)')
REPLACEMENTS = '.altinstr_replacement'
# What is counted, in this order.
KINDS = ('call', 'stac', 'clac')


# What does not go on to the next instruction.
NO_FALL_THROUGH = ('jmp', 'ret', 'ud2', 'int3')


class Function:
	"""One function of the object: where it starts, its instructions
	(address, where each may go next), its events (address, kind) and
	the addresses of those on a cycle, its loops."""

	def __init__(self, section, start):
		self.section = section
		self.start = start
		self.next = {}
		self.events = []
		self.looped = set()

	def counts(self, in_loops=False):
		"""(calls, STAC, CLAC), in the whole function or in its loops."""
		n = collections.Counter(kind for at, kind in self.events
					if not in_loops or at in self.looped)
		return tuple(n[k] for k in KINDS)

	def find_loops(self):
		"""The instructions on a cycle: those of a strongly connected
		component of more than one, or that go to themselves (Tarjan's
		algorithm, without recursion)."""
		index, low, stack, on = {}, {}, [], set()
		for root in self.next:
			if root in index:
				continue
			work = [(root, iter(self.next[root]))]
			index[root] = low[root] = len(index)
			stack.append(root)
			on.add(root)
			while work:
				v, succ = work[-1]
				w = next(succ, None)
				if w is None:
					work.pop()
					if work:
						low[work[-1][0]] = min(low[work[-1][0]], low[v])
					if low[v] == index[v]:
						scc = []
						while True:
							x = stack.pop()
							on.discard(x)
							scc.append(x)
							if x == v:
								break
						if len(scc) > 1 or v in self.next[v]:
							self.looped.update(scc)
				elif w not in self.next:
					continue
				elif w not in index:
					index[w] = low[w] = len(index)
					stack.append(w)
					on.add(w)
					work.append((w, iter(self.next[w])))
				elif w in on:
					low[v] = min(low[v], index[w])


def run(args):
	r = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
	return os.fsdecode(r.stdout).split('\n')


def disassembly(obj):
	"""The functions of obj by name, and the STAC and CLAC of its
	replacements by address."""
	functions, replaced = {}, {}
	section, fn, previous, jumped = None, None, None, None
	for s in run(['objdump', '-dr', '--no-show-raw-insn', obj]):
		m = SECTION.match(s)
		if m:
			section, fn = m.group(1), None
			continue
		m = FUNCTION.match(s)
		if m and section != REPLACEMENTS:
			fn = functions[m.group(2)] = Function(section, int(m.group(1), 16))
			previous = None
			continue
		m = INSTRUCTION.match(s)
		if not m:
			continue
		at, mnemonic = int(m.group(1), 16), m.group(2)
		if mnemonic.startswith('R_X86_64_'):
			# The relocation of the instruction before: a call or a
			# jump out of the function (a tail call, the return
			# thunk), whose target objdump shows as the next address.
			if fn and fn.events:
				last = fn.events[-1][0]
				fn.next[last] = [a for a in fn.next[last] if a != jumped]
				if ACCESSOR_CALL.search(s):
					fn.events[-1] = (last, 'call')
			continue
		if section == REPLACEMENTS:
			if mnemonic in ('stac', 'clac'):
				replaced[at] = mnemonic
		elif fn:
			# Kept as an event of no kind until a relocation names an accessor.
			fn.events.append((at, None))
			fn.next[at] = []
			if previous is not None:
				fn.next[previous].append(at)
			previous = None if mnemonic in NO_FALL_THROUGH else at
			target = re.match(r'[0-9a-f]+$', m.group(3))
			jumped = None
			if mnemonic.startswith('j') and target:
				jumped = int(target.group(0), 16)
				fn.next[at].append(jumped)
	for f in functions.values():
		f.events = [e for e in f.events if e[1]]
		f.find_loops()
	return functions, replaced


def alternatives(obj):
	"""(section, offset, replacement offset) of each entry of
	.altinstructions that has both places in sections of the object."""
	out, place, on = [], None, False
	for s in run(['readelf', '-rW', obj]):
		if s.startswith('Relocation section'):
			on = "'.rela.altinstructions'" in s
			continue
		m = RELOCATION.match(s) if on else None
		if not m:
			continue
		where = (m.group(3), int(m.group(4), 16))
		if where[0] == REPLACEMENTS and place:
			out.append((place[0], place[1], where[1]))
			place = None
		else:
			place = where
	return out


def user_access_of(obj):
	"""What obj shows, by function name: {name: Function} with the
	events of each."""
	functions, replaced = disassembly(obj)
	starts = collections.defaultdict(list)
	for name, f in functions.items():
		starts[f.section].append((f.start, name))
	for s in starts.values():
		s.sort()
	for section, at, repl in alternatives(obj):
		kind = replaced.get(repl)
		i = bisect.bisect_right(starts.get(section, []), (at, '\uffff')) - 1
		if kind and i >= 0:
			functions[starts[section][i][1]].events.append((at, kind))
	return functions


def symbol_of(functions, name):
	"""The symbol of function name among functions: its own, or that of
	GCC's one copy of it (name.isra.0, name.constprop.0); None where it
	is inlined."""
	them = [s for s in functions if s == name or s.startswith(name + '.')]
	return them[0] if len(them) == 1 else None


def shown(before, after, name):
	"""What the objects say of function name before and after a change,
	tab-separated: its symbol, or '' for the whole object where one of
	them has no symbol of it (inlined); then (calls, STAC, CLAC) before
	and after, and the same in its loops."""
	sb, sa = symbol_of(before, name), symbol_of(after, name)
	if sb and sa:
		name, b, a = sa, [before[sb]], [after[sa]]
	else:
		name, b, a = '', before.values(), after.values()

	def total(fns, in_loops):
		n = [0] * len(KINDS)
		for f in fns:
			n = [x + y for x, y in zip(n, f.counts(in_loops))]
		return ' '.join(str(x) for x in n)
	return '\t'.join([name] + [total(fns, loops) for loops in (False, True) for fns in (b, a)])

# SPDX-License-Identifier: GPL-2.0
"""What an object's machine code shows of user access, function by
function, in the whole function and in its loops: the instructions that
switch user access on and off, and on x86 the calls to the out-of-line
accessors (__put_user_N(), __get_user_N(), each with a STAC and a CLAC
of its own).  KINDS says what is counted on each architecture:

  x86      STAC and CLAC.  x86 patches them in at boot: in the function
           they are nops, and the instructions sit in
           .altinstr_replacement.  Each entry of .altinstructions holds
           two relocations, the place in the function and its
           replacement, so a replacement is counted in the function
           whose place it takes.
  riscv    csrs and csrc of sstatus with SUM, inline: of a register
           last set by 'lui R,0x40' before it, or, where GCC set it
           elsewhere (once, out of a loop), that the function sets to
           nothing else.
  powerpc  mtamr, each a KUAP unlock or lock (both write the AMR).

arm64 uses unprivileged loads and stores and switches nothing where it
has no software PAN: nothing to count.

An instruction is in a loop where it is on a cycle of the function's
jumps and fall-throughs (GCC also jumps back to code laid out earlier
that runs once, so a backward jump alone makes no loop); an indirect
jump leads nowhere known.
"""

import bisect
import collections
import os
import re
import subprocess

KINDS = {'x86': ('call', 'stac', 'clac'), 'riscv': ('csrs', 'csrc'), 'powerpc': ('mtamr',)}
# A call to an out-of-line accessor of x86 (with a STAC and a CLAC of its own).
ACCESSOR_CALL = re.compile(r'R_X86_64_(?:PLT32|PC32)\s+__(?:put|get)_user_(?:nocheck_)?[1248](?:[^0-9]|$)')
SECTION = re.compile(r'Disassembly of section (\S+):')
FUNCTION = re.compile(r'([0-9a-f]+) <([^>]+)>:$')
INSTRUCTION = re.compile(r'\s+([0-9a-f]+):\s+(\S+)\s*([^<#]*)')
RELOCATION = re.compile(r'([0-9a-f]+)\s+[0-9a-f]+\s+(R_X86_64_\w+)\s+[0-9a-f]+\s+(\S+)\s*\+\s*([0-9a-f]+)')
REPLACEMENTS = '.altinstr_replacement'
# The jumps (their last operand the target, where it is an address) and
# what does not go on to the next instruction, by architecture.
JUMPS = {'x86': ('j',), 'riscv': ('j', 'b'), 'powerpc': ('b',)}
NO_FALL_THROUGH = {'x86': ('jmp', 'ret', 'ud2', 'int3'), 'riscv': ('j', 'jr', 'ret', 'ebreak'),
		   'powerpc': ('b', 'blr', 'bctr', 'trap')}
# riscv's instructions that write no register named first.
RISCV_NO_DEST = ('sb', 'sh', 'sw', 'sd', 'fsw', 'fsd', 'csrs', 'csrc', 'csrw', 'j', 'jr')


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

	def counts(self, kinds, in_loops=False):
		"""The number of each of kinds, in the whole function or in its
		loops."""
		n = collections.Counter(kind for at, kind in self.events
					if not in_loops or at in self.looped)
		return tuple(n[k] for k in kinds)

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


class Disassembler:
	"""Reads objdump's lines of one object into its functions, and the
	STAC and CLAC of its replacements by address."""

	def __init__(self, arch):
		self.arch = arch
		self.functions, self.replaced = {}, {}
		self.section = self.fn = self.previous = self.jumped = None
		self.sum_regs = set()
		# riscv: the values each (function, register) is loaded
		# with, and the switches of registers not yet loaded.
		self.loads = collections.defaultdict(set)
		self.pending = []

	def line(self, s):
		m = SECTION.match(s)
		if m:
			self.section, self.fn = m.group(1), None
			return
		m = FUNCTION.match(s)
		# objdump names riscv's local labels as symbols: they go on.
		if m and self.section != REPLACEMENTS and not m.group(2).startswith('.L'):
			self.fn = self.functions[m.group(2)] = Function(self.section, int(m.group(1), 16))
			self.previous = None
			self.sum_regs = set()
			return
		m = INSTRUCTION.match(s)
		if m and m.group(2).startswith('R_'):
			self.relocation(s, m.group(3).strip())
		elif m and self.section == REPLACEMENTS:
			if m.group(2) in ('stac', 'clac'):
				self.replaced[int(m.group(1), 16)] = m.group(2)
		elif m and self.fn:
			self.instruction(int(m.group(1), 16), m.group(2), m.group(3).strip())

	def relocation(self, s, symbol):
		"""The relocation of the instruction before: a call or a jump out
		of the function (a tail call, the return thunk) has objdump show
		its target as an address of its own; a local label's is real."""
		fn = self.fn
		if not fn or not fn.events:
			return
		last = fn.events[-1][0]
		if not symbol.startswith('.L'):
			fn.next[last] = [a for a in fn.next[last] if a != self.jumped]
		if self.arch == 'x86' and ACCESSOR_CALL.search(s):
			fn.events[-1] = (last, 'call')

	def instruction(self, at, mnemonic, operands):
		fn = self.fn
		# Kept as an event of no kind until it is known to be one.
		fn.events.append((at, self.kind(mnemonic, operands)))
		fn.next[at] = []
		if self.previous is not None:
			fn.next[self.previous].append(at)
		self.previous = None if mnemonic in NO_FALL_THROUGH[self.arch] else at
		target = operands.split(',')[-1].strip()
		self.jumped = None
		if mnemonic.startswith(JUMPS[self.arch]) and re.match(r'[0-9a-f]+$', target):
			self.jumped = int(target, 16)
			fn.next[at].append(self.jumped)

	def kind(self, mnemonic, operands):
		"""What instruction is of the architecture's KINDS, or None."""
		if self.arch == 'powerpc':
			return 'mtamr' if mnemonic == 'mtamr' else None
		if self.arch != 'riscv':
			return None
		ops = [o.strip() for o in operands.split(',')]
		if mnemonic in ('csrs', 'csrc') and ops[0] == 'sstatus':
			if ops[-1] in self.sum_regs:
				return mnemonic
			if not self.loads[(self.fn, ops[-1])]:
				self.pending.append((self.fn, len(self.fn.events), ops[-1], mnemonic))
			return None
		if mnemonic in ('lui', 'li'):
			self.loads[(self.fn, ops[0])].add((mnemonic, ops[-1]))
		if (mnemonic, ops[-1]) == ('lui', '0x40'):
			self.sum_regs.add(ops[0])
		elif mnemonic not in RISCV_NO_DEST and not mnemonic.startswith('b'):
			self.sum_regs.discard(ops[0])
		return None

	def settle(self):
		"""riscv's switches of a register loaded only after them in the
		code's order: SUM where the function loads it with nothing
		else."""
		for fn, i, reg, mnemonic in self.pending:
			if self.loads[(fn, reg)] == {('lui', '0x40')}:
				fn.events[i] = (fn.events[i][0], mnemonic)


def alternatives(obj):
	"""(section, offset, replacement offset) of each entry of x86's
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


def user_access_of(obj, arch, cross=''):
	"""What obj, built for arch (kbuild.arch_of()) with the tools of
	prefix cross, shows: {symbol: Function} with the events of each;
	None for an architecture with nothing to count."""
	if arch not in KINDS:
		return None
	d = Disassembler(arch)
	for s in run([cross + 'objdump', '-dr', '--no-show-raw-insn', obj]):
		d.line(s)
	d.settle()
	functions = d.functions
	for f in functions.values():
		f.events = [e for e in f.events if e[1]]
		f.find_loops()
	if arch != 'x86':
		return functions
	starts = collections.defaultdict(list)
	for name, f in functions.items():
		starts[f.section].append((f.start, name))
	for s in starts.values():
		s.sort()
	for section, at, repl in alternatives(obj):
		kind = d.replaced.get(repl)
		i = bisect.bisect_right(starts.get(section, []), (at, '\uffff')) - 1
		if kind and i >= 0:
			functions[starts[section][i][1]].events.append((at, kind))
	return functions


def symbol_of(functions, name):
	"""The symbol of function name among functions: its own, or that of
	GCC's one copy of it (name.isra.0, name.constprop.0), or for a
	system call (SYSCALL_DEFINEn(name), COMPAT_SYSCALL_DEFINEn(name),
	named compat_name) the function its body is on the architecture;
	None where it is inlined."""
	call = name[len('compat_'):] if name.startswith('compat_') else name
	kind = 'compat_sys_' if call != name else 'sys_'
	for n in (name, '__do_' + kind + call, kind + call):
		them = [s for s in functions if s == n or s.startswith(n + '.')]
		if len(them) == 1:
			return them[0]
	return None


def shown(arch, before, after, name):
	"""What the objects built for arch say of function name before and
	after a change, tab-separated: its symbol, or '' for the whole
	object where one of them has no symbol of it (inlined); then the
	counts of KINDS[arch] before and after (each space-separated), and
	the same in its loops."""
	sb, sa = symbol_of(before, name), symbol_of(after, name)
	if sb and sa:
		name, b, a = sa, [before[sb]], [after[sa]]
	else:
		name, b, a = '', before.values(), after.values()
	kinds = KINDS[arch]

	def total(fns, in_loops):
		n = [0] * len(kinds)
		for f in fns:
			n = [x + y for x, y in zip(n, f.counts(kinds, in_loops))]
		return ' '.join(str(x) for x in n)
	return '\t'.join([name] + [total(fns, loops) for loops in (False, True) for fns in (b, a)])

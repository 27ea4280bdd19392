# SPDX-License-Identifier: GPL-2.0-only
#
# What the declarations of a function, of its file and of the headers of
# its tree say of a name: its integer type, whether a loop's bound is
# compared unsigned, the body of a struct and its members, whether a
# member is a flexible array.
#
# A region of n elements, array_size(n, ..), fails its check where n is
# negative; the loop "for (i = 0; i < n; i++)" runs no iteration there if
# the comparison is signed, so the region may only be sized by a bound
# the comparison treats as unsigned: one of an unsigned type, or a signed
# one no wider than int against an index of an unsigned type of int's
# rank or more, which the usual conversions make unsigned.  Coccinelle
# runs without the tree's headers and knows the types of locals and
# parameters only; a member's is read from its struct's definition.

import os
import re
import subprocess

from source import flat, is_name, tree_of

UNSIGNED = set(['unsigned', 'unsigned int', 'unsigned long', 'unsigned long int',
		'unsigned long long', 'unsigned char', 'unsigned short', 'size_t',
		'u8', 'u16', 'u32', 'u64', '__u8', '__u16', '__u32', '__u64'])
UNSIGNED_NARROW = set(['unsigned char', 'unsigned short', 'u8', 'u16', '__u8', '__u16'])
SIGNED_NARROW = set(['int', 'signed', 'signed int', 'short', 'short int', 'signed short',
		     'char', 'signed char', 's8', 's16', 's32', '__s8', '__s16', '__s32'])

def declared_type(text, name):
	"""The type that the declarations of name in text give it, with no
	qualifier ('unsigned int' for 'const unsigned int i = 0;'), if it is
	one of the integer types above and all agree; else None."""
	text = re.sub(r'/\*.*?\*/|//[^\n]*', ' ', text, flags=re.S)
	found = set()
	for m in re.finditer(r'(?:^|[;{}(,])\s*((?:[A-Za-z_]\w*\s+)+)%s\s*[;,)=\[:]' %
			     re.escape(name), text):
		words = [w for w in m.group(1).split() if w not in ('const', 'volatile', 'register')]
		found.add(' '.join(words))
	if len(found) == 1 and found <= UNSIGNED | SIGNED_NARROW:
		return found.pop()
	return None

BYTES = set(['char', 'unsigned char', 'signed char', 'u8', '__u8', 's8', '__s8'])

def byte_pointer(text, name):
	"""Is name declared, in every declaration of it in text, a pointer
	to bytes of user memory ('const char __user *p', alone or in a list
	of pointers)?"""
	text = re.sub(r'/\*.*?\*/|//[^\n]*', ' ', text, flags=re.S)
	found = set()
	for m in re.finditer(r'(?:^|[;{}(,])\s*((?:[A-Za-z_]\w*\s+)+)\*\s*'
			     r'(?:\w+\s*(?:=[^,;()]*)?,\s*\*\s*)*%s\s*[;,)=]' % re.escape(name), text):
		words = [w for w in m.group(1).split() if w not in ('const', 'volatile')]
		found.add(' '.join(words))
	return bool(found) and all(w.endswith(' __user') and w[:-len(' __user')] in BYTES
				   for w in found)

struct_bodies = {}

def struct_body(src, name, typedef=False):
	"""The text between the braces of the one definition of 'struct
	name { .. }' (or with typedef, of 'typedef struct { .. } name;') in
	the file, or in the headers of its tree (include/, beside the file,
	and an architecture's own for its files); None where there is none
	or more than one."""
	root, rel = tree_of(src.path)
	key = (root or src.path, name, typedef)
	if key not in struct_bodies:
		struct_bodies[key] = None
		if typedef:
			start, lines = r'\btypedef\s+struct\s*\w*\s*\{', r'\}.*\b%s\s*;' % name
		else:
			# grep reads lines: the brace may be on the next one.
			start, lines = r'\bstruct\s+%s\s*\{' % name, r'struct\s+%s\s*(\{|$)' % name
		# The nearest definition wins, as the preprocessor has it: the
		# file's own, then the headers beside it and its architecture's
		# (asm/ucontext.h before asm-generic's), then include/.
		tiers = [[src.text]]
		if root:
			arch = re.match(r'arch/[^/]+/', rel)
			near = [os.path.join(root, os.path.dirname(rel))]
			near += [os.path.join(root, arch.group(0), 'include')] if arch else []
			where = near + [os.path.join(root, 'include')]
			found = subprocess.run(['grep', '-rlE', '--include=*.h', lines, '--'] + where,
					       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
					       universal_newlines=True).stdout.split()
			for dirs in (near, where[-1:]):
				tiers.append([open(f, errors='replace').read() for f in found
					      if any(f.startswith(d + '/') for d in dirs)])
		for texts in tiers:
			bodies = set(b for t in texts for b in bodies_in(t, start, name, typedef))
			if bodies:
				struct_bodies[key] = bodies.pop() if len(bodies) == 1 else None
				break
	return struct_bodies[key]

def bodies_in(text, start, name, typedef):
	"""The bodies of the definitions that start matches in text."""
	for m in re.finditer(start, text):
		depth, k = 0, m.end() - 1
		for k in range(m.end() - 1, len(text)):
			depth += {'{': 1, '}': -1}.get(text[k], 0)
			if depth == 0:
				break
		# '} __attribute__((packed)) name;' names it too.
		if not typedef or re.match(r'\}(?:\s|__attribute__\s*\(\([^;]*?\)\)|__packed)*%s\s*;'
					   % name, text[k:]):
			yield text[m.end():k]

def struct_name(text, obj):
	"""The name of the struct that the declarations in text (of a
	function, or of a block) make obj (a name) a pointer to, or an
	instance of; None where unknown."""
	# 'struct s __user *, p' is a parameter of SYSCALL_DEFINEn().
	names = set(re.findall(r'\bstruct\s+(\w+)\b\s*(?:__user\s*)?(?:\*\s*,\s*|\*?\s*)(?:const\s+)?%s\s*[;,)=]'
			       % re.escape(obj), text))
	return names.pop() if len(names) == 1 else None

def member_struct(src, fn, obj):
	"""The body of the struct that the function declares obj (a name) a
	pointer to, or an instance of; None where unknown."""
	name = struct_name(fn.text(), obj)
	return struct_body(src, name) if name else None

# A member of a struct that a name points to: 't->rseq'.
MEMBER = re.compile(r'^(\w+)->(\w+)$')

def array_member(src, fn, obj, field):
	"""Is obj->field an array member of the struct the function declares
	obj a pointer to ('m[N]' or 'm[]'): an address, not a pointer read
	from memory?"""
	body = member_struct(src, fn, obj)
	return body is not None and \
	       re.search(r'\b%s\s*\[[^;]*;' % re.escape(field), plain_body(body)) is not None

def pointed_layout(src, fn, ptr, block):
	"""('struct name', member_positions()) of the struct that the
	declarations of block (a text in fn), else of the function, make ptr
	a pointer to; None where unknown.  (Two blocks of
	save_fsave_header() each declare their own fp.)  ptr may be a
	member 'obj->m' of such a struct, which it declares 'struct name
	__user *m;' (5.10's rseq_update_cpu_id(): t->rseq)."""
	member = MEMBER.match(ptr)
	if member:
		outer = struct_name(block, member.group(1)) or struct_name(fn.text(), member.group(1))
		name = pointer_member_struct(src, outer, member.group(2)) if outer else None
		kind, body = 'struct %s' % name, struct_body(src, name) if name else None
	elif not is_name(ptr):
		return None
	else:
		name = struct_name(block, ptr) or struct_name(fn.text(), ptr)
		if name:
			kind, body = 'struct ' + name, struct_body(src, name)
		else:
			name = typedef_name(block, ptr) or typedef_name(fn.text(), ptr)
			kind, body = name, struct_body(src, name, typedef=True) if name else None
	positions = member_positions(body) if body is not None else None
	return (kind, positions) if positions else None

def pointer_member_struct(src, outer, member):
	"""The name of the struct that member of struct outer points to, as
	'struct name __user *member;' in its definition says; or None."""
	body = struct_body(src, outer)
	names = set(re.findall(r'\bstruct\s+(\w+)\s*(?:__user\s*)?\*\s*%s\s*;' % re.escape(member),
			       plain_body(body))) if body is not None else ()
	return names.pop() if len(names) == 1 else None

def typedef_name(text, obj):
	"""The name of the type, a typedef of the kernel's habit (name_t),
	that the declarations in text make obj a pointer to; None where
	unknown."""
	names = set(re.findall(r'\b([A-Za-z_]\w*_t)\s+(?:__user\s*)?\*\s*(?:,\s*)?(?:const\s+)?%s\s*[;,)=]'
			       % re.escape(obj), text))
	return names.pop() if len(names) == 1 else None

def plain_body(body):
	"""A struct body without its comments and attributes (whose
	arguments may hold parentheses of their own)."""
	body = re.sub(r'/\*.*?\*/|//[^\n]*', ' ', body, flags=re.S)
	out, at = [], 0
	for m in re.finditer(r'(__attribute__|__aligned)\s*\(|__packed', body):
		if m.start() < at:
			continue
		end = m.end()
		if m.group(1):
			depth = 1
			while end < len(body) and depth:
				depth += {'(': 1, ')': -1}.get(body[end], 0)
				end += 1
		out.append(body[at:m.start()] + ' ')
		at = end
	return ''.join(out) + body[at:]

def unconditional(body):
	"""A struct body without the lines of the conditionals that leave
	members out in some configurations ('#ifdef
	CONFIG_PPC_TRANSACTIONAL_MEM' around powerpc's uc_transact): the
	members that are there keep their order, so a region that ends at
	one of them holds in every configuration.  An '#else' or '#elif'
	stays, and the body is not understood: its members stand in for
	others."""
	return re.sub(r'(?m)^[ \t]*#[ \t]*(?:if|ifdef|ifndef|endif)\b.*$', ' ', body)

def declarations_of(body):
	"""The declarations of a struct body, those of nested bodies inside
	theirs."""
	out, depth, start = [], 0, 0
	for k, c in enumerate(body):
		depth += {'{': 1, '}': -1}.get(c, 0)
		if c == ';' and depth == 0:
			out.append(body[start:k])
			start = k + 1
	return [d for d in out if d.strip()]

def declarators(decl):
	"""(name, dimensions) of each name a plain declaration declares;
	None where it is not one (a function pointer, a macro)."""
	parts = re.sub(r':\s*\w+\s*$', '', decl).split(',')
	first = re.match(r'^\s*(?:[A-Za-z_]\w*\s+)+\**\s*(\w+)\s*((?:\[[^]]*\]\s*)*)$', parts[0])
	if not first:
		return None
	out = [first.group(1, 2)]
	for d in parts[1:]:
		m = re.match(r'^\s*\**\s*(\w+)\s*((?:\[[^]]*\]\s*)*)$', d)
		if not m:
			return None
		out.append(m.group(1, 2))
	return out

class Member:
	"""A member of a struct as member_positions() sees it: its position
	in the struct (the members of a union share one: shared), whether
	it is a flexible array, and the members of its own body, where it
	has one written inside the struct's."""
	def __init__(self, position, shared=False, flexible=False, inner=None, tag=None):
		self.position = position
		self.shared = shared
		self.flexible = flexible
		self.inner = inner
		self.tag = tag		# 'struct tag name;': its body is elsewhere

def inner_members(src, member):
	"""The members of a member's own struct: those written inside the
	struct's body, or for 'struct tag name;' those of the definition of
	struct tag that struct_body() finds (looked up once)."""
	if member.inner is None and member.tag:
		body = struct_body(src, member.tag)
		member.inner = member_positions(body) if body is not None else None
		member.tag = None
	return member.inner

def member_positions(body, union=False, out=None, position=0):
	"""{name: Member} of the members of a struct (or union) body, in
	the order of their positions: the members of an anonymous union
	share one, those of an anonymous struct follow on as the struct's
	own.  None where a member is not a plain declaration.  With out,
	added to it from position on."""
	out = {} if out is None else out
	for decl in declarations_of(unconditional(plain_body(body))):
		nested = re.match(r'^\s*(struct|union)\b[^{;]*\{(.*)\}\s*(.*?)\s*$', decl, re.S)
		flex = re.match(r'^\s*(?:__)?DECLARE_FLEX_ARRAY\s*\(.*,\s*(\w+)\s*\)\s*$', decl, re.S)
		if nested and not nested.group(3):
			inner = member_positions(nested.group(2), nested.group(1) == 'union')
			if inner is None:
				return None
			if nested.group(1) == 'struct' and not union:
				for n, m in inner.items():
					out[n] = Member(position + m.position, m.shared, m.flexible, m.inner)
				position = max(m.position for m in out.values()) + 1
			else:
				out.update((n, Member(position, True, False, m.inner)) for n, m in inner.items())
				position += 1
			continue
		if flex:
			out[flex.group(1)] = Member(position, union, True)
			position += not union
			continue
		inner = member_positions(nested.group(2), nested.group(1) == 'union') if nested else None
		names = declarators(re.sub(r'^\s*(struct|union)\b[^{;]*\{.*\}', r'\1 x', decl, flags=re.S))
		if names is None:
			return None
		tag = re.match(r'^\s*struct\s+(\w+)\s+\w+\s*$', decl)
		for name, dims in names:
			out[name] = Member(position, union, re.match(r'^\[\s*0?\s*\]\s*$', dims) is not None,
					   inner if not dims else None,
					   tag.group(1) if tag and len(names) == 1 and not dims else None)
			position += not union
	return out or None

def bound_type(src, fn, n):
	"""The type of a loop bound that is a name or a member 'p->f' of a
	struct the function declares p a pointer to; None where unknown."""
	n = flat(n)
	if is_name(n):
		return declared_type(fn.text(), n)
	m = re.match(r'^(\w+)(?:->|\.)(\w+)$', n)
	body = member_struct(src, fn, m.group(1)) if m else None
	return declared_type(body, m.group(2)) if body is not None else None

def flexible_array(src, fn, obj, field):
	"""What follows 'field[]' in its declaration, if obj->field is a
	flexible array member ('' or ' __counted_by(n)'); else None."""
	body = member_struct(src, fn, obj)
	if body is None:
		return None
	body = re.sub(r'/\*.*?\*/|//[^\n]*', ' ', body, flags=re.S)
	decl = re.findall(r'\b%s\s*\[\s*\]([^;]*);' % re.escape(field), body)
	return decl[0] if len(decl) == 1 else None

def unchecked_flexible_array(src, fn, obj, field):
	"""Is obj->field a flexible array member with no __counted_by(), whose
	size UBSAN_BOUNDS does not know, so does not check its index?"""
	decl = flexible_array(src, fn, obj, field)
	return decl is not None and '__counted_by' not in decl

def counts_unsigned(src, fn, i, n):
	"""Does "i < n" compare unsigned, so that a region of n elements
	fails where n is negative only as the loop would have faulted?"""
	index = declared_type(fn.text(), i)
	bound = bound_type(src, fn, n)
	return bound in UNSIGNED or \
	       (bound in SIGNED_NARROW and index in UNSIGNED - UNSIGNED_NARROW)

def struct_members(body):
	"""{name: scalar} of the members of a struct body, scalar False for
	an array or a struct (one accessor cannot move it); None where a
	member is not a plain declaration (a nested struct or union, a bit
	field, a function pointer)."""
	body = plain_body(body)
	if re.search(r'[{}():#]', body):
		return None
	members = {}
	for decl in declarations_of(body):
		names = declarators(decl)
		if names is None:
			return None
		first = decl.split(',')[0]
		aggregate = re.match(r'^\s*(?:const\s+)?(?:struct|union)\b', first) and '*' not in first
		for name, dims in names:
			members[name] = not dims and not aggregate
	return members or None

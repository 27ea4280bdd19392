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

from source import flat, tree_of

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

struct_bodies = {}

def struct_body(src, name):
	"""The text between the braces of the one definition of 'struct
	name { .. }' in the file, or in the headers of its tree (include/,
	and beside the file); None where there is none or more than one."""
	root, rel = tree_of(src.path)
	key = (root or src.path, name)
	if key not in struct_bodies:
		struct_bodies[key] = None
		pattern = r'\bstruct\s+%s\s*\{' % re.escape(name)
		texts = [src.text]
		if root:
			found = subprocess.run(['grep', '-rlE', '--include=*.h', r'struct\s+%s\s*\{' % name,
						'--', os.path.join(root, 'include'),
						os.path.join(root, os.path.dirname(rel))],
					       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
					       universal_newlines=True).stdout.split()
			texts += [open(f, errors='replace').read() for f in found]
		bodies = []
		for t in texts:
			for m in re.finditer(pattern, t):
				depth, k = 0, m.end() - 1
				for k in range(m.end() - 1, len(t)):
					depth += {'{': 1, '}': -1}.get(t[k], 0)
					if depth == 0:
						break
				bodies.append(t[m.end():k])
		if len(set(bodies)) == 1:
			struct_bodies[key] = bodies[0]
	return struct_bodies[key]

def member_struct(src, fn, obj):
	"""The body of the struct that the function declares obj (a name) a
	pointer to, or an instance of; None where unknown."""
	text = fn.text()
	names = set(re.findall(r'\bstruct\s+(\w+)\s*(?:__user\s*)?\*?\s*(?:const\s+)?%s\s*[;,)=]' %
			       re.escape(obj), text))
	return struct_body(src, names.pop()) if len(names) == 1 else None

def bound_type(src, fn, n):
	"""The type of a loop bound that is a name or a member 'p->f' of a
	struct the function declares p a pointer to; None where unknown."""
	n = flat(n)
	if re.match(r'^\w+$', n):
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
	body = re.sub(r'/\*.*?\*/|//[^\n]*', ' ', body, flags=re.S)
	body = re.sub(r'__attribute__\s*\(\(.*?\)\)|__aligned\s*\([^)]*\)|__packed', ' ', body)
	if re.search(r'[{}():#]', body):
		return None
	members = {}
	for decl in body.split(';'):
		if not decl.strip():
			continue
		parts = decl.split(',')
		first = re.match(r'^\s*(?:[A-Za-z_]\w*\s+)+\**\s*(\w+)\s*((?:\[[^]]*\]\s*)*)$',
				 parts[0])
		if not first:
			return None
		declarators = [first.group(1, 2)]
		for d in parts[1:]:
			m = re.match(r'^\s*\**\s*(\w+)\s*((?:\[[^]]*\]\s*)*)$', d)
			if not m:
				return None
			declarators.append(m.group(1, 2))
		aggregate = re.match(r'^\s*(?:const\s+)?(?:struct|union)\b', parts[0]) and \
			    '*' not in parts[0]
		for name, dims in declarators:
			members[name] = not dims and not aggregate
	return members or None

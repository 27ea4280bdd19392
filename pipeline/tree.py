# SPDX-License-Identifier: GPL-2.0
"""Kernel trees and the paths the user gives: where a tree's root is,
which style of region it supports, and the files under a path that
mention what the rule analyses."""

import os
import re

from errors import Fatal


def tree_root(path):
	"""The root of the kernel tree holding path, or None."""
	d = path if os.path.isdir(path) else os.path.dirname(path) or '.'
	d = os.path.abspath(d)
	while d != '/':
		if is_kernel_tree(d):
			return d
		d = os.path.dirname(d)
	return None


def is_kernel_tree(d):
	return (os.path.isfile(os.path.join(d, 'include/linux/uaccess.h')) and
		os.path.isfile(os.path.join(d, 'Makefile')))


def has_scoped_api(root):
	"""Does the tree at root have scoped_user_*_access() (6.19)?"""
	try:
		with open(os.path.join(root, 'include/linux/uaccess.h'), 'rb') as f:
			return re.search(rb'define scoped_user_write_access\b', f.read()) is not None
	except OSError:
		return False


def style_for(path, style):
	"""classic or scoped, for path under --style style."""
	if style != 'auto':
		return style
	root = tree_root(path)
	return 'scoped' if root and has_scoped_api(root) else 'classic'


def scoped_api_of(path):
	"""Can a rewrite of path use scoped blocks: is it in a tree that
	has them, or in none?"""
	root = tree_root(path)
	return not root or has_scoped_api(root)


def rewrites_scoped(path, style):
	"""Does patch rewrite path in the scoped style under --style style?
	Fatal where --style scoped names a tree without the API."""
	if style_for(path, style) != 'scoped':
		return False
	if not scoped_api_of(path):
		raise Fatal('--style scoped: %s has no scoped_user_*_access() (6.19), which '
			    'the rewrite would use' % tree_root(path))
	return True


def sources_mentioning(path, pattern):
	"""The .c and .h files under path (path itself, if a file) whose
	text matches pattern (bytes, a line at a time), in the order a
	recursive walk meets them (each directory's entries as it lists
	them, symbolic links not followed), and [(file, why)] of those
	that could not be read."""
	found, unread = [], []

	def look(f):
		try:
			with open(f, 'rb') as fd:
				if pattern.search(fd.read()):
					found.append(f)
		except OSError as e:
			unread.append((f, e.strerror))

	def walk(d):
		try:
			entries = list(os.scandir(d))
		except OSError as e:
			unread.append((d, e.strerror))
			return
		for e in entries:
			if e.is_dir(follow_symlinks=False):
				walk(e.path)
			elif e.is_file(follow_symlinks=False) and e.name.endswith(('.c', '.h')):
				look(e.path)

	if os.path.isdir(path):
		walk(path)
	else:
		look(path)
	return found, unread

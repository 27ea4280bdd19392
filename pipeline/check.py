# SPDX-License-Identifier: GPL-2.0
"""check: each .c file built as an external module object of a
configured tree (or in a build directory of one), with sparse-uaccess
and/or the GCC plugin; their region defects, each said once."""

import os
import re
import shutil
import subprocess
import sys

from errors import Fatal, Usage
from findings import read_build_log
import kbuild

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAKE_PATH = re.compile(r'^[A-Za-z0-9_./+-]*$')
ENGINES = {'sparse': ['sparse'], 'gcc': ['gcc'], 'all': ['sparse', 'gcc']}


class BuildFailed(Exception):
	"""A file did not build: make's output, its paths the file's."""

	def __init__(self, file, where, log):
		Exception.__init__(self, '%s: does not build in %s' % (file, where))
		self.log = log


class Checker:
	"""The checkers run on files built in the configured tree kdir, or
	in the build directory build of a tree (its architecture, its
	compiler, the plugin built for that compiler), in directory work.
	The user's tree is only read."""

	def __init__(self, work, kdir='', build=''):
		self.work = work
		self.args = []
		self.plugin = os.path.join(TOP, 'gcc-plugin', 'uaccess_plugin.so')
		if build:
			self.kdir = build
			self.args = kbuild.make_args(build)
			self.plugin = kbuild.plugin_of(build)
			return
		if not (os.path.isfile(os.path.join(kdir, 'Makefile')) and
			os.path.isfile(os.path.join(kdir, 'include/linux/uaccess.h'))):
			raise Fatal('--kdir %s: not a kernel tree' % kdir)
		if not (os.path.isfile(os.path.join(kdir, '.config')) and
			os.path.isfile(os.path.join(kdir, 'include/generated/autoconf.h'))):
			raise Fatal('--kdir %s: not configured (make defconfig prepare)' % kdir)
		self.kdir = os.path.abspath(kdir)

	def tool(self, engine):
		if engine == 'sparse':
			return os.path.join(TOP, 'sparse-checks', 'sparse-uaccess')
		return self.plugin

	def findings(self, file, engine):
		"""The region defects of engine in .c file file, their path the
		one given.  Its own directory stays on the include path for its
		local headers."""
		d = os.path.join(self.work, 'check')
		shutil.rmtree(d, ignore_errors=True)
		os.makedirs(d)
		name = re.sub(r'[^A-Za-z0-9_]', '_', os.path.basename(file)[:-2])
		copy = name + '.c'
		shutil.copyfile(file, os.path.join(d, copy))
		here = os.path.abspath(os.path.dirname(file) or '.')
		if not MAKE_PATH.match(here):
			raise Fatal('%s: in %s, a path make cannot take' % (file, here))
		with open(os.path.join(d, 'Kbuild'), 'w') as k:
			k.write('obj-y := %s.o\nccflags-y := -I%s\n' % (name, here))
		# Checking is not building: a warning made an error by the
		# tree's CONFIG_WERROR must not hide the findings.
		if engine == 'sparse':
			how = ['C=2', 'CHECK=%s --uaccess-only --uaccess-format=json' % self.tool('sparse'),
			       'KCFLAGS=-Wno-error']
		else:
			how = ['KCFLAGS=-fplugin=%s -fplugin-arg-uaccess_plugin-format=json -Wno-error'
			       % self.plugin]
		r = subprocess.run(['make', '-s', '-C', self.kdir, 'M=' + d] + self.args + how +
				   [name + '.o'], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
		log = os.fsdecode(r.stdout).splitlines()
		full = os.path.join(d, copy)
		if r.returncode:
			# The errors are the copy's: said with the path given.
			log = [file + l[len(full):] if l.startswith(full) else l for l in log]
			raise BuildFailed(file, self.kdir, [l for l in log if not l.startswith('make')])
		# The checkers' findings are JSON lines among the compiler's
		# other output.
		found = read_build_log(log)[0]
		for f in found:
			if f.path.split('/')[-1] == copy and ('/' not in f.path or '/check/' in f.path):
				f.path = file
		return found


def check_files(o, files, work):
	"""uabatch check: the text of the defects of files."""
	if len(o.builds) > 1:
		raise Fatal('check takes one --build')
	if o.builds and o.kdir:
		raise Fatal('--kdir and --build: check builds in one of them')
	if not o.builds and not o.kdir:
		raise Usage()
	checker = Checker(work, o.kdir, o.builds[0] if o.builds else '')
	engines = ENGINES.get(o.engine)
	if not engines:
		raise Fatal('--engine %s: not one of sparse, gcc, all' % o.engine)
	for e in engines:
		if not os.path.isfile(checker.tool(e)):
			raise Fatal("%s: not built: run 'make'" % checker.tool(e))
	for f in files:
		if not f.endswith('.c'):
			raise Fatal('%s: not a .c file' % f)
		if not os.path.exists(f):
			raise Fatal('%s: no such file' % f)
		if not os.path.isfile(f):
			raise Fatal('%s: not a regular file' % f)
	# The engines share the ids: a defect both report is said once, in
	# the words of the first engine.
	seen, out = set(), []
	for f in files:
		for e in engines:
			try:
				found = checker.findings(f, e)
			except BuildFailed as b:
				sys.stderr.write(''.join(l + '\n' for l in b.log))
				raise Fatal(str(b))
			for finding in found:
				if finding.key() not in seen:
					seen.add(finding.key())
					out.append(finding.text() + '\n')
	return ''.join(out)

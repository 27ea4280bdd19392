# SPDX-License-Identifier: GPL-2.0
"""What a configured kernel build directory tells about itself: its
architecture, its cross compiler and the GCC plugin built for it, what
make needs besides O=, the command line Kbuild compiled an object with,
the flags sparse gets there, and what objtool says of an object's user
access.  scripts/make-args.sh and scripts/compile-command.sh are this
module for the shell scripts."""

import functools
import os
import re
import shutil
import subprocess
import sys
import tempfile

from errors import Fatal

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@functools.lru_cache(maxsize=None)
def config_lines(build):
	"""The lines of build's .config, read once a run; Fatal where it has
	none."""
	try:
		with open(os.path.join(build, '.config'), errors='surrogateescape') as f:
			return tuple(f.read().split('\n'))
	except OSError:
		raise Fatal('%s: not a configured build directory' % build)


def arch_of(build):
	"""The architecture of build, from the header of its .config
	('# Linux/x86 6.12.5 Kernel Configuration')."""
	for s in config_lines(build)[:3]:
		m = re.match(r'# Linux/([a-z0-9_]+) ', s)
		if m:
			return m.group(1)
	raise Fatal('%s/.config: no architecture in its header' % build)


def has_option(build, option):
	"""Whether CONFIG_<option>=y in build's .config."""
	return 'CONFIG_%s=y' % option in config_lines(build)


def cross_of(build):
	"""CROSS_COMPILE for build: the prefix of the compiler its .config
	names (aarch64-linux-gnu-gcc gives aarch64-linux-gnu-), or ''."""
	for s in config_lines(build):
		m = re.match(r'CONFIG_CC_VERSION_TEXT="(\S*-)gcc\S* ', s)
		if m:
			return m.group(1)
	return ''


def make_args(build):
	"""What make needs besides O= to build in build."""
	cross = cross_of(build)
	return ['ARCH=' + arch_of(build)] + (['CROSS_COMPILE=' + cross] if cross else [])


def plugin_of(build):
	"""The GCC plugin built for build's compiler (gcc-plugin/<triplet>/
	for a cross compiler)."""
	cross = cross_of(build)
	return os.path.join(TOP, 'gcc-plugin', cross.rstrip('-'), 'uaccess_plugin.so')


def build_dir(d):
	"""A build directory given to --build, absolute; refused if it is
	not one (the one check of a user's build directory)."""
	if not (os.path.isfile(os.path.join(d, '.config')) and
		os.path.isfile(os.path.join(d, 'include/generated/autoconf.h'))):
		raise Fatal('--build %s: not a configured kernel build directory '
			    '(make O=%s defconfig prepare)' % (d, d))
	if re.search(r'\s', d):
		raise Fatal('--build %s: a path with blanks, which make cannot take' % d)
	return os.path.abspath(d)


def compile_line(cmdfile):
	"""The compile of the .cmd file Kbuild wrote for an object: the
	first line's command, without what follows '; ' (powerpc's goes on
	'; objtool --mcount ...').  Fatal where there is none."""
	try:
		with open(cmdfile, errors='surrogateescape') as f:
			first = f.readline()
	except OSError as e:
		raise Fatal('%s: %s' % (cmdfile, e.strerror))
	m = re.match(r'(?:saved)?cmd_\S* := (.*)', first)
	line = re.sub(r'\s*; .*', '', m.group(1)).rstrip() if m else ''
	if ' -c -o ' not in line:
		raise Fatal('%s: no compile command' % cmdfile)
	return line


def compile_command(cmdfile):
	"""The compiler and the flags that built the object of cmdfile, to
	be run in the directory make ran in: without the dependency file,
	'-c -o OBJ SRC', and what a build run with uabatch's checker adds,
	our plugin and its arguments (GCC refuses one plugin twice; the
	kernel's own plugins stay) and the run marker of our tests
	(-D__UABATCH_RUN=N, which makes Kbuild compile again)."""
	line = compile_line(cmdfile)
	line = re.sub(r' -Wp,-MMD,\S*', '', line)
	line = re.sub(r' -c -o \S* \S*$', '', line)
	line = re.sub(r' -fplugin=\S*/uaccess_plugin\.so', '', line)
	line = re.sub(r' -fplugin-arg-uaccess_plugin-\S*', '', line)
	return re.sub(r' -D__UABATCH_RUN=\d*', '', line)


def compiled_source(cmdfile):
	"""The source file the object of cmdfile was compiled from."""
	return compile_line(cmdfile).split(' ')[-1]


def checkflags(build):
	"""The flags sparse gets besides the compiler's, as the kernel's
	Makefile sets CHECKFLAGS for build."""
	a = arch_of(build)
	flags = ['-D__linux__', '-Dlinux', '-D__STDC__', '-Dunix', '-D__unix__', '-Wbitwise',
		 '-Wno-return-void', '-Wno-unknown-attribute', '--arch=' + a]
	flags.append('-m64' if has_option(build, '64BIT') else '-m32')
	flags.append('-mbig-endian' if has_option(build, 'CPU_BIG_ENDIAN') else '-mlittle-endian')
	# What arch/$(ARCH)/Makefile adds to CHECKFLAGS.
	if a == 'x86' and has_option(build, '64BIT'):
		flags.append('-D__x86_64__')
	elif a == 'arm64':
		flags += ['-D__aarch64__', '-D__AARCH64EL__']
	elif a == 'powerpc':
		flags += ['-D__powerpc__', '-D__powerpc64__']
		if has_option(build, 'CPU_LITTLE_ENDIAN'):
			flags.append('-D__LITTLE_ENDIAN__')
	elif a == 'riscv':
		flags += ['-D__riscv', '-D__riscv_xlen=64']
	return flags


def objtool_uaccess(build, obj):
	"""What objtool says of the user access of object obj, built with
	build's configuration: one line a warning, without the addresses
	(they move when the code around them changes), sorted.  objtool
	says its warnings only as text: they are compared, not read for a
	fact.  It checks user access on x86 only, and rewrites its input:
	it runs on a copy."""
	objtool = os.path.join(build, 'tools/objtool/objtool')
	if not os.access(objtool, os.X_OK) or not has_option(build, 'X86'):
		return []
	fd, copy = tempfile.mkstemp(prefix='uabatch-objtool.', dir=os.environ.get('TMPDIR', '/tmp'))
	os.close(fd)
	try:
		shutil.copyfile(obj, copy)
		r = subprocess.run([objtool, '--hacks=jump_label', '--hacks=noinstr', '--orc',
				    '--retpoline', '--rethunk', '--static-call', '--uaccess', copy],
				   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
	finally:
		os.unlink(copy)
	said = os.fsdecode(r.stdout).split('\n')
	return sorted(re.sub(r'^[^:]*: ', '', re.sub(r'\+0x[0-9a-f]*', '', s))
		      for s in said if 'uaccess' in s.lower())


USAGE = ('usage: kbuild.py make-args [--arch|--plugin|--dir] BUILD\n'
	 '       kbuild.py compile-command [--source] CMDFILE')


def main(args):
	"""make-args.sh and compile-command.sh."""
	what, opt = args[:1], [a for a in args[1:2] if a.startswith('--')]
	rest = args[1 + len(opt):]
	if len(rest) != 1 or what not in (['make-args'], ['compile-command']):
		print(USAGE, file=sys.stderr)
		return 2
	try:
		if what == ['compile-command']:
			if opt not in ([], ['--source']):
				print(USAGE, file=sys.stderr)
				return 2
			print(compiled_source(rest[0]) if opt else compile_command(rest[0]))
		elif opt == ['--arch']:
			print(arch_of(rest[0]))
		elif opt == ['--plugin']:
			print(plugin_of(rest[0]))
		elif opt == ['--dir']:
			print(build_dir(rest[0]))
		elif not opt:
			print(' '.join(make_args(rest[0])))
		else:
			print(USAGE, file=sys.stderr)
			return 2
	except Fatal as e:
		# --dir's reason is the driver's own message about --build.
		print(('%s' if opt == ['--dir'] else what[0] + '.sh: %s') % e, file=sys.stderr)
		return 2
	return 0


if __name__ == '__main__':
	sys.dont_write_bytecode = True
	sys.exit(main(sys.argv[1:]))

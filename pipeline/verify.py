# SPDX-License-Identifier: GPL-2.0
"""verify (patch --verify, modernize --verify): keep the fixes of a
patch that build and pass our checkers, objtool and checkpatch.pl; drop
the others, and say why.

Each file the patch touches is compiled twice with its own command line
as the build directory recorded it (Kbuild's .<object>.cmd): as it is,
and patched, each time from a copy outside the tree (the tree's
directory of the file stays on the include path for its local headers).
Both builds run the GCC plugin, then the sparse checker takes the same
flags, and objtool checks the object.  A fix (the changes in one
function) is dropped when the patched file does not build, or adds a
compiler warning, a region finding of either checker or an objtool
UACCESS warning, or when checkpatch.pl --strict says anything of it (but
what it says of the same line in the file as it is, or CamelCase of a
name the file has already), or when none of its lines becomes code in
that configuration (nothing of it would have been checked); when the
file's fixes fail together, each is tried alone.  A header is compiled
inside a .c file that includes it, its patched copy first on the include
path.

The compiler's diagnostics and the checkers' findings are read as data
(GCC's -fdiagnostics-format=json, the checkers' JSON lines).  objtool
and checkpatch.pl say what they find only as text: what they say of the
patched file is compared with what they say of the file as it is.

Nothing is written to the tree.  A build directory of make O= gets the
original object of a file it had not built yet (make O=... OBJ); a tree
configured in place is only read: its files must have been built.  A
file no build directory could build is dropped with make's first error
(make O= failed: the configuration does not build it, or the build
directory is broken) or else, where a tree configured in place has not
built it, with that cause, and the verification is incomplete.

A modernize patch of a tree without the scoped API (6.19) is checked
with the API of tree NEW (scoped_api), over the tree's own accessors:
scripts/scoped-backport.sh."""

import collections
import fcntl
import filecmp
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import zlib

from errors import Fatal
from findings import Finding
import hosts
import kbuild
import switches
import tree
from layout import apply_fixes, fixes, functions, hunks_of, lines_of

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPARSE = os.path.join(TOP, 'sparse-checks', 'sparse-uaccess')
# The kinds of GCC's diagnostics that count; notes only explain them.
COUNTED = ('warning', 'error', 'fatal error')


class Verdicts:
	"""Where the verdicts go: said on standard error, or, with a file
	given, written there as data, one line a fix:
	  PATH <tab> FUNCTION <tab> verified|dropped <tab> BUILD|WHY
	(FUNCTION empty where a whole file is dropped), a verified fix built
	for an architecture that switches user access in its code followed
	by what its object shows, before and after the file's kept fixes
	(switches.shown()):
	  <tab> ARCH <tab> OBJECT <tab> SYMBOL|'' <tab> BEFORE <tab> AFTER <tab> BEFORE <tab> AFTER
	each the counts of switches.KINDS[ARCH] (x86: 'CALLS STAC CLAC')
	in the function (in the object, where the function is inlined),
	then in the function's loops."""

	def __init__(self, path):
		self.file = open(path, 'a', errors='surrogateescape') if path else None

	def say(self, path, fn, verdict, what, shows=''):
		if self.file:
			self.file.write('%s\t%s\t%s\t%s%s\n' % (path, fn, verdict, what,
							      '\t' + shows if shows else ''))
			self.file.flush()
		elif verdict == 'verified':
			sys.stderr.write('uabatch: verify: %s: %s(): verified in %s\n' % (path, fn, what))
		else:
			sys.stderr.write('uabatch: verify: %s: %sdropped: %s\n' %
					 (path, fn + '(): ' if fn else '', what))


class Build:
	"""The outcome of one compile: whether it built, what it says
	(without where: lines move) and the first error where it did not."""

	def __init__(self, ok, said, error=''):
		self.ok = ok
		self.said = said
		self.error = error


def run_shell(cmd, cwd):
	"""Run Kbuild's command line cmd (shell words, as make runs it) in
	cwd: its status and its output, standard error apart."""
	r = subprocess.run(cmd, shell=True, cwd=cwd, stdout=subprocess.PIPE,
			   stderr=subprocess.PIPE)
	return r.returncode, os.fsdecode(r.stdout), os.fsdecode(r.stderr)


def json_values(text):
	"""The JSON values of text, one a line (GCC's array of diagnostics,
	the checkers' findings); other lines are no data."""
	for s in text.split('\n'):
		if s.startswith(('[', '{')):
			try:
				yield json.loads(s)
			except ValueError:
				continue


def said_of(values):
	"""What a compile says, from its JSON values: the compiler's
	warnings and errors ('kind: message [option]'), the checkers'
	findings ('severity: message [uaccess:id]', a line named in a
	message as 'line N'); and its first error."""
	said, error = [], ''
	for v in values:
		if isinstance(v, dict):
			f = Finding.from_dict(v)
			said.append('%s: %s [uaccess:%s]' % (f.severity, re.sub(r'line \d+', 'line N', f.message),
							     f.id))
			continue
		for d in v:
			if d.get('kind') not in COUNTED:
				continue
			text = '%s: %s' % (d['kind'], d.get('message', ''))
			text += ' [%s]' % d['option'] if d.get('option') else ''
			said.append(text)
			error = error or (text if d['kind'] != 'warning' else '')
	return said, error


class Verifier:
	"""The verification of one patch of tree kdir in build directories
	builds, in directory work."""

	def __init__(self, kdir, builds, work, verdicts, scoped_api=''):
		self.kdir = os.path.realpath(kdir)
		self.builds = []
		for b in builds:
			if not os.path.isfile(os.path.join(b, '.config')):
				raise Fatal('%s: not a configured build directory' % b)
			self.builds.append(os.path.abspath(b))
		self.work = os.path.abspath(work)
		self.verdicts = verdicts
		self.scoped_api = scoped_api and os.path.abspath(scoped_api)
		self.unverified = False
		self.obj = os.path.join(self.work, 'obj.o')

	def path(self, *names):
		return os.path.join(self.work, *names)

	# ---- the build directories ----

	def builds_for(self, file):
		"""The build directories that may build file: its architecture's
		for a file under arch/, else each one given, in order."""
		m = re.match(r'arch/([^/]+)/', file)
		if m:
			return [b for b in self.builds if kbuild.arch_of(b) == m.group(1)]
		return list(self.builds)

	@staticmethod
	def source_of(build):
		"""The source tree of a build directory: its 'source' link (make
		O=), or itself."""
		link = os.path.join(build, 'source')
		return os.path.realpath(link if os.path.islink(link) else build)

	def command_of(self, build, obj, job):
		"""The compiler and flags that built object obj (path in the
		tree) in build; built first in a build directory of make O= that
		has not built it yet.  None where there is none; why is kept in
		job (make failed, or a tree configured in place has not built
		it)."""
		cmd = os.path.join(build, os.path.dirname(obj), '.%s.cmd' % os.path.basename(obj))
		if not os.path.isfile(cmd) and os.path.islink(os.path.join(build, 'source')):
			with open(os.path.join(build, '.uabatch.lock'), 'a') as lock:
				fcntl.flock(lock, fcntl.LOCK_EX)
				r = subprocess.run(['make', '-s', '-C', build] + kbuild.make_args(build) + [obj],
						   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
			if r.returncode:
				job.cause('make-failed', 'make %s in %s failed: %s' %
					  (obj, os.path.basename(build), first_error(os.fsdecode(r.stdout))))
		elif (not os.path.isfile(cmd) and
		      os.path.isfile(os.path.join(build, os.path.dirname(obj), 'Makefile')) and
		      os.path.isfile(os.path.join(build, obj[:-2] + '.c'))):
			job.cause('unbuilt', '%s is configured but has not built %s, and a tree configured '
				  'in place is only read: make %s there, or give a build directory of make '
				  'O= (--build)' % (os.path.basename(build), obj, obj))
		if not os.path.isfile(cmd):
			return None
		try:
			return kbuild.compile_command(cmd)
		except Fatal:
			return None

	def scoped_api_for(self, build, line):
		"""The directory of the scoped API of tree scoped_api for build,
		made once from command line line of one of its objects: its
		linux/uaccess.h goes first on the include path.  Raises
		Fatal with what went wrong."""
		d = self.path('scoped-api', str(zlib.crc32(os.fsencode(build))))
		header = os.path.join(d, 'linux', 'uaccess.h')
		if os.path.isfile(header):
			return d
		os.makedirs(os.path.dirname(header), exist_ok=True)
		macros = subprocess.run(line + ' -E -dM -x c -', shell=True, cwd=build,
					input=b'#include <linux/uaccess.h>\n', stdout=subprocess.PIPE,
					stderr=subprocess.PIPE)
		with open(header, 'wb') as out:
			r = subprocess.run(['sh', os.path.join(TOP, 'scripts', 'scoped-backport.sh'),
					    self.scoped_api], input=macros.stdout, stdout=out,
					   stderr=subprocess.PIPE)
		if macros.returncode or r.returncode:
			os.unlink(header)
			raise Fatal('scoped-backport.sh: %s' % os.fsdecode(macros.stderr + r.stderr).strip())
		return d

	# ---- one compile ----

	def check_build(self, build, src, rel, line, header=None):
		"""Build file rel of the tree, as its copy src stands, with
		command line line in build: what the compiler, the plugin,
		sparse and objtool say.  header: (path of a header in the tree,
		its copy), the copy first on the include path."""
		inc = []
		if header:
			# The copy's directory that stands for include/ (or for
			# arch/*/include/), where #include <...> finds it.
			root, up = os.path.dirname(header[1]), os.path.dirname(header[0])
			while up not in ('', '.') and os.path.basename(up) != 'include':
				up, root = os.path.dirname(up), os.path.dirname(root)
			inc.append('-I' + root)
		plugin = kbuild.plugin_of(build)
		if not os.path.isfile(plugin):
			return Build(False, [], 'no GCC plugin built for %s' % line.split(' ')[0])
		if self.scoped_api:
			try:
				inc.append('-I' + self.scoped_api_for(build, line))
			except Fatal as e:
				return Build(False, [], str(e))
		# The copy and a scratch object stand in for the original source
		# and object, the source's directory in the tree on the quoted
		# include path for its local headers, and the header's for its
		# own (a selftest .c file that its parent directory's file
		# includes, which includes its neighbours).
		cc, _, flags = line.partition(' ')
		local = [os.path.dirname(rel)] + ([os.path.dirname(header[0])] if header else [])
		flags = ' '.join([shlex.quote(i) for i in inc] + [flags] +
				 ['-iquote %s' % shlex.quote(os.path.join(self.srcdir, d))
				  for d in dict.fromkeys(local)])
		# -g1: a line table, which does not change the code, tells which
		# lines became code (compiled_lines).
		status, out, err = run_shell('%s %s -g1 -fdiagnostics-format=json -fplugin=%s '
					     '-fplugin-arg-uaccess_plugin-format=json -c -o %s %s' %
					     (cc, flags, shlex.quote(plugin), shlex.quote(self.obj),
					      shlex.quote(src)), build)
		said, error = said_of(json_values(out + err))
		if status:
			lines = [s for s in (out + err).split('\n') if s and not s.startswith('[')]
			return Build(False, said, error or (lines[:1] or ['exit status %d' % status])[0])
		sparse = ' '.join([shlex.quote(SPARSE), '--uaccess-only', '--uaccess-format=json'] +
				  kbuild.checkflags(build) + [flags, shlex.quote(src)])
		_, out, err = run_shell(sparse, build)
		said += said_of(json_values(out + err))[0]
		said += kbuild.objtool_uaccess(build, self.obj)
		return Build(True, sorted(said))

	def compiled_lines(self, src):
		"""The lines of source file src that the last check_build made
		code of, from the object's line table."""
		r = subprocess.run(['readelf', '-W', '--debug-dump=decodedline', self.obj],
				   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
		base, file, out = os.path.basename(src), None, set()
		for s in os.fsdecode(r.stdout).split('\n'):
			if s.endswith(':') and not s.startswith('Contents '):
				file = s[:-1]
				file = file[5:] if file.startswith('CU: ') else file
				continue
			w = s.split()
			if (len(w) >= 3 and w[1].isdigit() and w[2].startswith('0x') and
			    file in (src, base)):
				out.add(int(w[1]))
		return out

	def user_access(self, build):
		"""The user access of the last object check_build made, by
		function (switches.user_access_of()); None for an architecture
		whose code switches none."""
		return switches.user_access_of(self.obj, kbuild.arch_of(build), kbuild.cross_of(build))

	# ---- checkpatch.pl ----

	def checkpatch(self, args):
		"""What the tree's checkpatch.pl says with args: 'message <tab>
		line' of each thing, the line it quotes without its leading
		blanks.  With --strict it keeps a cache of CamelCase names,
		.checkpatch-camelcase.*, in its working directory (and, in a git
		checkout, seeds it from include/): it runs in an empty directory
		of its own each time, so that nothing is written where uabatch
		was started and no run sees another's cache."""
		d = tempfile.mkdtemp(prefix='checkpatch.', dir=self.work)
		try:
			r = subprocess.run(['perl', os.path.join(self.kdir, 'scripts/checkpatch.pl')] + args,
					   cwd=d, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
		finally:
			shutil.rmtree(d, ignore_errors=True)
		out, said = [], None
		for s in os.fsdecode(r.stdout).split('\n'):
			if re.match(r'(ERROR|WARNING|CHECK):', s):
				if said is not None:
					out.append((said, ''))
				said = s
			elif said is not None and s.startswith('+'):
				out.append((said, s[1:].lstrip(' \t')))
				said = None
		if said is not None:
			out.append((said, ''))
		return out

	def checkpatch_of(self, job, copy):
		"""What checkpatch.pl says of the fixes in copy that it does not
		say of the file as it is, or ''."""
		one = self.path('one.diff')
		with open(one, 'w') as f:
			subprocess.run(['diff', '-u', '--label', 'a/' + job.file, '--label', 'b/' + job.file,
					job.orig, copy], stdout=f)
		said = self.checkpatch(['--strict', '--no-tree', '--no-signoff', '--quiet', '--ignore',
					'COMMIT_MESSAGE,MISSING_SIGN_OFF', one])
		if job.said_before is None:
			job.said_before = set(self.checkpatch(['--strict', '--no-tree', '--quiet', '-f',
							       job.orig]))
		text = '\n'.join(job.lines)
		for msg, quoted in said:
			# What it says of a line as the file has it already (moved
			# into a block: futex.h's "return -ENOSYS;") is not the fix's.
			if (msg, quoted) in job.said_before:
				continue
			# Nor is a name the file has already (a label Efault).
			m = re.match(r'CHECK: Avoid CamelCase: <(.*)>$', msg)
			if m and re.search(r'(?<![A-Za-z0-9_])%s(?![A-Za-z0-9_])' % re.escape(m.group(1)), text):
				continue
			return 'checkpatch: ' + msg
		return ''

	# ---- the fixes of one file ----

	def judge(self, job, build, host, hostcmd, before, these):
		"""Why the file with fixes these is worse than the original
		(built as before says), or ''."""
		copy = self.path('new', job.file)
		os.makedirs(os.path.dirname(copy), exist_ok=True)
		lines, added = apply_fixes(job.lines, job.hunks, job.fns, set(these))
		with open(copy, 'w', errors='surrogateescape') as f:
			f.writelines(s + '\n' for s in lines)
		if job.header:
			built = self.path('new', host)
			os.makedirs(os.path.dirname(built), exist_ok=True)
			shutil.copyfile(os.path.join(self.srcdir, host), built)
			after = self.check_build(build, built, host, hostcmd, (job.file, copy))
		else:
			after = self.check_build(build, copy, job.file, hostcmd)
		if not after.ok:
			return 'does not build: %s' % after.error
		new = sorted((collections.Counter(after.said) - collections.Counter(before)).elements())
		if new:
			return 'the build adds: %s' % new[0]
		compiled = self.compiled_lines(copy)
		for n in these:
			if not any(line in compiled for fix, line in added if fix == n):
				return ('compiled out in %s: no line of it became code, nothing checked it' %
					os.path.basename(build))
		return self.checkpatch_of(job, copy)

	def verify_in_host(self, job, build, host, these):
		"""Judge fixes these of job's file in host, built in build: each
		is kept when they pass together, else each that passes alone, if
		those pass together."""
		hostcmd = self.command_of(build, host[:-2] + '.o', job)
		old = self.path('old', host)
		os.makedirs(os.path.dirname(old), exist_ok=True)
		shutil.copyfile(os.path.join(self.srcdir, host), old)
		header = None
		if job.header:
			header = (job.file, self.path('old', job.file))
			os.makedirs(os.path.dirname(header[1]), exist_ok=True)
			shutil.copyfile(job.orig, header[1])
		first = self.check_build(build, old, host, hostcmd, header)
		if not first.ok:
			self.verdicts.say(job.file, '', 'dropped', '%s does not build as it is in %s: %s' %
					  (host, os.path.basename(build), first.error))
			return
		before_switches = self.user_access(build)

		def judge(fixes):
			return self.judge(job, build, host, hostcmd, first.said, fixes)

		kept = []
		if not judge(these):
			kept = these
		else:
			for n in these:
				why = judge([n])
				if why.startswith('compiled out'):
					# Said if no build directory after this one
					# compiles it.
					job.compiled_out.append((n, why))
				elif why:
					self.verdicts.say(job.file, job.name(n), 'dropped', why)
				else:
					kept.append(n)
			if kept and judge(kept):
				self.verdicts.say(job.file, '', 'dropped', 'its fixes pass alone, not together')
				kept = []
		# The object was last built with the kept fixes.
		after_switches = self.user_access(build) if kept else None
		for n in kept:
			shows = ''
			if before_switches is not None:
				arch = kbuild.arch_of(build)
				shows = '%s\t%s.o\t%s' % (arch, host[:-2], switches.shown(
					arch, before_switches, after_switches, job.name(n)))
			self.verdicts.say(job.file, job.name(n), 'verified', os.path.basename(build), shows)
		job.kept += kept

	def hosts_of_fixes(self, job, build, candidates, host):
		"""(fix, host) of each fix of header job.file still to verify:
		the first of candidates that build builds and that calls the
		function of the fix (a header's functions are compiled where
		they are called: x86's futex.h in kernel/futex/waitwake.c and
		core.c), else host."""
		out = []
		for n in job.pending:
			found = host
			for c in candidates:
				if (hosts.calls_any(os.path.join(self.srcdir, c), [job.name(n)]) and
				    self.command_of(build, c[:-2] + '.o', job)):
					found = c
					break
			out.append((n, found))
		return out

	def verify_file(self, file, diff):
		"""The diff of the fixes of file that are kept."""
		job = Job(self, file)
		builds = self.builds_for(file)
		if not builds:
			self.verdicts.say(file, '', 'dropped', 'no build directory for %s' %
					  '/'.join(file.split('/')[:2]))
			return ''
		if not job.read(diff):
			self.verdicts.say(file, '', 'dropped', 'the patch does not apply')
			return ''
		# What to build: the file, or the first .c file that includes it
		# (a header, or a .c file such as control_compat.c, which
		# control.c includes) and calls a function the patch changes,
		# that the build directory builds.  A fix compiled out in one
		# build directory is tried in the next (x86's checksum_32.h in
		# an i386 one).
		why, tried = '', False
		for build in builds:
			if not job.pending:
				break
			self.srcdir = self.source_of(build)
			if self.srcdir != self.kdir and not filecmp.cmp(job.orig, os.path.join(self.srcdir, file),
									 shallow=False):
				why = '%s builds another version of it' % build
				continue
			candidates = [] if file.endswith('.h') else [file]
			candidates += hosts.hosts_of(self.srcdir, file, [job.name(n) for n, *_ in job.fixes])[:5]
			host = next((h for h in candidates if self.command_of(build, h[:-2] + '.o', job)), None)
			if not host:
				why = '%s builds neither it nor a .c file that includes it' % os.path.basename(build)
				continue
			tried = True
			job.header = file if host != file else None
			if job.header:
				fixhosts = self.hosts_of_fixes(job, build, candidates, host)
			else:
				fixhosts = [(n, host) for n in job.pending]
			job.compiled_out = []
			for h in dict.fromkeys(h for _, h in fixhosts):
				self.verify_in_host(job, build, h, [n for n, hh in fixhosts if hh == h])
			job.pending = [n for n, _ in job.compiled_out]
		if not tried:
			if len(builds) > 1:
				why = 'no build directory given builds it or a .c file that includes it'
			if job.causes.get('make-failed'):
				why = job.causes['make-failed']
			elif job.causes.get('unbuilt'):
				why = job.causes['unbuilt']
				self.unverified = True
			self.verdicts.say(file, '', 'dropped', why)
			return ''
		for n, why in job.compiled_out:
			self.verdicts.say(file, job.name(n), 'dropped', why)
		if not job.kept:
			return ''
		kept = self.path('kept')
		with open(kept, 'w', errors='surrogateescape') as f:
			f.writelines(s + '\n' for s in
				     apply_fixes(job.lines, job.hunks, job.fns, set(job.kept))[0])
		r = subprocess.run(['diff', '-u', '-p', '--label', 'a/' + file, '--label', 'b/' + file,
				    job.orig, kept], stdout=subprocess.PIPE)
		return os.fsdecode(r.stdout)


class Job:
	"""One file of the patch: its lines as they are, the hunks of the
	patch, its fixes (one a function), and what became of them."""

	def __init__(self, verifier, file):
		self.verifier = verifier
		self.file = file
		self.orig = os.path.join(verifier.kdir, file)
		self.header = None
		self.pending = []
		self.kept = []
		self.compiled_out = []
		self.causes = {}
		self.said_before = None

	def read(self, diff):
		"""Read the file's part of diff; False where it does not apply."""
		part, on = [], False
		for s in diff.split('\n'):
			if s.startswith('--- a/'):
				on = s == '--- a/' + self.file
			if on:
				part.append(s)
		patched = self.verifier.path('patched.out')
		r = subprocess.run(['patch', '-s', '-p1', '-o', patched, self.orig],
				   input=os.fsencode('\n'.join(part) + '\n'), cwd=self.verifier.work,
				   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
		if r.returncode:
			return False
		u0 = subprocess.run(['diff', '-U0', self.orig, patched], stdout=subprocess.PIPE)
		self.lines = lines_of(self.orig)
		self.hunks = hunks_of(os.fsdecode(u0.stdout).split('\n'))
		self.fns = functions(self.lines)
		self.fixes = fixes(self.hunks, self.fns)
		self.pending = [n for n, *_ in self.fixes]
		return True

	def name(self, n):
		"""The function of fix n."""
		return next(row[1] for row in self.fixes if row[0] == n)

	def cause(self, kind, why):
		"""Keep why the file could not be built, the first of its kind."""
		self.causes.setdefault(kind, why)


def first_error(log):
	"""The first line of make's output log that says error, or its last
	line: shown to the user, as make said it."""
	lines = [s for s in log.split('\n') if s]
	return next((s for s in lines if 'error' in s.lower()), lines[-1] if lines else '')


def verify(kdir, diff, builds, work, verdicts_path='', scoped_api=''):
	"""The diff of the fixes of diff (a patch of tree kdir, for patch
	-p1) that are kept, and whether every file could be built."""
	os.makedirs(work, exist_ok=True)
	v = Verifier(kdir, builds, work, Verdicts(verdicts_path), scoped_api)
	files = []
	for s in diff.split('\n'):
		if s.startswith('+++ b/'):
			files.append(s[6:].split('\t')[0])
	return ''.join(v.verify_file(f, diff) for f in files), not v.unverified


def default_builds(o, root, what):
	"""Without --build, the tree root as the build directory, where it
	is configured."""
	if not o.builds:
		if not os.path.isfile(os.path.join(root, '.config')):
			raise Fatal('%s: not configured: %s needs a build directory (--build DIR)' %
				    (root, what))
		o.builds = [root]


def verify_root(o, paths):
	"""patch --verify: every path in one tree, and the build directories
	of it."""
	vroot = None
	for p in paths:
		r = tree.tree_root(p)
		if not r:
			raise Fatal('%s: not in a kernel tree: --verify builds a tree\'s files' % p)
		if vroot and r != vroot:
			raise Fatal('%s: not in %s: --verify takes one tree' % (p, vroot))
		vroot = r
	default_builds(o, vroot, '--verify')
	return vroot


def verify_command(o, patch, work):
	"""uabatch verify: the fixes of patch (a file, or - for standard
	input), a patch of the tree of the current directory, that are kept
	in build directories o.builds (default: the tree, if configured);
	and whether every file could be built."""
	root = tree.tree_root('.')
	if not root:
		raise Fatal('%s: not in a kernel tree: verify builds a tree\'s files' % os.getcwd())
	try:
		if patch == '-':
			diff = os.fsdecode(sys.stdin.buffer.read())
		else:
			with open(patch, 'rb') as f:
				diff = os.fsdecode(f.read())
	except OSError as e:
		raise Fatal('%s: %s' % (patch, e.strerror))
	if not any(s.startswith('+++ b/') for s in diff.split('\n')):
		raise Fatal('%s: not a patch for patch -p1 (no +++ b/ line)' % patch)
	default_builds(o, root, 'verify')
	return verify(root, diff, o.builds, os.path.join(work, 'verify'), o.verdicts, o.scoped_api)

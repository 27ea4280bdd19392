# SPDX-License-Identifier: GPL-2.0
"""uabatch's command line: scan, patch, modernize and check here; lint
and candidates in their own modules.  Exit status: 0 nothing found, 1
findings (or a patch), 2 bad usage or input, 3 something not analysed."""

import os
import shutil
import signal
import sys
import tempfile

import candidates
import check
import kbuild
import findings
import lint
import options
import rewrite
import verify
from cocci import Failed, read_lines, scan
from errors import Fatal, Incomplete, Usage

PROG = 'uabatch'
TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

USAGE = '''usage: %(p)s scan  [--all] [--style auto|classic|scoped] [--jobs N]
                   [--format text|json|jsonl|sarif] PATH...
       %(p)s patch [--all] [--style auto|classic|scoped] [--jobs N]
                   [--verify] [--build DIR]... [--verdicts FILE] PATH...
       %(p)s modernize [--jobs N] [--verify] [--build DIR]... [--scoped-api NEW]
                   [--verdicts FILE] PATH...
       %(p)s verify [--build DIR]... [--scoped-api NEW] [--verdicts FILE] PATCH|-
       %(p)s check [--engine sparse|gcc|all] (--kdir KDIR | --build DIR) FILE...
       %(p)s lint  [--kdir KDIR] [--build DIR] [--strict]
                   [--format text|json|jsonl|sarif|checkpatch]
                   [-g REV|RANGE] [PATCH|-]
       %(p)s candidates --kdir KDIR [--build DIR]... --out DIR [PATH...]

PATH is a kernel tree, a directory in one, or .c/.h files.
scan prints one finding a line: warnings, where batching saves on a path
that runs per I/O or per event; --all adds the notes; --format jsonl
gives each as a JSON object on a line, with whether patch rewrites it.  patch rewrites
what scan reports (--all: the notes too) and prints a diff for 'patch -p1'
from the kernel tree's root (from the file's directory outside a tree);
--verify keeps the fixes that build in a build directory of the tree
(--build DIR, one an architecture; default: the tree, if configured) and
pass both checkers, objtool and checkpatch.pl, and says why it drops any
(--verdicts FILE: in FILE, as data, instead).
verify keeps the fixes of PATCH, a patch of the tree of the current
directory, as --verify keeps those of patch and modernize.
modernize rewrites each classic region (begin ... end) as the scoped
block of the same mode, pointer and range (the scoped-region notes of
scan --all), and says on standard error why it leaves any alone; in a
tree without that API (before 6.19) --verify builds the rewrites with the
API of tree NEW over the tree's own accessors (--scoped-api NEW).
check builds each .c FILE against the configured tree KDIR, or in the
build directory DIR of a tree (make O=DIR, its architecture and compiler),
with the sparse checker and/or the GCC plugin and prints their region
defects.
lint reports what all of them find on the lines a change adds (exit 1 on
a region defect): the change in the working tree (git diff | uabatch
lint -), commits (-g), or a patch for a clean tree (--kdir); --format
checkpatch is for b4's pre-submit checks.  candidates writes a patch
series of the fixes; its PATHs are relative to KDIR.
Exit status: 0 nothing found, 1 findings (or a patch), 2 bad usage or input,
3 something not analysed (named on standard error), findings or not.
'''


class Options:
	def __init__(self):
		self.style = 'auto'
		self.notes = False
		self.verify = False
		self.builds = []
		self.scoped_api = ''
		self.format = 'text'
		self.engine = 'all'
		self.kdir = ''
		self.jobs = str(len(os.sched_getaffinity(0)))
		self.verdicts = ''	# a file for verify's verdicts, as data


VALUED = {'--style': 'style', '--jobs': 'jobs', '--format': 'format', '--engine': 'engine',
	  '--kdir': 'kdir', '--scoped-api': 'scoped_api', '--build': 'builds', '--verdicts': 'verdicts'}


def parse(args):
	"""The options before the paths, and the paths."""
	o = Options()
	paths = options.parse(args, o, VALUED, {'--all': 'notes', '--verify': 'verify'}, ['--build'])
	o.builds = [kbuild.build_dir(b) for b in o.builds]
	return o, paths


def validate(cmd, o, paths):
	"""The contract's checks of what the options say together."""
	if o.style not in ('auto', 'classic', 'scoped'):
		raise Fatal('--style %s: not one of auto, classic, scoped' % o.style)
	if o.format not in ('text', 'json', 'jsonl', 'sarif'):
		raise Fatal('--format %s: not one of text, json, jsonl, sarif' % o.format)
	if not o.jobs.isascii() or not o.jobs.isdigit() or o.jobs == '0':
		raise Fatal('--jobs %s: not a positive number' % o.jobs)
	if int(o.jobs) > 256:
		raise Fatal('--jobs %s: more than 256' % o.jobs)
	if cmd not in ('scan', 'check') and o.format != 'text':
		raise Fatal("--format is an option of 'scan', not of '%s'" % cmd)
	if not paths:
		raise Usage()
	if cmd != 'check' and (o.kdir or o.engine != 'all'):
		raise Fatal("--kdir and --engine are options of 'check', not of '%s'" % cmd)
	if cmd not in ('patch', 'modernize') and o.verify:
		raise Fatal("--verify is an option of 'patch' and 'modernize', not of '%s'" % cmd)
	if cmd == 'verify':
		o.verify = True
		if len(paths) != 1:
			raise Usage('verify takes one patch')
	if cmd in ('patch', 'modernize'):
		o.verify = o.verify or bool(o.builds)
		if o.verdicts and not o.verify:
			raise Fatal('--verdicts is for the verdicts of --verify (or --build)')
	elif o.verdicts and cmd != 'verify':
		raise Fatal("--verdicts is an option of 'patch', 'modernize' and 'verify', not of '%s'" % cmd)
	elif cmd not in ('check', 'verify') and o.builds:
		raise Fatal("--build is an option of 'patch', 'modernize', 'verify' and 'check', "
			    "not of '%s'" % cmd)
	if cmd in ('modernize', 'verify') and (o.notes or o.style != 'auto'):
		raise Fatal("--all and --style are options of 'scan' and 'patch', not of '%s'" % cmd)
	if o.scoped_api:
		if cmd not in ('modernize', 'verify'):
			raise Fatal("--scoped-api is an option of 'modernize' and 'verify', not of '%s'" % cmd)
		if not o.verify:
			raise Fatal('--scoped-api is for the builds of --verify (or --build)')
		header = os.path.join(o.scoped_api, 'include/linux/uaccess.h')
		if not any(l.startswith('#define scoped_user_rw_access(') for l in read_lines(header)):
			raise Fatal('--scoped-api %s: %s has no scoped_user_rw_access()' % (o.scoped_api, header))


def check_paths(paths):
	for p in paths:
		if not os.path.lexists(p) or not os.path.exists(p):
			raise Fatal('%s: no such file or directory' % p)
		if p.endswith(('.c', '.h')):
			if not os.path.isfile(p):
				raise Fatal('%s: not a regular file' % p)
		elif not os.path.isdir(p):
			raise Fatal('%s: not a directory, nor a .c or .h file' % p)


def finish(output, incomplete):
	if incomplete.count:
		sys.stderr.write('%s: incomplete: %d files or functions not analysed\n' % (PROG, incomplete.count))
		return 3
	return 1 if output else 0


def run_command(cmd, args):
	o, paths = parse(args)
	validate(cmd, o, paths)
	work = tempfile.mkdtemp(prefix='uabatch.', dir=os.environ.get('TMPDIR', '/tmp'))
	try:
		if cmd == 'check':
			output = check.check_files(o, paths, work)
			sys.stdout.write(output)
			return 1 if output else 0
		if cmd == 'verify':
			output, complete = verify.verify_command(o, paths[0], work)
			sys.stdout.write(output)
			incomplete = Incomplete()
			incomplete.count = 0 if complete else 1
			return finish(output, incomplete)
		check_paths(paths)
		if not shutil.which('spatch'):
			raise Fatal("spatch not found: run 'make deps'")
		incomplete = Incomplete()
		if cmd == 'scan':
			output = findings.render(scan(o, paths, work, incomplete), o.format)
		else:
			output = rewrite.patch(cmd, o, paths, work, incomplete)
		sys.stdout.write(output)
		sys.stdout.flush()
		return finish(output, incomplete)
	finally:
		shutil.rmtree(work, ignore_errors=True)


def main(argv):
	for s in (signal.SIGHUP, signal.SIGTERM):
		signal.signal(s, lambda *_: sys.exit(2))
	sys.stdout.reconfigure(errors='surrogateescape')
	sys.stderr.reconfigure(errors='surrogateescape')
	try:
		if not argv:
			raise Usage()
		cmd, args = argv[0], argv[1:]
		if cmd == 'lint':
			return lint.main(args)
		if cmd == 'candidates':
			return candidates.main(args)
		if cmd in ('-h', '--help', 'help'):
			raise Usage()
		if cmd not in ('scan', 'patch', 'check', 'modernize', 'verify'):
			raise Usage("unknown command '%s'" % cmd)
		return run_command(cmd, args)
	except Usage as e:
		if str(e):
			sys.stderr.write('%s: %s\n' % (PROG, e))
		sys.stderr.write(USAGE % {'p': PROG})
		return 2
	except Fatal as e:
		sys.stderr.write('%s: %s\n' % (PROG, e))
		return 2
	except Failed as e:
		sys.stderr.write(e.output)
		sys.stderr.write('%s: %s\n' % (PROG, e))
		return 2
	except KeyboardInterrupt:
		return 2
	except BrokenPipeError:
		# The reader went away ('uabatch scan | head'): as a shell
		# command killed by SIGPIPE, quietly.
		os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
		return 128 + signal.SIGPIPE

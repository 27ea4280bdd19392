#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The main job on a real tree: scan it, print the findings, then the
patch uabatch writes for the first file with a finding it rewrites.

usage: demo.py KERNEL_TREE [PATH_IN_TREE...]"""

import os
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOP, 'model'))

import findings

UABATCH = os.path.join(TOP, 'uabatch')


def main(argv):
	if len(argv) < 2:
		sys.stderr.write(__doc__.splitlines()[-1].strip() + '\n')
		return 2
	tree, paths = argv[1], argv[2:] or ['fs', 'kernel', 'include/linux']
	if not os.path.isfile(os.path.join(tree, 'Makefile')):
		sys.stderr.write("demo: %s: no kernel tree: run 'make kernels'\n" % tree)
		return 2
	os.chdir(tree)
	print('== uabatch scan %s (in %s)' % (' '.join(paths), tree), flush=True)
	# Exit 3: a function Coccinelle cannot parse, a not-parsed note.
	r = subprocess.run([UABATCH, 'scan', '--format', 'jsonl'] + paths, stdout=subprocess.PIPE)
	if r.returncode not in (0, 1, 3):
		return r.returncode
	found = findings.read_jsonl(os.fsdecode(r.stdout).splitlines())
	sys.stdout.write(findings.render(found, 'text'))
	batch = [f for f in found if f.id != 'not-parsed']
	print('== %d findings: %d only reported, the rest auto-fixable' % (
		len(batch), sum(not f.fixable for f in batch)), flush=True)
	first = next((f.path for f in batch if f.fixable), None)
	if first is None:
		return 0
	print('== uabatch patch %s' % first, flush=True)
	status = subprocess.run([UABATCH, 'patch', first]).returncode
	return 0 if status == 1 else status


if __name__ == '__main__':
	sys.exit(main(sys.argv))

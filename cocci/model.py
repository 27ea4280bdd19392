# SPDX-License-Identifier: GPL-2.0-only
#
# The model of the API as the analysis behind batch.cocci reads it: the
# calls of model/uaccess.api by kind (the accesses, the begins of every
# architecture, the inline helpers that only compute, the struct
# copies), the ids of model/ids it reports, and the names of the calls a
# rewrite writes, by mode.

import os

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL_DIR = os.path.join(HERE, '..', 'model')

def read_table(name):
	"""The lines of a model file, split on whitespace, comments dropped."""
	rows = []
	with open(os.path.join(MODEL_DIR, name)) as f:
		for line in f:
			line = line.split('#', 1)[0].strip()
			if line:
				rows.append(line.split(None, 2))
	return rows

API = read_table('uaccess.api')
# The ids of model/ids that the semantic patch reports.
ADVICE = set(r[0] for r in read_table('ids') if r[1] == 'advice')
ACCESSES = dict((r[1], r[2].split()[0]) for r in API if r[0] == 'access')
# The begins of every architecture, which -D modernize makes scoped blocks.
REGION_BEGINS = dict((r[1], r[2].split()[0]) for r in API
		     if r[0] == 'begin' and r[2].split()[2] == 'all')
INLINE = set(r[1] for r in API if r[0] == 'inline')
# The kernel's convention: __get_user() and __put_user() leave the range
# check to their caller's access_ok().
UNCHECKED = set(n for n in ACCESSES if n.startswith('__'))
COPIES = dict((r[1], r[2].split()[0]) for r in API if r[0] == 'copy')
# Helpers with an unsafe_ twin (model/twins): {helper: (twin, mode)}; all
# of Debian's trees have the twins so far.
TWINS = dict((r[0], (r[1], r[2].split()[0])) for r in read_table('twins')
	     if r[2].split()[1] == '-')

BEGIN = {'write': 'user_write_access_begin', 'read': 'user_read_access_begin',
	 'rw': 'user_access_begin'}
END = {'write': 'user_write_access_end', 'read': 'user_read_access_end',
       'rw': 'user_access_end'}
SCOPED = {'write': 'scoped_user_write_access', 'read': 'scoped_user_read_access',
	  'rw': 'scoped_user_rw_access'}
UNSAFE = {'write': 'unsafe_put_user', 'read': 'unsafe_get_user'}
# What a message calls the accesses of a mode; the ids of a run and a loop.
WHAT = {'write': 'writes', 'read': 'reads', 'rw': 'reads and writes'}
RUN_ID = {'write': 'batch-put-run', 'read': 'batch-get-run', 'rw': 'batch-rw'}
LOOP_ID = {'write': 'batch-put-loop', 'read': 'batch-get-loop'}

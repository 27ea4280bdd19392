# SPDX-License-Identifier: GPL-2.0
"""Progress on a terminal: one line on standard error, rewritten in
place as make's own lines are not but as a long step needs ('uabatch
scan: 120/468 files'); nothing when standard error is not a terminal."""

import sys


class Progress:
	"""The progress of the steps of command prog."""

	def __init__(self, prog):
		self.prog = prog
		self.shown = sys.stderr.isatty()

	def say(self, what):
		if self.shown:
			sys.stderr.write('\r%s: %s\033[K' % (self.prog, what))
			sys.stderr.flush()

	def end(self, keep=True):
		"""The last line stays (keep: the command's progress ends), or
		goes (a step's, another may follow)."""
		if self.shown:
			sys.stderr.write('\n' if keep else '\r\033[K')
			sys.stderr.flush()
			self.shown = not keep

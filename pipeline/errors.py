# SPDX-License-Identifier: GPL-2.0
"""How the subcommands stop and say what they could not do."""

import sys


class Usage(Exception):
	"""Bad usage: a message (or none), then the usage; exit 2."""


class Fatal(Exception):
	"""Bad input: the message, naming the path and the reason; exit 2."""


class Incomplete:
	"""What was not analysed: said on standard error as it is met, and
	counted, so that the exit status says the analysis is incomplete."""

	def __init__(self):
		self.count = 0

	def say(self, line):
		self.count += 1
		self.note(line)

	@staticmethod
	def note(line):
		sys.stderr.write(line + '\n')
		sys.stderr.flush()

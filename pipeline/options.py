# SPDX-License-Identifier: GPL-2.0
"""The options of a subcommand, as every subcommand reads them."""

from errors import Usage


def parse(args, o, valued, flags=None, lists=()):
	"""Set on o the options at the head of args and return the rest,
	the paths.  valued maps an option that takes a value ('--opt VALUE'
	or '--opt=VALUE'; a short one '-g VALUE' only) to o's attribute, one
	named in lists gathering each value given; flags maps an option
	without a value to the attribute it sets True.  '--' ends the
	options; '-' is a path (standard input)."""
	flags = flags or {}
	while args:
		a = args[0]
		name, eq, value = a.partition('=')
		if eq and name.startswith('--') and name in valued:
			args = args[1:]
		elif a in valued:
			if len(args) < 2:
				raise Usage()
			name, value, args = a, args[1], args[2:]
		elif a in flags:
			setattr(o, flags[a], True)
			args = args[1:]
			continue
		elif a == '--':
			return args[1:]
		elif a.startswith('-') and a != '-':
			raise Usage("unknown option '%s'" % a)
		else:
			return args
		if name in lists:
			getattr(o, valued[name]).append(value)
		else:
			setattr(o, valued[name], value)
	return args

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Install the Debian packages named on the command line that are not
# installed yet.  As root this runs apt-get; otherwise it prints the
# command to run and fails.

set -eu

missing=
for pkg; do
	dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $pkg"
done
[ -z "$missing" ] && { echo "deps: all packages installed"; exit 0; }

if [ "$(id -u)" != 0 ]; then
	echo "deps: missing:$missing" >&2
	echo "deps: run: sudo apt-get install -y$missing" >&2
	exit 1
fi
apt-get -q update
DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing

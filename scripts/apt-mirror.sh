#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The URI of the Debian archive the machine's own apt sources use, for
# the private apt configuration (scripts/apt-private.sh) and the chroot
# of Debian unstable (scripts/gcc-versions.sh): the project names no
# package host of its own, it goes where the machine already goes.
#
# The files are read in the order apt reads them: /etc/apt/sources.list
# (one-line entries), then /etc/apt/sources.list.d/*.list (one-line) and
# *.sources (deb822) in the order of their names.  With FILE arguments,
# those instead (a name ending in .sources is deb822).  Prints the first
# URI of an enabled deb or deb-src entry that is of the Debian archive
# itself:
#  - its scheme is one debootstrap takes as well as apt (http, https,
#    ftp, file), not an apt method's (cdrom:, mirror+, tor+);
#  - one of its suites is a release of the main archive (bookworm, sid,
#    unstable, bookworm-updates, bookworm-backports...; Debian's release
#    names, up to duke, the next but one after trixie), not security,
#    debug or a third party's suite (cloud-sdk-bookworm, nodistro...),
#    since the private configuration asks it for unstable and
#    bookworm-backports;
#  - its Signed-By, when it has one, is the Debian archive keyring, the
#    key the private configuration checks the archive with.
# Fails, naming the files read, when there is none.
#
# usage: apt-mirror.sh [FILE...]

set -eu

looked=$*
if [ $# = 0 ]; then
	looked="/etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources"
	set -- /etc/apt/sources.list
	for f in /etc/apt/sources.list.d/*; do
		case $f in
		*.list|*.sources) set -- "$@" "$f" ;;
		esac
	done
fi

read=
for f; do
	[ -f "$f" ] || continue
	read="$read $f"
	deb822=0
	case $f in
	*.sources) deb822=1 ;;
	esac
	uri=$(awk -v deb822="$deb822" '
	# Is one of the suites in s a release of the main Debian archive?
	function debian_suite(s,    w, n, i) {
		n = split(s, w)
		for (i = 1; i <= n; i++)
			if (w[i] ~ /^(sid|unstable|experimental|testing|stable|oldstable|oldoldstable|duke|forky|trixie|bookworm|bullseye|buster|stretch|jessie)(-(updates|backports|backports-sloppy|proposed-updates))?$/)
				return 1
		return 0
	}
	# The first URI in u whose scheme debootstrap takes, without a
	# trailing /; empty when none.
	function usable(u,    w, n, i) {
		n = split(u, w)
		for (i = 1; i <= n; i++)
			if (w[i] ~ /^(https?|ftp|file):/) {
				sub(/\/+$/, "", w[i])
				return w[i]
			}
		return ""
	}
	function found(u) {
		print u
		done = 1
		exit
	}
	# A deb822 stanza, its fields in f[] (names in lower case).
	function stanza(    u) {
		if (tolower(f["enabled"]) != "no" && f["types"] ~ /(^|[ \t])deb(-src)?([ \t]|$)/ &&
		    debian_suite(f["suites"]) &&
		    (f["signed-by"] == "" || f["signed-by"] ~ /debian-archive-keyring/) &&
		    (u = usable(f["uris"])) != "")
			found(u)
		split("", f)
	}
	deb822 && /^#/ { next }
	deb822 && /^[ \t]*$/ { stanza(); next }
	deb822 && /^[ \t]/ { f[name] = f[name] " " $0; next }
	deb822 {
		i = index($0, ":")
		if (i == 0)
			next
		name = tolower(substr($0, 1, i - 1))
		f[name] = substr($0, i + 1)
		next
	}
	# One-line: "deb [option=value ...] URI SUITE [COMPONENT...]".
	{
		sub(/#.*/, "")
		n = split($0, w)
		if (n < 3 || (w[1] != "deb" && w[1] != "deb-src"))
			next
		i = 2
		opts = ""
		if (substr(w[2], 1, 1) == "[") {
			while (i < n && w[i] !~ /\]$/)
				opts = opts " " w[i++]
			opts = opts " " w[i++]
		}
		if (i + 1 > n || !debian_suite(w[i + 1]))
			next
		if (opts ~ /signed-by=/ && opts !~ /debian-archive-keyring/)
			next
		if ((u = usable(w[i])) != "")
			found(u)
	}
	END { if (deb822 && !done) stanza() }' "$f")
	[ -z "$uri" ] || { echo "$uri"; exit 0; }
done
if [ -n "$read" ]; then
	echo "apt-mirror: no Debian archive URI (an enabled deb or deb-src entry of a main archive suite, over http, https, ftp or file) in the files read:$read" >&2
else
	echo "apt-mirror: no apt sources to read: none of $looked exists" >&2
fi
echo "apt-mirror: set UABATCH_DEBIAN_MIRROR (apt-private.sh) and UABATCH_SID_MIRROR (gcc-versions.sh) to the URI of a Debian mirror" >&2
exit 1

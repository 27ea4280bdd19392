#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Run apt-get or apt-cache against a private source list kept under
# $UABATCH_APT (default build/apt of this project) so that Debian's unstable,
# bookworm-backports and older suites can be reached without touching
# the machine's own apt configuration.  The archive is the one the
# machine's own sources name (scripts/apt-mirror.sh), or
# $UABATCH_DEBIAN_MIRROR.
#
# usage: apt-private.sh apt-get|apt-cache ARGS...

set -eu

here=$(cd "$(dirname "$0")" && pwd)
dir=${UABATCH_APT:-$(dirname "$here")/build/apt}
mirror=${UABATCH_DEBIAN_MIRROR:-}
[ -n "$mirror" ] || mirror=$(sh "$here/apt-mirror.sh")

mkdir -p "$dir/sources" "$dir/lists/partial" "$dir/archives/partial"
cat > "$dir/sources/uabatch.sources.new" <<SRC
Types: deb deb-src
URIs: $mirror
Suites: unstable bookworm-backports bookworm bullseye
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
mv "$dir/sources/uabatch.sources.new" "$dir/sources/uabatch.sources"

tool=$1
shift
opts="-o Dir::Etc::SourceList=/dev/null
-o Dir::Etc::SourceParts=$dir/sources
-o Dir::State::Lists=$dir/lists
-o Dir::Cache=$dir
-o Dir::Cache::Archives=$dir/archives
-o APT::Sandbox::User=root"

# The lists are fetched once; 'apt-private.sh apt-get update' refreshes them.
if ! ls "$dir/lists/"*_Sources* >/dev/null 2>&1 && [ "${1:-}" != update ]; then
	# shellcheck disable=SC2086 # $opts holds whitespace-free words
	apt-get $opts -q update >&2
fi
# shellcheck disable=SC2086
exec "$tool" $opts "$@"

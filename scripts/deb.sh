#!/bin/sh
# `make deb`: the Debian packages, built by dpkg-buildpackage from a copy of
# the tree (debian/, docs/packaging.md), then checked by lintian.
#
#   build/deb/secmon-VERSION/   the copy dpkg-buildpackage ran in (the
#                               tree's own build/ is left alone)
#   build/deb/*.deb, *.changes, *.dsc, *.tar.xz, *.buildinfo   its output
#   build/deb/lintian.txt       lintian's tags, one a line
#
# Not as root: run by root, the build drops to the user nobody (setpriv),
# which shows that nothing in it needs root (debian/control says
# Rules-Requires-Root: no). No network either, but for one thing: the
# firmware links Debian's static libfdt for arm64 and armhf, which no
# Build-Depends can name (docs/packaging.md); scripts/fetch-libfdt.sh
# fetches them from Debian's mirror into build/deps once, and the copy gets
# them there. Exits non-zero when the build fails or lintian reports an
# error.
set -eu
cd "$(dirname "$0")/.."
ROOT=$(pwd)
VERSION=$(sed -n '1s/^secmon (\([^)]*\)).*/\1/p' debian/changelog)
[ -n "$VERSION" ] || { echo "deb.sh: no version in debian/changelog" >&2; exit 1; }
OUT=$ROOT/build/deb

for a in arm64 armhf; do
	sh scripts/fetch-libfdt.sh "$a"
done

# Run by root, the build runs as nobody, in a directory nobody can reach:
# build/deb itself, or (when a parent such as /root is closed to others) a
# directory in /tmp whose result then moves to build/deb.
rm -rf "$OUT"
mkdir -p "$OUT"
WORK=$OUT
as_user() { "$@"; }
if [ "$(id -u)" = 0 ]; then
	as_user() { setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME="$WORK" "$@"; }
	chown nobody:nogroup "$OUT"
	as_user test -w "$OUT" || WORK=$(mktemp -d "${TMPDIR:-/tmp}/secmon-deb.XXXXXX")
fi
SRC=$WORK/secmon-$VERSION

echo "== copying the tree to $SRC"
mkdir -p "$SRC/build/deps"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	# What git has (and new files it does not ignore), as it is on disk.
	git ls-files -z --cached --others --exclude-standard |
		xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
		tar --null -T - -cf - | tar -C "$SRC" -xf -
else
	tar --exclude=./build -cf - . | tar -C "$SRC" -xf -
fi
cp -a build/deps/arm64 build/deps/armhf "$SRC/build/deps/"

if [ "$(id -u)" = 0 ]; then
	chown -R nobody:nogroup "$WORK"
	echo "== dpkg-buildpackage, as the user nobody"
else
	echo "== dpkg-buildpackage"
fi
cd "$SRC"
if ! as_user dpkg-buildpackage -us -uc -j2 >"$WORK/build.log" 2>&1; then
	tail -n 40 "$WORK/build.log" >&2
	echo "deb.sh: dpkg-buildpackage failed (log: $WORK/build.log)" >&2
	exit 1
fi
cd "$WORK"
ls -1 ./*.deb | sed 's|^\./|   |'

echo "== lintian"
changes=$(ls ./*.changes)
as_user lintian --display-info --tag-display-limit 0 "$changes" >lintian.txt 2>&1 || true
sed 's/^/   /' lintian.txt
if [ "$WORK" != "$OUT" ]; then
	mv "$WORK"/* "$OUT"/
	cd "$OUT"
	rmdir "$WORK"
fi
if grep -q '^E: ' lintian.txt; then
	echo "deb.sh: lintian reports errors" >&2
	exit 1
fi
echo "== $(ls ./*.deb | wc -l) .deb files in $OUT (dbgsym among them), no lintian error"

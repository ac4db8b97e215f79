#!/bin/sh
# fetch.sh [OUTDIR] - fetch Debian's Xen hypervisor for arm64, unmodified.
#
#   OUTDIR  default build/xen (relative to the current directory)
#
# Which package: the one Debian's metapackage xen-system-arm64 depends on
# (today xen-hypervisor-4.17-arm64; a Debian release with another Xen names
# another), at apt's candidate version. Nothing about Xen's version is
# written here.
#
# Leaves in OUTDIR:
#   PACKAGE_VERSION_arm64.deb  the package, as apt-get download got it
#   root/                      dpkg-deb -x of it (root/boot/xen-X-arm64)
#   control/md5sums            the package's own checksums
#   xen                        a copy of root/boot/xen-X-arm64 (an arm64
#                              Image: QEMU's -kernel and secmon take it)
#   version                    package=, version=, image=boot/xen-X-arm64,
#                              sha256= (of the .deb, as apt's index gives it)
#
# Checked on every run, fetched or cached: the .deb's SHA-256 is the one
# apt's package index lists for that version, and the image's MD5 is the one
# in the package's md5sums. Nothing is downloaded when OUTDIR/version names
# apt's candidate and those checks pass; when apt cannot be asked, a fetched
# tree that passes them is used. Needs root only when arm64 is not yet a
# dpkg architecture (it is then added, once).
set -eu

OUTDIR=${1:-build/xen}
META=xen-system-arm64
APT_UPDATE=$(cd "$(dirname "$0")/../.." && pwd)/scripts/apt-update.sh

log() { echo "xen/fetch.sh: $*" >&2; }
die() {
	log "$*"
	exit 1
}

getkey() { sed -n "s/^$1=//p" "$OUTDIR/version" 2>/dev/null; }

# The fetched tree is whole and what its package says it is.
verify() {
	deb=$OUTDIR/$(getkey deb)
	img=$(getkey image)
	want=$(getkey sha256)
	[ -n "$img" ] && [ -n "$want" ] && [ -f "$deb" ] && [ -s "$OUTDIR/xen" ] || return 1
	[ "$(sha256sum <"$deb" | cut -d' ' -f1)" = "$want" ] || {
		log "$deb: SHA-256 is not the index's $want"
		return 1
	}
	md5=$(awk -v f="$img" '$2 == f { print $1 }' "$OUTDIR/control/md5sums")
	for f in "$OUTDIR/xen" "$OUTDIR/root/$img"; do
		if [ -z "$md5" ] || [ "$(md5sum <"$f" | cut -d' ' -f1)" != "$md5" ]; then
			log "$f: not the package's $img (md5sums)"
			return 1
		fi
	done
}

# PKG (xen-hypervisor-X-arm64) from the metapackage's Depends; VER, its
# candidate version, and SHA, that version's .deb SHA-256 in apt's index,
# from its record (--no-all-versions: the candidate's). Two apt-cache calls.
resolve() {
	PKG=$(LC_ALL=C apt-cache show --no-all-versions "$META:arm64" 2>/dev/null | awk '
		/^Depends:/ {
			sub(/^Depends: */, "")
			n = split($0, d, /[,|] */)
			for (i = 1; i <= n; i++)
				if (d[i] ~ /^xen-hypervisor-[0-9.]+-arm64/) { sub(/[ :(].*/, "", d[i]); print d[i]; exit }
		}')
	[ -n "$PKG" ] || return 1
	rec=$(LC_ALL=C apt-cache show --no-all-versions "$PKG:arm64" 2>/dev/null) || return 1
	VER=$(printf '%s\n' "$rec" | sed -n 's/^Version: *//p' | head -n 1)
	SHA=$(printf '%s\n' "$rec" | sed -n 's/^SHA256: *//p' | head -n 1)
	[ -n "$VER" ] && [ -n "$SHA" ]
}

resolve_or_update() {
	if [ "$(dpkg --print-architecture)" != arm64 ] &&
		! dpkg --print-foreign-architectures | grep -qx arm64; then
		log "adding dpkg architecture arm64"
		dpkg --add-architecture arm64 || return 1
		sh "$APT_UPDATE" || return 1
	fi
	resolve && return 0
	log "apt knows no $META:arm64; running apt-get update"
	sh "$APT_UPDATE" || return 1
	resolve
}

PKG='' VER='' SHA=''
if ! command -v apt-cache >/dev/null 2>&1 || ! resolve_or_update; then
	verify && { log "cannot ask apt; using the fetched $(getkey package) $(getkey version)"; exit 0; }
	die "cannot resolve $META:arm64 through apt-cache and nothing (valid) is fetched"
fi
if [ "$(getkey package)" = "$PKG" ] && [ "$(getkey version)" = "$VER" ] && verify; then
	exit 0
fi

mkdir -p "$OUTDIR"
STAGE=$(cd "$OUTDIR" && pwd)/.stage
rm -rf "$STAGE"
mkdir -p "$STAGE"
trap 'rm -rf "$STAGE"' EXIT INT TERM
# apt-get download as root hands the file to the _apt user; let it write.
if [ "$(id -u)" = 0 ] && id _apt >/dev/null 2>&1; then
	chown _apt "$STAGE" 2>/dev/null || true
fi
log "fetching $PKG=$VER into $OUTDIR"
(cd "$STAGE" && apt-get download -q "$PKG:arm64=$VER" >/dev/null 2>&1) || die "apt-get download $PKG=$VER failed"
deb=$(ls "$STAGE"/*.deb)
got=$(sha256sum <"$deb" | cut -d' ' -f1)
[ "$got" = "$SHA" ] || die "$(basename "$deb"): SHA-256 $got, apt's index says $SHA"
dpkg-deb -x "$deb" "$STAGE/root"
dpkg-deb -e "$deb" "$STAGE/control"
img=
for f in "$STAGE"/root/boot/xen-*-arm64; do
	[ -f "$f" ] && img=boot/${f##*/} && break
done
[ -n "$img" ] || die "no boot/xen-*-arm64 in $PKG"
rm -rf "$OUTDIR/root" "$OUTDIR/control" "$OUTDIR"/*.deb "$OUTDIR/version" "$OUTDIR/xen"
mv "$STAGE/root" "$STAGE/control" "$OUTDIR/"
mv "$deb" "$OUTDIR/"
cp "$OUTDIR/root/$img" "$OUTDIR/xen"
printf 'package=%s\nversion=%s\nimage=%s\ndeb=%s\nsha256=%s\n' "$PKG" "$VER" "$img" \
	"$(basename "$deb")" "$SHA" >"$OUTDIR/version"
verify || die "the fetched tree does not check out"
log "done: $OUTDIR/xen ($PKG $VER)"

#!/bin/sh
# fetch.sh [OUTDIR] - fetch Debian's u-boot-qemu and unpack it, unmodified.
#
#   OUTDIR  default build/uboot (relative to the current directory)
#
# Leaves in OUTDIR:
#   u-boot-qemu_VERSION_all.deb        the package, as apt-get download got it
#   root/                               dpkg-deb -x of it (root/usr/lib/u-boot/
#                                       qemu_arm64/u-boot.bin, qemu_arm/u-boot.bin)
#   control/md5sums                     the package's own checksums
#   version                             package=, version=
#
# Nothing is downloaded when OUTDIR/version names apt's candidate version (or
# when apt cannot be asked and a fetched tree exists). Nothing here is ever
# built or changed: the tests check the files against control/md5sums.
set -eu

OUTDIR=${1:-build/uboot}
PKG=u-boot-qemu

log() { echo "uboot/fetch.sh: $*" >&2; }
die() {
	log "$*"
	exit 1
}

have() { [ -f "$OUTDIR/version" ] && [ -s "$OUTDIR/control/md5sums" ]; }

VER=$(LC_ALL=C apt-cache policy "$PKG" 2>/dev/null | sed -n 's/^ *Candidate: *//p' | head -n 1)
if [ -z "$VER" ] || [ "$VER" = "(none)" ]; then
	have && { log "cannot ask apt; using the fetched $(sed -n 's/^version=//p' "$OUTDIR/version")"; exit 0; }
	die "apt knows no $PKG (apt-get update?) and nothing is fetched"
fi
if have && [ "$(sed -n 's/^version=//p' "$OUTDIR/version")" = "$VER" ]; then
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
(cd "$STAGE" && apt-get download -q "$PKG=$VER" >/dev/null 2>&1) || die "apt-get download $PKG=$VER failed"
deb=$(ls "$STAGE"/*.deb)
rm -rf "$OUTDIR/root" "$OUTDIR/control" "$OUTDIR"/*.deb "$OUTDIR/version"
dpkg-deb -x "$deb" "$OUTDIR/root"
dpkg-deb -e "$deb" "$OUTDIR/control"
mv "$deb" "$OUTDIR/"
printf 'package=%s\nversion=%s\n' "$PKG" "$VER" >"$OUTDIR/version"
log "done: $OUTDIR/root/usr/lib/u-boot ($VER)"

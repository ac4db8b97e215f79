#!/bin/sh
# fetch-headers.sh [OUTDIR [ARCH]] - Debian's headers for the kernel the
# tests boot, unpacked (not installed) for building out-of-tree modules.
#
#   OUTDIR  default build/linux-headers/ARCH (relative to the repository)
#   ARCH    arm64 (default) or armhf (Debian's armmp kernel)
#
# The kernel is resolved by tests/linux/fetch.sh (which this script runs,
# so the kernel it names is also fetched): the linux-image-arm64 (or
# -armmp) metapackage's current dependency, e.g. linux-image-6.1.0-57-arm64
# (= 6.1.192-3). For that release and version, `apt-get download` fetches
#   linux-headers-RELEASE:ARCH         .config, Module.symvers, generated headers
#   linux-headers-ABI-common           the source headers and Makefiles
#   linux-kbuild-SERIES:HOSTARCH       scripts/ host tools (fixdep, modpost, ...)
# and dpkg-deb -x unpacks them into OUTDIR/root. The ARCH headers' Makefile
# includes the common one by absolute path (/usr/src/...); the copy here is
# pointed at the unpacked one instead.
#
# armhf: the host's modpost knows the device-table layouts of 64-bit
# kernels only (it refuses a 32-bit module's of_device_id table: "sizeof(struct
# of_device_id)=200 is not a modulo ..."), so linux-kbuild-SERIES:armhf is
# fetched too and its modpost (an ARM binary) replaces the host's, run by
# qemu-arm-static with the cross toolchain's libc (scripts/deps.sh installs
# both).
#
# Leaves:
#   OUTDIR/kdir     symlink to root/usr/src/linux-headers-RELEASE (make -C)
#   OUTDIR/version  kernel_release=, kernel_version=, kbuild_arch=, cc=
# Nothing is downloaded when OUTDIR/version already names the release and
# version. LINUX_DIR (default build/linux/ARCH) is fetch.sh's directory.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
ARCH=${2:-arm64}
OUTDIR=${1:-$ROOT/build/linux-headers/$ARCH}
LINUX_DIR=${LINUX_DIR:-$ROOT/build/linux/$ARCH}

log() { echo "fetch-headers.sh: $*" >&2; }
die() {
	log "$*"
	exit 1
}

case $ARCH in
arm64) FLAVOUR=arm64 ;;
armhf) FLAVOUR=armmp ;;
*) die "unknown ARCH $ARCH (arm64 or armhf)" ;;
esac
sh "$ROOT/tests/linux/fetch.sh" "$ARCH" "$LINUX_DIR" || die "tests/linux/fetch.sh failed"
getkey() { sed -n "s/^$1=//p" "$2"; }
KREL=$(getkey kernel_release "$LINUX_DIR/version")
KVER=$(getkey kernel_version "$LINUX_DIR/version")
[ -n "$KREL" ] && [ -n "$KVER" ] || die "no kernel_release/kernel_version in $LINUX_DIR/version"
ABI=${KREL%-"$FLAVOUR"}
SERIES=$(echo "$KVER" | sed -n 's/^\([0-9]*\.[0-9]*\).*/\1/p')
HOSTARCH=$(dpkg --print-architecture)
[ -n "$SERIES" ] || die "cannot read the kernel series from $KVER"

mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)
current() {
	[ -f "$OUTDIR/version" ] && [ -f "$OUTDIR/kdir/Makefile" ] &&
		[ "$(getkey kernel_release "$OUTDIR/version")" = "$KREL" ] &&
		[ "$(getkey kernel_version "$OUTDIR/version")" = "$KVER" ]
}
if current; then
	log "up to date: linux-headers-$KREL $KVER in $OUTDIR"
	exit 0
fi
if command -v flock >/dev/null 2>&1; then
	exec 9>"$OUTDIR/.lock"
	flock 9
	if current; then
		log "up to date (fetched by another run): linux-headers-$KREL $KVER"
		exit 0
	fi
fi

log "fetching linux-headers-$KREL, linux-headers-$ABI-common and linux-kbuild-$SERIES:$HOSTARCH ($KVER)"
STAGE=$OUTDIR/.stage
rm -rf "$STAGE"
mkdir -p "$STAGE/debs" "$STAGE/root"
trap 'rm -rf "$STAGE"' EXIT INT TERM
# apt-get download as root hands the file to the _apt user; let it write.
if [ "$(id -u)" = 0 ] && id _apt >/dev/null 2>&1; then
	chown _apt "$STAGE/debs" 2>/dev/null || true
fi
(cd "$STAGE/debs" &&
	apt-get download -q "linux-headers-$KREL:$ARCH=$KVER" \
		"linux-headers-$ABI-common=$KVER" \
		"linux-kbuild-$SERIES:$HOSTARCH=$KVER") ||
	die "apt-get download failed"
for deb in "$STAGE"/debs/*.deb; do
	dpkg-deb -x "$deb" "$STAGE/root"
done
MOD=$STAGE/root/usr/lib/linux-kbuild-$SERIES/scripts/mod
if [ "$ARCH" = armhf ] && [ "$HOSTARCH" != armhf ]; then
	command -v qemu-arm-static >/dev/null || die "no qemu-arm-static (scripts/deps.sh installs it)"
	mkdir -p "$STAGE/kbuild-armhf/debs"
	if [ "$(id -u)" = 0 ] && id _apt >/dev/null 2>&1; then
		chown _apt "$STAGE/kbuild-armhf/debs" 2>/dev/null || true
	fi
	(cd "$STAGE/kbuild-armhf/debs" && apt-get download -q "linux-kbuild-$SERIES:armhf=$KVER") ||
		die "apt-get download linux-kbuild-$SERIES:armhf failed"
	dpkg-deb -x "$STAGE"/kbuild-armhf/debs/*.deb "$STAGE/kbuild-armhf/root"
	cp "$STAGE/kbuild-armhf/root/usr/lib/linux-kbuild-$SERIES/scripts/mod/modpost.real-lsb-32" \
		"$MOD/modpost.armhf" || die "no modpost.real-lsb-32 in linux-kbuild-$SERIES:armhf"
	printf '#!/bin/sh\n# The armhf modpost (fetch-headers.sh).\nexec qemu-arm-static -L /usr/arm-linux-gnueabihf "$(dirname "$0")/modpost.armhf" "$@"\n' \
		>"$MOD/modpost"
	chmod +x "$MOD/modpost"
fi

K=$STAGE/root/usr/src/linux-headers-$KREL
[ -f "$K/Makefile" ] || die "no usr/src/linux-headers-$KREL/Makefile in the packages"
[ -f "$K/Module.symvers" ] || die "no Module.symvers in linux-headers-$KREL"
[ -d "$STAGE/root/usr/src/linux-headers-$ABI-common" ] || die "no linux-headers-$ABI-common tree"
[ -x "$STAGE/root/usr/lib/linux-kbuild-$SERIES/scripts/basic/fixdep" ] ||
	die "no scripts/basic/fixdep in linux-kbuild-$SERIES"
# make -C kdir runs there: include the common Makefile relative to it.
sed -i "s|^include /usr/src/linux-headers-$ABI-common/Makefile|include ../linux-headers-$ABI-common/Makefile|" "$K/Makefile"
grep -q "^include \.\./linux-headers-$ABI-common/Makefile" "$K/Makefile" ||
	die "unexpected $K/Makefile: $(head -n 1 "$K/Makefile")"
CC_TEXT=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\(.*\)"/\1/p' "$K/.config")

rm -rf "$OUTDIR/root" "$OUTDIR/kdir" "$OUTDIR/version"
mv "$STAGE/root" "$OUTDIR/root"
ln -s "root/usr/src/linux-headers-$KREL" "$OUTDIR/kdir"
{
	echo "kernel_release=$KREL"
	echo "kernel_version=$KVER"
	echo "kbuild_arch=$HOSTARCH"
	echo "cc=$CC_TEXT"
} >"$OUTDIR/version.new"
mv -f "$OUTDIR/version.new" "$OUTDIR/version"
log "done: $OUTDIR/kdir ($KREL, $KVER; the kernel was built by $CC_TEXT)"

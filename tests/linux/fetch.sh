#!/bin/sh
# fetch.sh [ARCH] [OUTDIR] - fetch Debian's kernel and busybox-static for ARCH.
#
#   ARCH    arm64 (default) or armhf
#   OUTDIR  default build/linux/ARCH (relative to the current directory)
#
# Leaves in OUTDIR:
#   Image (arm64) or zImage (armhf)  the kernel, as QEMU's -kernel takes it
#   kernel                           symlink to whichever of the two
#   busybox                          busybox-static for ARCH
#   modules/RELEASE/...              the kernel's lib/modules tree
#   dtbs/ (armhf only)               the package's device trees, as it ships
#                                    them in usr/lib/linux-image-RELEASE/
#                                    (tests/exynos takes the Exynos4210 one)
#   version                          key=value lines: kernel_release,
#                                    kernel_package, kernel_version,
#                                    busybox_version, arch
#
# The kernel is whatever the metapackage (linux-image-arm64 or
# linux-image-armmp) currently depends on: one `apt-cache show` (about 1.5 s;
# apt keeps no binary cache here) gives its "Depends: linux-image-RELEASE
# (= VERSION)" and busybox-static's version. When OUTDIR/version already names
# the same package versions, nothing is downloaded. If the package lists
# cannot be read (no network, no apt) but a fetched tree exists, it is used.
#
# Only Debian's packages are used, through apt-get download + dpkg-deb -x.
# Needs root only when ARCH is not yet a dpkg architecture (the script then
# runs dpkg --add-architecture and apt-get update once).
set -eu

ARCH=${1:-arm64}
OUTDIR=${2:-build/linux/$ARCH}

case $ARCH in
arm64)
	META=linux-image-arm64
	KNAME=Image
	;;
armhf)
	META=linux-image-armmp
	KNAME=zImage
	;;
*)
	echo "fetch.sh: unsupported ARCH '$ARCH' (arm64, armhf)" >&2
	exit 2
	;;
esac

log() { echo "fetch.sh: $*" >&2; }
die() {
	log "$*"
	exit 1
}

# Candidate version of a package (used only when the metapackage's Depends
# does not pin the version).
candidate() {
	LC_ALL=C apt-cache policy "$1" 2>/dev/null |
		sed -n 's/^ *Candidate: *//p' | head -n 1
}

# One apt-cache call (each one rebuilds apt's cache here: ~1.5 s) gives the
# metapackage's Depends, e.g. "linux-image-6.1.0-57-arm64 (= 6.1.192-3)",
# and busybox-static's version. Sets KPKG, KVER, BVER.
resolve() {
	info=$(LC_ALL=C apt-cache show --no-all-versions \
		"$META:$ARCH" "busybox-static:$ARCH" 2>/dev/null) || return 1
	KPKG=$(printf '%s\n' "$info" | awk -v meta="$META" '
		/^Package:/ { inmeta = ($2 == meta) }
		inmeta && /^Depends:/ {
			sub(/^Depends: */, "")
			n = split($0, alt, /[,|] */)
			for (i = 1; i <= n; i++)
				if (alt[i] ~ /^linux-image-[0-9]/) { print alt[i]; exit }
		}')
	BVER=$(printf '%s\n' "$info" | awk '
		/^Package:/ { inbb = ($2 == "busybox-static") }
		inbb && /^Version:/ { print $2; exit }')
	# KPKG is now "linux-image-6.1.0-57-arm64 (= 6.1.192-3)" or a bare name.
	KVER=$(printf '%s\n' "$KPKG" | sed -n 's/.*(= *\([^)]*\)).*/\1/p')
	KPKG=${KPKG%% *}
	KPKG=${KPKG%%:*}
	[ -n "$KPKG" ] && [ -n "$BVER" ] || return 1
	if [ -z "$KVER" ]; then
		KVER=$(candidate "$KPKG:$ARCH")
		[ -n "$KVER" ] && [ "$KVER" != "(none)" ] || return 1
	fi
	return 0
}

# Make apt know ARCH packages, idempotently: only when ARCH is not a dpkg
# architecture yet does this add it, and only then or when apt's lists hold
# no such package does it run apt-get update.
resolve_or_update() {
	native=$(dpkg --print-architecture)
	if [ "$native" != "$ARCH" ] &&
		! dpkg --print-foreign-architectures | grep -qx "$ARCH"; then
		log "adding dpkg architecture $ARCH"
		dpkg --add-architecture "$ARCH" || return 1
		apt-get update -qq || return 1
	fi
	resolve && return 0
	log "apt knows no $META:$ARCH; running apt-get update"
	apt-get update -qq || return 1
	resolve
}

cache_ok() {
	[ -f "$OUTDIR/version" ] && [ -s "$OUTDIR/$KNAME" ] &&
		[ -x "$OUTDIR/busybox" ] && [ -d "$OUTDIR/modules" ] &&
		{ [ "$ARCH" != armhf ] || [ -d "$OUTDIR/dtbs" ]; }
}

getkey() { sed -n "s/^$1=//p" "$OUTDIR/version"; }

# The cached tree holds the resolved versions.
current() {
	cache_ok && [ "$(getkey kernel_package)" = "$KPKG" ] &&
	[ "$(getkey kernel_version)" = "$KVER" ] &&
	[ "$(getkey busybox_version)" = "$BVER" ]
}

KPKG='' KVER='' BVER=''
if ! command -v apt-cache >/dev/null 2>&1 || ! resolve_or_update; then
	if cache_ok; then
		log "cannot resolve $META:$ARCH; using cached $(getkey kernel_package)"
		exit 0
	fi
	die "cannot resolve $META:$ARCH through apt-cache and nothing is cached"
fi
KREL=${KPKG#linux-image-}

if current; then
	log "up to date: $KPKG $KVER, busybox-static $BVER in $OUTDIR"
	exit 0
fi

mkdir -p "$OUTDIR"
# Two runs at once (parallel test jobs) must not unpack over each other.
if command -v flock >/dev/null 2>&1; then
	exec 9>"$OUTDIR/.lock"
	flock 9
	if current; then
		log "up to date (fetched by another run): $KPKG $KVER in $OUTDIR"
		exit 0
	fi
fi

log "fetching $KPKG=$KVER and busybox-static=$BVER for $ARCH into $OUTDIR"
STAGE=$(cd "$OUTDIR" && pwd)/.stage
rm -rf "$STAGE"
mkdir -p "$STAGE/debs" "$STAGE/root"
trap 'rm -rf "$STAGE"' EXIT INT TERM
# apt-get download as root hands the file to the _apt user; let it write.
if [ "$(id -u)" = 0 ] && id _apt >/dev/null 2>&1; then
	chown _apt "$STAGE/debs" 2>/dev/null || true
fi
(cd "$STAGE/debs" &&
	apt-get download -q "$KPKG:$ARCH=$KVER" "busybox-static:$ARCH=$BVER") ||
	die "apt-get download failed"
for deb in "$STAGE"/debs/*.deb; do
	dpkg-deb -x "$deb" "$STAGE/root"
done

K=$STAGE/root/boot/vmlinuz-$KREL
[ -f "$K" ] || die "no boot/vmlinuz-$KREL in $KPKG"
[ -d "$STAGE/root/lib/modules/$KREL" ] || die "no lib/modules/$KREL in $KPKG"
BB=$STAGE/root/bin/busybox
[ -f "$BB" ] || die "no bin/busybox in busybox-static"

# Debian's arm64 vmlinuz is a plain Image (QEMU -kernel takes it as is);
# should a future one be gzip-compressed, unpack it (QEMU could load it,
# but a firmware's own loader would need the raw Image).
rm -f "$OUTDIR/version"
if [ "$ARCH" = arm64 ] && [ "$(od -An -tx1 -N2 "$K" | tr -d ' \n')" = 1f8b ]; then
	gzip -dc "$K" >"$OUTDIR/$KNAME.new"
else
	cp "$K" "$OUTDIR/$KNAME.new"
fi
mv -f "$OUTDIR/$KNAME.new" "$OUTDIR/$KNAME"
ln -sfn "$KNAME" "$OUTDIR/kernel"
cp "$STAGE/root/boot/config-$KREL" "$OUTDIR/config"
cp "$BB" "$OUTDIR/busybox.new"
chmod 755 "$OUTDIR/busybox.new"
mv -f "$OUTDIR/busybox.new" "$OUTDIR/busybox"
rm -rf "$OUTDIR/modules"
mkdir -p "$OUTDIR/modules"
mv "$STAGE/root/lib/modules/$KREL" "$OUTDIR/modules/$KREL"
rm -rf "$OUTDIR/dtbs"
if [ "$ARCH" = armhf ]; then
	[ -d "$STAGE/root/usr/lib/linux-image-$KREL" ] ||
		die "no usr/lib/linux-image-$KREL (device trees) in $KPKG"
	mv "$STAGE/root/usr/lib/linux-image-$KREL" "$OUTDIR/dtbs"
fi
{
	echo "arch=$ARCH"
	echo "kernel_release=$KREL"
	echo "kernel_package=$KPKG"
	echo "kernel_version=$KVER"
	echo "busybox_version=$BVER"
} >"$OUTDIR/version.new"
mv -f "$OUTDIR/version.new" "$OUTDIR/version"
log "done: $OUTDIR/$KNAME ($KREL, $KVER)"

#!/bin/sh
# scripts/qemu-exynos.sh - build a qemu-system-arm whose Exynos4210 has
# TrustZone, from Debian's own qemu source package plus one patch of ours
# (scripts/qemu-exynos4210-secure.patch: a `secure` property on -M smdkc210
# and -M nuri, off by default, as -M virt has). Prints the binary's path on
# stdout; everything else goes to stderr.
#
# The source version is the one of Debian's qemu-system-arm candidate (the
# QEMU the rest of the tests run). `apt-get source` fetches it (checksums
# checked against the signed Sources index); when apt has no deb-src entry,
# one is added for each Debian `deb` entry of the existing sources
# configuration (same mirror, suites, components and keyring), once.
#
# The build is cached outside the tree, keyed by the source version and a
# hash of the patch, this script's configure options and device set, so
# that every checkout on this machine (CI's fresh clone included) reuses it:
#   ${SECMON_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/secmon}/qemu-exynos/KEY/
# holding bin/qemu-system-arm and a `key` file. Nothing is kept of the
# source and build trees. Only the arm-softmmu target with the Exynos4
# boards, without the default features (no UI, no network back-ends, no
# tools); its build dependencies are installed from Debian by this script.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
patchfile=$top/scripts/qemu-exynos4210-secure.patch
cache_root=${SECMON_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/secmon}/qemu-exynos

# Packages the build needs (Debian names). dpkg-dev unpacks the source.
BUILD_DEPS="gcc make pkg-config python3 meson ninja-build libglib2.0-dev
libpixman-1-dev zlib1g-dev libfdt-dev dpkg-dev patch bzip2 xz-utils"

# configure's options and the device set (configs/devices/arm-softmmu/
# secmon-exynos.mak, written into the unpacked source): the Exynos4 boards;
# the IRQ splitter and the PL330 DMA controller, which exynos4210.c creates
# but whose Kconfig symbols QEMU 7.2's EXYNOS4 does not select (QEMU's full
# arm device set has them through other boards; without them the machine
# aborts with "missing object type 'split-irq'"); semihosting, which
# target/arm links in. Devices that are on by default, among them -device
# loader, stay. Both are part of the cache key.
CONFIG_OPTS="--target-list=arm-softmmu --without-default-features
--with-devices-arm=secmon-exynos --enable-fdt=system --disable-docs
--disable-install-blobs --disable-debug-info --disable-werror"
DEVICES="CONFIG_EXYNOS4=y
CONFIG_SPLIT_IRQ=y
CONFIG_PL330=y
CONFIG_SEMIHOSTING=y
CONFIG_ARM_COMPATIBLE_SEMIHOSTING=y"

log() { echo "qemu-exynos: $*" >&2; }
die() {
	log "$*"
	exit 1
}

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
LOCK="-o DPkg::Lock::Timeout=600"

# Version of Debian's qemu source behind the qemu-system-arm candidate,
# e.g. "1:7.2+dfsg-7+deb12u18" (the binary may carry a binNMU suffix).
source_version() {
	LC_ALL=C apt-cache show --no-all-versions qemu-system-arm 2>/dev/null | awk '
		/^Source:/ && $3 != "" { v = $3; gsub(/[()]/, "", v) }
		/^Version:/ { bv = $2 }
		END { if (v != "") print v; else print bv }'
}

has_source() {
	LC_ALL=C apt-cache showsrc --only-source qemu 2>/dev/null |
		grep -qx "Version: $1"
}

# URIs (no trailing slash) of the package files whose origin is Debian.
debian_uris() {
	LC_ALL=C apt-cache policy 2>/dev/null | awk '
		$1 ~ /^[0-9]+$/ && $2 ~ /:\/\// { uri = $2; next }
		uri != "" && /^ *release / && /o=Debian[,]/ { sub(/\/$/, "", uri); print uri }
		{ uri = "" }' | sort -u
}

# A deb-src stanza for each enabled deb822 `deb` stanza whose URI is one
# of Debian's, with every other field (Suites, Components, Signed-By, ...)
# as it is: apt refuses a deb-src entry whose Signed-By differs.
deb822_src() {
	awk -v uris="$1" '
		BEGIN { n = split(uris, u, "\n"); for (i = 1; i <= n; i++) deb[u[i]] = 1 }
		function flush(   i, ok, w, k, x) {
			ok = 0
			if (types != "" && enabled != "no") {
				k = split(types, w, /[ \t]+/)
				for (i = 1; i <= k; i++) if (w[i] == "deb") ok = 1
				k = split(uris_f, w, /[ \t]+/)
				x = 0
				for (i = 1; i <= k; i++) { sub(/\/$/, "", w[i]); if (w[i] in deb) x = 1 }
				ok = ok && x
			}
			if (ok) {
				print "Types: deb-src"
				for (i = 1; i <= nl; i++) print line[i]
				print ""
			}
			types = ""; uris_f = ""; enabled = ""; nl = 0
		}
		/^[ \t]*$/ { flush(); next }
		/^#/ { next }
		/^Types:/ { types = $0; sub(/^Types:[ \t]*/, "", types); next }
		/^URIs:/ { uris_f = $0; sub(/^URIs:[ \t]*/, "", uris_f) }
		/^Enabled:/ { enabled = $2 }
		{ line[++nl] = $0 }
		END { flush() }'
}

# The same for one-line `deb [options] URI suite components` entries.
oneline_src() {
	awk -v uris="$1" '
		BEGIN { n = split(uris, u, "\n"); for (i = 1; i <= n; i++) deb[u[i]] = 1 }
		$1 != "deb" { next }
		{
			i = 2
			if ($2 ~ /^\[/) while ($i !~ /\]$/) i++
			if ($2 ~ /^\[/) i++
			uri = $i; sub(/\/$/, "", uri)
			if (uri in deb) { sub(/^deb/, "deb-src"); print }
		}'
}

# Make `apt-get source qemu=VERSION` possible, once: add deb-src entries
# mirroring Debian's deb entries, then apt-get update. A configuration apt
# rejects is taken back at once (other apt users share it).
ensure_deb_src() {
	ver=$1
	has_source "$ver" && return 0
	uris=$(debian_uris)
	[ -n "$uris" ] || die "apt knows no package files of origin Debian"
	tmp=$(mktemp -d)
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		case $f in */secmon-deb-src.sources) continue ;; esac
		deb822_src "$uris" <"$f"
	done >"$tmp/src.sources"
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		case $f in */secmon-deb-src.list) continue ;; esac
		oneline_src "$uris" <"$f"
	done >"$tmp/src.list"
	changed=0
	for ext in sources list; do
		dst=/etc/apt/sources.list.d/secmon-deb-src.$ext
		[ -s "$tmp/src.$ext" ] || continue
		{
			echo "# Added by secmon's scripts/qemu-exynos.sh: the deb-src"
			echo "# twins of Debian's deb entries, for apt-get source qemu."
			echo
			cat "$tmp/src.$ext"
		} >"$tmp/out.$ext"
		cmp -s "$tmp/out.$ext" "$dst" 2>/dev/null && continue
		$SUDO cp "$tmp/out.$ext" "$dst"
		changed=1
	done
	rm -rf "$tmp"
	log "deb-src entries in /etc/apt/sources.list.d/secmon-deb-src.*; apt-get update"
	if ! sh "$top/scripts/apt-update.sh"; then
		$SUDO rm -f /etc/apt/sources.list.d/secmon-deb-src.sources \
			/etc/apt/sources.list.d/secmon-deb-src.list
		die "apt-get update failed with the deb-src entries; removed them"
	fi
	[ "$changed" = 1 ] || log "(the entries were there already)"
	has_source "$ver" || die "Debian's mirror offers no source qemu $ver"
}

install_build_deps() {
	missing=""
	for p in $BUILD_DEPS; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
			missing="$missing $p"
	done
	[ -z "$missing" ] && return 0
	log "installing$missing"
	sh "$top/scripts/apt-update.sh" || log "installing from the indexes apt has"
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get $LOCK install -y -qq \
		--no-install-recommends $missing >/dev/null
}

command -v apt-cache >/dev/null 2>&1 || die "needs apt (Debian)"
ver=$(source_version)
[ -n "$ver" ] || {
	sh "$top/scripts/apt-update.sh" || true
	ver=$(source_version)
}
[ -n "$ver" ] || die "apt knows no qemu-system-arm"

# The key: source version, then a hash of the patch and the options.
sum=$( (cat "$patchfile" && echo "$CONFIG_OPTS" && echo "$DEVICES") | sha256sum | cut -c1-16)
key=$(printf '%s' "$ver" | tr -c 'A-Za-z0-9.+-' '_')-$sum
dir=$cache_root/$key
bin=$dir/bin/qemu-system-arm

if [ -x "$bin" ] && [ -f "$dir/key" ]; then
	echo "$bin"
	exit 0
fi

mkdir -p "$cache_root"
# Two builds at once (two checkouts) wait for each other.
exec 9>"$cache_root/.lock"
flock 9
if [ -x "$bin" ] && [ -f "$dir/key" ]; then
	echo "$bin"
	exit 0
fi

install_build_deps
ensure_deb_src "$ver"

# Under the lock no other build runs: whatever work tree is left is an
# interrupted build's.
rm -rf "$cache_root"/.work-*
work=$cache_root/.work-$key
mkdir -p "$work/src"
trap 'rm -rf "$work"' EXIT INT TERM
start=$(date +%s)
# apt-get source as root hands the directory to the _apt user; let it write.
if [ "$(id -u)" = 0 ] && id _apt >/dev/null 2>&1; then
	chown _apt "$work/src"
fi
log "fetching Debian's source qemu=$ver"
(cd "$work/src" && apt-get source -q --download-only "qemu=$ver" >&2) ||
	die "apt-get source qemu=$ver failed"
dsc=$(ls "$work"/src/qemu_*.dsc)
dpkg-source -x "$dsc" "$work/qemu" >&2 || die "dpkg-source -x failed"
rm -rf "$work/src"

log "applying $(basename "$patchfile")"
patch -d "$work/qemu" -p1 --no-backup-if-mismatch <"$patchfile" >&2 ||
	die "the patch does not apply to qemu $ver"

# Debian's dfsg tarball leaves out the EDK2 firmware images that meson
# still lists; nothing here uses them, so empty stand-ins do.
for f in $(sed -n "s/.*'\(edk2-[^']*\.fd\)'.*/\1/p" "$work/qemu/pc-bios/meson.build"); do
	[ -e "$work/qemu/pc-bios/$f.bz2" ] || : >"$work/qemu/pc-bios/$f.bz2"
done

printf '%s\n' "$DEVICES" >"$work/qemu/configs/devices/arm-softmmu/secmon-exynos.mak"
log "configuring: $(echo $CONFIG_OPTS)"
mkdir -p "$work/build"
# shellcheck disable=SC2086
(cd "$work/build" && ../qemu/configure $CONFIG_OPTS >&2) || die "configure failed"
log "building qemu-system-arm"
ninja -C "$work/build" -j "$(nproc)" qemu-system-arm >&2 || die "build failed"

rm -rf "$dir.new"
mkdir -p "$dir.new/bin"
cp "$work/build/qemu-system-arm" "$dir.new/bin/"
strip "$dir.new/bin/qemu-system-arm" 2>/dev/null || true
# The machine must build with secure=on (a missing device type only shows
# then): create it stopped, and quit through QMP.
printf '{"execute":"qmp_capabilities"}\n{"execute":"quit"}\n' |
	timeout 120 "$dir.new/bin/qemu-system-arm" -M smdkc210,secure=on -smp 2 \
		-display none -monitor none -serial null -S -qmp stdio >"$work/smoke.log" 2>&1 ||
	die "the built qemu-system-arm cannot create -M smdkc210,secure=on: $(tail -n 3 "$work/smoke.log")"
{
	echo "source=qemu $ver"
	echo "patch_sha256=$(sha256sum <"$patchfile" | cut -d' ' -f1)"
	echo "configure=$(echo $CONFIG_OPTS)"
	echo "devices=$(echo $DEVICES)"
	echo "built=$(date -u +%Y-%m-%dT%H:%M:%SZ) in $(($(date +%s) - start)) s"
} >"$dir.new/key"
rm -rf "$dir"
mv "$dir.new" "$dir"
log "built $bin in $(($(date +%s) - start)) s"
echo "$bin"

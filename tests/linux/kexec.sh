#!/usr/bin/env bash
# kexec.sh FIRMWARE OUTDIR - Linux's kexec on secmon: Debian's arm64 kernel
# loads itself again (`kexec -l` / `kexec -e`, secmon.test=kexec in
# init-summary.sh); the second kernel brings up every CPU through PSCI
# CPU_ON (the first took them down with CPU_OFF) and powers off.
#
# kexec-tools comes from Debian's package (apt-get download, arm64), with
# the shared libraries its binary needs (found from its ELF NEEDED entries,
# libxenctrl's included) from their packages; cached in
# build/linux/arm64/kexec/. The initramfs holds them, the kernel Image and
# the ordinary test initramfs as /boot/initrd.cpio.gz for the second kernel.
# Prints TAP (check-boot.sh's lines); exits non-zero when a check failed.
#
# GICv2 (--gic 2): with GICv3 the second kernel dies early whatever the
# firmware (secmon, or QEMU's built-in PSCI without -bios) with "Undefined
# instruction" in its own text, which reads 0xa2a2a2a2. The cause is
# Linux's: the second kernel finds LPIs on (the architecture lets a
# redistributor refuse to turn them off again) and GICR_PROPBASER still
# pointing at the first kernel's LPI property table, which it reuses when
# the range is reserved memory ("GICv3: Using preallocated redistributor
# tables", the same table address in both kernels' logs). Linux keeps those tables safe across
# kexec only through the EFI memreserve table (there is no EFI here); the
# second kernel's image was loaded over the old table, so the range counts
# as reserved (its own image), and it fills the table with
# LPI_PROP_DEFAULT_PRIO | LPI_PROP_GROUP1 = 0xa2, over its code. Booting
# the first kernel with irqchip.gicv3_nolpi=1 works with GICv3 too (checked
# by hand).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
FW=$1
OUT=$2
L=build/linux/arm64
K=$L/kexec
PKGS="kexec-tools libc6 zlib1g libxenmisc4.17 libxentoollog1 libxencall1 libxenevtchn1
	libxengnttab1 libxenforeignmemory1 libxendevicemodel1 libxentoolcore1"

. tests/tap.sh
fail() {
	tap_not_ok "linux kexec: $*"
	exit 1
}

if [ ! -x "$K/pkgs/sbin/kexec" ]; then
	rm -rf "$K" && mkdir -p "$K/debs" || fail "cannot make $K"
	# shellcheck disable=SC2046
	(cd "$K/debs" && apt-get download $(for p in $PKGS; do echo "$p:arm64"; done)) \
		>"$OUT/kexec-fetch.log" 2>&1 || fail "apt-get download failed (see $OUT/kexec-fetch.log)"
	for d in "$K"/debs/*.deb; do
		dpkg-deb -x "$d" "$K/pkgs" || fail "dpkg-deb -x $d"
	done
fi

# The binary and the closure of its NEEDED libraries, under /lib.
X=$OUT/kexec-root
rm -rf "$X"
mkdir -p "$X/sbin" "$X/lib" "$X/boot"
cp "$K/pkgs/sbin/kexec" "$X/sbin/kexec"
todo=$X/sbin/kexec
seen=" "
while [ -n "$todo" ]; do
	set -- $todo
	f=$1
	shift
	todo=$*
	for lib in $(readelf -d "$f" 2>/dev/null | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p'); do
		case $seen in *" $lib "*) continue ;; esac
		seen="$seen$lib "
		p=$(find "$K/pkgs" -name "$lib" | head -n 1)
		[ -n "$p" ] || fail "no $lib in the downloaded packages"
		cp -L "$p" "$X/lib/$lib"
		todo="$todo $X/lib/$lib"
	done
done
cp "$L/Image" "$X/boot/Image"
sh tests/linux/mkinitrd.sh "$L" tests/linux/init-summary.sh "$X/boot/initrd.cpio.gz" 2>/dev/null ||
	fail "mkinitrd for the second kernel failed"
INITRD_EXTRA=$X sh tests/linux/mkinitrd.sh "$L" tests/linux/init-summary.sh "$OUT/kexec-initrd.cpio.gz" \
	2>/dev/null || fail "mkinitrd failed"
rm -rf "$X"

log=$OUT/kexec.log
bash tests/linux/boot.sh --bios "$FW" --smp 4 --gic 2 --quiet --timeout 180 --log "$log" \
	--initrd "$OUT/kexec-initrd.cpio.gz" --append "secmon.test=kexec" >/dev/null 2>&1
bash tests/linux/check-boot.sh --name "linux kexec:" "$log" kexec boots=2 cpus=4 psci=1.3 \
	warnings=0 splats=0 nopanic poweroff

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
# Not in `make check` yet: the second kernel (Debian 6.1.0-57, kexec-tools
# 2.0.25, kexec_load: the kernel has no kexec_file_load) dies early with
# "Undefined instruction" at d_make_root+0x0 (the word there reads
# 0xa2a2a2a2) under secmon at EL2 and at EL1, with cpuidle.off=1 too, and
# dies silently the same way under QEMU's own PSCI without secmon; with
# nokaslr kexec-tools fails to build the second DTB. earlycon shows it.
set -uo pipefail
cd "$(dirname "$0")/../.."
FW=$1
OUT=$2
L=build/linux/arm64
K=$L/kexec
PKGS="kexec-tools libc6 zlib1g libxenmisc4.17 libxentoollog1 libxencall1 libxenevtchn1
	libxengnttab1 libxenforeignmemory1 libxendevicemodel1 libxentoolcore1"

fail() {
	echo "not ok - linux kexec: $*"
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
bash tests/linux/boot.sh --bios "$FW" --smp 4 --gic 3 --quiet --timeout 180 --log "$log" \
	--initrd "$OUT/kexec-initrd.cpio.gz" --append "secmon.test=kexec earlycon=pl011,0x9000000" >/dev/null 2>&1
bash tests/linux/check-boot.sh --name "linux kexec:" "$log" kexec boots=2 cpus=4 psci=1.1 \
	warnings=0 splats=0 nopanic poweroff

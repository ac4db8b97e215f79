#!/usr/bin/env bash
# The Exynos4210 boots: Debian's armmp zImage and the package's own
# exynos4210-smdkv310.dtb, unmodified, on -M smdkc210 -smp 2 with the QEMU
# that scripts/qemu-exynos.sh builds (the `secure` machine property).
# Prints TAP lines (check-boot.sh's, one per expectation per boot); exits
# non-zero when any failed. Not in `make check` yet: the boots under a
# secure firmware need the Exynos4210 port (docs/exynos4210.md).
#   bash tests/exynos/suite.sh [FIRMWARE.elf]
# Without FIRMWARE: QEMU's own Linux loader with secure=off and with
# secure=on (the patch must not change a plain boot). With it: the firmware
# boot of tests/exynos/boot.sh --firmware, which must bring Linux's Exynos
# firmware_ops (SMCs in r0) and its L2 calls up, both CPUs, ten hotplug
# cycles of CPU 1, and the power-off.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
FW=${1:-}
OUT=build/check/exynos
LINUX=build/linux/armhf
mkdir -p "$OUT"
. tests/tap.sh

sh tests/linux/fetch.sh armhf "$LINUX" >/dev/null || {
	tap_not_ok "exynos: fetching Debian's armmp kernel failed"
	exit 1
}
if ! QEMU=$(sh scripts/qemu-exynos.sh 2>"$OUT/qemu-build.log"); then
	tap_not_ok "exynos: building QEMU with the smdkc210 secure property failed (log: $OUT/qemu-build.log)"
	exit 1
fi
# The property exists and is off by default.
if "$QEMU" -M smdkc210,help 2>/dev/null | grep -q 'secure=<bool>.*TrustZone'; then
	tap_ok "exynos: $QEMU has -M smdkc210,secure"
else
	tap_not_ok "exynos: $QEMU has no -M smdkc210,secure"
fi

# boot NAME "boot.sh options" "check-boot.sh expectations"
boot() {
	local name=$1 opts=$2 expect=$3 log=$OUT/$1.log
	# shellcheck disable=SC2086
	bash tests/exynos/boot.sh --qemu "$QEMU" --linux-dir "$LINUX" --quiet \
		--timeout 240 --log "$log" $opts >/dev/null 2>&1
	# shellcheck disable=SC2086
	tap_suite bash tests/linux/check-boot.sh --name "exynos $name:" "$log" $expect
}

COMMON="cpus=2 hotplug l2c=enabled splats=0 nopanic poweroff"
if [ -z "$FW" ]; then
	boot linux-loader "--secure off --append secmon.test=hotplug:10" "exynos_fw=no $COMMON"
	boot linux-loader-secure "--secure on --append secmon.test=hotplug:10" "exynos_fw=no $COMMON"
else
	boot firmware "--firmware $FW --secure-log $OUT/firmware-secure.log --append secmon.test=hotplug:10" \
		"exynos_fw=yes $COMMON"
fi
tap_status

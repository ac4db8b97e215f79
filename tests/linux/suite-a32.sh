#!/usr/bin/env bash
# The AArch32 Linux tests: Debian's armmp kernel (linux-image-armmp, a
# zImage) booted on qemu-system-arm -M virt,secure=on -cpu cortex-a15 under
# secmon's AArch32 monitor (build/qemu-virt-a32/secmon.bin) in several
# shapes. Prints TAP lines from check-boot.sh, one per expectation per boot;
# exits non-zero when any failed. The AArch32 twin of suite.sh.
#   bash tests/linux/suite-a32.sh [FIRMWARE]
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
FW=${1:-build/qemu-virt-a32/secmon.bin}
OUT=build/check/linux-a32
LINUX=build/linux/armhf
mkdir -p "$OUT"
. tests/tap.sh

if [ ! -f "$FW" ]; then
	tap_not_ok "linux-a32: firmware $FW is missing"
	exit 1
fi
sh tests/linux/fetch.sh armhf "$LINUX" >/dev/null || {
	tap_not_ok "linux-a32: fetching Debian's armmp kernel failed"
	exit 1
}

# boot NAME "boot.sh options" "check-boot.sh expectations"
boot() {
	local name=$1 opts=$2 expect=$3 log=$OUT/$1.log
	# shellcheck disable=SC2086
	bash tests/linux/boot.sh --arch armhf --linux-dir "$LINUX" --bios "$FW" --gic 2 --quiet \
		--timeout 180 --log "$log" $opts >/dev/null 2>&1
	# shellcheck disable=SC2086
	tap_suite bash tests/linux/check-boot.sh --name "linux-a32 $name:" "$log" $expect
}

COMMON="psci=1.3 smccc>=1.2 soc_id warnings=0 splats=0 nopanic poweroff"
# Cortex-A15 with the Virtualization Extensions: the kernel starts in Hyp mode.
boot smp1-hyp "--smp 1" "cpus=1 boot_el=hyp $COMMON"
boot smp4-hyp "--smp 4" "cpus=4 boot_el=hyp $COMMON"
# Debian's armmp kernel has suspend (CONFIG_SUSPEND) but no cpuidle: ten
# suspends to RAM through SYSTEM_SUSPEND, each woken by the PL031 alarm;
# the first alarm rings before its suspend (:3), which the kernel must
# abort rather than sleep without a wake-up. 40-50 s alone; on a loaded
# host early alarms double the delay (up to 16 s a cycle), hence 300 s.
boot suspend10 "--smp 4 --timeout 300 --append secmon.test=suspend:10:3" "cpus=4 suspend suspend_early $COMMON"
# virtualization=off: no Hyp mode, the kernel starts in SVC mode.
boot smp4-svc "--smp 4 --virt 0" "cpus=4 boot_el=svc $COMMON"
# QEMU's default RAM for virt (128 MiB): the smaller layout.
boot smp2-128m "--smp 2 --mem 128M" "cpus=2 $COMMON"
boot hotplug20 "--smp 4 --append secmon.test=hotplug:20" "cpus=4 hotplug $COMMON"
boot reboot "--smp 4 --append secmon.test=reboot" "cpus=4 reboot $COMMON"
own=$OUT/own-initrd.cpio.gz
if sh tests/linux/mkinitrd.sh "$LINUX" tests/linux/init-minimal.sh "$own" >/dev/null 2>&1; then
	boot own-initrd "--smp 2 --initrd $own" "own_initrd=yes cpus=2 poweroff"
else
	tap_not_ok "linux-a32 own-initrd: building it failed"
fi
# The PSCI 0.1 example board as the firmware's board DT (fw_cfg), hotplug,
# reboot and power-off through the monitor's mailbox.
tap_suite bash tests/linux/psci01.sh "$FW" "$OUT" armhf
tap_status

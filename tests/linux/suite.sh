#!/usr/bin/env bash
# The Linux tests of `make check`: Debian's arm64 kernel booted under
# secmon (build/qemu-virt-a64/secmon.bin) in several shapes. Prints TAP
# lines from check-boot.sh, one per expectation per boot; exits non-zero
# when any failed.
#   bash tests/linux/suite.sh [FIRMWARE]
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
FW=${1:-build/qemu-virt-a64/secmon.bin}
OUT=build/check/linux
mkdir -p "$OUT"
. tests/tap.sh

if [ ! -f "$FW" ]; then
	tap_not_ok "linux: firmware $FW is missing"
	exit 1
fi
sh tests/linux/fetch.sh arm64 build/linux/arm64 >/dev/null || {
	tap_not_ok "linux: fetching Debian's kernel failed"
	exit 1
}

# boot NAME "boot.sh options" "check-boot.sh expectations"
boot() {
	local name=$1 opts=$2 expect=$3 log=$OUT/$1.log
	# shellcheck disable=SC2086
	bash tests/linux/boot.sh --bios "$FW" --quiet --timeout 180 --log "$log" $opts \
		>/dev/null 2>&1
	# shellcheck disable=SC2086
	tap_suite bash tests/linux/check-boot.sh --name "linux $name:" "$log" $expect
}

COMMON="psci=1.3 smccc=1.5 soc_id warnings=0 splats=0 nopanic poweroff"
boot smp1-gic2 "--smp 1 --gic 2" "cpus=1 $COMMON"
# TRNG from Linux's arm_smccc_trng on both entropy sources: the DT-seeded
# DRBG (cortex-a57) and RNDRRS (max).
# The monitor offers OS-initiated mode and describes its idle states and
# power domains (CPUs, clusters, the system): cpuidle-psci-domain runs in
# OSI mode; every CPU uses every state; the cluster and system domains'
# states are used; ten suspends to RAM (SYSTEM_SUSPEND) each woken by the PL031 alarm.
IDLE="secmon.test=trng,cpuidle,suspend:10"
boot smp4-gic3 "--smp 4 --gic 3 --append $IDLE" "cpus=4 trng=ok cpuidle osi_cluster osi_system suspend $COMMON"
boot smp8-gic2 "--smp 8 --gic 2 --append secmon.test=cpuidle,suspend:3" \
	"cpus=8 cpuidle osi_cluster osi_system suspend $COMMON"
# A board's own /psci (no power domains) wins: the flat list of states,
# platform-coordinated, none refused.
board=$OUT/psci-standard.dtb
if dtc -q -I dts -O dtb -o "$board" boards/psci-standard.dts 2>/dev/null; then
	boot cpuidle-pc "--smp 4 --gic 3 --append secmon.test=cpuidle -- -fw_cfg name=opt/secmon/board.dtb,file=$board" \
		"cpus=4 cpuidle cpuidle_rejected=0 cpuidle_mode=none $COMMON"
else
	tap_not_ok "linux cpuidle-pc: dtc boards/psci-standard.dts failed"
fi
boot smp4-el1 "--smp 4 --gic 3 --virt 0" "cpus=4 $COMMON"
boot smp4-max "--smp 4 --gic 3 --cpu max --append secmon.test=trng" "cpus=4 trng=ok $COMMON"
boot hotplug20 "--smp 4 --gic 3 --append secmon.test=hotplug:20" "cpus=4 hotplug $COMMON"
# Protected KVM owns EL2 and enters the host at EL1 on every CPU that comes
# back: a warm entry must leave EL1's MMU off as a real power-down would.
boot pkvm-hotplug20 "--smp 4 --gic 3 --append kvm-arm.mode=protected --append secmon.test=hotplug:20,cpuidle" \
	"cpus=4 pkvm hotplug cpuidle osi_cluster osi_system $COMMON"
boot reboot "--smp 4 --gic 2 --append secmon.test=reboot" "cpus=4 reboot $COMMON"
# The monitor's SCMI server through Linux's own drivers: the core, the
# clock, power-domain and reset drivers, and a virtio-blk disk whose
# transport sits in an SCMI power domain (init-summary.sh, action scmi).
# The model's secure-only domain is seen (genpd secure-sram, left on: its
# POWER_STATE_SET is DENIED) and makes Linux warn about nothing (warnings=0
# counts SCMI's lines too).
disk=$OUT/scmi-disk.img
printf 'SECMON-SCMI-DISK\n' >"$disk" && truncate -s 64K "$disk"
# The SCMI server is built in only with SCMI=1 (make firmware builds it too).
FW_DEFAULT=$FW
FW=${FW_SCMI:-$(dirname "$FW")-scmi/secmon.bin}
boot scmi "--smp 2 --gic 3 --append secmon.test=scmi --secure-log $OUT/scmi.fw.log -- -drive file=$disk,if=none,format=raw,id=scmidisk -device virtio-blk-device,drive=scmidisk -fw_cfg name=opt/secmon/verbose,string=1" \
	"scmi=2.0 scmi_vendor=secmon scmi_drivers=scmi-clocks,scmi-power-domain,scmi-reset scmi_clocks=3 scmi_domains=pcie,secure-sram,virtio scmi_disk=ok scmi_virtio_domain=on scmi_virtio_devices>=1 cpus=2 $COMMON"
# What the monitor's model was left in (its "scmi state" line at SYSTEM_OFF,
# verbose) is what Linux saw: each clock's "hardware enable" in clk_summary,
# each domain's genpd state (pcie: powered off by genpd, no device in it).
linux_state=$(sed -n 's/.*SECMON-TEST scmi_state=\([^[:space:]]*\).*/\1/p' "$OUT/scmi.log" | head -n 1)
mon_state=$(sed -n 's/.*secmon: scmi state: \(.*\)/\1/p' "$OUT/scmi.fw.log" | tr -d '\r' |
	sed -e 's/; /,/g' -e 's/, /,/g' -e 's/ /:/g' | head -n 1)
if [ -n "$linux_state" ] && [ "$linux_state" = "$mon_state" ]; then
	tap_ok "linux scmi: the monitor's clock and domain states match Linux's ($mon_state)"
else
	tap_not_ok "linux scmi: the monitor's clock and domain states match Linux's" \
		"(Linux: '$linux_state', monitor: '$mon_state')"
fi
FW=$FW_DEFAULT
own=$OUT/own-initrd.cpio.gz
if sh tests/linux/mkinitrd.sh build/linux/arm64 tests/linux/init-minimal.sh "$own" >/dev/null 2>&1; then
	boot own-initrd "--smp 2 --gic 3 --initrd $own" "own_initrd=yes cpus=2 poweroff"
else
	tap_not_ok "linux own-initrd: building it failed"
fi
# Hibernation: the image written, SYSTEM_OFF, a second run restores it.
tap_suite bash tests/linux/hibernate.sh "$FW" "$OUT"
# kexec: the first kernel takes its secondaries down (CPU_OFF) and loads
# itself again; the second brings every CPU up through CPU_ON.
tap_suite bash tests/linux/kexec.sh "$FW" "$OUT"
# The PSCI 0.1 example board as the firmware's board DT (fw_cfg), hotplug,
# reboot and power-off through the monitor's mailbox.
tap_suite bash tests/linux/psci01.sh "$FW" "$OUT"
tap_status

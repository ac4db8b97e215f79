#!/usr/bin/env bash
# psci01.sh [FIRMWARE [OUTDIR [ARCH]]] - Debian's arm64 kernel (ARCH arm64,
# the default) or armmp kernel (armhf, on the AArch32 port), unmodified, under
# secmon on the PSCI 0.1 example board (boards/psci-0.1-custom.dts: an
# "arm,psci" node with custom cpu_on/cpu_off/cpu_suspend/migrate IDs),
# given to the firmware as its board DT through fw_cfg:
#
#   -fw_cfg name=opt/secmon/board.dtb,file=OUTDIR/psci-0.1-custom.dtb
#
# Linux reads the IDs from the psci node the monitor copies into its DT and
# brings its CPUs up and down with them (the monitor serves them through
# its described-call path). PSCI 0.1 has no SYSTEM_OFF or SYSTEM_RESET: the
# monitor adds "syscon-poweroff" and "syscon-reboot" nodes over a mailbox
# page it watches (monitor/plat/qemu-virt/poweroff.c), so `poweroff -f` and
# `reboot -f` still end or restart QEMU.
#
# Boots:
#   hotplug  4 CPUs, GICv3 (armhf: v2), every secondary off and on twice, power-off
#   reboot   4 CPUs, GICv2, one restart through syscon-reboot, power-off
#   cpu0-off 4 CPUs, GICv3 (armhf: v2), an init (init-cpu0-off.sh) that takes the boot
#            CPU offline and powers off from another: the watch runs on the
#            boot CPU, which is then parked in the firmware
# Prints TAP (check-boot.sh's lines and this script's own); exits non-zero
# when any check failed. Logs: OUTDIR/psci01-*.log (serial) and .fw.log
# (the secure console, verbose). FIRMWARE defaults to
# build/qemu-virt-a64/secmon.bin, OUTDIR to build/check/linux.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
FW=${1:-build/qemu-virt-a64/secmon.bin}
OUT=${2:-build/check/linux}
ARCH=${3:-arm64}
case $ARCH in
arm64) NAME="linux psci-0.1" ARCHOPTS="" GIC3="--gic 3" TAG=psci01 ;;
armhf) NAME="linux-a32 psci-0.1" ARCHOPTS="--arch armhf --linux-dir build/linux/armhf"
	GIC3="--gic 2" TAG=psci01-a32 ;;
*) echo "psci01.sh: unknown arch $ARCH" >&2; exit 2 ;;
esac
mkdir -p "$OUT"
. tests/tap.sh

if [ ! -f "$FW" ]; then
	tap_not_ok "$NAME: firmware $FW is missing"
	exit 1
fi
board=$OUT/psci-0.1-custom.dtb
if ! dtc -q -I dts -O dtb -o "$board" boards/psci-0.1-custom.dts 2>"$board.log"; then
	tap_not_ok "$NAME: compiling boards/psci-0.1-custom.dts"
	tap_file "$board.log"
	exit 1
fi

# check NAME TEXT COMMAND...: one TAP line for a command's success.
check() {
	local name=$1 text=$2
	shift 2
	tap_check "$NAME $name: $text" "$@"
}

# run NAME "boot.sh options" "check-boot.sh expectations" [PSCI_MESSAGE=1]
run() {
	local name=$1 opts=$2 expect=$3 msg=${4:-1} log=$OUT/$TAG-$1.log
	local fwlog=$OUT/$TAG-$1.fw.log
	# shellcheck disable=SC2086
	bash tests/linux/boot.sh $ARCHOPTS --bios "$FW" --quiet --timeout 120 --log "$log" \
		--secure-log "$fwlog" $opts -- -fw_cfg "name=opt/secmon/board.dtb,file=$board" \
		-fw_cfg name=opt/secmon/verbose,string=1 >/dev/null 2>&1
	# shellcheck disable=SC2086
	tap_suite bash tests/linux/check-boot.sh --name "$NAME $name:" "$log" $expect
	[ "$msg" = 1 ] && check "$name" "Linux says \"psci: Using PSCI v0.1 Function IDs from DT\"" \
		grep -q 'psci: Using PSCI v0.1 Function IDs from DT' "$log"
	check "$name" "the monitor read the board DT from fw_cfg" \
		grep -q 'secmon: board DT: [0-9]* bytes from fw_cfg opt/secmon/board.dtb' "$fwlog"
	check "$name" "power-off came through the mailbox" \
		grep -q 'secmon: power-off requested through the mailbox' "$fwlog"
	echo "# $NAME $name: $(sed -n 's/^SECMON-HOST elapsed=/elapsed /p' "$log" | tail -n 1) s"
}

COMMON="psci=none psci_method=smc warnings=0 splats=0 nopanic poweroff"
run hotplug "--smp 4 $GIC3 --append secmon.test=hotplug:2" "cpus=4 hotplug $COMMON"
run reboot "--smp 4 --gic 2 --append secmon.test=reboot" "cpus=4 reboot $COMMON"
check reboot "the restart came through the mailbox" \
	grep -q 'secmon: reboot requested through the mailbox' "$OUT/$TAG-reboot.fw.log"
# The kernel's messages are not on this init's console: check-boot.sh and
# the monitor's log only.
# 32-bit ARM Linux never lets cpu0 go offline (it has no cpu0/online).
own=$OUT/$TAG-cpu0-off.cpio.gz
if [ "$ARCH" = armhf ]; then
	echo "# $NAME cpu0-off: not run, Linux on 32-bit ARM keeps cpu0 online"
elif INITRD_MODULES='' sh tests/linux/mkinitrd.sh "build/linux/$ARCH" tests/linux/init-cpu0-off.sh \
	"$own" >/dev/null 2>&1; then
	run cpu0-off "--smp 4 $GIC3 --initrd $own" "cpu0_off=yes cpus=3 nopanic poweroff" 0
else
	tap_not_ok "$NAME cpu0-off: building its initramfs failed"
fi
tap_status

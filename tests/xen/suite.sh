#!/usr/bin/env bash
# The hypervisor tests of `make check` (suite xen-qemu): Debian's Xen
# (tests/xen/fetch.sh: the package xen-system-arm64 depends on, checked
# against apt's index and its own md5sums) as secmon's normal world, with
# Debian's arm64 kernel as dom0 (tests/xen/boot.sh, dom0's /init
# tests/xen/init-dom0.sh), 4 CPUs, cortex-a57:
#   gic3-off    GICv3; dom0 takes each of its secondary vCPUs offline and
#               back, then powers off. The board DT records from cold boot
#               and has the records printed on the secure console at
#               SYSTEM_OFF (secmon,console-readout): Xen's calls as the
#               monitor saw them, without the ARCH_WORKAROUND_1 calls Xen
#               makes on every exception entry (not recorded by default)
#   gic2-reboot GICv2; dom0 reboots (PSCI SYSTEM_RESET from Xen; QEMU's
#               -no-reboot ends the run there). The board DT also records
#               the workaround calls (secmon,record-workarounds): there are
#               thousands, on every CPU, and the oldest records are lost
#   uboot       Debian's U-Boot as secmon's payload boots Xen from fw_cfg
#               with dom0's initramfs as QEMU's -initrd (U-Boot hands it to
#               Xen as /chosen's initrd) and dom0's kernel as a guest-loader
#               module; Xen's command line reaches Xen through U-Boot
# Each boot checks Xen's log (PSCI 1.3 and SMCCC 1.5 found, 4 CPUs brought
# up, ARCH_WORKAROUND_1 on every CPU, no BUG, no panic, its own shutdown
# message), the monitor's (its SYSTEM_OFF or SYSTEM_RESET) and what dom0 saw
# (Xen's virtual PSCI 1.1 and SMCCC 1.1, 4 vCPUs, Xen 4.17, no warning).
# Prints TAP lines; exits non-zero when any failed.
#   bash tests/xen/suite.sh [FIRMWARE]
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
FW=${1:-build/qemu-virt-a64/secmon.bin}
OUT=build/check/xen
SECMON=build/host/secmon
UB=build/uboot/root/usr/lib/u-boot/qemu_arm64/u-boot.bin
mkdir -p "$OUT"
start=$SECONDS

# The TAP lines (tests/tap.sh). tap OK NAME [COMMENT]: "ok - xen NAME
# (COMMENT)" when OK is 0, else "not ok - ...".
. tests/tap.sh
tap() {
	tap_result "$1" "xen $2${3:+ ($3)}"
}

[ -f "$FW" ] || { tap_not_ok "xen: firmware $FW is missing"; exit 1; }
[ -x "$SECMON" ] || { tap_not_ok "xen: $SECMON is missing (make host)"; exit 1; }
sh tests/xen/fetch.sh build/xen >/dev/null
tap $? "Debian's Xen fetched and checked" "$(sed -n 's/^package=//p; s/^version=//p' build/xen/version 2>/dev/null | tr '\n' ' ')"
sh tests/linux/fetch.sh arm64 build/linux/arm64 >/dev/null || { tap_not_ok "xen: fetching Debian's kernel failed"; exit 1; }
sh tests/uboot/fetch.sh build/uboot >/dev/null || { tap_not_ok "xen: fetching u-boot-qemu failed"; exit 1; }
[ -s build/xen/xen ] || exit 1

board() {	# board OUT.dtb EXTRA-PROPERTIES
	printf '/dts-v1/;\n/ {\n\ttrace {\n\t\tcompatible = "secmon,trace";\n\t\tsecmon,recording = "on";\n\t\tsecmon,console-readout;\n%s\t};\n};\n' "$2" |
		dtc -q -I dts -O dtb -o "$1" -
}

# Xen's log: what it found, what it did, nothing broken, how it ended.
xen_checks() {	# xen_checks NAME LOG SECURE-LOG END(off|reboot)
	local name=$1 log=$2 sec=$3 end=$4 c miss='' xend secend
	grep -q '^(XEN) Using PSCI v1.3$' "$log" && grep -q '^(XEN) Using SMC Calling Convention v1.5$' "$log"
	tap $? "$name: Xen found PSCI 1.3 and SMCCC 1.5" "$(grep -E '^\(XEN\) Using (PSCI|SMC)' "$log" | sed 's/^(XEN) //' | tr '\n' ';')"
	grep -q '^(XEN) Brought up 4 CPUs$' "$log"
	tap $? "$name: Xen brought up 4 CPUs through CPU_ON" "$(grep -c '^(XEN) CPU [0-9]* booted' "$log") booted"
	for c in 0 1 2 3; do
		grep -q "^(XEN) CPU$c will call ARM_SMCCC_ARCH_WORKAROUND_1 on exception entry" "$log" || miss="$miss $c"
	done
	[ -z "$miss" ]
	tap $? "$name: Xen calls ARCH_WORKAROUND_1 on every CPU" "${miss:+missing on CPU$miss}"
	! grep -Eq 'Xen BUG|Panic on CPU|Xen call trace|FATAL|Kernel panic' "$log"
	tap $? "$name: no Xen BUG, no panic" "$(grep -Ec 'Xen BUG|Panic on CPU|Xen call trace|FATAL|Kernel panic' "$log") found"
	if [ "$end" = off ]; then
		xend='Hardware Dom0 halted: halting machine' secend='secmon: SYSTEM_OFF'
	else
		xend='Hardware Dom0 shutdown: rebooting machine' secend='secmon: SYSTEM_RESET'
	fi
	grep -q "^(XEN) $xend" "$log" && tr -d '\r' <"$sec" | grep -qx "$secend" &&
		[ "$(sed -n 's/^SECMON-HOST qemu_status=//p' "$log")" = 0 ]
	tap $? "$name: Xen's '$xend', the monitor's $secend, QEMU exit 0" \
		"$(sed -n 's/^SECMON-HOST \(elapsed=.*\)/\1 s/p' "$log")"
}

dom0_checks() {	# dom0_checks NAME LOG EXPECTATION...
	local name=$1 log=$2
	shift 2
	tap_suite bash tests/linux/check-boot.sh --name "xen $name: dom0" "$log" cpus=4 xen=4.17 hypervisor=xen \
		psci=1.1 smccc=1.1 warnings=0 splats=0 nopanic "$@"
}

# The monitor's readout of one boot as a trace file, then its text.
readout() {	# readout NAME SECURE-LOG OUT.bin
	python3 scripts/trace-readout.py "$2" "$3" >/dev/null &&
		"$SECMON" trace "$3" >"$3.txt" && "$SECMON" trace --json "$3" >"$3.json"
	tap $? "$1: the monitor's readout at power-off is a trace file" "$(head -n 1 "$3.txt" 2>/dev/null | sed 's/^# secmon trace: //')"
}

# gic3-off
log=$OUT/gic3-off.log sec=$OUT/gic3-off.secure.log
board "$OUT/readout.dtb" ''
bash tests/xen/boot.sh --bios "$FW" --gic 3 --log "$log" --secure-log "$sec" --verbose --quiet \
	--board "$OUT/readout.dtb" --dom0-append "secmon.xen=hotplug+off" 2>/dev/null
xen_checks gic3-off "$log" "$sec" off
dom0_checks gic3-off "$log" hotplug poweroff xen_pcpu=absent
readout gic3-off "$sec" "$OUT/gic3-off.trace"
t=$OUT/gic3-off.trace.txt
# The boot's calls, each once where it belongs: none lost, no workaround call.
[ "$(grep -c ' cpu0 .*PSCI PSCI_VERSION .*-> PSCI 1.3' "$t")" = 1 ] &&
	[ "$(grep -c ' cpu0 .*SMCCC SMCCC_VERSION .*-> SMCCC 1.5' "$t")" = 1 ] &&
	grep -q '# secmon trace: [0-9]* records, 4 CPUs, .* 0 records lost' "$t" &&
	! grep -q WORKAROUND_ "$t"
tap $? "gic3-off: recorded PSCI_VERSION and SMCCC_VERSION, nothing lost, no ARCH_WORKAROUND call" \
	"$(grep -c WORKAROUND_ "$t") workaround records"
ok=0
for c in 1 2 3; do
	grep -Eq " cpu0 .*PSCI CPU_ON x1=0x$c .*-> 0 SUCCESS" "$t" &&
		grep -q " cpu$c   power WARM_BOOT" "$t" || ok=1
done
tap $ok "gic3-off: CPU_ON of CPUs 1-3 from CPU 0, each CPU's warm boot" \
	"$(grep -c 'power WARM_BOOT' "$t") warm boots"
# dom0's vCPU hotplug is Xen's virtual PSCI: not one CPU_OFF reaches the monitor.
! grep -Eq 'CPU_OFF' "$t" && [ "$(tail -n 1 "$t" | awk '{ print $3, $4 }')" = "power SYSTEM_OFF" ]
tap $? "gic3-off: no CPU_OFF (dom0's vCPUs are Xen's), SYSTEM_OFF last" "last: $(tail -n 1 "$t" | cut -c 13-)"
"$SECMON" trace --svg "$OUT/gic3-off.svg" "$OUT/gic3-off.trace" >/dev/null &&
	python3 tests/cli/svgcheck.py "$OUT/gic3-off.svg" "$OUT/gic3-off.trace.json" >/dev/null
tap $? "gic3-off: the timeline's SVG matches the records"

# gic2-reboot
log=$OUT/gic2-reboot.log sec=$OUT/gic2-reboot.secure.log
board "$OUT/readout-wa.dtb" $'\t\tsecmon,record-workarounds;\n'
bash tests/xen/boot.sh --bios "$FW" --gic 2 --log "$log" --secure-log "$sec" --verbose --quiet \
	--board "$OUT/readout-wa.dtb" --dom0-append "secmon.xen=reboot" 2>/dev/null
xen_checks gic2-reboot "$log" "$sec" reboot
dom0_checks gic2-reboot "$log" resets=1 qemu_status=0
readout gic2-reboot "$sec" "$OUT/gic2-reboot.trace"
t=$OUT/gic2-reboot.trace.txt
ok=0
for c in 0 1 2 3; do
	grep -Eq " cpu$c .*SMCCC_ARCH_WORKAROUND_1 " "$t" || ok=1
done
tap $ok "gic2-reboot: with secmon,record-workarounds every CPU's ARCH_WORKAROUND_1 calls are recorded" \
	"$(grep -c 'SMCCC_ARCH_WORKAROUND_1 ' "$t") records; $(sed -n 's/.* \([0-9]* records lost\).*/\1/p' "$t" | head -n 1)"
[ "$(tail -n 1 "$t" | awk '{ print $3, $4 }')" = "power SYSTEM_RESET" ]
tap $? "gic2-reboot: SYSTEM_RESET last" "last: $(tail -n 1 "$t" | cut -c 13-)"

# uboot: Xen's command line through U-Boot (dom0_mem=384M), dom0's
# initramfs as -initrd.
log=$OUT/uboot.log sec=$OUT/uboot.secure.log
bash tests/xen/boot.sh --bios "$FW" --gic 3 --uboot "$UB" --log "$log" --secure-log "$sec" \
	--verbose --quiet --xen-append dom0_mem=384M --dom0-append "secmon.xen=off" 2>/dev/null
grep -q '^U-Boot 20' "$log" && grep -q '^Starting kernel' "$log" &&
	grep -q '^(XEN) Loading ramdisk from boot module' "$log" &&
	grep -q '^(XEN) Allocating 1:1 mappings totalling 384MB for dom0' "$log"
tap $? "uboot: U-Boot booted Xen with its command line and dom0's initramfs" \
	"$(grep -o 'loading kernel to address.*' "$log" | head -n 1)"
xen_checks uboot "$log" "$sec" off
dom0_checks uboot "$log" poweroff

echo "# xen: $((SECONDS - start)) s"
tap_status

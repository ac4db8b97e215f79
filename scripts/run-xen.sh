#!/usr/bin/env bash
# `make run BOOT=xen` (scripts/run.sh hands over here): build the firmware,
# fetch Debian's Xen, kernel and busybox, boot Xen under secmon on QEMU virt
# with Debian's kernel as dom0 (tests/xen/boot.sh; dom0's init
# tests/xen/init-dom0.sh prints what dom0 sees and powers off), and print
# what happened: Xen's view of the firmware and its CPUs, dom0's, and the
# monitor's end. Exits 0 only when Xen found PSCI 1.3 and SMCCC 1.5, brought
# every CPU up, dom0 ran its init on every CPU, and the machine powered off
# through the monitor's SYSTEM_OFF.
#   SMP=N GIC=2|3 CPU=cortex-a57|max make run BOOT=xen
#   make run BOOT=xen TRACE=1   also the monitor's recording of the boot:
#                               dom0 cannot read it (Xen answers its SiP
#                               calls as unknown), so a board DT has the
#                               monitor record from cold boot and print its
#                               rings on the secure console at SYSTEM_OFF
#                               (secmon,console-readout); the records go to
#                               build/run/xen-trace.bin, .txt and .svg
set -euo pipefail
cd "$(dirname "$0")/.."

SMP=${SMP:-4}
GIC=${GIC:-3}
CPU=${CPU:-cortex-a57}
TRACE=${TRACE:-0}
fw=build/qemu-virt-a64/secmon.bin
log=build/run/boot-xen.log
sec=build/run/boot-xen.secure.log
mkdir -p build/run

echo "== building the firmware ($fw)"
make -s -f mk/firmware.mk PORT=qemu-virt-a64
echo "== fetching Debian's Xen (cached under build/xen), arm64 kernel and busybox (build/linux/arm64)"
sh tests/xen/fetch.sh build/xen >/dev/null
sh tests/linux/fetch.sh arm64 build/linux/arm64 >/dev/null
board=()
if [ "$TRACE" = 1 ]; then
	echo "== building the secmon tool (build/host/secmon)"
	make -s host >/dev/null
	printf '/dts-v1/;\n/ {\n\ttrace {\n\t\tcompatible = "secmon,trace";\n\t\tsecmon,recording = "on";\n\t\tsecmon,console-readout;\n\t};\n};\n' |
		dtc -q -I dts -O dtb -o build/run/xen-trace-board.dtb -
	board=(--board build/run/xen-trace-board.dtb)
	rm -f build/run/xen-trace.bin build/run/xen-trace.txt build/run/xen-trace.svg
fi
echo "== booting $(sed -n 's/^package=//p' build/xen/version) $(sed -n 's/^version=//p' build/xen/version)" \
	"on $SMP CPUs, GICv$GIC, $CPU; dom0: Linux $(sed -n 's/^kernel_package=//p' build/linux/arm64/version)"
status=0
. tests/tap.sh
bash tests/xen/boot.sh --bios "$fw" --smp "$SMP" --gic "$GIC" --cpu "$CPU" --log "$log" \
	--secure-log "$sec" --verbose --quiet --dom0-append secmon.xen=off "${board[@]}" || status=$?

echo "== summary (Xen and dom0: $log; the monitor: $sec)"
grep -E '^\(XEN\) (Xen version|Using (SMC|PSCI)|Brought up|CPU[0-9]+ will call|\*\*\* LOADING|Hardware Dom0)|SECMON-TEST (xen|cpus_online|psci|smccc|soc_id|xen_pcpu|warnings)=|reboot: Power down|^SECMON-HOST elapsed' "$log" |
	sed -e 's/^\[ *[0-9.]*\] //' -e 's/^SECMON-TEST /  dom0: /' -e 's/ (pkg-xen-devel.*//' | sed 's/^/  /'
tr -d '\r' <"$sec" | grep -E '^secmon: (cold boot|kernel|SYSTEM_OFF|SYSTEM_RESET)' | sed 's/^/  /'
echo "== checks"
# check NAME COMMAND...: a failed check fails the run at the end (tap_status
# below), after the other checks, not at once (set -e).
check() {
	local name=$1
	shift
	tap_check "run xen: $name" "$@" || :
}
check "Xen found PSCI 1.3 and SMCCC 1.5" \
	grep -qE '^\(XEN\) Using PSCI v1\.3$' "$log"
check "Xen brought up $SMP CPUs" grep -q "^(XEN) Brought up $SMP CPUs$" "$log"
check "dom0 ran its init on $SMP vCPUs" bash tests/linux/check-boot.sh --name "dom0" "$log" \
	"cpus=$SMP" xen nopanic poweroff
check "the monitor's SYSTEM_OFF" grep -q '^secmon: SYSTEM_OFF' "$sec"
if [ "$TRACE" = 1 ]; then
	echo "== the boot as the monitor recorded it (read out on the secure console at SYSTEM_OFF)"
	if python3 scripts/trace-readout.py "$sec" build/run/xen-trace.bin >/dev/null &&
		build/host/secmon trace build/run/xen-trace.bin >build/run/xen-trace.txt &&
		build/host/secmon trace --svg build/run/xen-trace.svg build/run/xen-trace.bin >/dev/null; then
		sed 's/^/  /' build/run/xen-trace.txt
		echo "   text:     build/run/xen-trace.txt"
		echo "   timeline: build/run/xen-trace.svg (open it in a browser)"
		echo "   raw:      build/run/xen-trace.bin (secmon trace [--json] build/run/xen-trace.bin)"
	else
		tap_not_ok "run xen: no readout on the secure console ($sec)"
	fi
fi
# The boot's own status, else 1 when a check failed.
[ "$status" -ne 0 ] || tap_status || status=1
if [ "$status" -eq 0 ]; then
	echo "== Xen brought up $SMP CPUs under secmon, dom0 ran, and Xen powered off through SYSTEM_OFF"
else
	echo "== FAILED (status $status): see $log and $sec"
fi
exit "$status"

#!/usr/bin/env bash
# `make run`: build the firmware, fetch Debian's arm64 kernel and busybox,
# boot Linux with 4 CPUs under secmon on QEMU virt (secure=on, EL2), and
# print a short summary. Exits 0 only when Linux came up on every CPU and
# the machine powered off through PSCI SYSTEM_OFF.
#   SMP=N GIC=2|3 CPU=cortex-a57|max VIRT=0|1 make run
set -euo pipefail
cd "$(dirname "$0")/.."

SMP=${SMP:-4}
GIC=${GIC:-3}
CPU=${CPU:-cortex-a57}
VIRT=${VIRT:-1}
fw=build/qemu-virt-a64/secmon.bin
log=build/run/boot.log
mkdir -p build/run

echo "== building the firmware ($fw)"
make -s firmware
echo "== fetching Debian's arm64 kernel and busybox (cached under build/linux/arm64)"
sh tests/linux/fetch.sh arm64 build/linux/arm64 >/dev/null
echo "== booting Linux $(cat build/linux/arm64/version) on $SMP CPUs, GICv$GIC, $CPU, EL$((VIRT + 1))"
status=0
bash tests/linux/boot.sh --bios "$fw" --smp "$SMP" --gic "$GIC" --cpu "$CPU" --virt "$VIRT" \
	--log "$log" --quiet --timeout 120 || status=$?

echo "== summary (full serial log: $log)"
grep -v SECMON-LOG "$log" | grep -E 'Booting Linux|psci:|SMCCC|CPU: All CPU|smp: Brought up|SECMON-TEST (cpus_online|psci|smccc|soc_id|soc_machine|soc_family|soc_revision|warnings)|reboot: Power down' |
	sed -e 's/^\[ *[0-9.]*\] //' -e 's/^SECMON-TEST /  init: /' | sed 's/^/  /'
echo "== checks"
bash tests/linux/check-boot.sh --name run "$log" "cpus=$SMP" psci=1.1 'smccc>=1.2' soc_id \
	warnings=0 poweroff || status=1
if [ "$status" -eq 0 ]; then
	echo "== Linux brought up $SMP CPUs under secmon and powered off through SYSTEM_OFF"
else
	echo "== FAILED (status $status): see $log"
fi
exit "$status"

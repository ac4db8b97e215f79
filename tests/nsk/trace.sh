#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# nsk.test=trace (tests/nsk/trace.c) on both firmwares (both have recording
# built in, off until the test switches it on): the AArch64 one on 1, 4 and
# 8 CPUs, EL2 and EL1, GICv2 and v3, all CPUs reading at once under
# multi-threaded TCG, and on -cpu max (whose workaround calls are not
# answered in the vector: left out of the records by mon_smc()); the
# AArch32 one in Hyp and SVC mode, 1 and 4 CPUs; on both, the power-off
# mailbox of a PSCI 0.1 board recorded (its console readout decoded: needs
# build/host/secmon).
# Usage: tests/nsk/trace.sh [--bios FILE] [--bios32 FILE]
set -u
cd "$(dirname "$0")/../.." || exit 2
bios=build/qemu-virt-a64/secmon.bin
bios32=build/qemu-virt-a32/secmon.bin
while [ $# -gt 0 ]; do
	case $1 in
	--bios) bios=${2:?}; shift ;;
	--bios32) bios32=${2:?}; shift ;;
	*) echo "trace.sh: unknown option $1" >&2; exit 2 ;;
	esac
	shift
done
. tests/tap.sh
for shape in "--smp 1" "--smp 4 --gic 3 --virt 1" "--smp 8 --mttcg" "--smp 4 --gic 2 --el 1" \
	"--smp 2 --cpu max"; do
	# shellcheck disable=SC2086
	tap_suite bash tests/nsk/run.sh --bios "$bios" $shape --test trace
done
for shape in "--smp 1" "--smp 4 --virt 1 --mttcg" "--smp 4 --virt 0"; do
	# shellcheck disable=SC2086
	tap_suite bash tests/nsk/run-a32.sh --bios "$bios32" $shape --test trace
done

# A PSCI 0.1 board's power-off through the monitor's mailbox (no SMC: the
# boot CPU's secure-timer FIQ reads the word) is recorded as SYSTEM_OFF,
# asked without an SMC: the nsk switches recording on, writes the word as
# Linux's syscon-poweroff does, and the board DT's console readout prints
# the records on the secure console, which scripts/trace-readout.py and
# secmon trace decode. Both firmwares.
mailbox() {
	local arch=$1 fwlog=$2 trace
	shift 2
	trace=$(mktemp)
	if "$@" && python3 scripts/trace-readout.py "$fwlog" "$trace" >/dev/null &&
		build/host/secmon trace "$trace" | grep -q 'cpu0   power SYSTEM_OFF asked without an SMC (power-off mailbox)$'; then
		tap_ok "trace $arch: the mailbox's power-off recorded on the boot CPU (SYSTEM_OFF, asked without an SMC)"
	else
		tap_not_ok "trace $arch: the mailbox's power-off recorded on the boot CPU (SYSTEM_OFF, asked without an SMC)" \
			"the secure console's readout ($fwlog):"
		head -10 "$fwlog" 2>/dev/null | sed "s/^/#   /"
	fi
	rm -f "$trace"
}
mailbox a64 build/nsk-a64/logs/secmon-psci01-readout-a57-el2-smp2-gic3.fw.log \
	bash tests/nsk/run.sh --bios "$bios" --smp 2 --board tests/nsk/psci01-readout.dts \
	--append nsk.off=mailbox
mailbox a32 build/nsk-a32/logs/secmon-a15-hyp-smp2-conformance-psci01-readout.fw.log \
	bash tests/nsk/run-a32.sh --bios "$bios32" --smp 2 --board tests/nsk/psci01-readout.dts \
	--append nsk.off=mailbox
tap_status

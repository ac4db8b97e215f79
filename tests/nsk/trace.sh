#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# nsk.test=trace (tests/nsk/trace.c) on both firmwares (both have recording
# built in, off until the test switches it on): the AArch64 one on 1, 4 and
# 8 CPUs, EL2 and EL1, GICv2 and v3, all CPUs reading at once under
# multi-threaded TCG, and on -cpu max (whose workaround calls are not
# answered in the vector: left out of the records by mon_smc()); the
# AArch32 one in Hyp and SVC mode, 1 and 4 CPUs.
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
fail=0
for shape in "--smp 1" "--smp 4 --gic 3 --virt 1" "--smp 8 --mttcg" "--smp 4 --gic 2 --el 1" \
	"--smp 2 --cpu max"; do
	# shellcheck disable=SC2086
	bash tests/nsk/run.sh --bios "$bios" $shape --test trace || fail=1
done
for shape in "--smp 1" "--smp 4 --virt 1 --mttcg" "--smp 4 --virt 0"; do
	# shellcheck disable=SC2086
	bash tests/nsk/run-a32.sh --bios "$bios32" $shape --test trace || fail=1
done
exit $fail

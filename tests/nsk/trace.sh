#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# nsk.test=trace (tests/nsk/trace.c) on the AArch64 firmware built with
# recording (build/qemu-virt-a64-trace/secmon.bin, make firmware): 1, 4 and
# 8 CPUs, EL2 and EL1, GICv2 and v3, all CPUs reading at once under
# multi-threaded TCG.
# Usage: tests/nsk/trace.sh [--bios FILE]
set -u
cd "$(dirname "$0")/../.." || exit 2
bios=build/qemu-virt-a64-trace/secmon.bin
[ "${1:-}" = --bios ] && bios=${2:?}
fail=0
for shape in "--smp 1" "--smp 4 --gic 3 --virt 1" "--smp 8 --mttcg" "--smp 4 --gic 2 --el 1"; do
	# shellcheck disable=SC2086
	bash tests/nsk/run.sh --bios "$bios" $shape --test trace || fail=1
done
exit $fail

#!/usr/bin/env bash
# Runs the nsk in a set of QEMU configurations with tests/nsk/run.sh and
# prints one TAP line per configuration ("ok - nsk <configuration>: PASS, ..."
# or "not ok - nsk <configuration>: FAIL (why), ..."), then the plan and a
# "# N passed, N failed" comment. Exits non-zero when any configuration fails.
#
# Usage: tests/nsk/matrix.sh [--bios FILE] [--quick]
#   --bios FILE  the firmware (default build/qemu-virt-a64/secmon.bin);
#                --bios none: QEMU's built-in PSCI, where some checks fail by
#                design of that PSCI (see tests/nsk/README.md)
#   --quick      four configurations instead of the full set
# Full output of each run: build/nsk-a64/logs/matrix/<configuration>.out
set -u
cd "$(dirname "$0")/../.." || exit 2

bios=build/qemu-virt-a64/secmon.bin
quick=0
while [ $# -gt 0 ]; do
	case $1 in
	--bios) bios=${2:?}; shift ;;
	--quick) quick=1 ;;
	*) echo "matrix.sh: unknown option $1" >&2; exit 2 ;;
	esac
	shift
done

fw=()
[ "$bios" = none ] || fw=(--bios "$bios")

if [ "$quick" = 1 ]; then
	configs=(
		"--virt 1 --gic 3 --smp 4"
		"--virt 0 --gic 2 --smp 4"
		"--virt 1 --el 1 --gic 3 --smp 2"
		"--virt 1 --gic 3 --smp 1"
	)
else
	configs=(
		"--virt 1 --gic 3 --smp 4"
		"--virt 1 --gic 2 --smp 4"
		"--virt 0 --gic 3 --smp 4"
		"--virt 0 --gic 2 --smp 4"
		"--virt 1 --el 1 --gic 3 --smp 4"
		"--virt 1 --el 1 --gic 2 --smp 4"
		"--virt 1 --gic 3 --smp 1"
		"--virt 0 --gic 2 --smp 2"
		"--virt 1 --gic 3 --smp 8"
		"--virt 1 --gic 2 --smp 8"
		"--virt 1 --gic 3 --smp 4 --cpu max"
		"--virt 0 --gic 3 --smp 4 --cpu max"
	)
fi

outdir=build/nsk-a64/logs/matrix
mkdir -p "$outdir"
. tests/tap.sh
for c in "${configs[@]}"; do
	read -r -a args <<<"$c"
	out=$outdir/$(echo "$c" | tr -d '-' | tr ' ' '_').out
	tests/nsk/run.sh "${fw[@]}" "${args[@]}" >"$out" 2>&1
	tap_result $? "nsk $(tail -n 1 "$out" | sed 's/^# run.sh: //')"
done
tap_plan
echo "# $((TAP_COUNT - TAP_FAILED)) passed, $TAP_FAILED failed"
tap_status

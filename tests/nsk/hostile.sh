#!/usr/bin/env bash
# Hostile callers on QEMU: boots the nsk under secmon (build/nsk-a64/nsk.bin,
# `make nsk`) in the modes nsk.test=hostile (random SMCs from every CPU at
# once, multi-threaded TCG) and nsk.test=isolation (the normal world's loads
# and stores to the monitor's memory fault), in two machine shapes each.
#
# Usage: tests/nsk/hostile.sh [--bios FILE] [--calls N] [--seed N]
# Prints run.sh's TAP lines; exits non-zero when any run failed.
set -u
cd "$(dirname "$0")/../.." || exit 2

bios=build/qemu-virt-a64/secmon.bin
calls=100000
seed=$(( $(date +%s) & 0xffffff ))

while [ $# -gt 0 ]; do
	case $1 in
	--bios) bios=${2:?}; shift ;;
	--calls) calls=${2:?}; shift ;;
	--seed) seed=${2:?}; shift ;;
	*) sed -n '7,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
	esac
	shift
done

fail=0
echo "# hostile.sh: seed $seed (rerun with --seed $seed)"
for shape in "--gic 3 --virt 1" "--gic 2 --virt 0"; do
	# shellcheck disable=SC2086 # the shape is several words
	bash tests/nsk/run.sh --bios "$bios" $shape --smp 4 --mttcg --timeout 60 --test hostile \
		--append "nsk.calls=$calls nsk.seed=$seed" || fail=1
	# shellcheck disable=SC2086
	bash tests/nsk/run.sh --bios "$bios" $shape --test isolation || fail=1
done
exit $fail

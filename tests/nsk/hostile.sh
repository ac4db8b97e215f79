#!/usr/bin/env bash
# Hostile callers on QEMU: boots the nsk under secmon in the modes
# nsk.test=hostile (random SMCs and CPU_ON/CPU_OFF storms from every CPU at
# once, multi-threaded TCG), nsk.test=secrets (nothing of the secure world's
# DT left in normal-world RAM) and, on AArch64, nsk.test=isolation (the
# normal world's loads and stores to the monitor's memory fault), in two
# machine shapes each.
#
# Usage: tests/nsk/hostile.sh [--arch a64|a32] [--bios FILE] [--calls N] [--seed N]
# Prints run.sh's (run-a32.sh's) TAP lines; exits non-zero when any run failed.
set -u
cd "$(dirname "$0")/../.." || exit 2

arch=a64
bios=""
calls=100000
seed=$(( $(date +%s) & 0xffffff ))

while [ $# -gt 0 ]; do
	case $1 in
	--arch) arch=${2:?}; shift ;;
	--bios) bios=${2:?}; shift ;;
	--calls) calls=${2:?}; shift ;;
	--seed) seed=${2:?}; shift ;;
	*) sed -n '9,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
	esac
	shift
done

fail=0
echo "# hostile.sh: seed $seed (rerun with --seed $seed)"
case $arch in
a64)
	bios=${bios:-build/qemu-virt-a64/secmon.bin}
	for shape in "--gic 3 --virt 1" "--gic 2 --virt 0"; do
		# shellcheck disable=SC2086 # the shape is several words
		bash tests/nsk/run.sh --bios "$bios" $shape --smp 4 --mttcg --timeout 60 --test hostile \
			--append "nsk.calls=$calls nsk.seed=$seed" || fail=1
		# shellcheck disable=SC2086
		bash tests/nsk/run.sh --bios "$bios" $shape --test isolation || fail=1
		# shellcheck disable=SC2086
		bash tests/nsk/run.sh --bios "$bios" $shape --test secrets || fail=1
	done
	;;
a32)
	bios=${bios:-build/qemu-virt-a32/secmon.bin}
	for shape in "--virt 1" "--virt 0"; do
		# shellcheck disable=SC2086
		bash tests/nsk/run-a32.sh --bios "$bios" $shape --smp 4 --mttcg --timeout 60 --test hostile \
			--append "nsk.calls=$calls nsk.seed=$seed" || fail=1
		# shellcheck disable=SC2086
		bash tests/nsk/run-a32.sh --bios "$bios" $shape --test secrets || fail=1
	done
	;;
*) echo "hostile.sh: --arch a64 or a32" >&2; exit 2 ;;
esac
exit $fail

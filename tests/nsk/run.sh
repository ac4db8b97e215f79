#!/usr/bin/env bash
# Boots the nsk (build/nsk-a64/nsk.bin, `make nsk`) on QEMU virt and checks
# its TAP output.
#
# Usage: tests/nsk/run.sh [--bios FILE] [--smp N] [--gic 2|3] [--virt 0|1]
#                         [--cpu cortex-a57|max] [--el 1|2] [--timeout SECONDS]
#                         [--append ARGS] [--kernel FILE] [--verbose]
#                         [--board FILE.dts|FILE.dtb] [--test NAME] [--mttcg]
#                         [--icount] [--tos FILE]
#
#   --bios FILE   firmware at EL3 (-M virt,secure=on ... -bios FILE), e.g.
#                 build/qemu-virt-a64/secmon.bin. Without it QEMU's built-in
#                 PSCI is used (-M virt without secure=on; conduit hvc at EL1,
#                 smc at EL2), and the nsk is told not to try bad entry points
#                 (nsk.badpc=0): that PSCI starts a CPU at any address, and the
#                 CPU would be lost.
#   --virt 1      virtualization=on: the nsk is entered at EL2 (default);
#                 --virt 0: at EL1.
#   --el 1        with --virt 1: the nsk leaves EL2 for EL1 itself (nsk.el=1),
#                 so the suite runs at EL1 with an EL2 present.
#   --verbose     the firmware's log on (secmon: fw_cfg opt/secmon/verbose).
#   --test NAME   nsk.test=NAME (hostile, isolation, a32el1, syssuspend): its own
#                 log name. syssuspend: SYSTEM_SUSPEND cycles, the caller
#                 rotating over the CPUs (sysstress.c; nsk.cycles=N, 1000).
#   --mttcg       -accel tcg,thread=multi (every CPU in its own host thread).
#   --icount      -icount shift=0,sleep=off: one instruction per ns of virtual
#                 time, so the cycle counter counts instructions (nsk.test=pmu).
#   --tos FILE    with --bios: a trusted OS for the firmware (fw_cfg
#                 opt/secmon/tos, docs/trusted-os.md), e.g. build/tos/tos.bin;
#                 "tos" goes into the configuration's name.
#   --board FILE  with --bios: the board DT for the firmware (fw_cfg
#                 opt/secmon/board.dtb); a .dts is compiled with dtc first.
#                 The board's name goes into the configuration's name.
#
# Prints the TAP lines with the configuration in every test name, e.g.
#   ok 5 - secmon a57 nsk el2 smp4 gic3 smc: unknown SiP SMC32 call is SMC_UNK
# and other output as "# " comments. The firmware's own console (QEMU's
# second serial port, the secure PL011) goes to a .fw.log beside the log, in
# build/nsk-a64/logs/; the logs of a failed run are also kept in logs/failed/. Exits 0 only when QEMU exited 0 in time, the plan is
# present and complete, nothing failed and the nsk ran where it was asked to.
set -u
cd "$(dirname "$0")/../.." || exit 2

bios=""
smp=4
gic=3
virt=1
cpu=cortex-a57
el=""
tmo=30
extra=""
kernel=build/nsk-a64/nsk.bin
verbose=0
board=""
test=""
mttcg=0
icount=0
tos=""

usage() {
	sed -n '4,9p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--bios) bios=${2:?}; shift ;;
	--smp) smp=${2:?}; shift ;;
	--gic) gic=${2:?}; shift ;;
	--virt) virt=${2:?}; shift ;;
	--cpu) cpu=${2:?}; shift ;;
	--el) el=${2:?}; shift ;;
	--timeout) tmo=${2:?}; shift ;;
	--append) extra=${2:?}; shift ;;
	--kernel) kernel=${2:?}; shift ;;
	--verbose) verbose=1 ;;
	--board) board=${2:?}; shift ;;
	--test) test=${2:?}; shift ;;
	--mttcg) mttcg=1 ;;
	--icount) icount=1 ;;
	--tos) tos=${2:?}; shift ;;
	-h | --help) usage ;;
	*) echo "run.sh: unknown option $1" >&2; usage ;;
	esac
	shift
done

case $gic in 2 | 3) ;; *) echo "run.sh: --gic must be 2 or 3" >&2; exit 2 ;; esac
case $virt in 0 | 1) ;; *) echo "run.sh: --virt must be 0 or 1" >&2; exit 2 ;; esac
case $smp in '' | *[!0-9]*) echo "run.sh: --smp wants a number" >&2; exit 2 ;; esac
[ "$gic" = 2 ] && [ "$smp" -gt 8 ] && { echo "run.sh: GICv2 has at most 8 CPUs" >&2; exit 2; }
[ -f "$kernel" ] || { echo "run.sh: no $kernel: run 'make nsk' first" >&2; exit 2; }
[ -z "$bios" ] || [ -f "$bios" ] || { echo "run.sh: no firmware $bios" >&2; exit 2; }
[ -z "$board" ] || [ -n "$bios" ] || { echo "run.sh: --board needs --bios" >&2; exit 2; }
[ -z "$tos" ] || [ -n "$bios" ] || { echo "run.sh: --tos needs --bios" >&2; exit 2; }
[ -z "$tos" ] || [ -f "$tos" ] || { echo "run.sh: no trusted OS $tos" >&2; exit 2; }
[ -z "$board" ] || [ -f "$board" ] || { echo "run.sh: no board DT $board" >&2; exit 2; }

# Where the suite should run.
if [ "$virt" = 1 ]; then want_el=2; else want_el=1; fi
case $el in
'') ;;
1) [ "$virt" = 1 ] && extra="nsk.el=1 $extra"; want_el=1 ;;
2) [ "$virt" = 1 ] || { echo "run.sh: --el 2 needs --virt 1" >&2; exit 2; } ;;
*) echo "run.sh: --el must be 1 or 2" >&2; exit 2 ;;
esac

virt_opt=$([ "$virt" = 1 ] && echo on || echo off)
qemu=(qemu-system-aarch64 -cpu "$cpu" -smp "$smp" -m 512M -display none -monitor none -nic none)
# shellcheck disable=SC2054 # one QEMU argument, commas and all
[ "$mttcg" = 1 ] && qemu+=(-accel tcg,thread=multi)
# shellcheck disable=SC2054 # one QEMU argument, commas and all
[ "$icount" = 1 ] && qemu+=(-icount shift=0,sleep=off)
[ -n "$test" ] && extra="nsk.test=$test $extra"
if [ -n "$bios" ]; then
	fw=$(basename "$bios")
	fw=${fw%.bin}
	qemu+=(-M "virt,secure=on,virtualization=$virt_opt,gic-version=$gic" -bios "$bios")
	# shellcheck disable=SC2054 # one QEMU argument, commas and all
	[ "$verbose" = 1 ] && qemu+=(-fw_cfg name=opt/secmon/verbose,string=1)
	if [ -n "$tos" ]; then
		fw="$fw tos"
		qemu+=(-fw_cfg "name=opt/secmon/tos,file=$tos")
	fi
	if [ -n "$board" ]; then
		bname=$(basename "$board")
		bname=${bname%.*}
		fw="$fw $bname"
		if [ "${board%.dts}" != "$board" ]; then
			mkdir -p build/nsk-a64/boards
			dtc -q -Wno-unit_address_vs_reg -I dts -O dtb -o "build/nsk-a64/boards/$bname.dtb" \
				"$board" || { echo "Bail out! run.sh: dtc failed on $board"; exit 1; }
			board=build/nsk-a64/boards/$bname.dtb
		fi
		qemu+=(-fw_cfg "name=opt/secmon/board.dtb,file=$board")
	fi
else
	fw='qemu-psci'
	qemu+=(-M "virt,virtualization=$virt_opt,gic-version=$gic")
	extra="nsk.badpc=0 $extra"
fi
# The nsk names EL, CPUs, GIC and conduit itself; the rest goes in front.
short=${cpu#cortex-}
[ "$virt" = 1 ] && [ "$want_el" = 1 ] && short="$short virt"
tag=$(printf '%s %s' "$fw" "$short" | tr -c 'A-Za-z0-9._ +-' '_')
name=$(printf '%s-%s-el%s-smp%s-gic%s' "$fw" "$short" "$want_el" "$smp" "$gic" |
	tr ' ' '-' | tr -c 'A-Za-z0-9._+-' '_')
[ -n "$test" ] && name="$name-$test"

logdir=build/nsk-a64/logs
me=run.sh

# The EL and the CPU count the nsk reports in its first test's name.
ran_as_asked() {
	local ran_el ran_smp
	ran_el=$(grep -m1 -o -E '^(not )?ok [0-9]+ - nsk el[0-9]' "$1" | grep -o '[0-9]$')
	ran_smp=$(grep -m1 -o -E '^(not )?ok [0-9]+ - nsk el[0-9] smp[0-9]+' "$1" | sed 's/.*smp//')
	[ -n "$ran_el" ] && [ "$ran_el" != "$want_el" ] && echo "ran at EL$ran_el, want EL$want_el"
	[ -n "$ran_smp" ] && [ "$ran_smp" != "$smp" ] && echo "saw $ran_smp CPUs, want $smp"
}

# Hostile runs are not verbose: the firmware has nothing to say unless it faults.
fw_quiet=0
case $test in hostile | isolation | secrets) [ "$verbose" = 0 ] && fw_quiet=1 ;; esac

# shellcheck source=tests/nsk/run-common.sh
. tests/nsk/run-common.sh
nsk_run

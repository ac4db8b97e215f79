#!/usr/bin/env bash
# Boots the AArch32 nsk (build/nsk-a32/nsk.bin, `make nsk`) on
# qemu-system-arm -M virt -cpu cortex-a15 (GICv2) and checks its TAP output:
# the conformance suite, or with --test socdrv the test SoC driver against a
# board DT given to the firmware. The AArch32 twin of run.sh.
#
# Usage: tests/nsk/run-a32.sh [--bios FILE|none] [--smp N] [--virt 0|1] [--el 1]
#                             [--board FILE.dts|FILE.dtb] [--test socdrv|pmu] [--thumb]
#                             [--timeout S] [--append ARGS] [--verbose] [--mttcg] [--icount]
#                             [--test secrets|hostile|trace|endian|guest]
#        tests/nsk/run-a32.sh --matrix [--bios FILE]
#
#   --bios FILE   the secure firmware (default build/qemu-virt-a32/secmon.bin,
#                 -M virt,secure=on); none: QEMU's built-in PSCI (no
#                 secure=on; nsk.badpc=0, see README.md for what then fails)
#   --virt 1      virtualization=on: the nsk is entered in Hyp mode (default);
#                 --virt 0: in SVC mode. --el 1 with --virt 1: the nsk leaves
#                 Hyp for SVC itself (nsk.el=1), boot and secondary CPUs.
#   --board FILE  the board DT for the firmware (fw_cfg opt/secmon/board.dtb);
#                 a .dts is compiled with dtc -i boards first
#   --test socdrv the test SoC driver (needs --board). Operations whose
#                 table says convention = "smc64" (the secure-media service's
#                 protect-buffer, reordered.dts's cpu-boot) are absent for an
#                 AArch32 caller: the library answers NOT_SUPPORTED for them
#                 and the driver checks exactly that.
#   --test secrets  nothing of the secure world's DT left in RAM (../secrets.c)
#   --test hostile  random SMCs and CPU_ON/CPU_OFF storms from every CPU at
#                 once (../hostile.c); the firmware must log nothing
#   --test endian  CPU_ON and a power-down from a big-endian caller enter
#                 big-endian (endian.c; 2 CPUs or more)
#   --test guest  a guest (SVC with Hyp's stage 2 on) gets DENIED from the
#                 recording's calls (--virt 1)
#   --mttcg       -accel tcg,thread=multi (every CPU in its own host thread)
#   --icount      -icount shift=0,sleep=off: one instruction per ns of virtual
#                 time, so the cycle counter counts instructions (--test pmu)
#   --test fiq    SMCs from FIQ mode (needs --board, SVC mode and
#                 --append nsk.fiqid12=ID, the board's call with its ID in r12)
#   --test syssuspend  SYSTEM_SUSPEND cycles, the caller rotating (sysstress.c;
#                 nsk.cycles=N with --append, 1000 by default)
#   --thumb       the suite's CPU_ONs give a Thumb entry point (bit 0 set;
#                 nsk.thumb=1): the monitor must start those CPUs in Thumb state
#   --matrix      every shape (1, 2, 4, 8 CPUs; Hyp, SVC, Hyp left for SVC)
#                 and the SoC driver on every board in boards/, one line each
#
# Logs: build/nsk-a32/logs/<configuration>.log and .fw.log (the secure
# console). Exits 0 only when QEMU exited 0 in time, the plan is present and
# complete, nothing failed and the nsk ran in the mode and on the CPUs asked.
set -u
cd "$(dirname "$0")/../.." || exit 2

bios=build/qemu-virt-a32/secmon.bin
smp=4
virt=1
el=""
board=""
test=conformance
tmo=30
extra=""
kernel=build/nsk-a32/nsk.bin
verbose=0
matrix=0
thumb=0
mttcg=0
icount=0

usage() {
	sed -n '7,12p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--bios) bios=${2:?}; shift ;;
	--smp) smp=${2:?}; shift ;;
	--virt) virt=${2:?}; shift ;;
	--el) el=${2:?}; shift ;;
	--board) board=${2:?}; shift ;;
	--test) test=${2:?}; shift ;;
	--timeout) tmo=${2:?}; shift ;;
	--append) extra=${2:?}; shift ;;
	--kernel) kernel=${2:?}; shift ;;
	--verbose) verbose=1 ;;
	--thumb) thumb=1 ;;
	--mttcg) mttcg=1 ;;
	--icount) icount=1 ;;
	--matrix) matrix=1 ;;
	-h | --help) usage ;;
	*) echo "run-a32.sh: unknown option $1" >&2; usage ;;
	esac
	shift
done

if [ "$matrix" = 1 ]; then
	fwopt=(--bios "$bios")
	configs=(
		"--smp 4 --virt 1" "--smp 4 --virt 0" "--smp 4 --virt 1 --el 1"
		"--smp 1 --virt 1" "--smp 2 --virt 0" "--smp 8 --virt 1" "--smp 8 --virt 1 --el 1"
		"--smp 4 --virt 1 --thumb" "--smp 4 --virt 0 --thumb"
	)
	if [ "$bios" != none ]; then
		for b in boards/*.dts; do
			configs+=("--smp 4 --virt 1 --test socdrv --board $b")
		done
		configs+=("--smp 4 --virt 0 --test socdrv --board boards/omap4-style.dts")
	fi
	outdir=build/nsk-a32/logs/matrix
	mkdir -p "$outdir"
	. tests/tap.sh
	for c in "${configs[@]}"; do
		read -r -a args <<<"$c"
		out=$outdir/$(echo "$c" | tr -d '-' | tr ' /' '__').out
		bash "$0" "${fwopt[@]}" "${args[@]}" >"$out" 2>&1
		tap_result $? "nsk-a32 $(tail -n 1 "$out" | sed 's/^# run-a32.sh: //')"
	done
	tap_plan
	echo "# $((TAP_COUNT - TAP_FAILED)) passed, $TAP_FAILED failed"
	tap_status
	exit
fi

case $virt in 0 | 1) ;; *) echo "run-a32.sh: --virt must be 0 or 1" >&2; exit 2 ;; esac
case $smp in '' | *[!0-9]*) echo "run-a32.sh: --smp wants a number" >&2; exit 2 ;; esac
[ "$smp" -gt 8 ] && { echo "run-a32.sh: GICv2 has at most 8 CPUs" >&2; exit 2; }
case $test in conformance | socdrv | secrets | hostile | fiq | syssuspend | pmu | trace | endian | guest) ;; *) echo "run-a32.sh: --test conformance|socdrv|secrets|hostile|fiq|syssuspend|pmu|trace|endian|guest" >&2; exit 2 ;; esac
case $test in socdrv | fiq) [ -n "$board" ] || { echo "run-a32.sh: --test $test needs --board" >&2; exit 2; } ;; esac
[ "$test" = pmu ] && extra="nsk.test=pmu $extra"
[ -f "$kernel" ] || { echo "run-a32.sh: no $kernel: run 'make nsk' first" >&2; exit 2; }
[ "$bios" = none ] || [ -f "$bios" ] || { echo "run-a32.sh: no firmware $bios" >&2; exit 2; }
[ -z "$board" ] || [ "$bios" != none ] || { echo "run-a32.sh: --board needs a firmware" >&2; exit 2; }

if [ "$virt" = 1 ]; then want=hyp; else want=svc; fi
[ "$test" = syssuspend ] && extra="nsk.test=syssuspend $extra"
[ "$thumb" = 1 ] && extra="nsk.thumb=1 $extra"
case $el in
'') ;;
1) [ "$virt" = 1 ] && extra="nsk.el=1 $extra"; want=svc ;;
*) echo "run-a32.sh: --el must be 1" >&2; exit 2 ;;
esac

virt_opt=$([ "$virt" = 1 ] && echo on || echo off)
qemu=(qemu-system-arm -cpu cortex-a15 -smp "$smp" -m 512M -display none -monitor none -nic none)
# shellcheck disable=SC2054 # one QEMU argument, commas and all
[ "$mttcg" = 1 ] && qemu+=(-accel tcg,thread=multi)
[ "$icount" = 1 ] && qemu+=(-icount shift=0,sleep=off)
name=""
bdtb=""
if [ "$bios" != none ]; then
	fw=$(basename "$bios")
	fw=${fw%.bin}
	qemu+=(-M "virt,secure=on,virtualization=$virt_opt,gic-version=2" -bios "$bios")
	# shellcheck disable=SC2054 # one QEMU argument, commas and all
	[ "$verbose" = 1 ] && qemu+=(-fw_cfg name=opt/secmon/verbose,string=1)
	if [ -n "$board" ]; then
		bname=$(basename "$board")
		bname=${bname%.*}
		bdtb=$board
		if [ "${board%.dts}" != "$board" ]; then
			mkdir -p build/nsk-a32/boards
			bdtb=build/nsk-a32/boards/$bname.dtb
			dtc -q -Wno-unit_address_vs_reg -i boards -I dts -O dtb -o "$bdtb" "$board" ||
				{ echo "Bail out! run-a32.sh: dtc failed on $board"; exit 1; }
		fi
		qemu+=(-fw_cfg "name=opt/secmon/board.dtb,file=$bdtb")
		name="-$bname"
		[ "$test" = socdrv ] && extra="nsk.test=socdrv nsk.name=$bname $extra"
	fi
else
	fw="qemu-psci"
	qemu+=(-M "virt,virtualization=$virt_opt,gic-version=2")
	extra="nsk.badpc=0 $extra"
fi
case $test in secrets | hostile | trace | endian | guest) extra="nsk.test=$test $extra" ;; esac
mode=$want
[ "$virt" = 1 ] && [ "$want" = svc ] && mode=hyp2svc
[ "$thumb" = 1 ] && name="-thumb$name"
name=$(printf '%s-a15-%s-smp%s-%s%s' "$fw" "$mode" "$smp" "$test" "$name" | tr -c 'A-Za-z0-9._+-' '_')
tag="$fw a15"

logdir=build/nsk-a32/logs
me=run-a32.sh

# The mode and the CPU count the conformance run reports in its first test's name.
ran_as_asked() {
	local ran ran_mode ran_smp
	[ "$test" != socdrv ] || return 0
	ran=$(grep -m1 -o -E '^(not )?ok [0-9]+ - nsk a32 [a-z]+ smp[0-9]+' "$1")
	[ -n "$ran" ] || return 0
	ran_mode=$(echo "$ran" | awk '{ print $(NF - 1) }')
	ran_smp=${ran##*smp}
	[ "$ran_mode" != "$want" ] && echo "ran in $ran_mode mode, want $want"
	[ "$ran_smp" != "$smp" ] && echo "saw $ran_smp CPUs, want $smp"
}

# Hostile runs are not verbose: the firmware has nothing to say unless it faults.
fw_quiet=0
case $test in hostile | isolation | secrets) [ "$verbose" = 0 ] && fw_quiet=1 ;; esac

# shellcheck source=tests/nsk/run-common.sh
. tests/nsk/run-common.sh
nsk_run

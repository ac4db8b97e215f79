#!/bin/bash
# boot.sh [options] [-- extra QEMU arguments] - boot Debian's Xen with
# Debian's arm64 kernel as dom0 on QEMU virt, and capture the serial log.
#
#   --bios FILE       firmware: secmon at EL3 (virt,secure=on). Without it,
#                     QEMU's built-in PSCI (no secure=on)
#   --smp N           CPUs (default 4)         --gic 2|3   (default 3)
#   --cpu NAME        (default cortex-a57)     --mem SIZE  (default 1G)
#   --xen FILE        Xen's image (default build/xen/xen; tests/xen/fetch.sh)
#   --xen-append STR  added to Xen's command line, which is
#                     "dom0_mem=512M console=dtuart loglvl=all vwfi=native"
#   --dom0-append STR added to dom0's, "console=hvc0 panic=-1"
#   --kernel FILE     dom0's kernel (default build/linux/arm64/Image)
#   --initrd FILE     dom0's initramfs (default build/xen/initrd.cpio.gz,
#                     made from tests/xen/init-dom0.sh when missing or older)
#   --uboot FILE      boot through U-Boot (secmon's payload, fw_cfg
#                     opt/secmon/payload): Xen is fw_cfg's kernel, dom0's
#                     initramfs QEMU's -initrd, which U-Boot's qfw boot hands
#                     to Xen as /chosen's initrd; dom0's kernel stays a
#                     guest-loader module. Needs --bios
#   --board DTB       the monitor's board DT (fw_cfg opt/secmon/board.dtb)
#   --verbose         the monitor's log on (fw_cfg opt/secmon/verbose)
#   --secure-log FILE the secure UART (the monitor's console; default: none)
#   --timeout SEC     kill QEMU after SEC seconds (default 300)
#   --log FILE        serial log (default build/xen/boot.log): carriage
#                     returns removed, then "SECMON-HOST key=value" lines:
#                     command=, qemu_status=, elapsed=
#   --quiet           do not copy the serial output to stdout
#   --dry-run         print the QEMU command and exit
#
# Without --uboot the firmware enters Xen itself (fw_cfg's kernel) and two
# QEMU guest-loader devices put dom0's kernel (with its command line) and
# initramfs in RAM as /chosen/module@ nodes, at 0x50000000 and 0x54000000:
# clear of the DT (0x40000000, 1 MiB), Xen's slot (0x40200000 + its
# image_size) and anything secmon places, since a module there would be
# overwritten before Xen reads it. QEMU gets -no-reboot: a reset from dom0
# (PSCI SYSTEM_RESET through Xen) ends the run with status 0.
#
# The guest's wait instructions: Xen's vwfi=native lets dom0's idle vCPUs
# execute WFI themselves; with Xen's default (trap it and schedule), a
# 4-vCPU dom0 under TCG takes minutes to boot instead of seconds, with
# QEMU's own PSCI as with secmon (docs/qemu-virt-a64.md, "Xen").
#
# Exit status: QEMU's (0 after a power-off or a reset), 124 on time-out,
# 2 for bad usage.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)

BIOS=
SMP=4
GIC=3
CPU=cortex-a57
MEM=1G
XEN=build/xen/xen
XEN_APPEND=
DOM0_APPEND=
KERNEL=build/linux/arm64/Image
INITRD=
UBOOT=
BOARD=
VERBOSE=0
SECLOG=
TIMEOUT=300
LOG=build/xen/boot.log
QUIET=0
DRY=0
EXTRA=()

usage() {
	sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}" >&2
	exit 2
}
need() { [ $# -ge 2 ] || { echo "xen/boot.sh: $1 needs a value" >&2; exit 2; }; }

while [ $# -gt 0 ]; do
	case $1 in
	--bios) need "$@"; BIOS=$2; shift ;;
	--smp) need "$@"; SMP=$2; shift ;;
	--gic) need "$@"; GIC=$2; shift ;;
	--cpu) need "$@"; CPU=$2; shift ;;
	--mem) need "$@"; MEM=$2; shift ;;
	--xen) need "$@"; XEN=$2; shift ;;
	--xen-append) need "$@"; XEN_APPEND="$XEN_APPEND $2"; shift ;;
	--dom0-append) need "$@"; DOM0_APPEND="$DOM0_APPEND $2"; shift ;;
	--kernel) need "$@"; KERNEL=$2; shift ;;
	--initrd) need "$@"; INITRD=$2; shift ;;
	--uboot) need "$@"; UBOOT=$2; shift ;;
	--board) need "$@"; BOARD=$2; shift ;;
	--verbose) VERBOSE=1 ;;
	--secure-log) need "$@"; SECLOG=$2; shift ;;
	--timeout) need "$@"; TIMEOUT=$2; shift ;;
	--log) need "$@"; LOG=$2; shift ;;
	--quiet) QUIET=1 ;;
	--dry-run) DRY=1 ;;
	-h | --help) usage ;;
	--) shift; EXTRA=("$@"); break ;;
	*) echo "xen/boot.sh: unknown option $1" >&2; usage ;;
	esac
	shift
done
case $GIC in 2 | 3) ;; *) echo "xen/boot.sh: --gic 2 or 3" >&2; exit 2 ;; esac
case $SMP in '' | *[!0-9]*) echo "xen/boot.sh: --smp N" >&2; exit 2 ;; esac
if [ -n "$UBOOT" ] && [ -z "$BIOS" ]; then
	echo "xen/boot.sh: --uboot is secmon's payload: it needs --bios" >&2
	exit 2
fi
# A comma ends a QEMU property value unless doubled.
case $DOM0_APPEND in
*,*) echo "xen/boot.sh: no comma in dom0's command line (QEMU's guest-loader bootargs= ends there)" >&2
	exit 2 ;;
esac

cd "$ROOT"
if [ -z "$INITRD" ]; then
	INITRD=build/xen/initrd.cpio.gz
	if [ "$DRY" = 0 ]; then
		stale=0
		[ -s "$INITRD" ] || stale=1
		for f in "$HERE/init-dom0.sh" tests/linux/init-prelude.sh tests/linux/init-pm.sh \
			tests/linux/mkinitrd.sh \
			build/linux/arm64/busybox; do
			[ "$f" -nt "$INITRD" ] && stale=1
		done
		if [ "$stale" = 1 ]; then
			INITRD_MODULES='' sh tests/linux/mkinitrd.sh build/linux/arm64 "$HERE/init-dom0.sh" \
				"$INITRD" >&2
		fi
	fi
fi
for f in "$XEN" "$KERNEL" "$INITRD" ${BIOS:+"$BIOS"} ${UBOOT:+"$UBOOT"} ${BOARD:+"$BOARD"}; do
	[ -f "$f" ] || [ "$DRY" = 1 ] || { echo "xen/boot.sh: no such file: $f" >&2; exit 1; }
done

machine=virt,virtualization=on,gic-version=$GIC
[ -n "$BIOS" ] && machine=virt,secure=on,virtualization=on,gic-version=$GIC
CMD=(qemu-system-aarch64 -M "$machine" -cpu "$CPU" -smp "$SMP" -m "$MEM" -nographic
	-monitor none -serial stdio)
if [ -n "$BIOS" ]; then
	if [ -n "$SECLOG" ]; then
		CMD+=(-serial "file:$SECLOG")
	else
		CMD+=(-serial null)
	fi
	CMD+=(-bios "$BIOS")
	[ -n "$BOARD" ] && CMD+=(-fw_cfg "name=opt/secmon/board.dtb,file=$BOARD")
	[ "$VERBOSE" = 1 ] && CMD+=(-fw_cfg "name=opt/secmon/verbose,string=1")
fi
CMD+=(-nic none -no-reboot -kernel "$XEN"
	-append "dom0_mem=512M console=dtuart loglvl=all vwfi=native${XEN_APPEND}"
	-device "guest-loader,addr=0x50000000,kernel=$KERNEL,bootargs=console=hvc0 panic=-1${DOM0_APPEND}")
if [ -n "$UBOOT" ]; then
	CMD+=(-initrd "$INITRD" -fw_cfg "name=opt/secmon/payload,file=$UBOOT")
else
	CMD+=(-device "guest-loader,addr=0x54000000,initrd=$INITRD")
fi
CMD+=("${EXTRA[@]}")

quote() {
	local a out=
	for a in "$@"; do
		if [[ $a =~ ^[A-Za-z0-9_./:=,@%+-]+$ ]]; then
			out+="$a "
		else
			out+="'${a//\'/\'\\\'\'}' "
		fi
	done
	echo "${out% }"
}
if [ "$DRY" = 1 ]; then
	quote "${CMD[@]}"
	exit 0
fi

mkdir -p "$(dirname "$LOG")"
[ -z "$SECLOG" ] || rm -f "$SECLOG"
echo "SECMON-HOST command=$(quote "${CMD[@]}")" >"$LOG"
start=$(date +%s.%N)
set +e
if [ "$QUIET" = 1 ]; then
	timeout -k 5 "$TIMEOUT" "${CMD[@]}" </dev/null 2>&1 | tr -d '\r' >>"$LOG"
else
	timeout -k 5 "$TIMEOUT" "${CMD[@]}" </dev/null 2>&1 | tr -d '\r' | tee -a "$LOG"
fi
status=${PIPESTATUS[0]}
set -e
elapsed=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
printf 'SECMON-HOST qemu_status=%s\nSECMON-HOST elapsed=%s\n' "$status" "$elapsed" >>"$LOG"
if [ "$status" = 124 ] || [ "$status" = 137 ]; then
	echo "xen/boot.sh: timed out after ${TIMEOUT}s (log: $LOG)" >&2
	exit 124
fi
echo "xen/boot.sh: QEMU exited with status $status after ${elapsed}s (log: $LOG)" >&2
exit "$status"

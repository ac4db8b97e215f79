#!/bin/bash
# boot.sh [options] [-- extra QEMU arguments] - boot Debian's armmp kernel on
# QEMU's Exynos4210 board (-M smdkc210, two Cortex-A9) with the package's own
# exynos4210-smdkv310.dtb, unmodified, and capture the console.
#
# The QEMU is the one scripts/qemu-exynos.sh builds (Debian's qemu source
# with the `secure` machine property); see docs/exynos4210.md.
#
#   --firmware ELF    a secure firmware: -M smdkc210,secure=on, the ELF as
#                     -kernel (QEMU loads its segments, e.g. into iRAM at
#                     0x02020000, and starts both CPUs at its entry in
#                     Secure SVC), the DTB through -dtb (QEMU puts it at
#                     0x40000000 with /memory and /chosen/bootargs filled),
#                     the zImage at 0x42000000 and the initrd at 0x48000000
#                     through -device loader; the initrd's place and size
#                     also go on the command line as Linux's own
#                     "initrd=0x48000000,SIZE". The firmware enters the
#                     zImage in Non-secure SVC with r2 = a DTB it placed.
#   --board-dtb FILE  with --firmware: the monitor's board DT (secmon's
#                     Exynos4210 port: boards/soc/exynos4210.dts compiled),
#                     through -device loader at 0x7fff0000, the top of the
#                     port's DRAM carve-out
#   --secure on|off   without --firmware: the machine's secure property
#                     (default off). Either way QEMU's own Linux loader
#                     boots the kernel, in Non-secure SVC when on.
#   --qemu FILE       qemu-system-arm to run (default: scripts/qemu-exynos.sh
#                     builds or finds it)
#   --linux-dir DIR   what tests/linux/fetch.sh fetched for armhf (default
#                     build/linux/armhf; fetched when missing)
#   --dtb FILE        default DIR/dtbs/exynos4210-smdkv310.dtb
#   --initrd FILE     default build/exynos/initrd.cpio.gz, built by
#                     tests/linux/mkinitrd.sh with tests/linux/init-summary.sh
#                     when missing or older than its inputs
#   --append STR      added to the kernel command line "console=ttySAC1
#                     earlycon=exynos4210,0x13810000 panic=-1"
#   --timeout SEC     kill QEMU after SEC seconds (default 120)
#   --log FILE        console log (default build/exynos/boot.log); boot.sh
#                     adds "SECMON-HOST key=value" lines: command=,
#                     qemu_status=, elapsed=
#   --secure-log FILE the first UART (UART0, 0x13800000): the secure
#                     console a firmware may use (default: discarded)
#   --quiet           do not copy the console to stdout
#   --dry-run         print the QEMU command and exit
#
# Serial ports: UART0 (0x13800000) is QEMU's first -serial, UART1
# (0x13810000, Linux's ttySAC1 on this DTB) the second.
#
# Exit status: 0 only when QEMU exited with status 0 and the log shows the
# kernel's "reboot: Power down" (the init's poweroff -f writes the PMU's
# PS_HOLD_CONTROL, which ends QEMU); 124 on the timeout; 1 otherwise; 2 for
# bad usage. Check the log with tests/linux/check-boot.sh.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)

# Where the firmware boot puts the kernel and the initrd (DRAM starts at
# 0x40000000): the zImage 32 MiB up, clear of the kernel it decompresses at
# 0x40008000; the initrd 128 MiB up, where QEMU's own loader puts it.
ZIMAGE_ADDR=0x42000000
INITRD_ADDR=0x48000000
BOARD_DTB_ADDR=0x7fff0000

FIRMWARE=
BOARD_DTB=
SECURE=off
QEMU=
LINUX_DIR=
DTB=
INITRD=
APPEND=
TIMEOUT=120
LOG=
SECLOG=
QUIET=0
DRY=0
EXTRA=()

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

usage() {
	sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}" >&2
	exit 2
}
need() { [ $# -ge 2 ] || { echo "boot.sh: $1 needs a value" >&2; exit 2; }; }

while [ $# -gt 0 ]; do
	case $1 in
	--firmware) need "$@"; FIRMWARE=$2; shift ;;
	--board-dtb) need "$@"; BOARD_DTB=$2; shift ;;
	--secure) need "$@"; SECURE=$2; shift ;;
	--qemu) need "$@"; QEMU=$2; shift ;;
	--linux-dir) need "$@"; LINUX_DIR=$2; shift ;;
	--dtb) need "$@"; DTB=$2; shift ;;
	--initrd) need "$@"; INITRD=$2; shift ;;
	--append) need "$@"; APPEND="$APPEND $2"; shift ;;
	--timeout) need "$@"; TIMEOUT=$2; shift ;;
	--log) need "$@"; LOG=$2; shift ;;
	--secure-log) need "$@"; SECLOG=$2; shift ;;
	--quiet) QUIET=1 ;;
	--dry-run) DRY=1 ;;
	-h | --help) usage ;;
	--) shift; EXTRA=("$@"); break ;;
	*) echo "boot.sh: unknown option $1" >&2; usage ;;
	esac
	shift
done
case $SECURE in on | off) ;; *) echo "boot.sh: --secure on or off" >&2; exit 2 ;; esac
[ -n "$FIRMWARE" ] && SECURE=on

cd "$TOP"
LINUX_DIR=${LINUX_DIR:-build/linux/armhf}
LOG=${LOG:-build/exynos/boot.log}
DTB=${DTB:-$LINUX_DIR/dtbs/exynos4210-smdkv310.dtb}
KERNEL=$LINUX_DIR/zImage
if [ "$DRY" = 0 ] && { [ ! -s "$KERNEL" ] || [ ! -s "$DTB" ]; }; then
	sh tests/linux/fetch.sh armhf "$LINUX_DIR" >&2
fi
if [ -z "$QEMU" ]; then
	if [ "$DRY" = 1 ]; then
		QEMU=qemu-system-arm
	else
		QEMU=$(sh scripts/qemu-exynos.sh) || { echo "boot.sh: building QEMU failed" >&2; exit 1; }
	fi
fi
if [ -z "$INITRD" ]; then
	INITRD=build/exynos/initrd.cpio.gz
	if [ "$DRY" = 0 ]; then
		stale=0
		[ -s "$INITRD" ] || stale=1
		for f in tests/linux/init-summary.sh tests/linux/init-prelude.sh tests/linux/init-pm.sh tests/linux/mkinitrd.sh "$LINUX_DIR/busybox" "$LINUX_DIR/version"; do
			[ "$f" -nt "$INITRD" ] && stale=1
		done
		if [ "$stale" = 1 ]; then
			INITRD_MODULES='' sh tests/linux/mkinitrd.sh "$LINUX_DIR" tests/linux/init-summary.sh "$INITRD" >&2
		fi
	fi
fi
for f in "$KERNEL" "$DTB" "$INITRD" ${FIRMWARE:+"$FIRMWARE"} ${BOARD_DTB:+"$BOARD_DTB"}; do
	[ -f "$f" ] || [ "$DRY" = 1 ] || { echo "boot.sh: no such file: $f" >&2; exit 1; }
done

CMDLINE="console=ttySAC1 earlycon=exynos4210,0x13810000 panic=-1${APPEND}"
# secure=off is QEMU's default: left out, so that any QEMU boots the plain way.
machine=smdkc210
[ "$SECURE" = on ] && machine=$machine,secure=on
CMD=("$QEMU" -M "$machine" -smp 2 -display none -monitor none)
if [ -n "$SECLOG" ]; then
	CMD+=(-serial "file:$SECLOG")
else
	CMD+=(-serial null)
fi
CMD+=(-serial stdio -no-reboot -dtb "$DTB")
if [ -n "$FIRMWARE" ]; then
	size=$(stat -c %s "$INITRD" 2>/dev/null || echo 0)
	CMD+=(-kernel "$FIRMWARE"
		-device "loader,file=$KERNEL,addr=$ZIMAGE_ADDR,force-raw=on"
		-device "loader,file=$INITRD,addr=$INITRD_ADDR,force-raw=on"
		-append "$CMDLINE initrd=$INITRD_ADDR,$size")
	[ -n "$BOARD_DTB" ] && CMD+=(-device "loader,file=$BOARD_DTB,addr=$BOARD_DTB_ADDR,force-raw=on")
else
	CMD+=(-kernel "$KERNEL" -initrd "$INITRD" -append "$CMDLINE")
fi
CMD+=("${EXTRA[@]}")

if [ "$DRY" = 1 ]; then
	quote "${CMD[@]}"
	exit 0
fi

mkdir -p "$(dirname "$LOG")"
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
end=$(date +%s.%N)
elapsed=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
{
	echo "SECMON-HOST qemu_status=$status"
	echo "SECMON-HOST elapsed=$elapsed"
} >>"$LOG"

if [ "$status" = 124 ] || [ "$status" = 137 ]; then
	echo "boot.sh: timed out after ${TIMEOUT}s (log: $LOG)" >&2
	exit 124
fi
if [ "$status" != 0 ]; then
	echo "boot.sh: QEMU exited with status $status (log: $LOG)" >&2
	exit 1
fi
if ! grep -q 'reboot: Power down' "$LOG"; then
	echo "boot.sh: QEMU exited without the kernel's power-off (log: $LOG)" >&2
	exit 1
fi
echo "boot.sh: powered off in ${elapsed}s (log: $LOG)" >&2
exit 0

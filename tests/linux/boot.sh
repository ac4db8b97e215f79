#!/bin/bash
# boot.sh [options] [-- extra QEMU arguments] - boot Debian's kernel on QEMU
# virt with the test initramfs and capture the serial log.
#
#   --bios FILE       firmware (also: BIOS env var). With it the machine is
#                     virt,secure=on and the firmware runs at EL3 from flash;
#                     without it QEMU's built-in PSCI is used (which exists
#                     only without secure firmware, so no secure=on).
#   --smp N           CPUs (default 4)
#   --gic 2|3         GIC version (default 2, QEMU's default; GICv2 has at
#                     most 8 CPUs)
#   --cpu NAME        cortex-a57 (default), max, ... ("max" is given
#                     pauth-impdef=on: QEMU's emulation of the architected
#                     pointer-authentication algorithm makes a boot 3x
#                     slower; say max,pauth-impdef=off to keep it)
#   --virt 0|1        virtualization=on|off: kernel at EL2 or EL1 (default 1)
#   --mem SIZE        RAM (default 1G)
#   --append STR      added to the kernel command line
#                     "console=ttyAMA0 panic=-1"
#   --arch arm64|armhf  (default arm64; armhf: qemu-system-arm, zImage,
#                     cortex-a15)
#   --linux-dir DIR   what fetch.sh fetched (default build/linux/ARCH); it is
#                     fetched when the kernel is missing
#   --kernel FILE     default DIR/Image (arm64) or DIR/zImage (armhf)
#   --initrd FILE     default DIR/initrd.cpio.gz, built by mkinitrd.sh with
#                     init-summary.sh when missing or older than its inputs
#   --timeout SEC     kill QEMU after SEC seconds (default 60)
#   --log FILE        serial log (default DIR/boot.log); carriage returns
#                     removed; boot.sh adds "SECMON-HOST key=value" lines:
#                     command=, qemu_status=, elapsed=, state=
#   --secure-log FILE with --bios: the secure UART (serial1, 0x09040000)
#                     goes there (default: discarded)
#   --state-disk FILE raw disk for the reboot test (see init-summary.sh);
#                     created, or reset to "SECMON-STATE boots=0". Made next
#                     to the log by default when the command line holds
#                     secmon.test=...reboot...
#   --allow-reboot    let a guest reset restart the machine. Without it, and
#                     without a reboot test, QEMU gets -no-reboot, so that a
#                     panic or a stray reset ends the run at once (and fails)
#   --quiet           do not copy the serial output to stdout
#   --dry-run         print the QEMU command and exit
#
# Serial ports: serial0 (-serial stdio) is the non-secure PL011 at 0x09000000
# that Linux uses as ttyAMA0; with secure=on, virt adds a secure-only PL011
# at 0x09040000 for serial1 (only when a second -serial is given).
#
# Exit status: 0 only when QEMU exited with status 0 and the log shows the
# kernel's "reboot: Power down" (the init's poweroff -f, PSCI SYSTEM_OFF);
# 124 when the timeout struck; 1 otherwise; 2 for bad usage.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

BIOS=${BIOS:-}
SMP=4
GIC=2
CPU=
VIRT=1
MEM=1G
APPEND=
ARCH=arm64
LINUX_DIR=
KERNEL=
INITRD=
TIMEOUT=60
LOG=
SECLOG=
STATE=
ALLOW_REBOOT=0
QUIET=0
DRY=0
EXTRA=()

# Print the arguments as one shell-quoted line.
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
	--bios) need "$@"; BIOS=$2; shift ;;
	--smp) need "$@"; SMP=$2; shift ;;
	--gic) need "$@"; GIC=$2; shift ;;
	--cpu) need "$@"; CPU=$2; shift ;;
	--virt) need "$@"; VIRT=$2; shift ;;
	--mem) need "$@"; MEM=$2; shift ;;
	--append) need "$@"; APPEND="$APPEND $2"; shift ;;
	--arch) need "$@"; ARCH=$2; shift ;;
	--linux-dir) need "$@"; LINUX_DIR=$2; shift ;;
	--kernel) need "$@"; KERNEL=$2; shift ;;
	--initrd) need "$@"; INITRD=$2; shift ;;
	--timeout) need "$@"; TIMEOUT=$2; shift ;;
	--log) need "$@"; LOG=$2; shift ;;
	--secure-log) need "$@"; SECLOG=$2; shift ;;
	--state-disk) need "$@"; STATE=$2; shift ;;
	--allow-reboot) ALLOW_REBOOT=1 ;;
	--quiet) QUIET=1 ;;
	--dry-run) DRY=1 ;;
	-h | --help) usage ;;
	--) shift; EXTRA=("$@"); break ;;
	*) echo "boot.sh: unknown option $1" >&2; usage ;;
	esac
	shift
done

case $ARCH in
arm64) QEMU=qemu-system-aarch64 KNAME=Image CPU=${CPU:-cortex-a57} ;;
armhf) QEMU=qemu-system-arm KNAME=zImage CPU=${CPU:-cortex-a15} ;;
*) echo "boot.sh: unknown --arch $ARCH" >&2; exit 2 ;;
esac
[ "$ARCH" = arm64 ] && [ "$CPU" = max ] && CPU=max,pauth-impdef=on
case $GIC in 2 | 3) ;; *) echo "boot.sh: --gic 2 or 3" >&2; exit 2 ;; esac
case $VIRT in 0 | 1) ;; *) echo "boot.sh: --virt 0 or 1" >&2; exit 2 ;; esac
case $SMP in '' | *[!0-9]*) echo "boot.sh: --smp N" >&2; exit 2 ;; esac
if [ "$GIC" = 2 ] && [ "$SMP" -gt 8 ]; then
	echo "boot.sh: GICv2 supports at most 8 CPUs; use --gic 3" >&2
	exit 2
fi

LINUX_DIR=${LINUX_DIR:-build/linux/$ARCH}
LOG=${LOG:-$LINUX_DIR/boot.log}
if [ -z "$KERNEL" ]; then
	KERNEL=$LINUX_DIR/$KNAME
	if [ ! -s "$KERNEL" ] && [ "$DRY" = 0 ]; then
		sh "$HERE/fetch.sh" "$ARCH" "$LINUX_DIR" >&2
	fi
fi
if [ -z "$INITRD" ]; then
	INITRD=$LINUX_DIR/initrd.cpio.gz
	if [ "$DRY" = 0 ]; then
		stale=0
		[ -s "$INITRD" ] || stale=1
		for f in "$HERE/init-summary.sh" "$HERE/init-prelude.sh" "$HERE/init-pm.sh" "$HERE/mkinitrd.sh" "$LINUX_DIR/busybox" "$LINUX_DIR/version"; do
			[ "$f" -nt "$INITRD" ] && stale=1
		done
		if [ "$stale" = 1 ]; then
			sh "$HERE/mkinitrd.sh" "$LINUX_DIR" "$HERE/init-summary.sh" "$INITRD" >&2
		fi
	fi
fi
for f in "$KERNEL" "$INITRD" ${BIOS:+"$BIOS"}; do
	[ -f "$f" ] || [ "$DRY" = 1 ] || { echo "boot.sh: no such file: $f" >&2; exit 1; }
done

REBOOT_TEST=0
case " $APPEND " in
*" secmon.test="*reboot*) REBOOT_TEST=1 ;;
esac
if [ "$REBOOT_TEST" = 1 ] && [ -z "$STATE" ]; then
	STATE=$LOG.state
fi

vflag=off
[ "$VIRT" = 1 ] && vflag=on
machine=virt
[ -n "$BIOS" ] && machine=$machine,secure=on
machine=$machine,virtualization=$vflag,gic-version=$GIC

CMD=("$QEMU" -M "$machine" -cpu "$CPU" -smp "$SMP" -m "$MEM"
	-nographic -monitor none -serial stdio)
if [ -n "$BIOS" ]; then
	if [ -n "$SECLOG" ]; then
		CMD+=(-serial "file:$SECLOG")
	else
		CMD+=(-serial null)
	fi
	CMD+=(-bios "$BIOS")
fi
# No default NIC: it is virtio-net-pci, whose option ROM (efi-virtio.rom,
# package ipxe-qemu) may be missing, and the tests need no network.
CMD+=(-nic none)
CMD+=(-kernel "$KERNEL" -initrd "$INITRD"
	-append "console=ttyAMA0 panic=-1${APPEND}")
if [ -n "$STATE" ]; then
	CMD+=(-drive "if=none,id=secmonstate,format=raw,file=${STATE//,/,,}"
		-device "virtio-blk-device,drive=secmonstate")
fi
if [ "$REBOOT_TEST" = 0 ] && [ "$ALLOW_REBOOT" = 0 ]; then
	CMD+=(-no-reboot)
fi
CMD+=("${EXTRA[@]}")

if [ "$DRY" = 1 ]; then
	quote "${CMD[@]}"
	exit 0
fi

mkdir -p "$(dirname "$LOG")"
if [ -n "$STATE" ]; then
	# A 4 KiB raw disk whose first line is the boot counter.
	{
		printf 'SECMON-STATE boots=0\n'
		head -c 4075 /dev/zero
	} >"$STATE"
fi

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
	if [ -n "$STATE" ]; then
		echo "SECMON-HOST state=$(head -n 1 "$STATE" | tr -d '\000' | sed 's/^SECMON-STATE //')"
	fi
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

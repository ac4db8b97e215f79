#!/usr/bin/env bash
# The OP-TEE acceptance rig (docs/trusted-os.md "OP-TEE itself"):
# Debian's arm64 kernel with its own tee.ko and optee.ko, Debian's
# tee-supplicant and libteec1 (and, when given, an xtest build) in an
# initramfs made here from Debian's packages, booted on QEMU virt with
# OP-TEE in the secure world, under TF-A (the reference) or under secmon.
# Not part of `make check`: OP-TEE's source cannot be in the tree or fetched
# by CI, so the builds are given by path.
#
#   bash tests/optee/run.sh --tfa DIR --optee DIR [options]   reference: TF-A's bl1.bin
#        and fip.bin in DIR (PLAT=qemu SPD=opteed, OP-TEE as BL32, Debian's
#        U-Boot qemu_arm64/u-boot.bin as BL33); QEMU boots flash.bin made of
#        the two, U-Boot boots fw_cfg's kernel and initramfs
#   bash tests/optee/run.sh --bios FW --optee DIR [options]   secmon FW
#        (build/qemu-virt-a64-tos/secmon.bin) loads DIR/core/tee.bin (OP-TEE's
#        image with its v1 header) from fw_cfg opt/secmon/tos and boots
#        the kernel itself
# --optee DIR is the OP-TEE build (O=DIR): its in-tree TAs, DIR/ta/*/*.ta
# (pkcs11 among them), go into the initramfs for tee-supplicant to load.
# Options:
#   --xtest DIR   an optee_test build (O=DIR): DIR/xtest/xtest,
#                 DIR/ta/*/*.ta and DIR/supp_plugin/*.plugin go into the
#                 initramfs; xtest then runs with ARGS (--xtest-args, default
#                 "-l 0") and its summary is printed
#   --smp N       CPUs (default 4)    --gic 2|3  (default 3)
#   --tcg single|multi  QEMU's TCG threads (default multi: one host thread
#                 per vCPU); single keeps a long xtest run to one host core
#   --timeout S   for the whole boot (default 5400; xtest -l 0 under TCG
#                 takes most of it)
#   --out DIR     where the initramfs, flash image and log go
#                 (default build/optee)
# Prints what the rig checks as TAP lines and the xtest summary; exits 1
# when any check failed.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2

TFA='' BIOS='' OPTEE='' XTEST='' XARGS="-l 0" SMP=4 GIC=3 TCG=multi TIMEOUT=5400 OUT=build/optee
while [ $# -gt 0 ]; do
	case $1 in
	--tfa) TFA=$2 ;;
	--bios) BIOS=$2 ;;
	--optee) OPTEE=$2 ;;
	--xtest) XTEST=$2 ;;
	--xtest-args) XARGS=$2 ;;
	--smp) SMP=$2 ;;
	--gic) GIC=$2 ;;
	--tcg) TCG=$2 ;;
	--timeout) TIMEOUT=$2 ;;
	--out) OUT=$2 ;;
	*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
	esac
	shift 2
done
die() { echo "run.sh: $*" >&2; exit 2; }
[ -n "$TFA" ] || [ -n "$BIOS" ] || die "give --tfa DIR or --bios FW"
[ "$TCG" = single ] || [ "$TCG" = multi ] || die "--tcg takes single or multi"
[ -d "$OPTEE/ta" ] || die "no ta/ in the OP-TEE build ${OPTEE:-(--optee)}"
if [ -n "$TFA" ]; then
	[ -f "$TFA/bl1.bin" ] && [ -f "$TFA/fip.bin" ] || die "no bl1.bin and fip.bin in $TFA"
else
	[ -f "$BIOS" ] || die "no firmware $BIOS"
	[ -f "$OPTEE/core/tee.bin" ] || die "no core/tee.bin in $OPTEE"
fi
if [ -n "$XTEST" ]; then
	[ -x "$XTEST/xtest/xtest" ] || die "no xtest/xtest in $XTEST"
fi
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
LDIR=build/linux/arm64
sh tests/linux/fetch.sh arm64 "$LDIR" >/dev/null || die "fetching Debian's kernel failed"
[ -z "$TFA" ] || sh tests/uboot/fetch.sh build/uboot >/dev/null || die "fetching u-boot-qemu failed"

# ---- the initramfs: busybox and the kernel's tee/optee modules
# (mkinitrd.sh), Debian's tee-supplicant, libteec1, libckteec0, libc6 and,
# for xtest, libssl3, each at apt's candidate version.
PKGS="tee-supplicant libteec1 libckteec0 libc6 libssl3"
DEBS=$OUT/debs
mkdir -p "$DEBS"
[ "$(id -u)" != 0 ] || ! id _apt >/dev/null 2>&1 || chown _apt "$DEBS"
for p in $PKGS; do
	v=$(LC_ALL=C apt-cache policy "$p:arm64" | sed -n 's/^ *Candidate: *//p')
	[ -n "$v" ] && [ "$v" != "(none)" ] || die "apt knows no $p:arm64 (dpkg --add-architecture arm64; apt-get update)"
	f=$(ls "$DEBS/${p}_"*"_arm64.deb" 2>/dev/null | head -n 1)
	if [ -z "$f" ] || [ "$(dpkg-deb -f "$f" Version)" != "$v" ]; then
		rm -f "$DEBS/${p}_"*"_arm64.deb"
		(cd "$DEBS" && apt-get download -q "$p:arm64=$v" >/dev/null) || die "apt-get download $p:arm64=$v failed"
		f=$(ls "$DEBS/${p}_"*"_arm64.deb" | head -n 1)
	fi
	# apt-get download checks the package against the signed index; keep a record.
	echo "$p $v $(sha256sum <"$f" | cut -d' ' -f1)"
done >"$OUT/packages.txt"
ROOT=$OUT/root
rm -rf "$ROOT"
mkdir -p "$ROOT"
for f in "$DEBS"/*.deb; do
	dpkg-deb -x "$f" "$ROOT"
done
rm -rf "${ROOT:?}/usr/share" "$ROOT/usr/lib/aarch64-linux-gnu/gconv" "$ROOT/lib/systemd" \
	"$ROOT/usr/lib/aarch64-linux-gnu/engines-3" "$ROOT/usr/lib/aarch64-linux-gnu/ossl-modules"
mkdir -p "$ROOT/lib/optee_armtz"
find "$OPTEE/ta" -name '*.ta' -exec cp {} "$ROOT/lib/optee_armtz/" \;
if [ -n "$XTEST" ]; then
	mkdir -p "$ROOT/usr/bin" "$ROOT/usr/lib/tee-supplicant/plugins"
	cp "$XTEST/xtest/xtest" "$ROOT/usr/bin/xtest"
	find "$XTEST/ta" -name '*.ta' -exec cp {} "$ROOT/lib/optee_armtz/" \;
	find "$XTEST" -name '*.plugin' -exec cp {} "$ROOT/usr/lib/tee-supplicant/plugins/" \;
fi
INITRD_MODULES="tee optee" INITRD_EXTRA=$ROOT sh tests/linux/mkinitrd.sh "$LDIR" \
	tests/optee/init.sh "$OUT/initrd.cpio.gz" >/dev/null 2>&1 || die "mkinitrd.sh failed"

# ---- QEMU: 1 GiB from 0x40000000 (OP-TEE's shared memory is 0x42000000-0x42200000).
# shellcheck disable=SC2054 # -M takes one comma-separated argument
QEMU=(qemu-system-aarch64 -M "virt,secure=on,virtualization=on,gic-version=$GIC" -cpu cortex-a57
	-smp "$SMP" -m 1G -nographic -monitor none -serial stdio -serial "file:$OUT/secure.log"
	-nic none -accel "tcg,thread=$TCG" -kernel "$LDIR/Image" -initrd "$OUT/initrd.cpio.gz"
	-append "console=ttyAMA0 optee.xtest=$(echo "$XARGS" | tr ' ' ,)")
if [ -n "$TFA" ]; then
	# TF-A's QEMU port: BL1 at 0, the FIP at 256 KiB in the 64 MiB flash.
	cp "$TFA/bl1.bin" "$OUT/flash.bin"
	dd if="$TFA/fip.bin" of="$OUT/flash.bin" bs=1024 seek=256 conv=notrunc status=none
	QEMU+=(-bios "$OUT/flash.bin")
	what="TF-A $(strings "$TFA/bl1.bin" | grep -m1 -o 'v2\.[0-9.]*[^ ,]*')"
else
	QEMU+=(-bios "$BIOS" -fw_cfg "name=opt/secmon/tos,file=$OPTEE/core/tee.bin")
	what="secmon $BIOS"
fi
echo "# $what, $SMP CPUs, GICv$GIC, TCG $TCG-threaded; log $OUT/console.log, secure console $OUT/secure.log"
start=$SECONDS
timeout "$TIMEOUT" "${QEMU[@]}" </dev/null >"$OUT/console.log" 2>&1
rc=$?
tr -d '\r' <"$OUT/console.log" >"$OUT/console.txt"
LOG=$OUT/console.txt
echo "# QEMU ended with status $rc after $((SECONDS - start)) s"

. tests/tap.sh
check() {	# check NAME PATTERN: one TAP line from the console
	if grep -qE "$2" "$LOG"; then
		tap_ok "$1: $(grep -m1 -oE "$2" "$LOG")"
	else
		tap_not_ok "$1"
	fi
}
check "optee driver: revision" 'optee: revision [0-9.]+[^]]*'
check "optee driver: initialized" 'optee: initialized driver'
check "tee devices" 'RIG tee devices present'
check "tee-supplicant runs" 'RIG tee-supplicant running'
if [ -n "$XTEST" ]; then
	check "xtest summary" '[0-9]+ subtests of which [0-9]+ failed'
	check "xtest test cases" '[0-9]+ test cases of which [0-9]+ failed'
	echo "# xtest cases that failed: $(grep -E '^  [a-z0-9_]+ FAILED' "$LOG" | awk '{ print $1 }' |
		tr '\n' ' ')"
	sed -n '/^+-----/,$p' "$LOG" | grep -E 'subtests|test cases|skipped' | sed 's/^/# /'
fi
check "powered off" 'RIG done'
tap_status

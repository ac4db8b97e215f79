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
#   --smp N       CPUs (default 4)    --gic 2|3  (default 3; OP-TEE must
#                 be built for the same: CFG_ARM_GICV3=y or n)
#   --pm H,S      after xtest: each secondary offlined and onlined H times
#                 while xtest (ARGS) runs unbound over and over, then xtest
#                 bound to each CPU in turn; then S
#                 suspends to RAM (woken by the PL031 alarm), then xtest on
#                 each CPU again. OP-TEE's cpu_on entry is counted on the
#                 secure console ("Secondary CPU N initializing")
#   --tcg single|multi  QEMU's TCG threads (default multi: one host thread
#                 per vCPU); single keeps a long xtest run to one host core
#   --timeout S   for the whole boot (default 5400; xtest -l 0 under TCG
#                 takes most of it)
#   --out DIR     where the initramfs, flash image and log go
#                 (default build/optee)
# Prints what the rig checks as TAP lines and the xtest summary; exits 1
# when any check failed. It always checks OP-TEE's edits of the DT Linux
# booted with against the OP-TEE build's conf.mk: /firmware/optee
# ("linaro,optee-tz", method "smc", its notification interrupt) and the
# reserved-memory nodes of its secure memory (CFG_TZDRAM_*) and of its
# static shared memory (CFG_SHMEM_*).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2

TFA='' BIOS='' OPTEE='' XTEST='' XARGS="-l 0" SMP=4 GIC=3 TCG=multi TIMEOUT=5400 OUT=build/optee PM=''
while [ $# -gt 0 ]; do
	case $1 in
	--tfa) TFA=$2 ;;
	--bios) BIOS=$2 ;;
	--optee) OPTEE=$2 ;;
	--xtest) XTEST=$2 ;;
	--xtest-args) XARGS=$2 ;;
	--smp) SMP=$2 ;;
	--gic) GIC=$2 ;;
	--pm) PM=$2 ;;
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
[ "$GIC" = 2 ] || [ "$GIC" = 3 ] || die "--gic takes 2 or 3"
[ -z "$PM" ] || [[ $PM =~ ^[0-9]+,[0-9]+$ ]] || die "--pm takes H,S (hotplug cycles, suspends)"
[ -f "$OPTEE/conf.mk" ] || die "no conf.mk in the OP-TEE build $OPTEE"
# What the build says OP-TEE puts in the DT (conf.mk: NAME=VALUE lines).
conf() { sed -n "s/^$1=//p" "$OPTEE/conf.mk" | head -n 1; }
[ "$(conf CFG_ARM_GICV3)" = "$([ "$GIC" = 3 ] && echo y || echo n)" ] ||
	die "$OPTEE is built with CFG_ARM_GICV3=$(conf CFG_ARM_GICV3), not for --gic $GIC"
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
	-append "console=ttyAMA0 optee.xtest=$(echo "$XARGS" | tr ' ' ,)${PM:+ optee.pm=$PM}")
if [ -n "$TFA" ]; then
	# TF-A's QEMU port: BL1 at 0, the FIP at 256 KiB in the 64 MiB flash.
	cp "$TFA/bl1.bin" "$OUT/flash.bin"
	dd if="$TFA/fip.bin" of="$OUT/flash.bin" bs=1024 seek=256 conv=notrunc status=none
	QEMU+=(-bios "$OUT/flash.bin")
	what="TF-A $(strings "$TFA/bl1.bin" | grep -m1 -o 'v2\.[0-9.]*[^ ,]*')"
else
	# verbose: the secure console says the trusted OS runs (checked below)
	QEMU+=(-bios "$BIOS" -fw_cfg "name=opt/secmon/tos,file=$OPTEE/core/tee.bin"
		-fw_cfg name=opt/secmon/verbose,string=1)
	what="secmon $BIOS"
fi
echo "# $what, $SMP CPUs, GICv$GIC, TCG $TCG-threaded${PM:+, pm $PM}; log $OUT/console.log, secure console $OUT/secure.log"
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

# ---- OP-TEE's DT edits, as Linux saw them, against the build's conf.mk.
dt_line() { sed -n "s|^RIG dt $1 ||p" "$LOG" | head -n 1; }
field() { # field LINE KEY: KEY=VALUE's value (VALUE without spaces)
	echo " $1" | grep -oE " $2=[^ ]*" | head -n 1 | cut -d= -f2-
}
l=$(dt_line /firmware/optee)
[ "$(field "$l" compatible)" = linaro,optee-tz ] && [ "$(field "$l" method)" = smc ]
tap_result $? "DT /firmware/optee: compatible \"$(field "$l" compatible)\", method \"$(field "$l" method)\" (want linaro,optee-tz, smc)" \
	"RIG dt line: ${l:-none}"
intid=$(($(conf CFG_CORE_ASYNC_NOTIF_GIC_INTID || echo 0)))
if [ "$intid" -ge 32 ]; then
	# SPI intid-32, edge rising (1): OP-TEE's add_optee_dt_node().
	want=$(printf '%08x%08x%08x' 0 $((intid - 32)) 1)
	[ "$(field "$l" interrupts)" = "$want" ]
	tap_result $? "DT /firmware/optee: interrupts $(field "$l" interrupts) (want SPI $((intid - 32)) edge: notification interrupt $intid)"
fi
# hexnum HEX: its value, or -1 when it is not hex digits.
hexnum() { if [[ $1 =~ ^[0-9a-f]{1,16}$ ]]; then echo $((16#$1)); else echo -1; fi; }
rl=$(dt_line /reserved-memory)
ac=$(hexnum "$(field "$rl" address-cells)")
sc=$(hexnum "$(field "$rl" size-cells)")
resmem() { # resmem NAME START SIZE WHAT (START, SIZE from conf.mk): one TAP line
	local l reg a=-1 s=-1 nm=''
	l=$(grep -m1 -E "^RIG dt /reserved-memory/$1@" "$LOG")
	reg=$(field "$l" reg)
	if [ "$ac" -ge 1 ] && [ "$ac" -le 2 ] && [ "$sc" -ge 1 ] && [ "$sc" -le 2 ] &&
		[ "${#reg}" = $(((ac + sc) * 8)) ]; then
		a=$(hexnum "${reg:0:$((ac * 8))}")
		s=$(hexnum "${reg:$((ac * 8))}")
	fi
	[ "$(field "$l" no-map)" = 1 ] && nm=', no-map'
	[ "$a" = $(($2)) ] && [ "$s" = $(($3)) ] && [ -n "$nm" ]
	tap_result $? "DT /reserved-memory/$1: $(printf '0x%x size 0x%x' "$a" "$s")$nm (want $2 size $3, no-map: $4)" \
		"RIG dt line: ${l:-none}; cells $ac/$sc"
}
resmem optee_core "$(conf CFG_TZDRAM_START)" "$(conf CFG_TZDRAM_SIZE)" "OP-TEE's secure memory, CFG_TZDRAM_*"
resmem optee_shm "$(conf CFG_SHMEM_START)" "$(conf CFG_SHMEM_SIZE)" "its static shared memory, CFG_SHMEM_*"
grep -E '^RIG dt /reserved-memory/' "$LOG" | sed 's/^RIG dt /# DT /'

# ---- hotplug and suspend to RAM (--pm), and xtest on each CPU after each.
if [ -n "$PM" ]; then
	H=${PM%,*} S=${PM#*,}
	SEC=$OUT/secure.txt
	tr -d '\r' <"$OUT/secure.log" >"$SEC"
	down=$(field "$(sed -n 's/^RIG pm suspend //p' "$LOG")" cpus_down)
	for c in $(seq 1 $((SMP - 1))); do
		l=$(sed -n "s/^RIG pm hotplug cpu=$c //p" "$LOG")
		on=$(field "$l" on)
		[ "$(field "$l" off)" = "$H" ] && [ "$on" = "$H" ]
		tap_result $? "pm hotplug: CPU $c offlined $(field "$l" off) and onlined ${on:-?} times (want $H)"
		# OP-TEE's cpu_on entry prints this line each time it runs: at boot,
		# at each online, and after each suspend that took the CPU down.
		n=$(grep -c "Secondary CPU $c initializing" "$SEC")
		want=$((1 + ${on:-0} + ${down:-0}))
		[ "$n" = "$want" ]
		tap_result $? "pm: OP-TEE's cpu_on entry ran on CPU $c $n times (want $want: boot, $on onlines, $down suspends' onlines)"
	done
	l=$(sed -n 's/^RIG pm suspend //p' "$LOG")
	[ "$(field "$l" slept)" = "$S" ]
	tap_result $? "pm suspend: $(field "$l" slept) of $S suspends to RAM slept and resumed (aborted tries $(field "$l" aborted), secondaries taken down ${down:-?} times)" \
		"RIG pm suspend ${l:-none}"
	if [ -n "$XTEST" ]; then
		l=$(sed -n 's/^RIG pm xtest during-hotplug //p' "$LOG")
		[ "$(field "$l" failed)" = 0 ] && [ "$(field "$l" runs)" -ge 1 ] 2>/dev/null
		tap_result $? "pm xtest during hotplug: $(field "$l" runs) runs of xtest $XARGS while the CPUs went offline and online, $(field "$l" failed) failed"
		for phase in hotplug suspend; do
			for c in $(seq 0 $((SMP - 1))); do
				l=$(grep -m1 -E "^RIG pm xtest $phase cpu=$c " "$LOG")
				echo "$l" | grep -qE 'status=0: [0-9]+ subtests of which 0 failed, [0-9]+ test cases of which 0 failed'
				tap_result $? "pm xtest after $phase on CPU $c: ${l#RIG pm xtest "$phase" cpu="$c" }"
			done
		done
	fi
fi
if [ -n "$BIOS" ]; then
	tr -d '\r' <"$OUT/secure.log" >"$OUT/secure.txt"
	grep -q 'trusted OS running' "$OUT/secure.txt" && ! grep -q 'trusted OS.*dead' "$OUT/secure.txt"
	tap_result $? "secure console: secmon says the trusted OS runs and never found it dead" \
		"$(grep -m3 'trusted OS' "$OUT/secure.txt")"
fi
sed -n 's/^RIG irq /# Linux counted per CPU: /p' "$LOG"
n=$(sed -n 's/^RIG splats //p' "$LOG")
[ "$n" = 0 ]
tap_result $? "no kernel stack dump (${n:-no count})"
check "powered off" 'RIG done'
tap_status

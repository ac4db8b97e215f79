#!/bin/bash
# run.sh [options] - secmon.ko in Debian's own arm64 kernel, on QEMU.
#
# Builds secmon.ko and secmon-media-example.ko (`make module`) and the API
# test module secmon-api-test.ko against Debian's headers for the kernel
# tests/linux/fetch.sh resolves, puts them in an initramfs whose /init is
# tests/linux-module/init.sh, boots that kernel once per scenario with a
# test device tree, and prints TAP lines "ok - module: SCENARIO: ...".
#
# Scenarios with QEMU's built-in PSCI (no firmware; the device tree is
# QEMU's own virt tree, dumped with -machine dumpdtb, plus nodes from
# boards/, given back with -dtb). Nothing answers the secure-media
# service's SiP calls there: they come back SMC_UNK (-EOPNOTSUPP).
#   psci            + boards/secure-media.dtsi: PSCI firmware operations,
#                   the media service, debugfs, the example driver, the API
#   table           + the call table of boards/reordered.dts and media
#   legacy          + the legacy call table of boards/legacy-negative.dts
#   broken-table    + a call table with a register used twice: insmod fails
#   broken-service  + a secure-media node with method "svc": insmod fails
#   absent          no secmon node at all (only QEMU's PSCI node, which
#                   QEMU always adds): insmod fails; psci_only=1 loads
#   hvc-vhe         + secure-media with method "hvc", -cpu max: the kernel
#                   runs at EL2 (VHE), insmod fails naming the node
#   hvc-el1         the same at EL1 (virtualization=off; QEMU's PSCI is
#                   then HVC too): loads, the media calls go by HVC
#   cpus17          + secure-media.dtsi and /cpus nodes up to cpu@16 (17
#                   CPUs in the tree, 2 in QEMU), booted maxcpus=2: loads
# With --bios, under the secmon monitor (-bios FILE; the board DT goes to
# the monitor through fw_cfg opt/secmon/board.dtb and the monitor writes
# the secmon nodes into the tree it gives Linux), where the calls have
# answers:
#   fw-absent       no board DT: the monitor's own PSCI node only, so as
#                   "absent"; with psci_only=1, discovery through the
#                   kernel's conduit (the monitor has SMCCC 1.5, SOC_ID)
#   fw-psci         boards/psci-standard.dts
#   fw-table        boards/reordered.dts
#   fw-scmi         no board DT, the firmware built with SCMI=1 (FILE's
#                   directory with -scmi appended) when it exists, the
#                   kernel's SCMI core kept off: debugfs secmon/scmi reads
#                   Base's version, sets and reads a performance level and
#                   reads the sensors with the library's client; a driver
#                   bound to the channel's node while the file holds the
#                   channel waits for it, then keeps the file out
#   fw-scmi-owned   the same with the kernel's SCMI core on: the file
#                   refuses, the channel being the kernel driver's
#   fw-idle         (arm64) no board DT, 4 CPUs, cpuidle on the monitor's idle
#                   states: secmon_fwops_do_idle() from secmon-api-test.ko while
#                   cpuidle runs, then the monitor's PSCI statistics against
#                   Linux's cpuidle counters
# and with --arch armhf, each example board's firmware operations driven by
# secmon-api-test.ko (scenario=board) on CPU 1, taken offline first:
#   fw-negative fw-omap4 fw-reordered fw-psci01   boards/legacy-negative.dts,
#                   omap4-style.dts, reordered.dts, psci-0.1-custom.dts
#
# Options:
#   --bios FILE|auto  run the fw-* scenarios with FILE as firmware; "auto":
#                     build/qemu-virt-a64/secmon.bin (armhf: -a32) when it exists
#   --only LIST       comma-separated scenarios to run (default: all that apply)
#   --no-build        use the modules built before
#   --modules DIR     secmon.ko and secmon-media-example.ko from DIR (e.g. the
#                     ones DKMS installed from the secmon-dkms package,
#                     tests/deb) instead of the build's; secmon-api-test.ko is
#                     still built here, against the build's Module.symvers, so
#                     it loads only if DIR's secmon.ko exports the same symbol
#                     versions. Logs then go to .../test-modules/
#   --timeout SEC     per boot (default 60)
#   --smp N           CPUs for the scenarios that boot more than one (default 2)
#   --arch arm64|armhf  the kernel (default arm64); armhf: Debian's armmp
#                     kernel on qemu-system-arm -cpu cortex-a15, modules in
#                     build/linux-module/armhf/, --bios the AArch32 firmware
# Logs: build/linux-module/test/SCENARIO.log (serial console, with the
# init's SECMON-* lines). Exit status 0 when every check passed.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
HERE=$ROOT/tests/linux-module
cd "$ROOT" || exit 2

BIOS=
ONLY=
BUILD=1
TIMEOUT=60
SMP=2
ARCH=arm64
MODDIR=
usage() {
	sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}" >&2
	exit 2
}
while [ $# -gt 0 ]; do
	case $1 in
	--bios) BIOS=${2:?}; shift ;;
	--only) ONLY=${2:?}; shift ;;
	--no-build) BUILD=0 ;;
	--modules) MODDIR=${2:?}; shift ;;
	--timeout) TIMEOUT=${2:?}; shift ;;
	--smp) SMP=${2:?}; shift ;;
	--arch) ARCH=${2:?}; shift ;;
	-h | --help) usage ;;
	*) echo "run.sh: unknown option $1" >&2; usage ;;
	esac
	shift
done
if [ "$BIOS" = auto ]; then
	BIOS=
	fwdir=qemu-virt-a64
	[ "$ARCH" = armhf ] && fwdir=qemu-virt-a32
	[ -f "build/$fwdir/secmon.bin" ] && BIOS=build/$fwdir/secmon.bin
fi

LINUX_DIR=build/linux/$ARCH
O=build/linux-module
[ "$ARCH" = armhf ] && O=build/linux-module/armhf
T=$O/test
[ -n "$MODDIR" ] && T=$O/test-modules
mkdir -p "$T"
HDR=build/linux-headers/$ARCH
KDIR=$HDR/kdir
CROSS=aarch64-linux-gnu- KBUILD_ARCH=arm64 QEMU=qemu-system-aarch64 DEFCPU=cortex-a57
if [ "$ARCH" = armhf ]; then
	CROSS=arm-linux-gnueabihf- KBUILD_ARCH=arm QEMU=qemu-system-arm DEFCPU=cortex-a15
fi

# This script's TAP lines (tests/tap.sh), and the count of the lines it
# passes on from stack.py and from the init in the guest (PASS, FAIL).
TAP_PREFIX="module: "
. tests/tap.sh
PASS=0
FAIL=0
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# --- build ---------------------------------------------------------------------

t0=$(now)
if [ "$BUILD" = 1 ]; then
	if make -f linux/Makefile KARCH="$ARCH" >"$T/build.log" 2>&1; then
		tap_ok "build secmon.ko and secmon-media-example.ko ($(since "$t0") s)"
	else
		tap_not_ok "build secmon.ko and secmon-media-example.ko"
		tap_file "$T/build.log" 30
		echo "# $((PASS + TAP_COUNT - TAP_FAILED)) passed, $((FAIL + TAP_FAILED)) failed"
		exit 1
	fi
	# The call path: no sleeping function, stack under 1 KiB (.ci files).
	python3 "$HERE/stack.py" --objdir "$O/kbuild" --arch "$ARCH" >"$T/stack.txt" 2>&1
	cat "$T/stack.txt"
	PASS=$((PASS + $(grep -c '^ok ' "$T/stack.txt")))
	FAIL=$((FAIL + $(grep -c '^not ok ' "$T/stack.txt")))
	grep -q " - module stack ($ARCH): deepest" "$T/stack.txt" ||
		{ tap_not_ok "stack.py ran"; tap_file "$T/stack.txt" 30; }
	TK=$O/test-kbuild
	mkdir -p "$TK"
	# Its symbol versions come from secmon.ko's Module.symvers, which kbuild
	# does not track as a dependency: build it afresh every time.
	rm -f "$TK"/*.o "$TK"/*.ko "$TK"/*.mod "$TK"/*.mod.c "$TK"/.*.cmd
	ln -sfn "$HERE/Kbuild" "$TK/Kbuild"
	ln -sfn "$HERE/secmon-api-test.c" "$TK/secmon-api-test.c"
	ln -sfn "$ROOT/linux/include" "$TK/kinclude"
	if make -C "$KDIR" M="$ROOT/$TK" ARCH=$KBUILD_ARCH CROSS_COMPILE=$CROSS \
		KBUILD_EXTRA_SYMBOLS="$ROOT/$O/kbuild/Module.symvers" modules >"$T/build-test.log" 2>&1 &&
		! grep -q 'WARNING: modpost' "$T/build-test.log"; then
		cp "$TK/secmon-api-test.ko" "$O/secmon-api-test.ko"
		tap_ok "build secmon-api-test.ko against secmon.ko's exports"
	else
		tap_not_ok "build secmon-api-test.ko against secmon.ko's exports"
		tap_file "$T/build-test.log" 30
	fi
fi
# The module file the boots load: the build's, or --modules DIR's.
ko() {
	if [ -n "$MODDIR" ] && [ "$1" != secmon-api-test ]; then
		echo "$MODDIR/$1.ko"
	else
		echo "$O/$1.ko"
	fi
}
for m in secmon secmon-media-example secmon-api-test; do
	[ -f "$(ko $m)" ] || { echo "run.sh: no $(ko $m) (build it first)" >&2; exit 1; }
done
[ -n "$MODDIR" ] && echo "# secmon.ko and secmon-media-example.ko from $MODDIR"

# The modules must be for the kernel that boots.
KREL=$(sed -n 's/^kernel_release=//p' "$LINUX_DIR/version")
# Through a file, not /dev/stdout: objcopy writes a temporary file and renames
# it onto its output's name when that is a regular file, which can replace
# the /dev/stdout symlink itself (seen on a shared machine).
vermagic() {
	${CROSS}objcopy -O binary --only-section=.modinfo "$1" "$T/modinfo.bin" &&
		tr '\0' '\n' <"$T/modinfo.bin" | sed -n 's/^vermagic=//p'
}
want=$(vermagic "$(find "$LINUX_DIR/modules/$KREL" -name virtio_mmio.ko | head -n 1)")
got=$(vermagic "$(ko secmon)")
if [ -n "$want" ] && [ "$got" = "$want" ]; then
	tap_ok "vermagic of secmon.ko matches the kernel's own modules ($got)"
else
	echo "secmon.ko: '$got', the kernel's virtio_mmio.ko: '$want'" >"$T/vermagic.txt"
	tap_not_ok "vermagic of secmon.ko matches the kernel's own modules"
	tap_file "$T/vermagic.txt" 30
fi

# --- initramfs: the test-kernel init and busybox, then the modules ------------

t0=$(now)
INITRD=$T/initrd.cpio.gz
X=$T/extra
rm -rf "$X"
mkdir -p "$X/lib/modules/secmon"
for m in secmon secmon-media-example secmon-api-test; do
	${CROSS}strip --strip-debug -o "$X/lib/modules/secmon/$m.ko" "$(ko $m)"
done
if ! INITRD_MODULES="" sh tests/linux/mkinitrd.sh "$LINUX_DIR" "$HERE/init.sh" "$T/base.cpio.gz" \
	>"$T/initrd.log" 2>&1; then
	tap_not_ok "initramfs"
	tap_file "$T/initrd.log" 30
	exit 1
fi
find "$X" -exec touch -h -d @0 {} +
# The kernel unpacks concatenated (compressed) cpio archives in turn.
(cd "$X" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --reproducible --quiet) |
	gzip -9n >"$T/extra.cpio.gz"
cat "$T/base.cpio.gz" "$T/extra.cpio.gz" >"$INITRD"
echo "# initramfs $INITRD ($(wc -c <"$INITRD") bytes, $(since "$t0") s)"

# --- device trees ----------------------------------------------------------------

# QEMU's own tree for the machine boot.sh makes (its defaults: virt,
# virtualization=on, GICv2, cortex-a57, 1G), with N CPUs.
# With CPU and VIRT (on|off) other than cortex-a57 and on, as given to boot.sh.
virt_dts() { # N OUT.dts [CPU [VIRT]]
	local dtb=$T/virt-$1.dtb
	$QEMU -M "virt,virtualization=${4:-on},gic-version=2,dumpdtb=$dtb" \
		-cpu "${3:-$DEFCPU}" -smp "$1" -m 1G -nographic -nic none >/dev/null 2>&1 || return 1
	dtc -q -I dtb -O dts -o "$2" "$dtb"
}
# The machine of each scenario, as boot.sh options (default: boot.sh's).
machine() {
	case $1 in
	hvc-vhe) echo "--cpu max" ;;
	hvc-el1) echo "--virt 0" ;;
	esac
}
# Kernel command-line words of each scenario.
kargs() {
	case $1 in
	cpus17) echo "maxcpus=2" ;;
	fw-scmi) echo "initcall_blacklist=scmi_driver_init" ;;
	esac
}
# /cpus/cpu@N nodes FROM..16 for a tree made with -smp FROM.
more_cpus() { # FROM
	local i
	echo "/ { cpus {"
	for ((i = $1; i < 17; i++)); do
		printf '\tcpu@%x { device_type = "cpu"; compatible = "arm,cortex-a57"; reg = <0x%x>; enable-method = "psci"; };\n' "$i" "$i"
	done
	echo "}; };"
}
# A board's nodes without its header and includes.
board_body() { sed -e '/^\/dts-v1\/;/d' -e '/^\/include\//d' "boards/$1"; }

make_dts() { # SCENARIO N OUT.dts
	case $1 in
	hvc-vhe) virt_dts "$2" "$3" max on ;;
	hvc-el1) virt_dts "$2" "$3" "$DEFCPU" off ;;
	*) virt_dts "$2" "$3" ;;
	esac || return 1
	case $1 in
	psci) echo '/include/ "secure-media.dtsi"' ;;
	table) board_body reordered.dts; echo '/include/ "secure-media.dtsi"' ;;
	legacy) board_body legacy-negative.dts; echo '/include/ "secure-media.dtsi"' ;;
	broken-table)
		cat <<'EOF'
/include/ "secure-media.dtsi"
/ {
	firmware {
		secure-monitor {
			compatible = "secmon,call-table";
			method = "smc";
			cpu-boot {
				function-id = <0xc2000010>;
				convention = "smc64";
				arg-names = "entry", "mpidr";
				arg-registers = <1 1>;
				result-names = "status";
				result-registers = <0>;
			};
		};
	};
};
EOF
		;;
	broken-service)
		cat <<'EOF'
/include/ "secure-media.dtsi"
/ {
	firmware {
		secure-media {
			method = "svc";
		};
	};
};
EOF
		;;
	hvc-*)
		cat <<'EOF'
/include/ "secure-media.dtsi"
/ {
	firmware {
		secure-media {
			method = "hvc";
		};
	};
};
EOF
		;;
	cpus17) echo '/include/ "secure-media.dtsi"'; more_cpus "$2" ;;
	absent) ;;
	esac >>"$3"
}

# --- boots -------------------------------------------------------------------------

run_boot() { # NAME FW N [boot.sh options...] -- [QEMU options...]
	local name=$1 fw=$2 n=$3 log=$T/$1.log t rc elapsed
	shift 3
	t=$(now)
	bash tests/linux/boot.sh --arch "$ARCH" --smp "$n" --initrd "$INITRD" --log "$log" --quiet \
		--timeout "$TIMEOUT" --append "secmon.mod=${name#fw-} secmon.fw=$fw $(kargs "$name")" "$@" \
		>"$T/$name.boot" 2>&1
	rc=$?
	# The init's checks, each "not ok" followed by its detail lines.
	sed -n -e 's/^SECMON-MOD \(\(not \)\{0,1\}ok - .*\)/\1/p' -e 's/^SECMON-MOD #/#/p' "$log"
	PASS=$((PASS + $(grep -c '^SECMON-MOD ok - ' "$log")))
	FAIL=$((FAIL + $(grep -c '^SECMON-MOD not ok - ' "$log")))
	elapsed=$(sed -n 's/^SECMON-HOST elapsed=//p' "$log")
	if grep -q '^SECMON-MOD end' "$log"; then
		tap_ok "$name: the init ran every check"
	else
		tap_not_ok "$name: the init ran every check (rc=$rc)"
		tap_file "$log" 30
	fi
	if [ "$rc" = 0 ]; then
		tap_ok "$name: powered off after ${elapsed}s"
	else
		tap_not_ok "$name: powered off (boot.sh rc=$rc)"
		tap_file "$T/$name.boot" 30
	fi
	echo "# $name: $(since "$t") s in all"
}

SCENARIOS="psci table legacy broken-table broken-service absent hvc-el1"
# VHE and NR_CPUS=256 are arm64's (armmp: NR_CPUS=8, see docs/linux-module.md).
[ "$ARCH" = arm64 ] && SCENARIOS="$SCENARIOS hvc-vhe cpus17"
[ -n "$BIOS" ] && SCENARIOS="$SCENARIOS fw-absent fw-psci fw-table"
# The firmware built with SCMI=1 beside it: the library's SCMI client.
BIOS_SCMI=$(dirname "${BIOS:-.}")-scmi/secmon.bin
[ -n "$BIOS" ] && [ "$ARCH" = arm64 ] && [ -f "$BIOS_SCMI" ] && SCENARIOS="$SCENARIOS fw-scmi fw-scmi-owned"
[ -n "$BIOS" ] && [ "$ARCH" = arm64 ] && SCENARIOS="$SCENARIOS fw-idle"
# The example boards' firmware operations from an AArch32 kernel too.
[ -n "$BIOS" ] && [ "$ARCH" = armhf ] &&
	SCENARIOS="$SCENARIOS fw-negative fw-omap4 fw-reordered fw-psci01"
wanted() { [ -z "$ONLY" ] || [[ ",$ONLY," == *",$1,"* ]]; }

for s in $SCENARIOS; do
	wanted "$s" || continue
	case $s in
	fw-absent)
		run_boot "$s" 1 "$SMP" --bios "$BIOS" --secure-log "$T/$s.secure.log"
		;;
	fw-scmi | fw-scmi-owned)
		run_boot "$s" 1 "$SMP" --bios "$BIOS_SCMI" --secure-log "$T/$s.secure.log"
		;;
	fw-idle)
		run_boot "$s" 1 4 --bios "$BIOS" --secure-log "$T/$s.secure.log"
		;;
	fw-*)
		case $s in
		fw-psci) board=psci-standard.dts ;;
		fw-table | fw-reordered) board=reordered.dts ;;
		fw-negative) board=legacy-negative.dts ;;
		fw-omap4) board=omap4-style.dts ;;
		fw-psci01) board=psci-0.1-custom.dts ;;
		esac
		dtc -q -i boards -I dts -O dtb -o "$T/$s-board.dtb" "boards/$board" || {
			tap_not_ok "$s: compile boards/$board"
			continue
		}
		run_boot "$s" 1 "$SMP" --bios "$BIOS" --secure-log "$T/$s.secure.log" -- \
			-fw_cfg "name=opt/secmon/board.dtb,file=$T/$s-board.dtb"
		;;
	*)
		if ! make_dts "$s" "$SMP" "$T/$s.dts" ||
			! dtc -q -i boards -I dts -O dtb -o "$T/$s.dtb" "$T/$s.dts" 2>"$T/$s.dtc.log"; then
			tap_not_ok "$s: make the test device tree"
			tap_file "$T/$s.dtc.log" 30
			continue
		fi
		# shellcheck disable=SC2046
		run_boot "$s" 0 "$SMP" $(machine "$s") -- -dtb "$T/$s.dtb"
		;;
	esac
done

echo "# $((PASS + TAP_COUNT - TAP_FAILED)) passed, $((FAIL + TAP_FAILED)) failed"
[ "$FAIL" = 0 ] && tap_status

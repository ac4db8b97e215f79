#!/usr/bin/env bash
# `make run`: build the firmware, fetch Debian's kernel and busybox, boot
# Linux with 4 CPUs under secmon on QEMU virt (secure=on), and print a short
# summary: the CPUs, the idle states Linux registered (each used in turn for a
# second) and one suspend to RAM woken by the RTC alarm. Exits 0 only when
# Linux came up on every CPU, used them, resumed, and the machine powered
# off through PSCI SYSTEM_OFF.
#   SMP=N GIC=2|3 CPU=cortex-a57|max VIRT=0|1 make run
#   make run ARCH=a32     the AArch32 monitor (build/qemu-virt-a32/secmon.bin)
#                         and Debian's armmp zImage on qemu-system-arm,
#                         -cpu cortex-a15, GICv2 (SMP=N VIRT=0|1 too)
#   make run BOOT=u-boot  the same Linux, but through Debian's U-Boot
#                         (u-boot-qemu's qemu_arm64/u-boot.bin, fetched into
#                         build/uboot) as secmon's payload (-fw_cfg
#                         name=opt/secmon/payload): U-Boot's default boot
#                         loads the kernel and initrd from fw_cfg (qfw)
#   make run BIOS=FILE    boot FILE instead of building the firmware, e.g.
#                         /usr/share/secmon/qemu-virt-a64/secmon.bin of the
#                         secmon-firmware-qemu package (LOG=FILE: the serial
#                         log's path, default build/run/boot*.log)
#   make run BOOT=xen     Debian's Xen under secmon with Debian's kernel as
#                         dom0 (scripts/run-xen.sh; TRACE=1 there shows the
#                         boot as the monitor recorded it)
#   make run TOS=FILE     a trusted OS for the firmware (fw_cfg opt/secmon/tos,
#                         docs/trusted-os.md), e.g. build/tos/tos.bin, the
#                         project's payload (built by make); AArch64 only,
#                         with the image that has the dispatcher (port
#                         qemu-virt-a64-tos) unless BIOS= says otherwise.
#                         The secure console (build/run/boot-secure.log) must
#                         say it runs, and the usual checks pass with it,
#                         CPU hotplug added
#   make run TRACE=1      also record the firmware's trace (docs/trace.md):
#                         secmon.ko (built against Debian's headers) in the
#                         initramfs asks the monitor to record (fw_trace=1),
#                         the init runs the usual checks plus CPU hotplug,
#                         then prints the trace base64 on the console; it is
#                         decoded into build/run/trace.txt and drawn as
#                         build/run/trace.svg by build/host/secmon trace
#                         (the same firmware: a board DT switches recording
#                         on from cold boot)
set -euo pipefail
cd "$(dirname "$0")/.."

ARCH=${ARCH:-a64}
case $ARCH in
a64 | arm64 | aarch64)
	ARCH=a64 DEB=arm64 GIC=${GIC:-3} CPU=${CPU:-cortex-a57}
	TESTS=cpuidle,suspend:1 EXPECT="cpuidle suspend"
	;;
a32 | armhf | arm)
	ARCH=a32 DEB=armhf GIC=${GIC:-2} CPU=${CPU:-cortex-a15}
	# Debian's armmp kernel has no cpuidle (CONFIG_CPU_IDLE is not set).
	TESTS=suspend:1 EXPECT=suspend
	;;
*)
	echo "run.sh: ARCH must be a64 or a32, not '$ARCH'" >&2
	exit 2
	;;
esac
BOOT=${BOOT:-linux}
case $BOOT in
linux) ;;
xen)
	if [ "$ARCH" = a32 ]; then
		echo "run.sh: BOOT=xen is AArch64 only (Debian's Xen for arm64, xen-hypervisor-*-arm64)" >&2
		exit 2
	fi
	exec bash scripts/run-xen.sh
	;;
u-boot)
	if [ "$ARCH" = a32 ]; then
		echo "run.sh: BOOT=u-boot is AArch64 only: Debian's qemu_arm U-Boot is linked at 0 and" \
			"not position-independent, and address 0 is secure-only flash with secure=on" \
			"(docs/qemu-virt-a64.md, Boot chain)" >&2
		exit 2
	fi
	;;
*)
	echo "run.sh: BOOT must be linux, u-boot or xen, not '$BOOT'" >&2
	exit 2
	;;
esac
SMP=${SMP:-4}
VIRT=${VIRT:-1}
TRACE=${TRACE:-0}
TOS=${TOS:-}
if [ -n "$TOS" ]; then
	[ "$ARCH" = a64 ] || { echo "run.sh: TOS= is AArch64 only (docs/trusted-os.md, AArch32)" >&2; exit 2; }
	[ -f "$TOS" ] || { echo "run.sh: no trusted OS image $TOS (TOS)" >&2; exit 2; }
fi
port=qemu-virt-$ARCH$([ -z "$TOS" ] || echo -tos)
fw=${BIOS:-build/$port/secmon.bin}
log=${LOG:-build/run/boot$([ "$ARCH" = a64 ] || echo "-$ARCH").log}
mkdir -p build/run "$(dirname "$log")"
if [ "$ARCH" = a64 ]; then
	where="EL$((VIRT + 1))"
else
	where=$([ "$VIRT" = 1 ] && echo "Hyp mode" || echo "SVC mode")
fi

if [ -n "${BIOS:-}" ]; then
	[ -f "$fw" ] || { echo "run.sh: no firmware image $fw (BIOS)" >&2; exit 2; }
	echo "== the firmware: $fw"
else
	echo "== building the firmware ($fw)"
	make -s -f mk/firmware.mk PORT="$port"
fi
echo "== fetching Debian's $DEB kernel and busybox (cached under build/linux/$DEB)"
sh tests/linux/fetch.sh "$DEB" "build/linux/$DEB" >/dev/null
payload=()
if [ "$BOOT" = u-boot ]; then
	ub=build/uboot/root/usr/lib/u-boot/qemu_arm64/u-boot.bin
	echo "== fetching Debian's U-Boot (u-boot-qemu, cached under build/uboot)"
	sh tests/uboot/fetch.sh build/uboot >/dev/null
	echo "== U-Boot $(sed -n 's/^version=//p' build/uboot/version): $ub as secmon's payload" \
		"(-fw_cfg name=opt/secmon/payload); it loads the kernel and initrd from fw_cfg"
	payload=(-fw_cfg "name=opt/secmon/payload,file=$ub" -accel tcg,thread=multi)
	log=${LOG:-build/run/boot-u-boot.log}
fi
initrd=()
timeout=120
if [ "$TRACE" = 1 ]; then
	echo "== building secmon.ko for Debian's $DEB kernel and the secmon tool (build/host/secmon)"
	make -s -f linux/Makefile KARCH="$DEB" >/dev/null
	make -s host >/dev/null
	ko=build/linux-module/$([ "$DEB" = arm64 ] || echo "armhf/")secmon.ko
	extra=build/run/trace-initrd
	rm -rf "$extra"
	mkdir -p "$extra/lib/modules/secmon"
	cp "$ko" "$extra/lib/modules/secmon/"
	INITRD_EXTRA=$extra sh tests/linux/mkinitrd.sh "build/linux/$DEB" tests/linux/init-summary.sh \
		build/run/initrd-trace.cpio.gz >/dev/null
	initrd=(--initrd build/run/initrd-trace.cpio.gz)
	TESTS=trace-start,$TESTS,hotplug:2,trace-dump
	timeout=300
	rm -rf build/run/trace build/run/trace.txt build/run/trace.svg
	# Recording from cold boot: a board DT with the secmon,trace node
	# (docs/bindings/secmon,trace.yaml), so that the boot's calls are in it.
	printf '/dts-v1/;\n/ {\n\ttrace {\n\t\tcompatible = "secmon,trace";\n\t\tsecmon,recording = "on";\n\t};\n};\n' |
		dtc -q -I dts -O dtb -o build/run/trace-board.dtb -
	payload+=(-fw_cfg name=opt/secmon/board.dtb,file=build/run/trace-board.dtb)
fi
seclog=()
if [ -n "$TOS" ]; then
	# CPU hotplug too: the trusted OS's cpu_off and cpu_on hooks under Linux.
	TESTS=$TESTS,hotplug:2 EXPECT="$EXPECT hotplug"
	echo "== $TOS as the trusted OS (-fw_cfg name=opt/secmon/tos)"
	# shellcheck disable=SC2054 # one QEMU argument, commas and all
	payload+=(-fw_cfg "name=opt/secmon/tos,file=$TOS" -fw_cfg name=opt/secmon/verbose,string=1)
	seclog=(--secure-log "${log%.log}-secure.log")
fi
echo "== booting Linux $(sed -n 's/^kernel_package=//p' "build/linux/$DEB/version") on $SMP CPUs, GICv$GIC, $CPU, $where"
status=0
. tests/tap.sh
bash tests/linux/boot.sh --arch "$DEB" --bios "$fw" --smp "$SMP" --gic "$GIC" --cpu "$CPU" \
	--virt "$VIRT" --log "$log" --quiet --timeout "$timeout" --append "secmon.test=$TESTS" \
	"${initrd[@]}" "${seclog[@]}" -- "${payload[@]}" || status=$?

echo "== summary (full serial log: $log)"
grep -v SECMON-LOG "$log" | grep -E '^U-Boot 20|loading kernel to address|Starting kernel|Booting Linux|psci:|SMCCC|CPU: All CPU|smp: Brought up|SECMON-TEST (cpus_online|boot_el|psci|smccc|soc_id|soc_machine|soc_family|soc_revision|cpuidle|genpd|suspend|hotplug|trace|warnings)|reboot: Power down|SECMON-HOST elapsed' |
	sed -e 's/^\[ *[0-9.]*\] //' -e 's/^SECMON-TEST /  init: /' | sed 's/^/  /'
echo "== checks"
# shellcheck disable=SC2086
tap_suite bash tests/linux/check-boot.sh --name run "$log" "cpus=$SMP" psci=1.3 smccc=1.5 soc_id \
	$EXPECT warnings=0 poweroff
if [ -n "$TOS" ]; then
	grep -q 'trusted OS running' "${log%.log}-secure.log" &&
		! grep -q '^trusted OS.*dead' "${log%.log}-secure.log"
	tap_result $? "run the trusted OS ($TOS) started and was never found broken"
fi
if [ "$BOOT" = u-boot ]; then
	grep -q '^U-Boot 20' "$log" && grep -q 'Starting kernel' "$log"
	tap_result $? "run U-Boot ran and started the kernel"
fi
if [ "$TRACE" = 1 ]; then
	echo "== the firmware's trace"
	mkdir -p build/run/trace
	# Each read the init made: "SECMON-TRACE-BEGIN <n>", base64, "SECMON-TRACE-END".
	awk '/^SECMON-TRACE-BEGIN /{ f = "build/run/trace/" $2 ".b64"; next }
	     /^SECMON-TRACE-END/{ f = ""; next }
	     f != "" { print > f }' "$log"
	for b in build/run/trace/*.b64; do
		[ -e "$b" ] && base64 -d <"$b" >"${b%.b64}.bin" && rm -f "$b"
	done
	parts=(build/run/trace/*.bin)
	if [ -e "${parts[0]}" ] && build/host/secmon trace "${parts[@]}" >build/run/trace.txt &&
		build/host/secmon trace --svg build/run/trace.svg "${parts[@]}" >/dev/null; then
		tap_ok "run trace: $(sed -n 1p build/run/trace.txt | sed 's/^# secmon trace: //'), in ${#parts[@]} reads"
		build/host/secmon trace --json "${parts[@]}" >build/run/trace.json
		if why=$(python3 tests/cli/svgcheck.py build/run/trace.svg build/run/trace.json 2>&1); then
			tap_ok "run trace.svg matches the records ($why)"
		else
			tap_not_ok "run trace.svg matches the records"
			printf '%s\n' "$why" | head -5 | sed 's/^/#   /'
		fi
		echo "   text:     build/run/trace.txt"
		echo "   timeline: build/run/trace.svg (open it in a browser)"
		echo "   raw:      build/run/trace/*.bin (secmon trace [--json] build/run/trace/*.bin)"
	else
		tap_not_ok "run trace: no trace came out: $(grep -E 'SECMON-TEST trace' "$log" | tr '\n' ' ')"
	fi
fi
# The boot's own status, else 1 when a check failed.
[ "$status" -ne 0 ] || tap_status || status=1
if [ "$status" -eq 0 ]; then
	echo "== Linux brought up $SMP CPUs under secmon$([ "$BOOT" = u-boot ] && echo " through U-Boot") and powered off through SYSTEM_OFF"
else
	echo "== FAILED (status $status): see $log"
fi
exit "$status"

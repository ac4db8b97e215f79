#!/usr/bin/env bash
# `make check`: builds every target and runs every test suite. A suite is a
# command that prints one line per test, "ok ..." or "not ok ..." (TAP; cmocka
# prints it with CMOCKA_MESSAGE_OUTPUT=TAP). A suite that exits non-zero
# without a "not ok" line, or that ran no test, counts as one failure.
# Logs go to build/check/<suite>.log. Last line: "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 1
logdir=build/check
rm -rf "$logdir"
mkdir -p "$logdir"
export CMOCKA_MESSAGE_OUTPUT=TAP
# The TAP lines of the builds and checks made here (tests/tap.sh).
. tests/tap.sh

passed=0
failed=0

run_suite() {
	local name=$1
	shift
	local log=$logdir/$name.log start=$SECONDS rc ok nok skip
	"$@" >"$log" 2>&1
	rc=$?
	# A skipped test ("ok ... # SKIP") is not a pass.
	ok=$(grep '^ok ' "$log" | grep -vc '# SKIP')
	skip=$(grep '^ok ' "$log" | grep -c '# SKIP')
	nok=$(grep -c '^not ok ' "$log")
	if [ "$rc" -ne 0 ] && [ "$nok" -eq 0 ]; then
		nok=1
		echo "not ok - $name exited with status $rc" >>"$log"
	fi
	if [ "$ok" -eq 0 ] && [ "$nok" -eq 0 ]; then
		nok=1
		echo "not ok - $name ran no test" >>"$log"
	fi
	passed=$((passed + ok))
	failed=$((failed + nok))
	printf '%-28s %4d passed %4d failed  %3ds%s\n' "$name" "$ok" "$nok" $((SECONDS - start)) \
		"$([ "$skip" -eq 0 ] || echo "  ($skip skipped, not counted)")"
	if [ "$nok" -ne 0 ]; then
		grep '^not ok ' "$log" | head -20 | sed 's/^/    /'
		echo "    (log: $log)"
	fi
}

# Each build is one test: it passes when it compiles with -Werror.
build() {
	local what=$1
	shift
	tap_check "build $what" "$@"
}

# All unit-test binaries of a host build flavour.
units() {
	local dir=$1 t
	for t in "$dir"/tests/test_*; do
		[ -x "$t" ] || continue
		echo "# $t"
		"$t" >"$t.out" 2>&1
		local rc=$?
		cat "$t.out"
		if [ "$rc" -ne 0 ] && ! grep -q '^not ok ' "$t.out"; then
			tap_not_ok "$t exited with status $rc"
		fi
	done
}

# logs_say FILE PATTERN [FILE PATTERN...]: each PATTERN (grep's) is in the
# FILE before it.
logs_say() {
	while [ $# -ge 2 ]; do
		grep -q -- "$2" "$1" || return 1
		shift 2
	done
}

# The firmware ports (mk/ports.mk).
ports=$(make --no-print-directory -s -f mk/ports.mk)

# Every C file of every port compiled with clang too (-Werror).
clang_firmware() {
	local p
	for p in $ports; do
		build "firmware $p with clang" make -f mk/firmware.mk PORT="$p" clang-check
	done
}

# The conformance suite on QEMU from the bare-metal test kernel, under secmon,
# in several machine shapes.
# The resident part of every image whose link splits it (the AArch64 ports)
# never refers to the cold boot.
boot_split() {
	local p rc=0
	for p in $ports; do
		make -s -f mk/firmware.mk PORT="$p" boot-split || rc=1
	done
	return $rc
}

nsk_runs() {
	local fw=build/qemu-virt-a64/secmon.bin rc=0
	bash tests/nsk/run.sh --bios $fw --smp 4 --gic 3 --virt 1 || rc=1
	bash tests/nsk/run.sh --bios $fw --smp 4 --gic 2 --virt 0 || rc=1
	bash tests/nsk/run.sh --bios $fw --smp 4 --gic 3 --virt 1 --el 1 || rc=1
	bash tests/nsk/run.sh --bios $fw --smp 1 --gic 2 || rc=1
	bash tests/nsk/run.sh --bios $fw --smp 8 --gic 2 || rc=1
	bash tests/nsk/run.sh --bios $fw --smp 4 --gic 3 --cpu max || rc=1
	# SMCs from AArch32 EL1 (the monitor's exception class 0x13 path), and a
	# legacy call with its ID in r12 from there.
	bash tests/nsk/run.sh --bios $fw --smp 2 --gic 3 --virt 1 --test a32el1 || rc=1
	# Where an arm64 Image goes: text_offset honoured, or refused by name.
	bash tests/nsk/loader.sh $fw || rc=1
	# Warm entries keep a big-endian caller's endianness, at EL2 and at EL1.
	bash tests/nsk/run.sh --bios $fw --smp 2 --gic 3 --virt 1 --test endian || rc=1
	bash tests/nsk/run.sh --bios $fw --smp 2 --gic 2 --virt 0 --test endian || rc=1
	# The cycle counter does not count EL3 (TFV-5): cortex-a57 (PMCR_EL0.DP)
	# at EL2 and EL1, -cpu max (MDCR_EL3.SCCD); -icount makes cycles instructions.
	# PMCR_EL0.DP clear after a power-down and after CPU_OFF and CPU_ON.
	bash tests/nsk/run.sh --bios $fw --smp 2 --gic 3 --virt 1 --test pmu --icount || rc=1
	bash tests/nsk/run.sh --bios $fw --smp 2 --gic 3 --virt 1 --el 1 --test pmu --icount || rc=1
	bash tests/nsk/run.sh --bios $fw --smp 2 --gic 3 --virt 1 --cpu max --test pmu --icount || rc=1
	bash tests/nsk/run.sh --bios $fw --smp 2 --gic 2 --virt 1 --board boards/omap4-style.dts \
		--test a32el1 --append nsk.a32id12=0x102 || rc=1
	# 1000 SYSTEM_SUSPEND cycles, the caller rotating, the others off; the
	# PSCI 0.1 board adds the monitor's own secure tick on the boot CPU.
	# ... and power off with PSCI 1.3 SYSTEM_OFF2 (HIBERNATE_OFF).
	bash tests/nsk/run.sh --bios $fw --smp 4 --gic 3 --test syssuspend --timeout 40 \
		--append nsk.off2=1 || rc=1
	bash tests/nsk/run.sh --bios $fw --smp 4 --gic 2 --board boards/psci-0.1-custom.dts \
		--test syssuspend --timeout 40 || rc=1
	# The SCMI server (the SCMI=1 firmware) through the library's client: the
	# built-in model at EL1, and a board DT's performance domains and sensors
	# with a secure-only one of each, which must be DENIED.
	local scmi=build/qemu-virt-a64-scmi/secmon.bin
	local log=build/nsk-a64/logs/secmon-scmi-board-a57-el2-smp2-gic3.log
	bash tests/nsk/run.sh --bios $scmi --smp 1 --gic 2 --virt 0 || rc=1
	bash tests/nsk/run.sh --bios $scmi --smp 2 --gic 3 --virt 1 \
		--board tests/nsk/scmi-board.dts || rc=1
	tap_check "nsk scmi-board: the secure-only performance domain and sensor are DENIED" \
		logs_say $log '^# SCMI performance: 3 domains, 6 levels set, 1 DENIED$' \
		$log '^# SCMI sensors: 3, 2 read, 1 DENIED$' || rc=1
	return $rc
}

# The trusted-OS dispatcher (docs/trusted-os.md) with the project's payload
# (build/tos/tos.bin) as fw_cfg opt/secmon/tos: the payload's own suite from
# the nsk on GICv3 and GICv2 (calls on every CPU, the PSCI hooks with
# suspend and resume, secure timer interrupts, preempted yielding calls),
# the conformance suite with it loaded, and each of its failures contained
# (the monitor's console must say what happened).
tos_runs() {
	local fw=build/qemu-virt-a64-tos/secmon.bin tos=build/tos/tos.bin rc=0 k gic log
	bash tests/nsk/run.sh --bios $fw --tos $tos --smp 4 --gic 3 --virt 1 --test tos || rc=1
	bash tests/nsk/run.sh --bios $fw --tos $tos --smp 4 --gic 2 --virt 0 --test tos || rc=1
	bash tests/nsk/run.sh --bios $fw --tos $tos --smp 4 --gic 3 --virt 1 --el 1 --test tos || rc=1
	bash tests/nsk/run.sh --bios $fw --tos $tos --smp 4 --gic 3 --virt 1 || rc=1
	# Random SMCs from every CPU with the payload loaded; its memory as
	# out of the normal world's reach as the monitor's.
	bash tests/nsk/run.sh --bios $fw --tos $tos --smp 4 --gic 3 --virt 1 --mttcg --timeout 60 \
		--test hostile --append "nsk.calls=20000" || rc=1
	bash tests/nsk/run.sh --bios $fw --tos $tos --smp 4 --gic 2 --virt 0 --test isolation || rc=1
	# A PSCI 0.1 board's power-off watch needs the secure timer: the payload is refused, by name.
	bash tests/nsk/run.sh --bios $fw --tos $tos --smp 2 --gic 3 --virt 1 \
		--board boards/psci-0.1-custom.dts || rc=1
	log=build/nsk-a64/logs/secmon-tos-psci-0.1-custom-a57-el2-smp2-gic3.fw.log
	tap_check "tos psci-0.1 board: the payload refused, the console says why" \
		grep -q "trusted OS (fw_cfg opt/secmon/tos) refused: a PSCI 0.1 board's power-off watch" \
		"$log" || rc=1
	# The default image has no dispatcher: the payload is ignored, by name,
	# and the trusted-OS calls are SMC_UNK.
	bash tests/nsk/run.sh --bios build/qemu-virt-a64/secmon.bin --tos $tos --smp 2 --gic 3 \
		--virt 1 || rc=1
	log=build/nsk-a64/logs/secmon-tos-a57-el2-smp2-gic3
	tap_check "tos default image: the payload ignored, the console says why, its calls SMC_UNK" \
		logs_say "$log.fw.log" \
		"trusted OS (fw_cfg opt/secmon/tos) ignored: this image has no trusted-OS dispatcher" \
		"$log.log" "^ok .* no trusted OS: its CALLS_COUNT (OEN 63) is SMC_UNK" || rc=1
	# On a CPU with PAuth and SVE (max): the FP/SIMD registers kept apart
	# (the normal world's SVE vector length capped); the payload reading the
	# normal world's PAuth key (trapped: it dies) and dying with a secure SGI
	# pending (its interrupts silenced, not an FIQ storm). A CPU with SME
	# gets no trusted OS, by name.
	bash tests/nsk/run.sh --bios $fw --tos $tos --smp 4 --gic 3 --virt 1 --cpu max,sme=off \
		--test tos || rc=1
	for k in 5 6; do
		for gic in 3 2; do
			bash tests/nsk/run.sh --bios $fw --tos $tos --smp 4 --gic $gic --virt 1 \
				--cpu max,sme=off --test tos --append nsk.tosfault=$k || rc=1
			log=build/nsk-a64/logs/secmon-tos-max_sme_off-el2-smp4-gic$gic-tos.fw.log
			tap_check "tos fault $k gic$gic (max): the monitor's console says what the payload did" \
				grep -q '^trusted OS on CPU 1: .*it is dead' "$log" || rc=1
		done
	done
	bash tests/nsk/run.sh --bios $fw --tos $tos --smp 2 --gic 3 --virt 1 --cpu max || rc=1
	log=build/nsk-a64/logs/secmon-tos-max-el2-smp2-gic3.fw.log
	tap_check "tos on a CPU with SME: the payload refused, the console says why" \
		grep -q "trusted OS refused: the CPU has SME" "$log" || rc=1
	# The payload behind OP-TEE's header v1: it runs; with an init_mem_usage
	# past the room (0x0e100000-0x0f000000) it is refused, by name.
	bash tests/nsk/tos-v1.sh build/tos/tos-v1.bin $tos 0xf00000
	bash tests/nsk/run.sh --bios $fw --tos build/tos/tos-v1.bin --smp 4 --gic 3 --virt 1 \
		--test tos || rc=1
	bash tests/nsk/tos-v1.sh build/tos/tos-v1-big.bin $tos 0xf00001
	bash tests/nsk/run.sh --bios $fw --tos build/tos/tos-v1-big.bin --smp 2 --gic 3 --virt 1 || rc=1
	log=build/nsk-a64/logs/secmon-tos-a57-el2-smp2-gic3.fw.log
	tap_check "tos OP-TEE header: init_mem_usage past the room refused, the console says why" \
		grep -q "refused: OP-TEE header init_mem_usage" "$log" || rc=1
	# A raw image that faults at once (8 zero bytes: `udf #0`), before it has
	# vectors of its own: its first entry is contained, by name, and the OS
	# boots without it.
	printf '\0\0\0\0\0\0\0\0' > build/tos/tos-udf.bin
	bash tests/nsk/run.sh --bios $fw --tos build/tos/tos-udf.bin --smp 2 --gic 3 --virt 1 || rc=1
	log=build/nsk-a64/logs/secmon-tos-a57-el2-smp2-gic3.fw.log
	tap_check "tos image that faults before its vectors: contained, the console says so" \
		grep -q "trusted OS: its first entry ended with an exception, ESR 5e000001" "$log" || rc=1
	# A raw image whose first entry never answers, with interrupts masked
	# (`wfi; b .-4`), when no other CPU runs to find it late: the monitor's
	# boot timer (the secure physical timer) takes the boot CPU back after
	# 3 x 500 ms, by name, and the OS boots without it (OEN 63 SMC_UNK).
	printf '\x7f\x20\x03\xd5\xff\xff\xff\x17' > build/tos/tos-hang.bin
	for gic in 3 2; do
		bash tests/nsk/run.sh --bios $fw --tos build/tos/tos-hang.bin --smp 2 --gic $gic \
			--virt 1 || rc=1
		log=build/nsk-a64/logs/secmon-tos-a57-el2-smp2-gic$gic
		tap_check "tos gic$gic image that hangs in its first entry: contained, the console says so, its calls SMC_UNK" \
			logs_say "$log.fw.log" "^trusted OS: its first entry gave no answer in 3 x 500 ms: booting without it" \
			"$log.log" "^ok .* no trusted OS: its CALLS_COUNT (OEN 63) is SMC_UNK" || rc=1
	done
	# Linux with the payload loaded (make run TOS=): 4 CPUs, cpuidle's
	# power-down states, suspend to RAM, CPU hotplug, its hooks on each.
	BIOS=$fw TOS=$tos LOG=build/run/boot-tos.log bash scripts/run.sh || rc=1
	# The payload from Linux (tos-linux-test.ko), GICv3 at EL2 and GICv2 at EL1:
	# calls on every CPU at once, a yielding call preempted >= 100 times,
	# 1000 secure timer interrupts per CPU, hotplug and suspend hook counts.
	bash tests/tos-linux/run.sh --bios $fw --tos $tos || rc=1
	# Recording with the rings shortened to end below the trusted OS (4 CPUs: 1024 records each).
	bash tests/nsk/run.sh --bios $fw --tos $tos --smp 4 --gic 3 --virt 1 --test trace || rc=1
	# K = 7: its secure timer firing at CPU 1 as it hangs (on a GICv2 a
	# group-0 interrupt, as the monitor's own): the watch holds across it.
	for k in 0 1 2 3 4 7; do
		for gic in 3 2; do
			bash tests/nsk/run.sh --bios $fw --tos $tos --smp 4 --gic $gic --virt 1 \
				--test tos --append nsk.tosfault=$k || rc=1
			log=build/nsk-a64/logs/secmon-tos-a57-el2-smp4-gic$gic-tos.fw.log
			tap_check "tos fault $k gic$gic: the monitor's console says what the payload did" \
				grep -q '^trusted OS on CPU 1: .*it is dead' "$log" || rc=1
		done
	done
	return $rc
}

# The same on the AArch32 port, and the SoC driver on every board from AArch32.
nsk_a32_runs() {
	local fw=build/qemu-virt-a32/secmon.bin rc=0 b
	bash tests/nsk/run-a32.sh --bios $fw --smp 4 --virt 1 || rc=1
	bash tests/nsk/run-a32.sh --bios $fw --smp 4 --virt 0 || rc=1
	bash tests/nsk/run-a32.sh --bios $fw --smp 4 --virt 1 --el 1 || rc=1
	bash tests/nsk/run-a32.sh --bios $fw --smp 1 || rc=1
	bash tests/nsk/run-a32.sh --bios $fw --smp 4 --thumb || rc=1
	# SMCs from FIQ mode (SVC mode), the OMAP4-style board's r12 call among them.
	bash tests/nsk/run-a32.sh --bios $fw --smp 2 --virt 0 --board boards/omap4-style.dts \
		--test fiq --append nsk.fiqid12=0x102 || rc=1
	bash tests/nsk/run-a32.sh --bios $fw --smp 4 --test syssuspend --timeout 40 \
		--append nsk.off2=1 || rc=1
	bash tests/nsk/run-a32.sh --bios $fw --smp 4 --board boards/psci-0.1-custom.dts \
		--test syssuspend --timeout 40 || rc=1
	# The cycle counter does not count Monitor mode (TFV-5), from SVC and Hyp;
	# PMCR.DP clear after a power-down and after CPU_OFF and CPU_ON.
	bash tests/nsk/run-a32.sh --bios $fw --smp 2 --virt 0 --test pmu --icount || rc=1
	bash tests/nsk/run-a32.sh --bios $fw --smp 2 --virt 1 --test pmu --icount || rc=1
	# Warm entries keep a big-endian caller's endianness, in Hyp and in SVC mode.
	bash tests/nsk/run-a32.sh --bios $fw --smp 2 --virt 1 --test endian || rc=1
	bash tests/nsk/run-a32.sh --bios $fw --smp 2 --virt 0 --test endian || rc=1
	# A guest (SVC under Hyp's stage 2) may not use the recording's calls.
	bash tests/nsk/run-a32.sh --bios $fw --smp 1 --virt 1 --test guest || rc=1
	for b in boards/*.dts; do
		bash tests/nsk/run-a32.sh --bios $fw --smp 4 --board "$b" --test socdrv || rc=1
	done
	bash tests/nsk/socdrv.sh --arch armhf --bios $fw || rc=1
	return $rc
}

run_suite build-gcc build "host gcc asan+ubsan" make host
run_suite build-clang build "host clang asan+ubsan" make host-clang
run_suite build-cross build "lib and core freestanding for aarch64 and armhf" make xbuild
run_suite unit-gcc units build/host
run_suite unit-clang units build/host-clang
run_suite conformance-sim build/host/conformance
run_suite socdrv-sim build/host/socdrv build/host/boards/*.dtb
run_suite build-firmware build "firmware: every port ($(echo $ports))" make firmware
run_suite boot-split boot_split
run_suite link bash tests/link/check.sh
run_suite build-firmware-clang clang_firmware
run_suite build-nsk build "normal-world test kernel" make nsk
run_suite build-tos build "secure payload" make tos
run_suite conformance-qemu nsk_runs
run_suite tos-qemu tos_runs
run_suite bench make -f mk/bench.mk check
run_suite conformance-qemu-psci01 bash tests/nsk/run.sh --bios build/qemu-virt-a64/secmon.bin --board boards/psci-0.1-custom.dts
run_suite socdrv-qemu bash tests/nsk/socdrv.sh --bios build/qemu-virt-a64/secmon.bin
run_suite linux-qemu bash tests/linux/suite.sh
run_suite conformance-qemu-a32 nsk_a32_runs
run_suite linux-qemu-a32 bash tests/linux/suite-a32.sh
run_suite exynos-qemu bash tests/exynos/suite.sh
run_suite uboot-qemu bash tests/uboot/suite.sh
run_suite xen-qemu bash tests/xen/suite.sh
run_suite bindings bash tests/bindings/run.sh
run_suite linux-module bash tests/linux-module/run.sh --bios build/qemu-virt-a64/secmon.bin
run_suite linux-module-a32 bash tests/linux-module/run.sh --arch armhf --bios build/qemu-virt-a32/secmon.bin
# The Debian packages: make deb, lintian, apt in fresh Debian 12 systems,
# DKMS for Debian's arm64 headers, removal (tests/deb, docs/packaging.md).
run_suite deb bash tests/deb/run.sh
run_suite hostile-qemu bash tests/nsk/hostile.sh --bios build/qemu-virt-a64/secmon.bin
run_suite trace-qemu bash tests/nsk/trace.sh
run_suite hostile-qemu-a32 bash tests/nsk/hostile.sh --arch a32 --bios build/qemu-virt-a32/secmon.bin
run_suite stack make -f mk/stack.mk
run_suite cli-gcc bash tests/cli/run.sh build/host/secmon
run_suite cli-clang bash tests/cli/run.sh build/host-clang/secmon
run_suite stress bash tests/stress/run.sh
run_suite tsan make tsan
run_suite fuzz make -f mk/fuzz.mk check
run_suite lint make lint

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/usr/bin/env bash
# Suite exynos-qemu: Debian's armmp zImage and the package's own
# exynos4210-smdkv310.dtb, unmodified, on -M smdkc210,secure=on -smp 2 with
# the QEMU that scripts/qemu-exynos.sh builds, under secmon's Exynos4210
# port (monitor/plat/exynos4210, boards/soc/exynos4210.dts). Prints TAP lines;
# exits non-zero when any failed.
#   bash tests/exynos/suite.sh                 secmon (built here, log on)
#   bash tests/exynos/suite.sh --plain         QEMU's own Linux loader, secure=off
#                                              and secure=on (no firmware)
#   bash tests/exynos/suite.sh --firmware ELF [--board-dtb DTB]
#                                              another firmware, Linux's checks only
# Linux's checks (tests/linux/check-boot.sh): "Running under secure
# firmware.", "L2C-310 cache controller enabled", 2 CPUs, ten hotplug
# cycles of CPU 1 (each offline and online twice), no splat or panic, the
# power-off (Linux writes the PMU's PS_HOLD itself: QEMU exits with 0). The
# monitor's log (UART0): each L2 call Linux made, with its arguments,
# programmed; CPU 1 released once, at an address in the kernel's image.
# Then secmon.ko on the same board (module-init.sh): Samsung's calls as the
# library makes them from the table the monitor handed Linux, well-formed
# and hostile.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
MODE=secmon
FW=
BOARD=
while [ $# -gt 0 ]; do
	case $1 in
	--plain) MODE=plain ;;
	--firmware) MODE=other; FW=$2; shift ;;
	--board-dtb) BOARD=$2; shift ;;
	*) echo "suite.sh: unknown option $1" >&2; exit 2 ;;
	esac
	shift
done
OUT=build/check/exynos
LINUX=build/linux/armhf
mkdir -p "$OUT"
. tests/tap.sh

sh tests/linux/fetch.sh armhf "$LINUX" >/dev/null || {
	tap_not_ok "exynos: fetching Debian's armmp kernel failed"
	exit 1
}
if ! QEMU=$(sh scripts/qemu-exynos.sh 2>"$OUT/qemu-build.log"); then
	tap_not_ok "exynos: building QEMU with the smdkc210 secure property failed (log: $OUT/qemu-build.log)"
	exit 1
fi
# The property exists and is off by default.
if "$QEMU" -M smdkc210,help 2>/dev/null | grep -q 'secure=<bool>.*TrustZone'; then
	tap_ok "exynos: $QEMU has -M smdkc210,secure"
else
	tap_not_ok "exynos: $QEMU has no -M smdkc210,secure"
fi

# boot NAME "boot.sh options" "check-boot.sh expectations"
boot() {
	local name=$1 opts=$2 expect=$3 log=$OUT/$1.log
	# shellcheck disable=SC2086
	bash tests/exynos/boot.sh --qemu "$QEMU" --linux-dir "$LINUX" --quiet \
		--timeout 240 --log "$log" $opts >/dev/null 2>&1
	# shellcheck disable=SC2086
	tap_suite bash tests/linux/check-boot.sh --name "exynos $name:" "$log" $expect
}

COMMON="cpus=2 hotplug l2c=enabled splats=0 nopanic poweroff"
case $MODE in
plain)
	boot linux-loader "--secure off --append secmon.test=hotplug:10" "exynos_fw=no $COMMON"
	boot linux-loader-secure "--secure on --append secmon.test=hotplug:10" "exynos_fw=no $COMMON"
	;;
other)
	boot firmware "--firmware $FW ${BOARD:+--board-dtb $BOARD} --secure-log $OUT/firmware-secure.log --append secmon.test=hotplug:10" \
		"exynos_fw=yes $COMMON"
	;;
secmon)
	TAP_PREFIX="exynos secmon: "
	# The port with its log on (VERBOSE=1), apart from make firmware's build.
	FWDIR=build/exynos4210-verbose
	if ! make -s -f mk/firmware.mk PORT=exynos4210 VERBOSE=1 O=$FWDIR >"$OUT/build.log" 2>&1 ||
		! dtc -q -Wno-unit_address_vs_reg -I dts -O dtb -o "$OUT/board.dtb" boards/soc/exynos4210.dts; then
		tap_not_ok "building the port or its board DT failed (log: $OUT/build.log)"
		exit 1
	fi
	SEC=$OUT/secmon-secure.log
	boot secmon "--firmware $FWDIR/secmon-qemu.elf --board-dtb $OUT/board.dtb --secure-log $SEC --append secmon.test=hotplug:10" \
		"exynos_fw=yes $COMMON"
	tr -d '\r' <"$SEC" >"$SEC.txt" 2>/dev/null
	tap_check "the monitor entered the zImage with the DT it fixed up" \
		grep -q 'entering the kernel at 42000000, DTB at 47f00000' "$SEC.txt"
	# Linux reads the auxiliary control back: the reset value is 0x02020000.
	tap_check "the PL310 holds what Linux asked for (Linux read AUX_CTRL 0x7e420000)" \
		grep -q 'L2C-310: CACHE_ID 0x410000c8, AUX_CTRL 0x7e420000' "$OUT/secmon.log"
	# What Linux 6.1 sends for this SoC's L2C-310 (cache-l2x0.c from exynos4210.dtsi).
	for want in '-22 (110, 110, 30000000): 0' '-23 (3, 7e420000, 0): 0' '-24 (0, 0, 0): 0' \
		'-21 (1, 0, 0): 0'; do
		tap_check "L2 call $want (programmed)" grep -qF "L2 call $want" "$SEC.txt"
	done
	tap_check "no L2 call refused" bash -c "! grep -E 'L2 call .*: -[0-9]+\$' '$SEC.txt'"
	released=$(grep -c '^secmon: CPU 1 released at ' "$SEC.txt")
	addr=$(sed -n 's/^secmon: CPU 1 released at \([0-9a-f]*\)$/\1/p' "$SEC.txt" | head -n 1)
	tap_check "CPU 1 released once (got $released), into the kernel's image (0x${addr:-none})" \
		test "$released" = 1 -a -n "$addr" -a $((0x${addr:-0} >= 0x40008000 && 0x${addr:-0} < 0x42000000)) = 1

	# secmon.ko on the same kernel and board: the library's calls from the
	# OS's copy of the table, well-formed and hostile (module-init.sh).
	MOD=build/linux-module/armhf
	if ! make -f linux/Makefile KARCH=armhf >"$OUT/module-build.log" 2>&1; then
		tap_not_ok "building secmon.ko for armhf failed (log: $OUT/module-build.log)"
		exit 1
	fi
	# secmon-api-test.ko against secmon.ko's exports (as tests/linux-module/run.sh builds it).
	TK=$MOD/test-kbuild
	mkdir -p "$TK"
	rm -f "$TK"/*.o "$TK"/*.ko "$TK"/*.mod "$TK"/*.mod.c "$TK"/.*.cmd
	ln -sfn "$PWD/tests/linux-module/Kbuild" "$TK/Kbuild"
	ln -sfn "$PWD/tests/linux-module/secmon-api-test.c" "$TK/secmon-api-test.c"
	ln -sfn "$PWD/linux/include" "$TK/kinclude"
	if ! make -C build/linux-headers/armhf/kdir M="$PWD/$TK" ARCH=arm \
		CROSS_COMPILE=arm-linux-gnueabihf- KBUILD_EXTRA_SYMBOLS="$PWD/$MOD/kbuild/Module.symvers" \
		modules >"$OUT/api-test-build.log" 2>&1 || grep -q 'WARNING: modpost' "$OUT/api-test-build.log"; then
		tap_not_ok "building secmon-api-test.ko for armhf failed (log: $OUT/api-test-build.log)"
		exit 1
	fi
	X=$OUT/module-extra
	rm -rf "$X"
	mkdir -p "$X/lib/modules/secmon"
	arm-linux-gnueabihf-strip --strip-debug -o "$X/lib/modules/secmon/secmon.ko" "$MOD/secmon.ko"
	arm-linux-gnueabihf-strip --strip-debug -o "$X/lib/modules/secmon/secmon-api-test.ko" "$TK/secmon-api-test.ko"
	INITRD_MODULES='' sh tests/linux/mkinitrd.sh "$LINUX" tests/exynos/module-init.sh \
		"$OUT/module-base.cpio.gz" >"$OUT/module-initrd.log" 2>&1
	(cd "$X" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) | gzip -9n >"$OUT/module-extra.cpio.gz"
	cat "$OUT/module-base.cpio.gz" "$OUT/module-extra.cpio.gz" >"$OUT/module-initrd.cpio.gz"
	MSEC=$OUT/module-secure.log
	MLOG=$OUT/module.log
	# The board DT with recording on from cold boot, to read the monitor's trace back.
	printf '/include/ "%s"\n/ { trace { compatible = "secmon,trace"; secmon,recording = "on"; }; };\n' \
		"$PWD/boards/soc/exynos4210.dts" >"$OUT/board-trace.dts"
	dtc -q -Wno-unit_address_vs_reg -I dts -O dtb -o "$OUT/board-trace.dtb" "$OUT/board-trace.dts"
	bash tests/exynos/boot.sh --qemu "$QEMU" --linux-dir "$LINUX" --quiet --timeout 240 \
		--log "$MLOG" --firmware $FWDIR/secmon-qemu.elf --board-dtb "$OUT/board-trace.dtb" \
		--initrd "$OUT/module-initrd.cpio.gz" --secure-log "$MSEC" --append maxcpus=1 >/dev/null 2>&1
	tr -d '\r' <"$MSEC" >"$MSEC.txt" 2>/dev/null
	key() { sed -n "s/^SECMON-TEST $1=//p" "$MLOG" | head -n 1; }
	tap_check "module: secmon.ko loads on the monitor's table (insmod=$(key insmod))" test "$(key insmod)" = ok
	tap_check "module: the OS's table has the mailbox words (debugfs tables)" \
		bash -c "grep -qxF 'SECMON-TABLE do-idle: writes [0x203f024]=entry [0x203f020]=0xfcba0d10' '$MLOG' &&
			grep -qxF 'SECMON-TABLE suspend: writes [0x203f008]=entry [0x203f00c]=0xbad' '$MLOG' &&
			grep -qxF 'SECMON-TABLE resume: writes [0x203f00c]=0x0' '$MLOG'"
	tap_check "module: do-idle (CPU0AFTR) resuming in the monitor's iRAM refused ($(key do_idle))" \
		test "$(key do_idle)" = "-14_(invalid_address)_status=0xfffffff7"
	tap_check "module: its call reached the monitor as -5 in r0, answered INVALID_ADDRESS (-9)" \
		grep -q '^SECMON-CALL .*x0=0xfffffffb .*-> x0=0xfffffff7' "$MLOG"
	tap_check "module: c15resume (-11) answered ($(key c15resume))" test "$(key c15resume)" = "0_(success)"
	# l2x0-init from the table's constants, with the cache on.
	tap_check "module: L2 SETUP1 programmed again" test "$(grep -cF 'L2 call -22 (110, 110, 30000000): 0' "$MSEC.txt")" = 2
	tap_check "module: L2 SETUP2 refused while the cache is on (DENIED)" grep -qF 'L2 call -23 (3, 7e420000, 0): -3' "$MSEC.txt"
	tap_check "module: L2 INVALL refused while the cache is on (DENIED)" grep -qF 'L2 call -24 (0, 0, 0): -3' "$MSEC.txt"
	tap_check "module: L2 CTRL and DEBUG programmed" \
		bash -c "[ \$(grep -cF 'L2 call -21 (1, 0, 0): 0' '$MSEC.txt') = 2 ] && grep -qF 'L2 call -25 (0, 0, 0): 0' '$MSEC.txt'"
	# secmon-api-test.ko scenario=exynos: the library's firmware operations
	# (SYSRAM words) and raw hostile SMCs, with CPU 1 held (maxcpus=1).
	api=$(sed -n 's/^SECMON-API secmon-api-test: \([0-9]* passed, [0-9]* failed\)$/\1/p' "$MLOG")
	tap_check "module: secmon-api-test.ko scenario=exynos (${api:-did not run})" \
		bash -c "[ -n '$api' ] && case '$api' in *' 0 failed') true ;; *) false ;; esac"
	grep '^SECMON-API secmon-api-test: not ok' "$MLOG" | sed 's/^/# /'
	want=$(sed -n 's/^SECMON-API secmon-api-test: exynos: CPU 1 boot address 0x\([0-9a-f]*\)$/\1/p' "$MLOG")
	got=$(sed -n 's/^secmon: CPU 1 released at \([0-9a-f]*\)$/\1/p' "$MSEC.txt")
	# AFTR and SLEEP through cpu_suspend(), resumed at Linux's own
	# exynos_cpu_resume_ns (secmon-api-test.ko's exynos_powerdown()).
	resume=$(sed -n 's/^SECMON-API secmon-api-test: exynos: resume address 0x\([0-9a-f]*\)$/\1/p' "$MLOG")
	tap_check "module: AFTR and SLEEP each powered CPU 0 down and the monitor resumed it at the word's address (0x${resume:-none})" \
		test -n "$resume" -a "$(grep -cxF "secmon: CPU 0 woken from a power-down (level 0), resumes at $resume" "$MSEC.txt")" = 2
	# Hostile CPU1BOOTs (CPU 5, CPU 0xffffffff, the monitor's iRAM as the
	# address, the running CPU 1): nothing released; the one release at the
	# address set_cpu_boot_addr wrote.
	tap_check "module: CPU 1 released once, at the address set_cpu_boot_addr wrote (0x${want:-none}; released at: $(echo $got))" \
		test -n "$want" -a "$got" = "$want"
	tap_check "module: each CPU1BOOT came back with r0 as sent (nothing written)" \
		test "$(grep -c '^SECMON-CALL .*x0=0xfffffffc .*-> x0=0xfffffffc ' "$MLOG")" = 5
	tap_check "module: CPU 1 stays the test's, not Linux's (online: $(key cpus_online))" test "$(key cpus_online)" = 0
	for want in '-22 (ffffffff, ffffffff, ffffffff): -2' '-21 (2, 0, 0): -2' '-25 (4, 0, 0): -2'; do
		tap_check "module: L2 call $want (bits the L2C-310 does not define: refused)" \
			grep -qF "L2 call $want" "$MSEC.txt"
	done
	# Debian's kernel itself: no cpuidle (no AFTR), and its suspend to RAM
	# stops before the firmware (mach-exynos finds no wake-up source: no
	# S3C RTC driver, no wake-up key); the monitor's log above saw two
	# power-downs only, the module's.
	tap_check "module: Linux's own suspend to RAM (offered: $(key power_states)) stops before SLEEP: no wake-up source" \
		bash -c "[ '$(key linux_suspend)' = 1 ] && grep -q '^SECMON-PM exynos_suspend_enter: No wake-up sources!' '$MLOG'"
	tap_check "module: the boot powered off (status $(sed -n 's/^SECMON-HOST qemu_status=//p' "$MLOG"))" \
		grep -q '^SECMON-HOST qemu_status=0$' "$MLOG"
	# The monitor's trace of the whole boot (recording on from cold boot),
	# read back through the module (smccc_smc=1: SiP TRACE_INFO/TRACE_READ).
	T=$OUT/module-trace.txt
	sed -n 's/^SECMON-FWTRACE //p' "$MLOG" >"$T"
	tap_check "trace: read back, none lost ($(head -n 1 "$T"))" grep -q '^# [1-9][0-9]* records, 2 CPUs, .* 0 lost$' "$T"
	for want in '0xffffffea flags 0x3 0x110 0x110 0x30000000' '0xffffffe9 flags 0x3 0x3 0x7e420000 0x0' \
		'0xffffffe8 flags 0x3 0x0 0x0 0x0' '0xffffffeb flags 0x3 0x1 0x0 0x0'; do
		tap_check "trace: Linux's L2 call at boot recorded with its arguments: $want" \
			grep -q "^cpu0 seq [0-3] .* smc $want " "$T"
	done
	tap_check "trace: C15RESUME recorded with its r1 and r2 (power 0x3, diagnostic 0x41)" \
		grep -q ' smc 0xfffffff5 flags 0x3 0x3 0x41 0x0 ' "$T"
	nboot=$(grep -c ' smc 0xfffffffc flags 0x3 0x1 ' "$T")
	nall=$(grep -c ' smc 0xfffffffc ' "$T")
	tap_check "trace: every CPU1BOOT recorded with its CPU ($nboot with r1 = 1, the module's CPU 5 and 0xffffffff: $nall in all)" \
		test "$nboot" -ge 2 -a "$nall" = $((nboot + 2))
	raddr=$(sed -n 's/^secmon: CPU 1 released at \([0-9a-f]*\)$/\1/p' "$MSEC.txt" | head -n 1)
	tap_check "trace: one CPU_ON, to CPU 1 at the address the monitor released it at (0x${raddr:-none})" \
		test "$(grep -c ' power 0x1 ' "$T")" = 1 -a -n "$raddr" -a \
		"$(grep -c " power 0x1 0x1 0x$raddr 0x0\$" "$T")" = 1
	tap_check "trace: CPU 1's warm boot there" grep -q "^cpu1 seq 0 .* power 0x6 0x${raddr:-none}\$" "$T"
	tap_check "trace: AFTR a core power-down (0x10000), SLEEP the system's (0x2010000), on CPU 0" \
		bash -c "grep -q '^cpu0 seq .* power 0x4 0x10000 0x0\$' '$T' && grep -q '^cpu0 seq .* power 0x4 0x2010000 0x0\$' '$T'"
	# Each warm boot of CPU 0 at the resume address is followed by
	# exynos_cpu_resume_ns's C15RESUME: Linux's resume path ran.
	nres=$(awk -v a="0x${resume:-none}" '$1 == "cpu0" && $6 == "power" && $7 == "0x6" && $8 == a { w = 1; n++; next }
		$1 == "cpu0" && $6 == "smc" { if (w && $7 == "0xfffffff5") c++; w = 0 } END { print n + 0 "/" c + 0 }' "$T")
	tap_check "trace: CPU 0 warm-booted at the resume address twice, each time followed by C15RESUME ($nres)" \
		test "$nres" = 2/2
	;;
esac
tap_status

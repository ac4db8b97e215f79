#!/bin/sh
# module-init.sh - the /init of the Exynos4210 module boot (busybox sh):
# secmon.ko (from /lib/modules/secmon/) on Debian's armmp kernel under the
# monitor's exynos4210 port, which hands Linux boards/soc/exynos4210.dts's call
# table under /firmware. It loads the module, makes Samsung's calls through
# its debugfs `call` file (the library marshals them from the table), the
# well-formed and the hostile ones, and prints one "SECMON-TEST name=outcome"
# line each (the file's first line: "... -> STATUS (text)"); loads
# secmon-api-test.ko scenario=exynos (the library's firmware operations,
# "SECMON-API" lines); then prints the online CPUs (the kernel runs with
# maxcpus=1: CPU 1 is the monitor's until the test module starts it) and
# the module's own record of what the firmware answered (debugfs `calls`,
# "SECMON-CALL" lines), and powers off.
# tests/exynos/suite.sh holds them against what the monitor logged.

# shellcheck source=tests/linux/init-prelude.sh
. /etc/init-prelude.sh
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
dmesg -n 1

say() { echo "SECMON-TEST $*"; }
D=/sys/kernel/debug/secmon

# call NAME "TABLE OP [ARGS]": the outcome of one described call.
call() {
	if echo "$2" >"$D/call" 2>/tmp/err; then
		say "$1=$(head -n 1 "$D/call" | sed 's/.* -> //; s/ /_/g')"
	else
		say "$1=refused:$(sed 's/ /_/g' /tmp/err)"
	fi
}

say begin
if insmod /lib/modules/secmon/secmon.ko smccc_smc=1 >/tmp/insmod 2>&1; then
	say "insmod=ok"
	grep -E '^(  )?(cpu-boot|do-idle|suspend|resume|c15resume|l2x0-init)' "$D/tables" | sed 's/^ */SECMON-TABLE /'
	# AFTR: the library writes the resume address and the magic to SYSRAM
	# first; the monitor's own iRAM as the resume address is refused (a good
	# one would power CPU 0 down: secmon-api-test.ko does that below).
	call do_idle "firmware do-idle entry=0x02020000"
	call c15resume "firmware c15resume"
	# The library's constants: SETUP1 and CTRL are programmed again;
	# SETUP2 and INVALL are refused while the cache is on.
	call l2x0_init "firmware l2x0-init"
	# Hostile: CPU1BOOT for CPUs that do not exist (CPU 1 is still held:
	# the kernel runs with maxcpus=1).
	call cpu_boot_5 "firmware cpu-boot cpu=5"
	call cpu_boot_ffffffff "firmware cpu-boot cpu=0xffffffff"
	# The library's firmware operations through secmon.ko's API: the SYSRAM
	# words, CPU 1 started at a page of the test module's, raw hostile SMCs.
	if insmod /lib/modules/secmon/secmon-api-test.ko scenario=exynos >/tmp/insmod 2>&1; then
		say "api_test=loaded"
	else
		say "api_test=fail:$(head -n 1 /tmp/insmod | sed 's/ /_/g')"
	fi
	dmesg | grep 'secmon-api-test: ' | sed 's/^\[[^]]*\] //; s/^/SECMON-API /'
	# And for the running CPU 1.
	call cpu_boot_1 "firmware cpu-boot cpu=1"
	say "cpus_online=$(cat /sys/devices/system/cpu/online)"
	sed 's/^/SECMON-CALL /' "$D/calls"
	# The monitor's own record of every call since cold boot (the suite's
	# board DT switches recording on), read with TRACE_INFO/TRACE_READ.
	if cat "$D/trace_text" >/tmp/fwtrace 2>/tmp/err; then
		sed 's/^/SECMON-FWTRACE /' /tmp/fwtrace
	else
		say "fwtrace=fail:$(sed 's/ /_/g' /tmp/err)"
	fi
	# Linux's own suspend to RAM: is SLEEP reachable without secmon.ko?
	# (mach-exynos checks for a wake-up source before it calls the firmware.)
	if [ -e /sys/power/state ]; then
		say "power_states=$(cat /sys/power/state | sed 's/ /,/g')"
		if echo mem >/sys/power/state 2>/tmp/err; then
			say "linux_suspend=0"
		else
			say "linux_suspend=1"
		fi
		dmesg | grep -E 'wake-up sources|Aborting sleep' | sed 's/^\[[^]]*\] //; s/^/SECMON-PM /'
	fi
else
	say "insmod=fail:$(head -n 1 /tmp/insmod | sed 's/ /_/g')"
fi
say end
sync
poweroff -f
sleep 5
echo o >/proc/sysrq-trigger

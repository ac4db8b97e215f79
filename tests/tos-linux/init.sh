#!/bin/sh
# init.sh - the /init of tests/tos-linux/run.sh's initramfs (busybox sh):
# Linux under secmon with the project's payload as the trusted OS. Loads
# /lib/modules/tos/tos-linux-test.ko and prints, each line starting with
# "SECMON-TOSL ":
#   calls, long, timer   the module's result lines for each test (ok/not
#                        ok lines and "#" details: tos-linux-test.c)
#   pm-before ..., pm-hotplug ..., pm-suspend ...   the payload's hook
#                        counters per CPU ("pm cpu=N index=I on=.. off=..
#                        suspend=.. resume=.. ..."): before, after the
#                        hotplug cycles, after the suspend to RAM
#   did-hotplug cpu=N off=K on=K   what Linux did to each secondary
#   did-suspend slept=S aborted=A cpus_down=D  suspends to RAM that reached
#                        the firmware (/sys/power/suspend_stats/success), ones
#                        the kernel aborted before it (the alarm rang early),
#                        and how often the kernel took the secondaries
#                        offline for a suspend ("Disabling non-boot CPUs":
#                        an abort may come after that)
#   cpuidle-off states=N  the power-down idle states disabled for the pm
#                        part, so that every hook counted comes from what
#                        the init did (cpuidle's power-downs would add
#                        suspend and resume hooks of their own)
#   splats=N             kernel stack dumps (WARN/BUG/Oops)
#   end
# Kernel command line: secmon.cycles=N hotplug cycles per secondary (3).
# shellcheck source=tests/linux/init-prelude.sh
. /etc/init-prelude.sh
# shellcheck source=tests/linux/init-pm.sh
. /etc/init-pm.sh
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mount -t tmpfs tmpfs /tmp 2>/dev/null
dmesg -n 1

say() { echo "SECMON-TOSL $*"; }
R=/sys/kernel/debug/tos-linux/run
cycles=3
for w in $(cat /proc/cmdline); do
	case $w in secmon.cycles=*) cycles=${w#secmon.cycles=} ;; esac
done

# test NAME: the module's lines for it.
test_run() {
	if echo "$1" >$R 2>/tmp/err; then
		sed "s/^/SECMON-TOSL $1 /" $R
	else
		say "$1 not ok - $1: the module refused to run it ($(cat /tmp/err))"
	fi
}
pm() { echo pm >$R && sed "s/^/SECMON-TOSL $1 /" $R; }

if insmod /lib/modules/tos/tos-linux-test.ko 2>/tmp/err; then
	say "module loaded"
	test_run calls
	test_run long
	test_run timer
	# Only WFI from here on: no power-down idle state, whose hooks would mix
	# with the ones hotplug and suspend cause.
	n=0
	for f in /sys/devices/system/cpu/cpu*/cpuidle/state*/disable; do
		[ -e "$f" ] || continue
		case $f in */state0/disable) continue ;; esac
		echo 1 >"$f" && n=$((n + 1))
	done
	say "cpuidle-off states=$n"
	pm pm-before
	hotplug_each "$cycles" | sed 's/^/SECMON-TOSL did-hotplug /'
	pm pm-hotplug
	suspend_start
	aborted=0
	for d in 3 6 12; do
		suspend_once $d && break
		aborted=$((aborted + 1))
	done
	say "did-suspend $(suspend_summary "$aborted")"
	pm pm-suspend
else
	say "module not loaded: $(cat /tmp/err) $(dmesg | grep tos-linux-test | tail -n 1)"
fi
say "splats=$(dmesg | grep -c 'Call trace:')"
dmesg | grep -e 'WARNING:' -e 'BUG:' -e 'Internal error' -e 'Unable to handle' -e 'rcu:' |
	sed 's/^/SECMON-TOSL splat /'
say end
sync
poweroff -f
sleep 10

# shellcheck shell=sh
# init-pm.sh - CPU hotplug and suspend to RAM for the inits that drive them
# (busybox sh; tests/linux/mkinitrd.sh installs it as /etc/init-pm.sh, an
# init sources it): tests/tos-linux/init.sh and tests/optee/init.sh.

# cpu_set CPU 0|1: write, then read back.
cpu_set() {
	echo "$2" >"/sys/devices/system/cpu/cpu$1/online" 2>/dev/null || return 1
	[ "$(cat "/sys/devices/system/cpu/cpu$1/online")" = "$2" ]
}

# hotplug_each N: each secondary offlined and onlined N times; a line
# "cpu=C off=K on=K" for each.
hotplug_each() {
	for f in /sys/devices/system/cpu/cpu[1-9]*/online; do
		c=${f%/online}
		c=${c##*/cpu}
		off=0
		on=0
		i=0
		while [ "$i" -lt "$1" ]; do
			cpu_set "$c" 0 && off=$((off + 1))
			cpu_set "$c" 1 && on=$((on + 1))
			i=$((i + 1))
		done
		echo "cpu=$c off=$off on=$on"
	done
}

# suspend_once D: one suspend to RAM woken by the PL031 alarm D s ahead,
# through the wakeup_count handshake, so that an alarm ringing before the
# kernel is committed aborts the suspend instead of being lost (as
# tests/linux/init-summary.sh's do_suspend). 0: it slept; 1: no alarm or
# count; 2: refused or aborted.
suspend_once() {
	echo 0 >/sys/class/rtc/rtc0/wakealarm 2>/dev/null
	wc=$(cat /sys/power/wakeup_count) || return 1
	echo "+$1" >/sys/class/rtc/rtc0/wakealarm || return 1
	echo "$wc" >/sys/power/wakeup_count 2>/dev/null || return 2
	echo mem >/sys/power/state 2>/dev/null && return 0
	return 2
}

# suspend_start, then suspend_summary ABORTED: the suspends in between, as
# "slept=S aborted=A cpus_down=D mem_sleep=M online=O".
suspend_start() {
	s0=$(cat /sys/power/suspend_stats/success)
	down0=$(dmesg | grep -c 'Disabling non-boot CPUs')
}

suspend_summary() {
	echo "slept=$(($(cat /sys/power/suspend_stats/success) - s0)) aborted=$1" \
		"cpus_down=$(($(dmesg | grep -c 'Disabling non-boot CPUs') - down0))" \
		"mem_sleep=$(tr ' ' '/' </sys/power/mem_sleep) online=$(cat /sys/devices/system/cpu/online)"
}

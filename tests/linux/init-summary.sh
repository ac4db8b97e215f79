#!/bin/sh
# init-summary.sh - the /init of the test initramfs (busybox sh).
#
# Mounts proc, sysfs, devtmpfs and debugfs, runs the actions the kernel
# command line asks for, prints a summary block and powers off (PSCI
# SYSTEM_OFF through `poweroff -f`). Every summary line starts with
# "SECMON-TEST " (key=value) and every copied kernel log line with
# "SECMON-LOG "; tests/linux/check-boot.sh reads them from the serial log.
#
#   SECMON-TEST begin
#   SECMON-TEST kernel=<uname -r>
#   SECMON-TEST cpus_online=0-3            /sys/devices/system/cpu/online
#   SECMON-TEST cpus_possible=0-3
#   SECMON-TEST boot_el=2                  dmesg "CPU: All CPU(s) started at EL2"
#                                          (AArch32: hyp or svc)
#   SECMON-TEST psci=1.1                   dmesg "psci: PSCIv1.1 detected in firmware."
#   SECMON-TEST psci_method=smc            /proc/device-tree/psci/method
#   SECMON-TEST smccc=1.1                  dmesg "psci: SMC Calling Convention v1.1"
#   SECMON-TEST soc_id=jep106:...|none     /sys/devices/soc0/soc_id (SMCCC SOC_ID)
#   SECMON-TEST soc_family=... soc_revision=... soc_machine=...  (when present)
#   SECMON-TEST <action results, below>
#   SECMON-TEST warnings=0   dmesg lines matching psci|smccc|scmi (any case)
#                            at warning level or worse, or containing
#                            fail/error: the firmware's interfaces, SCMI's
#                            drivers among them (a board's secure-only
#                            resources must not make a correct OS warn)
#   SECMON-LOG <each dmesg line matching psci|smccc|scmi, any case>
#   SECMON-TEST splats=0     kernel stack dumps (WARN/BUG/Oops: "Call trace:")
#   SECMON-SPLAT <their WARNING:/BUG:/Internal error/Unable to handle lines>
#   SECMON-TEST end
#
# Kernel command line keys (read from /proc/cmdline; a key with a dot is not
# handed to init by the kernel):
#   secmon.test=A[,A...]   actions, in order; the key may be repeated.
#     hotplug[:N]   N times (default 1): take every secondary CPU offline and
#                   back online one at a time, then all offline together and
#                   all back online (PSCI CPU_OFF / CPU_ON / AFFINITY_INFO).
#                   Prints "hotplug ok cycles=N cpus=K" or
#                   "hotplug fail <what>".
#     trng          load arm_smccc_trng from the initramfs, check that
#                   /sys/class/misc/hw_random lists and uses smccc_trng, and
#                   read 64 KiB from /dev/hwrng: not all one byte value, no
#                   16-byte block twice, ones and runs of the bit stream
#                   within 5 standard deviations of a fair coin's. Prints
#                   "trng=ok" or "trng=fail:<what>", and trng_ones=,
#                   trng_runs=; kaslr=enabled|disabled|unknown from dmesg.
#     scmi          the SCMI server as Linux sees it (the monitor's
#                   /firmware/scmi node): "scmi=2.0" and "scmi_vendor=..."
#                   from the core's "SCMI Protocol v..." line, the drivers
#                   bound to devices of the SCMI bus (Linux 6.1 calls it
#                   /sys/bus/scmi_protocol; later kernels /sys/bus/scmi), how many of the model's
#                   clocks clk_summary lists and the genpd domains, then
#                   loads virtio_mmio + virtio_blk and reads the disk (boot.sh
#                   -- extra arguments attach one whose first line is
#                   "SECMON-SCMI-DISK"), its transport being in SCMI power
#                   domain "virtio": scmi_disk=ok and the domain's state and
#                   devices in pm_genpd_summary.
#     cpuidle[:S]   idle S seconds (default 1) in each cpuidle state in
#                   turn (every other state disabled through sysfs; a task
#                   on each CPU wakes it every 0.1 s), then
#                   report what the CPUs used:
#                   "cpuidle driver=psci_idle states=WFI,cpu-retention,..."
#                   "cpuidle_mode=OSI|PC|none" (cpuidle-psci-domain's dmesg)
#                   "cpuidle cpu<N> usage=U0,U1,.. rejected=R0,R1,.."
#                   "cpuidle_unused=<cpuN:stateK ...|none>"
#                   "cpuidle_rejected=<sum over CPUs and states>"
#                   "genpd <domain> usage=U rejected=R" per PSCI power
#                   domain (/sys/kernel/debug/pm_genpd/*/idle_states)
#     suspend[:N]   N times (default 1) suspend to RAM (`echo mem >
#                   /sys/power/state`, PSCI SYSTEM_SUSPEND for "deep"), woken
#                   2 s later by the PL031 alarm (rtc0/wakealarm), through
#                   the wakeup_count handshake (see do_suspend): a cycle
#                   whose alarm rang before the kernel was committed to
#                   sleep is aborted by the kernel (EBUSY) and tried again
#                   with an alarm twice as far (up to 16 s), which the
#                   later cycles keep; a third early alarm in one cycle
#                   fails it.
#     suspend:N:L   the same, but the first attempt waits L s between
#                   arming its 2 s alarm and suspending: with L >= 3 the
#                   alarm surely rings first, which the kernel must turn
#                   into an abort (early=1 at least), not a sleep without
#                   a wake-up; that early alarm does not double the delay
#                   "suspend mem_sleep=<[selected] list> cycles=N fails=F
#                   success=S fail=F' early=E aborted=A cpus=<online after>
#                   slept_min=<s> slept_max=<s> late_min=<s> late_max=<s>"
#                   (success/fail from /sys/power/suspend_stats; E the
#                   early-alarm retries, A of them the ones the kernel
#                   counted as failed suspends (the rest it refused at the
#                   wakeup_count write); slept_* the shortest and longest
#                   wall-clock time of a cycle that slept, late_* the same
#                   less its alarm's delay, in whole seconds)
#     kexec         load /boot/Image with /boot/initrd.cpio.gz and the
#                   command line less this action, plus secmon.kexec=2
#                   (/sbin/kexec, the initramfs of tests/linux/kexec.sh),
#                   print "kexec loaded" and execute it; the second kernel's
#                   init prints "kexec second" and its own summary. Else
#                   "kexec fail <what>".
#     hibernate     swap on /dev/vda (mkswap, swapon), a random value in
#                   /tmp/hibernate, `echo disk > /sys/power/state`: the
#                   kernel writes its image and powers off (SYSTEM_OFF).
#                   Prints "hibernate writing value=V"; if the write returns
#                   (no image, or after a resume) "hibernate resumed
#                   value=<what /tmp/hibernate holds> cpus=<online>".
#     resume        (the second run, same disk) /dev/vda's major:minor to
#                   /sys/power/resume: the kernel restores the image and
#                   the first run's init goes on. Reaching the next line
#                   means no image: "resume fail no-image".
#     trace-start   (`make run TRACE=1`: secmon.ko in the initramfs's
#                   /lib/modules/secmon/) load secmon.ko with psci_only=1
#                   fw_trace=1: it asks the firmware to record every SMC
#                   and power event (what the boot recorded, when the board
#                   DT had recording on from cold boot, stays). "trace_start=ok"
#                   or "trace_start=fail:<what>" (the module's log line).
#                   Then reads debugfs secmon/trace every half second in
#                   the background (each read moves the records out of the
#                   monitor's rings, which hold 256 per CPU) into /tmp/trace/.
#     trace-dump    stop the reader, read once more, and print each read
#                   that holds records base64 between the lines
#                   "SECMON-TRACE-BEGIN <n>" and "SECMON-TRACE-END";
#                   "trace_reads=N trace_bytes=B", or "trace=fail:<errno text>".
#     reboot[:K]    K times (default 1) restart the machine through
#                   `reboot -f` (PSCI SYSTEM_RESET) before powering off.
#
# How the reboot test knows which boot it is in: after a reset QEMU loads
# the same kernel, initramfs and command line again, so nothing in them can
# tell the boots apart, and fw_cfg is read-only to the guest. The host
# therefore attaches a small raw disk (virtio-blk on virtio-mmio; boot.sh
# does so by itself when the command line asks for reboot) whose first line
# is "SECMON-STATE boots=0". Each boot loads virtio_mmio + virtio_blk from
# the initramfs, reads the count, writes count+1 back and prints
# "SECMON-TEST boot=<n>"; while n <= K it prints "reboot rebooting boot=<n>"
# and reboots, otherwise "reboot ok boots=<n>" and powers off. Since the
# disk and QEMU outlive the reset, the host can prove the whole sequence:
# K+1 kernel banners "Booting Linux on physical CPU", K "reboot: Restarting
# system", then "reboot: Power down", QEMU's exit status 0, and the disk
# reading boots=K+1 after QEMU has exited. A disk without the SECMON-STATE
# header is never written ("reboot fail no-state-disk"); a boot beyond the
# K+1st (for instance after a panic with panic=-1) powers off at once, so
# the sequence always ends.

# shellcheck source=tests/linux/init-prelude.sh
. /etc/init-prelude.sh
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mount -t tmpfs tmpfs /tmp 2>/dev/null
# Keep kernel messages (hotplug chatter) off the console so that the summary
# lines stay whole; they remain in dmesg, and "reboot: Power down" is
# printed at emergency level, so it still shows.
dmesg -n 1

say() { echo "SECMON-TEST $*"; }

powerdown() {
	say end
	sync
	poweroff -f
	sleep 2
	echo o >/proc/sysrq-trigger
	sleep 10
}

# --- actions ---------------------------------------------------------------

TRACE_FILE=/sys/kernel/debug/secmon/trace
trace_reads=0

trace_read() { # N: one read into /tmp/trace/N; false when the read fails
	cat "$TRACE_FILE" >"/tmp/trace/$1" 2>/tmp/trace.err
}

do_trace_start() {
	mkdir -p /tmp/trace
	if ! insmod /lib/modules/secmon/secmon.ko psci_only=1 fw_trace=1 >/tmp/insmod 2>&1; then
		say "trace_start=fail:insmod:$(head -n 1 /tmp/insmod)"
		return 1
	fi
	if dmesg | grep -q 'fw_trace=1: the firmware records'; then
		say "trace_start=ok"
	else
		say "trace_start=fail:$(dmesg | sed -n 's/.*fw_trace=1: //p' | head -n 1)"
	fi
	rm -f /tmp/trace.stop /tmp/trace.done
	# Not a job of this shell (a plain `wait` elsewhere, as do_cpuidle's,
	# must not wait for it): it says it is done in /tmp/trace.done.
	( (
		i=1000
		while [ ! -e /tmp/trace.stop ]; do
			trace_read "$i" || break
			i=$((i + 1))
			sleep 0.5
		done
		touch /tmp/trace.done
	) & )
	trace_reader=1
}

do_trace_dump() {
	touch /tmp/trace.stop
	n=0
	while [ -n "${trace_reader:-}" ] && [ ! -e /tmp/trace.done ] && [ "$n" -lt 50 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	mkdir -p /tmp/trace
	if ! trace_read 9999; then
		say "trace=fail:$(sed 's/.*: //' /tmp/trace.err | head -n 1)"
		return 1
	fi
	bytes=0
	for f in /tmp/trace/*; do
		n=$(wc -c <"$f")
		# A read that found nothing is a bare 40-byte header.
		[ "$n" -gt 40 ] || continue
		trace_reads=$((trace_reads + 1))
		bytes=$((bytes + n))
		echo "SECMON-TRACE-BEGIN ${f##*/}"
		base64 <"$f"
		echo SECMON-TRACE-END
	done
	say "trace_reads=$trace_reads trace_bytes=$bytes"
}

secondaries() {
	for f in /sys/devices/system/cpu/cpu[0-9]*/online; do
		[ -e "$f" ] || continue
		c=${f%/online}
		c=${c##*/cpu}
		[ "$c" = 0 ] || echo "$c"
	done
}

cpu_set() { # CPU 0|1: write and read back
	echo "$2" >"/sys/devices/system/cpu/cpu$1/online" 2>/dev/null || return 1
	[ "$(cat "/sys/devices/system/cpu/cpu$1/online")" = "$2" ]
}

do_hotplug() {
	n=${1:-1}
	cpus=$(secondaries)
	k=$(echo "$cpus" | grep -c .)
	before=$(cat /sys/devices/system/cpu/online)
	if [ "$k" = 0 ]; then
		say "hotplug ok cycles=$n cpus=0"
		return 0
	fi
	i=1
	while [ "$i" -le "$n" ]; do
		for c in $cpus; do
			cpu_set "$c" 0 || { say "hotplug fail offline cpu$c cycle=$i"; return 1; }
			cpu_set "$c" 1 || { say "hotplug fail online cpu$c cycle=$i"; return 1; }
		done
		for c in $cpus; do
			cpu_set "$c" 0 || { say "hotplug fail offline-all cpu$c cycle=$i"; return 1; }
		done
		if [ "$(cat /sys/devices/system/cpu/online)" != 0 ]; then
			say "hotplug fail offline-all online=$(cat /sys/devices/system/cpu/online) cycle=$i"
			return 1
		fi
		for c in $cpus; do
			cpu_set "$c" 1 || { say "hotplug fail online-all cpu$c cycle=$i"; return 1; }
		done
		i=$((i + 1))
	done
	after=$(cat /sys/devices/system/cpu/online)
	if [ "$after" != "$before" ]; then
		say "hotplug fail online=$after expected=$before"
		return 1
	fi
	say "hotplug ok cycles=$n cpus=$k"
}

# The smccc_trng module, by its name in the initramfs's load order.
load_trng() {
	ko=$(grep '/arm_smccc_trng\.ko$' /lib/modules/load-order 2>/dev/null)
	[ -n "$ko" ] && insmod "$ko" 2>/dev/null
	[ -e /sys/class/misc/hw_random/rng_available ]
}

# Monobit and runs of the bytes (decimal, od -tu1) as a bit stream, MSB
# first: "ones runs bits distinct-byte-values verdict".
bit_stats() {
	awk 'BEGIN {
		# busybox awk has no ^ or sqrt: bits by halving, limits squared.
		for (b = 0; b < 256; b++) {
			o = 0; t = 0; v = b
			for (k = 0; k < 8; k++) {
				bit = v % 2
				o += bit
				if (k > 0 && bit != prevbit) t++
				prevbit = bit
				v = int(v / 2)
			}
			ones[b] = o; trans[b] = t
		}
		first = 1
	}
	{
		for (i = 1; i <= NF; i++) {
			b = $i + 0
			n1 += ones[b]; tr += trans[b]; seen[b] = 1
			if (!first && last != int(b / 128)) tr++
			last = b % 2; first = 0; nbytes++
		}
	}
	END {
		n = nbytes * 8; n0 = n - n1
		for (b in seen) distinct++
		runs = tr + 1
		if (n == 0) { print 0, 0, 0, 0, "empty"; exit }
		er = 2 * n1 * n0 / n + 1
		v = "ok"
		if (distinct < 2) v = "all-equal"
		else if ((n1 - n / 2) * (n1 - n / 2) > 25 * n / 4) v = "monobit"
		else if ((runs - er) * (runs - er) > 25 * (er - 1) * (er - 2) / (n - 1)) v = "runs"
		print n1, runs, n, distinct, v
	}'
}

do_trng() {
	hw=/sys/class/misc/hw_random
	if ! load_trng; then
		say "trng=fail:no-module-or-no-hwrng"
		return 1
	fi
	say "trng_available=$(cat $hw/rng_available | tr ' ' ',' | sed 's/,$//')"
	say "trng_current=$(cat $hw/rng_current)"
	if ! grep -qw smccc_trng $hw/rng_available; then
		say "trng=fail:smccc_trng-not-listed"
		return 1
	fi
	if [ "$(cat $hw/rng_current)" != smccc_trng ]; then
		say "trng=fail:smccc_trng-not-current"
		return 1
	fi
	head -c 65536 /dev/hwrng >/tmp/rng 2>/dev/null
	size=$(wc -c </tmp/rng)
	if [ "$size" != 65536 ]; then
		say "trng=fail:read-$size-bytes"
		return 1
	fi
	if [ "$(od -An -v -tx1 /tmp/rng | sort | uniq -d | wc -l)" != 0 ]; then
		say "trng=fail:repeated-16-byte-block"
		return 1
	fi
	# shellcheck disable=SC2046 # bit_stats prints the words to split
	set -- $(od -An -v -tu1 /tmp/rng | bit_stats)
	say "trng_ones=$1 trng_runs=$2 trng_bits=$3 trng_byte_values=$4"
	[ "$5" = ok ] || { say "trng=fail:$5"; return 1; }
	say "trng=ok"
}

do_cpuidle() {
	secs=${1:-1}
	d=/sys/devices/system/cpu/cpu0/cpuidle
	if [ ! -d "$d/state0" ]; then
		say "cpuidle driver=$(cat /sys/devices/system/cpu/cpuidle/current_driver 2>/dev/null || echo none) states="
		return 1
	fi
	names=
	for s in "$d"/state*; do
		names="$names${names:+,}$(cat "$s/name")"
	done
	say "cpuidle driver=$(cat /sys/devices/system/cpu/cpuidle/current_driver) governor=$(cat /sys/devices/system/cpu/cpuidle/current_governor_ro 2>/dev/null || cat /sys/devices/system/cpu/cpuidle/current_governor) states=$names"
	mode=$(dmesg | sed -n 's/.*Initialized CPU PM domain topology using \([A-Z]*\) mode.*/\1/p' | tail -n 1)
	say "cpuidle_mode=${mode:-none}"
	for only in "$d"/state*; do
		only=${only##*/}
		for c in /sys/devices/system/cpu/cpu[0-9]*/cpuidle; do
			for s in "$c"/state*; do
				[ "${s##*/}" = "$only" ] && v=0 || v=1
				echo "$v" >"$s/disable"
			done
		done
		# An idle CPU may sleep through a whole phase in the state it
		# entered before (no tick): a waker on each CPU ends its idle every
		# 0.1 s, so that it idles again in the one enabled state.
		for c in /sys/devices/system/cpu/cpu[0-9]*/cpuidle; do
			c=${c%/cpuidle}
			taskset -c "${c##*/cpu}" sh -c "i=0; while [ \$i -lt $((secs * 10)) ]; do
				sleep 0.1; i=\$((i + 1)); done" &
		done
		wait
	done
	for s in /sys/devices/system/cpu/cpu[0-9]*/cpuidle/state*/disable; do
		echo 0 >"$s"
	done
	unused=
	rejected=0
	for c in /sys/devices/system/cpu/cpu[0-9]*; do
		[ -d "$c/cpuidle" ] || continue
		u=
		r=
		for s in "$c"/cpuidle/state*; do
			n=$(cat "$s/usage")
			x=$(cat "$s/rejected" 2>/dev/null || echo 0)
			u="$u${u:+,}$n"
			r="$r${r:+,}$x"
			rejected=$((rejected + x))
			[ "$n" -gt 0 ] || unused="$unused ${c##*/}:${s##*/}"
		done
		say "cpuidle ${c##*/} usage=$u rejected=$r"
	done
	unused=${unused# }
	say "cpuidle_unused=${unused:-none}"
	say "cpuidle_rejected=$rejected"
	for g in /sys/kernel/debug/pm_genpd/*/idle_states; do
		[ -r "$g" ] || continue
		dom=${g%/idle_states}
		# "State Time Spent(ms) Usage Rejected" then one line per state.
		awk -v dom="${dom##*/}" 'NR > 1 && NF >= 4 {
			u += $(NF - 1); r += $NF }
			END { printf "SECMON-TEST genpd %s usage=%d rejected=%d\n", dom, u, r }' "$g"
	done
}

# One suspend to RAM woken by the PL031 alarm $1 s ahead. The alarm is
# armed before the kernel starts suspending, and the freeze and device
# suspend take 1-3 s under TCG on a loaded host: an alarm that rings before
# the noirq phase is an ordinary interrupt, handled and gone, and the kernel
# would then sleep with no wake-up left and never come back (QEMU's own
# PSCI hangs the same way in s2idle). The wakeup_count handshake
# (Documentation/ABI/testing/sysfs-power) makes the kernel abort instead
# (the alarm is a wakeup event of the PL031, a wakeup device): so every
# suspend that reaches the firmware has its alarm still ahead of it or
# pending in the GIC, and a hang is a lost wake-up.
# Returns 0 slept, 2 aborted by the kernel because the alarm had rung,
# 3 the same but refused at the wakeup_count write, 1 anything else.
suspend_once() {
	echo 0 >/sys/class/rtc/rtc0/wakealarm 2>/dev/null
	# The count first: an alarm that rings from here on counts against it.
	wc=$(cat /sys/power/wakeup_count) || return 1
	echo "+$1" >/sys/class/rtc/rtc0/wakealarm 2>/dev/null || return 1
	[ "${2:-0}" -gt 0 ] && sleep "$2"
	kind=3
	if echo "$wc" >/sys/power/wakeup_count 2>/dev/null; then
		echo mem >/sys/power/state 2>/dev/null && return 0
		# pm_suspend() records its error: EBUSY for a wakeup event.
		[ "$(sed -n 's/^ *//;s/ .*//;1p' /sys/power/suspend_stats/last_failed_errno)" = -16 ] ||
			return 1
		kind=2
	fi
	# Early only if the alarm has rung: its time leaves wakealarm once the
	# RTC core has handled it (a work item, replayed on the abort's resume).
	for k in 1 2 3; do
		[ -z "$(cat /sys/class/rtc/rtc0/wakealarm)" ] && return "$kind"
		sleep 1
	done
	return 1
}

do_suspend() {
	n=${1:-1}
	lag=${2:-0}
	fails=0
	early=0
	aborted=0
	slept_max=0
	slept_min=999
	late_max=-99
	late_min=99
	d=2
	for i in $(seq "$n"); do
		for try in 1 2 3; do
			t0=$(date +%s)
			suspend_once "$d" "$lag"
			r=$?
			forced=$lag
			lag=0
			t=$(($(date +%s) - t0))
			case $r in
			0)
				[ "$t" -gt "$slept_max" ] && slept_max=$t
				[ "$t" -lt "$slept_min" ] && slept_min=$t
				[ $((t - d)) -gt "$late_max" ] && late_max=$((t - d))
				[ $((t - d)) -lt "$late_min" ] && late_min=$((t - d))
				break
				;;
			2 | 3)
				early=$((early + 1))
				[ "$r" = 2 ] && aborted=$((aborted + 1))
				[ "$try" = 3 ] && fails=$((fails + 1))
				[ "$forced" = 0 ] && [ "$d" -lt 16 ] && d=$((d * 2))
				;;
			*)
				fails=$((fails + 1))
				break
				;;
			esac
		done
	done
	say "suspend mem_sleep=$(tr ' ' '/' </sys/power/mem_sleep) cycles=$n fails=$fails" \
		"success=$(cat /sys/power/suspend_stats/success) fail=$(cat /sys/power/suspend_stats/fail)" \
		"early=$early aborted=$aborted cpus=$(cat /sys/devices/system/cpu/online)" \
		"slept_min=$slept_min slept_max=$slept_max late_min=$late_min late_max=$late_max"
	if [ "$fails" != 0 ]; then
		for f in last_failed_step last_failed_errno last_failed_dev; do
			say "suspend_$f=$(tr '\n' ' ' </sys/power/suspend_stats/$f)"
		done
		dmesg | grep -e 'PM: ' -e 'suspend' | tail -n 8 | sed 's/^/SECMON-LOG /'
	fi
}

do_kexec() {
	[ -x /sbin/kexec ] || { say "kexec fail no-kexec"; return 1; }
	args=
	for w in $cmdline; do
		case $w in
		secmon.test=*) ;;
		*) args="$args $w" ;;
		esac
	done
	# kexec_file_load first (the kernel parses and places the image), then
	# kexec_load (kexec-tools does).
	how='file'
	kexec -s -l /boot/Image --initrd=/boot/initrd.cpio.gz --append="${args# } secmon.kexec=2" ||
		{ how=load; kexec -l /boot/Image --initrd=/boot/initrd.cpio.gz --append="${args# } secmon.kexec=2"; } ||
		{ say "kexec fail load"; return 1; }
	say "kexec loaded by=$how"
	sync
	kexec -e
	say "kexec fail exec"
	return 1
}

do_hibernate() {
	state_disk_modules || { say "hibernate fail no-disk"; return 1; }
	mkswap "$STATE_DEV" >/dev/null 2>&1 && swapon "$STATE_DEV" ||
		{ say "hibernate fail swap"; return 1; }
	v=$(head -c 8 /dev/urandom | od -An -tx1 | tr -d ' \n')
	echo "$v" >/tmp/hibernate
	say "hibernate writing value=$v"
	sync
	echo disk >/sys/power/state 2>/dev/null || say "hibernate fail write"
	say "hibernate resumed value=$(cat /tmp/hibernate) cpus=$(cat /sys/devices/system/cpu/online)"
}

do_resume() {
	state_disk_modules || { say "resume fail no-disk"; return 1; }
	cat "/sys/block/${STATE_DEV#/dev/}/dev" >/sys/power/resume 2>/dev/null
	say "resume fail no-image"
}

do_scmi() {
	v=$(dmesg | sed -n "s/.*SCMI Protocol v\([0-9.]*\) '\([^:']*\):.*/\1 \2/p" | head -n 1)
	say "scmi=${v%% *}"
	say "scmi_vendor=${v#* }"
	d=$(for drv in /sys/bus/scmi_protocol/drivers/* /sys/bus/scmi/drivers/*; do
		[ -d "$drv" ] || continue
		# shellcheck disable=SC2010 # sysfs names, no blanks
		ls "$drv" | grep -q '^scmi_dev' && basename "$drv"
	done | sort | tr '\n' ' ')
	say "scmi_drivers=$(echo $d | tr ' ' ,)"
	say "scmi_clocks=$(grep -c -E '^ *(apb_pclk|bus|cpu) ' /sys/kernel/debug/clk/clk_summary)"
	# The genpd domains less PSCI's own (cpu-pdNN, cluster-pdNN, system-pd:
	# the idle hierarchy).
	# shellcheck disable=SC2010 # debugfs names, no blanks
	d=$(ls /sys/kernel/debug/pm_genpd 2>/dev/null | grep -v summary |
		grep -v -E '^((cpu|cluster)-pd[0-9]+|system-pd)$' | sort | tr '\n' ' ')
	say "scmi_domains=$(echo $d | tr ' ' ,)"
	if state_disk_present '^SECMON-SCMI-DISK'; then
		say "scmi_disk=ok"
	else
		say "scmi_disk=none"
	fi
	g=/sys/kernel/debug/pm_genpd/pm_genpd_summary
	say "scmi_virtio_domain=$(awk '$1 == "virtio" { print $2 }' $g)"
	say "scmi_virtio_devices=$(awk '/^[^ ]/ { in_d = ($1 == "virtio") }
		in_d && /virtio_mmio/ { n++ } END { print n + 0 }' $g)"
	# Linux's view of what it left on: each SCMI clock's "hardware enable"
	# column (the clk core asks the driver, which asks the server) and each
	# SCMI domain's genpd state, in the monitor's order and words (suite.sh
	# holds it against the monitor's "scmi state" line). The enable and
	# prepare counts go along: Debian's 6.1 has no consumer of these clocks.
	st=$(for c in apb_pclk bus cpu; do
		awk -v c=$c '$1 == c { print "clock:" c ":" ($9 == "Y" ? "on" : "off") }' \
			/sys/kernel/debug/clk/clk_summary
	done
	for d in virtio pcie; do
		awk -v d=$d '$1 == d { print "domain:" d ":" ($2 ~ /^on/ ? "on" : "off") }' $g
	done)
	say "scmi_state=$(echo $st | tr ' ' ,)"
	say "scmi_clock_counts=$(awk '$1 ~ /^(apb_pclk|bus|cpu)$/ { printf "%s%s:%s/%s", n++ ? "," : "", $1, $2, $3 }' \
		/sys/kernel/debug/clk/clk_summary)"
	sed 's/^/SECMON-LOG clk: /' /sys/kernel/debug/clk/clk_summary
	sed 's/^/SECMON-LOG genpd: /' $g
	dmesg | grep -i scmi | sed 's/^/SECMON-LOG /'
}

STATE_DEV=/dev/vda

state_disk() {
	state_disk_present '^SECMON-STATE '
}

# True when the disk is there and its first line matches $1.
state_disk_present() {
	state_disk_modules || return 1
	head -c 64 "$STATE_DEV" | tr -d '\000' | head -n 1 | grep -q "$1"
}

# Loads the initramfs's modules and waits for the disk.
state_disk_modules() {
	if [ -s /lib/modules/load-order ]; then
		while read -r ko; do
			insmod "$ko" 2>/dev/null
		done </lib/modules/load-order
	fi
	t=0
	while [ ! -b "$STATE_DEV" ] && [ "$t" -lt 50 ]; do
		sleep 0.1
		t=$((t + 1))
	done
	[ -b "$STATE_DEV" ]
}

do_reboot() {
	k=${1:-1}
	if ! state_disk; then
		say "reboot fail no-state-disk"
		return 1
	fi
	boots=$(head -c 64 "$STATE_DEV" | tr -d '\000' | head -n 1 |
		sed -n 's/^SECMON-STATE boots=\([0-9][0-9]*\).*/\1/p')
	boots=$((${boots:-0} + 1))
	printf 'SECMON-STATE boots=%d\n' "$boots" |
		dd of="$STATE_DEV" conv=notrunc,fsync 2>/dev/null
	sync
	say "boot=$boots"
	if [ "$boots" -le "$k" ]; then
		say "reboot rebooting boot=$boots"
		sync
		reboot -f
		sleep 5
		say "reboot fail still-running"
		return 1
	fi
	if [ "$boots" -gt $((k + 1)) ]; then
		say "reboot fail boots=$boots expected=$((k + 1))"
		return 1
	fi
	say "reboot ok boots=$boots"
}

# --- summary ---------------------------------------------------------------

say begin
say "kernel=$(uname -r)"
say "cpus_online=$(cat /sys/devices/system/cpu/online)"
say "cpus_possible=$(cat /sys/devices/system/cpu/possible)"

el=$(dmesg | sed -n 's/.*CPU: All CPU(s) started at EL\([0-9]\).*/\1/p' | head -n 1)
# AArch32: "CPU: All CPU(s) started in HYP mode." / "... in SVC mode."
[ -n "$el" ] || el=$(dmesg | sed -n 's/.*CPU: All CPU(s) started in \([A-Z]*\) mode.*/\1/p' |
	tr '[:upper:]' '[:lower:]' | head -n 1)
[ -n "$el" ] || el=$(dmesg | grep -q 'CPUs started in inconsistent modes' && echo mixed)
say "boot_el=${el:-unknown}"

psci=$(dmesg | sed -n 's/.*psci: PSCIv\([0-9][0-9]*\.[0-9][0-9]*\) detected in firmware.*/\1/p' | head -n 1)
say "psci=${psci:-none}"
if [ -r /proc/device-tree/psci/method ]; then
	say "psci_method=$(tr -d '\000' </proc/device-tree/psci/method)"
else
	say "psci_method=none"
fi
smccc=$(dmesg | sed -n 's/.*SMC Calling Convention v\([0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' | head -n 1)
say "smccc=${smccc:-none}"

if [ -r /sys/devices/soc0/soc_id ]; then
	say "soc_id=$(cat /sys/devices/soc0/soc_id)"
	for f in family revision machine serial_number; do
		[ -r "/sys/devices/soc0/$f" ] && say "soc_$f=$(cat "/sys/devices/soc0/$f")"
	done
else
	say "soc_id=none"
fi

# --- actions from the command line ----------------------------------------

actions=
read -r cmdline </proc/cmdline
for w in $cmdline; do
	case $w in
	secmon.test=*) actions="$actions ${w#secmon.test=}" ;;
	esac
done
case " $cmdline " in *" secmon.kexec=2 "*) say "kexec second" ;; esac
reboot_k=
for a in $(echo "$actions" | tr , ' '); do
	case $a in
	hotplug) do_hotplug 1 ;;
	hotplug:[0-9]*) do_hotplug "${a#hotplug:}" ;;
	trng) do_trng ;;
	scmi) do_scmi ;;
	cpuidle) do_cpuidle 1 ;;
	kexec) do_kexec ;;
	hibernate) do_hibernate ;;
	resume) do_resume ;;
	suspend) do_suspend 1 ;;
	suspend:[0-9]*:[0-9]*) a=${a#suspend:}; do_suspend "${a%%:*}" "${a#*:}" ;;
	suspend:[0-9]*) do_suspend "${a#suspend:}" ;;
	cpuidle:[0-9]*) do_cpuidle "${a#cpuidle:}" ;;
	trace-start) do_trace_start ;;
	trace-dump) do_trace_dump ;;
	reboot) reboot_k=1 ;;
	reboot:[0-9]*) reboot_k=${a#reboot:} ;;
	*) say "action fail unknown=$a" ;;
	esac
done

# arm64 prints "KASLR enabled" or "KASLR disabled ..." (its seed: /chosen/kaslr-seed or RNDR).
kaslr=$(dmesg | sed -n 's/.*KASLR \(enabled\|disabled\).*/\1/p' | head -n 1)
say "kaslr=${kaslr:-unknown}"
dmesg | grep -i -e kaslr -e 'random:' -e trng -e hwrng | sed 's/^/SECMON-LOG /'

# --- kernel log check ------------------------------------------------------

# dmesg -r: "<level>[time] text"; level 0-4 is emergency..warning.
warnings=$(dmesg -r | grep -i -e psci -e smccc -e scmi |
	awk '{ lvl = -1
	       if (match($0, /^<[0-9]+>/)) lvl = substr($0, 2, RLENGTH - 2) % 8
	       if ((lvl >= 0 && lvl <= 4) || tolower($0) ~ /fail|error/) n++ }
	     END { print n + 0 }')
say "warnings=$warnings"
dmesg | grep -i -e psci -e smccc -e scmi | sed 's/^/SECMON-LOG /'
# Stack dumps (WARN, BUG, Oops) all print "Call trace:" on arm64.
say "splats=$(dmesg | grep -c 'Call trace:')"
dmesg | grep -e 'WARNING:' -e 'BUG:' -e 'Internal error' -e 'Unable to handle' |
	sed 's/^/SECMON-SPLAT /'

# Last, as it may restart the machine.
[ -n "$reboot_k" ] && do_reboot "$reboot_k"

powerdown

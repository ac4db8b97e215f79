#!/bin/sh
# init-dom0.sh - the /init of dom0's initramfs in the Xen tests (busybox sh).
#
# dom0 is Debian's arm64 kernel under Debian's Xen, under secmon. It sees
# Xen's own virtual firmware, not the monitor: Xen answers dom0's PSCI and
# SMCCC calls itself and every other SMC as unknown. This init prints what
# dom0 sees as "SECMON-TEST key=value" lines (tests/linux/check-boot.sh reads
# them), then ends the machine the way the command line says:
#
#   SECMON-TEST begin
#   SECMON-TEST kernel=<uname -r>
#   SECMON-TEST xen=4.17            dmesg "Xen 4.17 support found"
#   SECMON-TEST hypervisor=xen      /sys/hypervisor/type
#   SECMON-TEST cpus_online=0-3     dom0's vCPUs
#   SECMON-TEST psci=1.1 smccc=1.1  dmesg: Xen's virtual PSCI and SMCCC
#   SECMON-TEST soc_id=none         /sys/devices/soc0/soc_id (Xen offers no SOC_ID)
#   SECMON-TEST xen_pcpu=absent     /sys/devices/system/xen_cpu: Linux's
#                                   physical-CPU hotplug interface to Xen
#                                   (x86 only: Xen 4.17 on Arm has no such
#                                   platform call)
#   SECMON-TEST hotplug ok cycles=1 cpus=3   every secondary vCPU offline and
#                                   back (Xen's virtual PSCI CPU_OFF/CPU_ON;
#                                   nothing reaches the monitor)
#   SECMON-TEST warnings=0 splats=0
#   SECMON-TEST end
#
# Kernel command line (dom0's bootargs):
#   secmon.xen=off      poweroff -f: Xen's SCHEDOP_shutdown, then PSCI
#                       SYSTEM_OFF from Xen (the default)
#   secmon.xen=reboot   reboot -f: PSCI SYSTEM_RESET from Xen
#   secmon.xen=hotplug+off  the vCPU hotplug cycle first (words joined by +:
#                       a comma would end QEMU's guest-loader bootargs=)

# shellcheck source=tests/linux/init-prelude.sh
. /etc/init-prelude.sh
# Kernel chatter off the console while the summary prints.
echo 1 >/proc/sys/kernel/printk

t() { echo "SECMON-TEST $*"; }

what=off
for w in $(tr ' ' '\n' </proc/cmdline | sed -n 's/^secmon\.xen=//p' | tr '+' ' '); do
	case $w in
	off | reboot) what=$w ;;
	hotplug) hotplug=1 ;;
	esac
done

t begin
t "kernel=$(uname -r)"
log=$(dmesg)
t "xen=$(printf '%s\n' "$log" | sed -n 's/.*Xen \([0-9.]*\) support found.*/\1/p' | head -n 1)"
t "hypervisor=$(cat /sys/hypervisor/type 2>/dev/null || echo none)"
t "cpus_online=$(cat /sys/devices/system/cpu/online)"
t "psci=$(printf '%s\n' "$log" | sed -n 's/.*psci: PSCIv\([0-9.]*\) detected.*/\1/p' | head -n 1)"
t "smccc=$(printf '%s\n' "$log" | sed -n 's/.*SMC Calling Convention v\([0-9.]*\).*/\1/p' | head -n 1)"
t "soc_id=$(cat /sys/devices/soc0/soc_id 2>/dev/null || echo none)"
t "xen_pcpu=$([ -d /sys/devices/system/xen_cpu ] && echo present || echo absent)"

if [ "${hotplug:-0}" = 1 ]; then
	n=0 bad=
	for c in /sys/devices/system/cpu/cpu[1-9]*; do
		[ -w "$c/online" ] || continue
		echo 0 >"$c/online" 2>/dev/null || bad="$bad ${c##*/}:off"
		[ "$(cat "$c/online")" = 0 ] || bad="$bad ${c##*/}:still-on"
		echo 1 >"$c/online" 2>/dev/null || bad="$bad ${c##*/}:on"
		[ "$(cat "$c/online")" = 1 ] || bad="$bad ${c##*/}:still-off"
		n=$((n + 1))
	done
	if [ -z "$bad" ] && [ "$n" -gt 0 ]; then
		t "hotplug ok cycles=1 cpus=$n"
	else
		t "hotplug fail cpus=$n$bad"
	fi
fi

t "warnings=$(dmesg -l warn,err,crit,alert,emerg | grep -ciE 'psci|smccc')"
t "splats=$(dmesg | grep -c 'Call trace:')"
t end
case $what in
reboot) reboot -f ;;
*) poweroff -f ;;
esac

#!/bin/sh
# An init for tests/linux/psci01.sh: takes the boot CPU (cpu0) offline, so
# that it sits "off" in the firmware, and powers off from another CPU.
# secmon's power-off watch runs on the boot CPU: it must still see the
# request. Prints SECMON-TEST lines for check-boot.sh.
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sys /sys
if echo 0 >/sys/devices/system/cpu/cpu0/online; then
	echo "SECMON-TEST cpu0_off=yes"
else
	echo "SECMON-TEST cpu0_off=no"
fi
echo "SECMON-TEST cpus_online=$(/bin/busybox cat /sys/devices/system/cpu/online)"
/bin/busybox poweroff -f

#!/bin/sh
# /init of the OP-TEE rig's initramfs (tests/optee/run.sh): loads Debian's
# tee and optee modules, brings up the loopback interface, starts Debian's
# tee-supplicant, and runs xtest
# when the initramfs has one (`optee.xtest=ARGS` on the command line, default
# "-l 0"); prints RIG lines for run.sh and powers off.
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sysfs /sys
/bin/busybox mount -t devtmpfs devtmpfs /dev
/bin/busybox --install -s
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
mkdir -p /data/tee /tmp
ifconfig lo 127.0.0.1 up	# xtest's socket tests (2001-2004) talk to themselves
echo "RIG kernel $(uname -r) cpus $(grep -c ^processor /proc/cpuinfo)"
while read -r m; do
	[ -n "$m" ] && insmod "$m" 2>&1 | sed 's/^/RIG insmod: /'
done </lib/modules/load-order
if [ -c /dev/tee0 ] && [ -c /dev/teepriv0 ]; then
	echo "RIG tee devices present"
else
	echo "RIG no /dev/tee0 or /dev/teepriv0"
fi
dmesg | grep -i optee | sed 's/^/RIG dmesg: /'
tee-supplicant -d
sleep 1
if pidof tee-supplicant >/dev/null; then echo "RIG tee-supplicant running"; else echo "RIG tee-supplicant not running"; fi
args=$(sed -n 's/.*optee\.xtest=\([^ ]*\).*/\1/p' /proc/cmdline | tr , ' ')
[ -n "$args" ] || args="-l 0"
if [ -x /usr/bin/xtest ]; then
	echo "RIG xtest $args: start"
	# shellcheck disable=SC2086
	xtest $args 2>&1
	echo "RIG xtest status $?"
fi
echo "RIG done"
poweroff -f

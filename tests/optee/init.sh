#!/bin/sh
# /init of the OP-TEE rig's initramfs (tests/optee/run.sh): loads Debian's
# tee and optee modules, brings up the loopback interface, prints what
# OP-TEE wrote into the DT, starts Debian's tee-supplicant, and runs xtest
# when the initramfs has one (`optee.xtest=ARGS` on the command line, default
# "-l 0"); prints RIG lines for run.sh and powers off. The lines run.sh
# reads:
#   RIG dt PATH PROP=VALUE ...   a node of the DT Linux booted with
#                                (/proc/device-tree): /firmware/optee's
#                                compatible, method, interrupts; each
#                                /reserved-memory node's reg (hex, the
#                                parent's cells), no-map=0|1
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sysfs /sys
/bin/busybox mount -t devtmpfs devtmpfs /dev
/bin/busybox --install -s
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
mkdir -p /data/tee /tmp
ifconfig lo 127.0.0.1 up	# xtest's socket tests (2001-2004) talk to themselves
echo "RIG kernel $(uname -r) cpus $(grep -c ^processor /proc/cpuinfo)"

# hex FILE: a property's bytes as one hex string.
hex() { hexdump -v -e '1/1 "%02x"' "$1"; }
# str FILE: a string property, NULs as spaces.
str() { tr '\0' ' ' <"$1" | sed 's/ $//'; }
DT=/proc/device-tree
n=$DT/firmware/optee
if [ -d "$n" ]; then
	echo "RIG dt /firmware/optee compatible=$( [ -f "$n/compatible" ] && str "$n/compatible")" \
		"method=$( [ -f "$n/method" ] && str "$n/method")" \
		"interrupts=$( [ -f "$n/interrupts" ] && hex "$n/interrupts")"
else
	echo "RIG dt /firmware/optee absent"
fi
r=$DT/reserved-memory
if [ -d "$r" ]; then
	echo "RIG dt /reserved-memory address-cells=$(hex "$r/#address-cells")" \
		"size-cells=$(hex "$r/#size-cells")"
	for n in "$r"/*/; do
		[ -f "$n/reg" ] || continue
		nm=no-map=0
		[ -e "$n/no-map" ] && nm=no-map=1
		echo "RIG dt /reserved-memory/$(basename "$n") reg=$(hex "$n/reg") $nm"
	done
else
	echo "RIG dt /reserved-memory absent"
fi

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

echo "RIG splats $(dmesg | grep -c 'Call trace:')"
echo "RIG done"
poweroff -f

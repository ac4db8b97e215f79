#!/bin/sh
# /init of the OP-TEE rig's initramfs (tests/optee/run.sh): loads Debian's
# tee and optee modules, brings up the loopback interface, prints what
# OP-TEE wrote into the DT, starts Debian's tee-supplicant, and runs xtest
# when the initramfs has one (`optee.xtest=ARGS` on the command line, default
# "-l 0"); with `optee.pm=H,S` it then takes CPUs offline and online and
# suspends to RAM, with xtest on each CPU after each; prints RIG lines for
# run.sh and powers off. The lines run.sh reads:
#   RIG dt PATH PROP=VALUE ...   a node of the DT Linux booted with
#                                (/proc/device-tree): /firmware/optee's
#                                compatible, method, interrupts; each
#                                /reserved-memory node's reg (hex, the
#                                parent's cells), no-map=0|1
#   RIG pm hotplug cpu=N off=K on=K          each secondary, H cycles
#   RIG pm suspend slept=S aborted=A cpus_down=D   S suspends to RAM asked
#   RIG pm xtest during-hotplug runs=N failed=F   xtest runs meanwhile
#   RIG pm xtest PHASE cpu=N status=RC: SUMMARY    xtest bound to CPU N
#                                (PHASE: hotplug or suspend, after it)
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sysfs /sys
/bin/busybox mount -t devtmpfs devtmpfs /dev
/bin/busybox --install -s
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
mkdir -p /data/tee /tmp
# shellcheck source=tests/linux/init-pm.sh
. /etc/init-pm.sh
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

# xtest_each PHASE: xtest with ARGS bound to each CPU in turn (its calls
# into OP-TEE are made from that CPU).
xtest_each() {
	[ -x /usr/bin/xtest ] || return 0
	c=0
	while [ "$c" -lt "$(grep -c ^processor /proc/cpuinfo)" ]; do
		# shellcheck disable=SC2086
		taskset "$(printf %x $((1 << c)))" xtest $args >/tmp/xtest.out 2>&1
		st=$?
		echo "RIG pm xtest $1 cpu=$c status=$st:" \
			"$(grep -m1 -oE '[0-9]+ subtests of which [0-9]+ failed' /tmp/xtest.out)," \
			"$(grep -m1 -oE '[0-9]+ test cases of which [0-9]+ failed' /tmp/xtest.out)," \
			"failed:$(grep -E '^  [a-z0-9_]+ FAILED' /tmp/xtest.out | awk '{ printf " %s", $1 }')"
		c=$((c + 1))
	done
}

pm=$(sed -n 's/.*optee\.pm=\([0-9]*,[0-9]*\).*/\1/p' /proc/cmdline)
if [ -n "$pm" ]; then
	cycles=${pm%,*}
	suspends=${pm#*,}
	dmesg -n 1	# hotplug and suspend are chatty; their lines stay in dmesg
	# xtest, unbound, over and over while the CPUs go offline and online:
	# its calls move between CPUs, and a yielding call left for a foreign
	# interrupt may be resumed on another CPU.
	rm -f /tmp/pm-done
	if [ -x /usr/bin/xtest ]; then
		(
			runs=0 bad=0
			while [ ! -e /tmp/pm-done ] || [ "$runs" = 0 ]; do
				# shellcheck disable=SC2086
				xtest $args >/tmp/xtest.bg 2>&1 &&
					grep -qE ' test cases of which 0 failed' /tmp/xtest.bg || bad=$((bad + 1))
				runs=$((runs + 1))
			done
			echo "runs=$runs failed=$bad" >/tmp/pm-bg
		) &
	fi
	hotplug_each "$cycles" | sed 's/^/RIG pm hotplug /'
	touch /tmp/pm-done
	wait
	[ ! -e /tmp/pm-bg ] || echo "RIG pm xtest during-hotplug $(cat /tmp/pm-bg)"
	xtest_each hotplug
	suspend_start
	aborted=0
	i=0
	while [ "$i" -lt "$suspends" ]; do
		# An alarm that rang early aborts a try: give it one more with a
		# later alarm.
		suspend_once 3 || { aborted=$((aborted + 1)); suspend_once 8 || aborted=$((aborted + 1)); }
		i=$((i + 1))
	done
	echo "RIG pm suspend $(suspend_summary "$aborted")"
	xtest_each suspend
fi
# OP-TEE's notification interrupt as Linux counted it (the driver's own name)
grep -i optee /proc/interrupts | tr -s ' ' | sed 's/^/RIG irq /'
echo "RIG splats $(dmesg | grep -c 'Call trace:')"
echo "RIG done"
poweroff -f

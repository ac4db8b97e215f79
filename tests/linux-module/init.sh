#!/bin/sh
# init.sh - the /init of the module-test initramfs (busybox sh).
#
# Loads secmon.ko, the example secure-media driver and the API test module
# from /lib/modules/secmon/, drives debugfs and the driver's sysfs
# attribute, checks every answer, unloads, and powers off. Kernel command
# line (set by run.sh):
#   secmon.mod=SCENARIO   psci | idle | table | legacy | broken-table |
#                         broken-service | absent | hvc-vhe | hvc-el1 | cpus17
#                         | scmi | scmi-owned (the SCMI=1 firmware: debugfs
#                         secmon/scmi)
#                         | negative | omap4 | reordered | psci01 (AArch32)
#                         (see run.sh)
#   secmon.fw=0|1         1 when a secmon monitor answers the calls; 0 for
#                         QEMU's built-in PSCI, which answers PSCI only
#                         (every other call: SMC_UNK)
#
# Output lines (run.sh turns the first kind into TAP):
#   SECMON-MOD ok - module: SCENARIO: what        (or "not ok - ...")
#   SECMON-MOD #   detail of a failure
#   SECMON-DEBUGFS FILE: line                     debugfs contents, for people
#   SECMON-LOG line                               secmon's kernel messages
#   SECMON-MOD end

# shellcheck source=tests/linux/init-prelude.sh
. /etc/init-prelude.sh
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mount -t tmpfs tmpfs /tmp 2>/dev/null
dmesg -n 1

S=unknown
FW=0
read -r cmdline </proc/cmdline
for w in $cmdline; do
	case $w in
	secmon.mod=*) S=${w#secmon.mod=} ;;
	secmon.fw=*) FW=${w#secmon.fw=} ;;
	esac
done

# An AArch32 kernel (armmp): SMC64 operations are absent, SMC_UNK is 32 bits.
A32=0
[ "$(uname -m)" = armv7l ] && A32=1
UNK=0xffffffffffffffff
[ "$A32" = 1 ] && UNK=0xffffffff

# The scenario's name in the TAP lines: fw-SCENARIO under the monitor.
L=$S
[ "$FW" = 1 ] && L=fw-$S
M=/lib/modules/secmon
D=/sys/kernel/debug/secmon
MEDIA=/sys/bus/platform/devices/firmware:secure-media
OUT=/tmp/out

pass() { echo "SECMON-MOD ok - module: $L: $1"; }
fail() {
	echo "SECMON-MOD not ok - module: $L: $1"
	[ -s "$OUT" ] && sed 's/^/SECMON-MOD #   /' "$OUT"
	return 0
}
# check WHAT CMD...: CMD succeeds.
check() {
	what=$1
	shift
	if "$@" >"$OUT" 2>&1; then pass "$what"; else fail "$what"; fi
}
# refused WHAT CMD...: CMD fails.
refused() {
	what=$1
	shift
	if "$@" >"$OUT" 2>&1; then fail "$what (it succeeded)"; else pass "$what"; fi
}
# has WHAT FILE TEXT: FILE holds the line part TEXT.
has() {
	if grep -qF -- "$3" "$2" 2>/dev/null; then
		pass "$1"
	else
		{ echo "no \"$3\" in $2:"; cat "$2"; } >"$OUT.has" 2>&1
		mv "$OUT.has" "$OUT"
		fail "$1"
	fi
}
# logged WHAT TEXT: the kernel log holds TEXT.
logged() {
	dmesg >/tmp/dmesg
	has "$1" /tmp/dmesg "$2"
}
# call REQUEST: write it to debugfs call (failure is fine: see the result).
call() {
	echo "$1" >"$D/call" 2>"$OUT"
}
# calls "REQUEST" WHAT: the write is accepted.
calls() {
	if call "$1"; then
		pass "$2"
	else
		{ cat "$OUT"; cat "$D/call"; } >"$OUT.2"
		mv "$OUT.2" "$OUT"
		fail "$2"
	fi
}
# rejects "REQUEST" WHAT: the write is refused.
rejects() {
	if call "$1"; then : >"$OUT"; fail "$2 (accepted)"; else pass "$2"; fi
}
dump() {
	for f in tables firmware smccc calls; do
		[ -r "$D/$f" ] && sed "s|^|SECMON-DEBUGFS $f: |" "$D/$f"
	done
}
api_test() { # SCENARIO-PARAMS...
	# Only this load's lines count (the module may be loaded twice).
	n0=$(dmesg | wc -l)
	if insmod "$M/secmon-api-test.ko" "$@" >"$OUT" 2>&1; then
		pass "api: secmon-api-test.ko loads ($*)"
	else
		fail "api: secmon-api-test.ko loads ($*)"
		return
	fi
	dmesg | tail -n +$((n0 + 1)) >/tmp/api-dmesg
	sed -n 's/.*secmon-api-test: \(ok - .*\)/SECMON-MOD \1/p; s/.*secmon-api-test: \(not ok - .*\)/SECMON-MOD \1/p' /tmp/api-dmesg |
		sed "s/^SECMON-MOD \(ok\|not ok\) - /SECMON-MOD \1 - module: $L: api: /"
	grep -q 'secmon-api-test: [0-9]* passed, 0 failed' /tmp/api-dmesg ||
		{ : >"$OUT"; fail "api: every check passed"; }
	rmmod secmon-api-test
}

# Calls by name from atomic context in the API test module while a
# background loop reads and writes debugfs (secmon.ko's mutex).
atomic_test() {
	rm -f /tmp/stop
	(
		while [ ! -e /tmp/stop ]; do
			echo "media get-status" >"$D/call"
			cat "$D/tables" "$D/call" "$D/calls" >/dev/null
		done
	) &
	bg=$!
	api_test scenario=psci fw="$FW" atomic=4000
	touch /tmp/stop
	wait "$bg"
	dmesg >/tmp/dmesg
	for text in "scheduling while atomic" "sleeping function called from invalid context"; do
		if grep -qF "$text" /tmp/dmesg; then
			grep -F -A3 "$text" /tmp/dmesg >"$OUT"
			fail "atomic: no \"$text\" in the kernel log"
		else
			pass "atomic: no \"$text\" in the kernel log"
		fi
	done
}

# --- the media service, through debugfs and the example driver ------------

media_debugfs() {
	has "tables lists the secure-media service" "$D/tables" \
		"secure-media: /firmware/secure-media, smc, SMCCC ABI, 0 users"
	has "tables: set-format's ID and registers" "$D/tables" \
		"  set-format: id 0x82000100 in x0, smc32 fast; args format=x1; results status=x0"
	has "tables: protect-buffer is SMC64 with two results" "$D/tables" \
		"  protect-buffer: id 0xc2000101 in x0, smc64 fast; args addr=x1 size=x2; results status=x0 handle=x1"
	echo clear >"$D/calls"
	calls "media set-format format=2" "call: \"media set-format format=2\" is accepted"
	if [ "$FW" = 1 ]; then
		has "call: set-format answered 0" "$D/call" \
			"secure-media set-format format=2 -> 0 (success) status=0x0"
	else
		has "call: set-format unanswered: -95 (not supported)" "$D/call" \
			"secure-media set-format format=2 -> -95 (not supported)"
		has "call: the answer was SMC_UNK" "$D/call" "received x0=$UNK"
	fi
	has "call: the registers sent" "$D/call" "sent x0=0x82000100 x1=0x2"
	calls "secure-media get-status" "call: get-status by node name"
	if [ "$FW" = 1 ]; then
		has "call: get-status gives format 2, no buffers" "$D/call" \
			"secure-media get-status -> 0 (success) status=0x0 format=0x2 buffers=0x0"
	else
		has "call: get-status unanswered" "$D/call" "secure-media get-status -> -95 (not supported)"
	fi
	has "calls: set-format with its registers and answer" "$D/calls" \
		"smc secure-media/set-format x0=0x82000100 x1=0x2 -> x0="
	has "calls: get-status" "$D/calls" "smc secure-media/get-status x0=0x82000103 -> x0="
	rejects "media set-format" "call: a missing argument is refused"
	has "call: ... naming it" "$D/call" "error: missing argument format; set-format takes: format"
	rejects "media set-format format=1 colour=2" "call: an unknown argument is refused"
	has "call: ... naming it" "$D/call" "error: set-format takes no argument \"colour\""
	rejects "media set-format format=two" "call: a value that is not a number is refused"
	rejects "media set-format format=0x100000002" "call: a value too wide for an SMC32 register is refused"
	has "call: ... naming the argument" "$D/call" \
		"error: the value of format does not fit its 32-bit register (set-format is SMC32)"
	if [ "$A32" = 0 ]; then
		calls "media protect-buffer addr=0x100000000 size=16" "call: a 64-bit value for an SMC64 call is accepted"
		has "call: ... and sent whole" "$D/call" "sent x0=0xc2000101 x1=0x100000000 x2=0x10"
	else
		rejects "media protect-buffer addr=0x1000 size=16" "call: an SMC64 call is refused from AArch32"
		has "call: ... saying why" "$D/call" \
			"error: protect-buffer is an SMC64 call, which an AArch32 kernel cannot make"
	fi
	rejects "media set-format format=010" "call: a number with a leading zero (octal?) is refused"
	has "call: ... saying what a number is" "$D/call" \
		"error: the value of format is not a number (decimal, or 0x and hexadecimal digits)"
	for v in +1 0x 0x0x1 -1 1k; do
		rejects "media set-format format=$v" "call: format=$v is refused"
	done
	calls "media set-format format=10" "call: format=10 is accepted"
	has "call: ... as decimal ten" "$D/call" "sent x0=0x82000100 x1=0xa"
	calls "media set-format format=0X1f" "call: format=0X1f is accepted"
	has "call: ... as hexadecimal" "$D/call" "sent x0=0x82000100 x1=0x1f"
	rejects "media set-format format=1 format=7" "call: a repeated argument is refused"
	has "call: ... naming it" "$D/call" "error: argument format given twice"
	if printf 'media set-format format=1\000format=7\n' >"$D/call" 2>"$OUT"; then
		: >"$OUT"
		fail "call: a request with a NUL byte is refused (accepted)"
	else
		pass "call: a request with a NUL byte is refused"
	fi
	has "call: ... saying so" "$D/call" "error: the request holds a NUL byte (at offset 25)"
	rejects "media no-such-op" "call: an unknown operation is refused"
	has "call: ... listing the service's operations" "$D/call" \
		"error: secure-media has no operation \"no-such-op\"; it has: set-format protect-buffer unprotect-buffer get-status"
	rejects "no-such-table get-status" "call: an unknown table is refused"
	has "call: ... naming it" "$D/call" "error: no call table named \"no-such-table\""
	echo clear >"$D/calls"
	if [ -z "$(cat "$D/calls")" ]; then pass "calls: a write clears it"; else : >"$OUT"; fail "calls: a write clears it"; fi
}

media_driver() {
	check "secmon-media-example.ko loads" insmod "$M/secmon-media-example.ko"
	logged "the example binds to the service" \
		"secmon-media-example firmware:secure-media: bound to secmon service secure-media"
	check "the example offers $MEDIA/format" test -f "$MEDIA/format"
	has "tables counts the example as a user" "$D/tables" \
		"secure-media: /firmware/secure-media, smc, SMCCC ABI, 1 users"
	if [ "$FW" = 1 ]; then
		check "write format 3 (set-format)" sh -c "echo 3 >$MEDIA/format"
		check "read format (get-status) gives 3" sh -c "[ \"\$(cat $MEDIA/format)\" = 3 ]"
		refused "write format 99: the firmware refuses it" sh -c "echo 99 >$MEDIA/format"
		has "... as EINVAL" "$OUT" "Invalid argument"
	else
		refused "write format 3: nobody answers set-format" sh -c "echo 3 >$MEDIA/format"
		has "... EOPNOTSUPP" "$OUT" "not supported"
		refused "read format: nobody answers get-status" cat "$MEDIA/format"
		has "... EOPNOTSUPP" "$OUT" "not supported"
	fi
	has "calls: the driver's set-format" "$D/calls" \
		"smc secure-media/set-format x0=0x82000100 x1=0x3 -> x0="
	refused "secmon.ko cannot unload while the example uses it" rmmod secmon
	check "rmmod secmon-media-example" rmmod secmon-media-example
	check "the attribute is gone" test ! -e "$MEDIA/format"
}

# A driver that binds to the SCMI channel's node while debugfs scmi holds
# the channel (secmon.scmi_hold_ms) must wait for its release (the module
# claims the node's device: secmon-scmi.c), after which the file refuses;
# unbound again, the file works. The driver is secmon-api-test.ko's
# "secmon-bind-test", bound through driver_override as the kernel's SCMI
# driver would bind.
scmi_bind() {
	dev=$(cd /sys/bus/platform/devices && ls -d -- *:scmi 2>/dev/null | head -n 1)
	P=/sys/module/secmon/parameters/scmi_hold_ms
	if [ -z "$dev" ] || ! insmod "$M/secmon-api-test.ko" scenario=bind >"$OUT" 2>&1; then
		fail "scmi: the test driver loads and the channel's node has a device ($dev)"
		return
	fi
	echo secmon-bind-test >"/sys/bus/platform/devices/$dev/driver_override"
	echo 3000 >"$P"
	cat "$D/scmi" >/tmp/held 2>&1 &
	reader=$!
	n=0
	while ! dmesg | grep -q 'scmi: channel claimed' && [ $n -lt 100 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	echo "$dev" >/sys/bus/platform/drivers/secmon-bind-test/bind 2>"$OUT"
	wait $reader
	echo 0 >"$P"
	dmesg | grep -e 'scmi: channel' -e 'bind: bound' | sed 's/^/SECMON-LOG /'
	has "scmi: the read that held the channel ran whole" /tmp/held "sensor 1: -1 (denied)"
	dmesg | awk '/secmon: scmi: channel released/ { if (!b) r = 1 }
		     /secmon-api-test: bind: bound to/ { b = 1 }
		     END { exit !(r && b) }' >"$OUT" 2>&1
	if [ $? = 0 ]; then
		pass "scmi: a driver binding to the channel's node waited for the file's release"
	else
		dmesg >"$OUT"
		fail "scmi: a driver binding to the channel's node waited for the file's release"
	fi
	has "scmi: with a driver bound the file keeps out" "$D/scmi" \
		"channel: none: the kernel's SCMI driver owns the channel (a driver is bound to its node)"
	refused "scmi: with a driver bound no level is set" sh -c "echo 'perf 0 500000' >$D/scmi"
	echo "$dev" >/sys/bus/platform/drivers/secmon-bind-test/unbind
	echo >"/sys/bus/platform/devices/$dev/driver_override"
	has "scmi: unbound again, the file reads the channel" "$D/scmi" "base: version 2.0"
	rmmod secmon-api-test
}

unload() {
	check "rmmod secmon" rmmod secmon
	check "debugfs secmon/ is gone" test ! -e "$D"
	logged "secmon says it unloaded" "secmon: unloaded"
}

# The power_state of the idle state (node) NAME, in decimal.
ps_of() {
	for f in /proc/device-tree/cpus/idle-states/"$1" /proc/device-tree/cpus/domain-idle-states/"$1"; do
		[ -r "$f/arm,psci-suspend-param" ] || continue
		echo $((0x$(hexdump -ve '1/1 "%02x"' "$f/arm,psci-suspend-param")))
		return 0
	done
	return 1
}

# scenario idle: secmon_fwops_do_idle() while cpuidle runs, then the monitor's
# PSCI statistics against Linux's cpuidle counters (secmon-api-test.c).
scenario_idle() {
	loads "secmon: firmware operations: psci over smc; 0 services; " psci_only=1 || return
	has "cpuidle: Linux runs cpuidle-psci" /sys/devices/system/cpu/cpuidle/current_driver psci_idle
	sleep 2
	api_test scenario=idle cpu=1 doidle=20
	# Freeze both sides' counts: every state but WFI off, then a task on
	# each CPU, so that a CPU still in a state leaves it and both count it.
	for f in /sys/devices/system/cpu/cpu*/cpuidle/state*/disable; do
		case $f in */state0/*) ;; *) echo 1 >"$f" ;; esac
	done
	i=0
	std=
	pd=
	: >"$OUT"
	while [ -d "/sys/devices/system/cpu/cpu$i/cpuidle" ]; do
		taskset -c "$i" true
		s=0
		p=0
		for st in /sys/devices/system/cpu/cpu$i/cpuidle/state*; do
			[ "${st##*/}" = state0 ] && continue
			name=$(cat "$st/name")
			v=$(ps_of "$name") || { echo "cpu$i: no DT idle state $name" >>"$OUT"; continue; }
			u=$(cat "$st/usage")
			echo "cpu$i $name power_state=$v usage=$u" >>"$OUT"
			if [ $(((v >> 16) & 1)) = 1 ]; then p=$((p + u)); else s=$((s + u)); fi
		done
		std=$std${std:+,}$s
		pd=$pd${pd:+,}$p
		i=$((i + 1))
	done
	sed 's/^/SECMON-IDLE /' "$OUT"
	api_test scenario=stats cpu=1 doidle=20 linux_std="$std" linux_pd="$pd"
	unload
}

# The firmware's trace (debugfs trace, trace_text): a trace file that starts
# with "SMTR" when the firmware records, else a refusal with an errno
# (EOPNOTSUPP: QEMU's PSCI and a monitor built without recording answer
# the SiP calls SMC_UNK or NOT_SUPPORTED), never a crash.
# A firmware that records: cpu1 off and on again while recording, its
# CPU_OFF and CPU_ON calls and power events read back (trace_text: the
# record's type and fid in hexadecimal).
fwtrace_hotplug() {
	cpu=/sys/devices/system/cpu/cpu1/online
	[ -w "$cpu" ] || return 0
	check "trace: clear and start recording (TRACE_CTL)" sh -c "echo clear >$D/trace && echo start >$D/trace"
	echo 0 >"$cpu"
	echo 1 >"$cpu"
	cat "$D/trace_text" >/tmp/fwtrace.txt 2>"$OUT"
	has "trace: cpu1's CPU_OFF call recorded" /tmp/fwtrace.txt "smc 0x84000002"
	has "trace: its CPU_OFF event" /tmp/fwtrace.txt "power 0x2"
	has "trace: the CPU_ON event" /tmp/fwtrace.txt "power 0x1"
	has "trace: cpu1's warm boot" /tmp/fwtrace.txt "power 0x6"
	check "trace: stop recording" sh -c "echo stop >$D/trace"
	grep -v '^#' /tmp/fwtrace.txt | head -n 40 | sed 's|^|SECMON-DEBUGFS trace_text: |'
}
fwtrace_debugfs() {
	if cat "$D/trace" >/tmp/fwtrace 2>"$OUT"; then
		if [ "$(head -c 4 /tmp/fwtrace)" = SMTR ] && [ "$(wc -c </tmp/fwtrace)" -ge 40 ]; then
			pass "trace: the firmware's trace, a trace file ($(wc -c </tmp/fwtrace) bytes)"
		else
			od -A d -t x1 /tmp/fwtrace | head -5 >"$OUT"
			fail "trace: the firmware's trace, a trace file"
		fi
		has "trace_text: its records, checked by the library's decoder" "$D/trace_text" " CPUs, counter "
		fwtrace_hotplug
	elif grep -q "Operation not supported" "$OUT"; then
		pass "trace: refused with EOPNOTSUPP: the firmware records nothing"
		if cat "$D/trace_text" >/dev/null 2>"$OUT"; then
			fail "trace_text: refused too"
		else
			has "trace_text: refused too (EOPNOTSUPP)" "$OUT" "Operation not supported"
		fi
	else
		fail "trace: the firmware's trace, or EOPNOTSUPP"
	fi
	if echo frob >"$D/trace" 2>"$OUT"; then
		fail "trace: a write other than start, stop, clear is refused"
	else
		has "trace: a write other than start, stop, clear is refused (EINVAL)" "$OUT" "Invalid argument"
	fi
}

# --- scenarios ---------------------------------------------------------------

# loads WHAT-IT-SAYS [PARAMS...]: fails (and the scenario stops) when
# secmon.ko does not load.
loads() {
	said=$1
	shift
	if insmod "$M/secmon.ko" "$@" >"$OUT" 2>&1; then
		pass "secmon.ko loads${1:+ with $*}"
	else
		dmesg | grep secmon >>"$OUT"
		fail "secmon.ko loads${1:+ with $*}"
		return 1
	fi
	logged "secmon.ko says what it found" "$said"
	check "debugfs has tables, firmware, smccc, call, calls, trace, trace_text" \
		test -r "$D/tables" -a -r "$D/firmware" -a -r "$D/smccc" -a -w "$D/call" -a -w "$D/calls" \
		-a -w "$D/trace" -a -r "$D/trace_text"
}

scenario_psci() {
	loads "secmon: firmware operations: psci over smc; 1 service; " || return
	has "firmware: the backend is PSCI over smc" "$D/firmware" "backend: psci over smc"
	has "firmware: cpu-boot" "$D/firmware" "cpu-boot: yes"
	has "firmware: no l2x0-init" "$D/firmware" "l2x0-init: no"
	has "firmware: cpu1's MPIDR" "$D/firmware" "  cpu1: mpidr 0x1"
	has "smccc: PSCI 1.x found" "$D/smccc" "psci: 1."
	if [ "$FW" = 0 ]; then
		has "smccc: QEMU's SMCCC 1.0, so secmon's own conduit" "$D/smccc" \
			"conduit: smc (secmon's own: the kernel has none)"
		has "smccc: version 1.0" "$D/smccc" "smccc: 1.0"
	else
		has "smccc: conduit smc" "$D/smccc" "conduit: smc"
	fi
	media_debugfs
	fwtrace_debugfs
	api_test scenario=psci fw="$FW"
	atomic_test
	dump
	media_driver
	unload
}

scenario_table() {
	loads "secmon: firmware operations: table /firmware/secure-monitor (smc, 3 operations); 1 service; " || return
	has "firmware: the backend is the table" "$D/firmware" \
		"backend: table (secure-monitor, /firmware/secure-monitor) over smc"
	# The board's cpu-boot and boot-address calls are SMC64: absent for AArch32.
	smc64=yes
	[ "$A32" = 1 ] && smc64=no
	for op in cpu-boot set-cpu-boot-addr get-cpu-boot-addr; do
		has "firmware: $op: $smc64" "$D/firmware" "$op: $smc64"
	done
	for op in do-idle l2x0-init; do
		has "firmware: $op" "$D/firmware" "$op: yes"
	done
	has "firmware: no suspend" "$D/firmware" "suspend: no"
	has "tables: the firmware table" "$D/tables" \
		"secure-monitor: /firmware/secure-monitor, smc, SMCCC ABI, firmware operations, 0 users"
	has "tables: cpu-boot's reordered registers" "$D/tables" \
		"  cpu-boot: id 0xc2000010 in x0, smc64 fast; args entry=x1 context=x2 mpidr=x3; results status=x0"
	has "tables: l2x0-init's constants" "$D/tables" \
		"  l2x0-init: id 0x82000012 in x0, smc32 fast; args x2=0xffffffff x1=0x2070000; results status=x0"
	calls "firmware l2x0-init" "call: \"firmware l2x0-init\" is accepted"
	has "call: l2x0-init sends its constants in x1 and x2" "$D/call" \
		"sent x0=0x82000012 x1=0x2070000 x2=0xffffffff"
	if [ "$FW" = 0 ]; then
		has "call: l2x0-init unanswered" "$D/call" "secure-monitor l2x0-init -> -95 (not supported)"
		calls "secure-monitor do-idle mode=1" "call: do-idle mode=1 is accepted"
		has "call: do-idle's mode goes in x3" "$D/call" "sent x0=0x82000011 x1=0x0 x2=0x0 x3=0x1"
	else
		has "call: l2x0-init answered 0" "$D/call" "secure-monitor l2x0-init -> 0 (success) status=0x0"
	fi
	has "calls: l2x0-init" "$D/calls" "smc secure-monitor/l2x0-init x0=0x82000012 x1=0x2070000 x2=0xffffffff -> "
	api_test scenario=table fw="$FW"
	dump
	unload
}

scenario_legacy() {
	loads "secmon: firmware operations: table /firmware/secure-monitor (smc, legacy, 6 operations); 1 service; " || return
	if [ "$FW" = 0 ]; then
		has "smccc: no discovery for a legacy ABI without the kernel's conduit" "$D/smccc" \
			"conduit: none (the kernel has no SMCCC conduit and the board's ABI is legacy)"
	fi
	has "tables: the legacy table" "$D/tables" \
		"secure-monitor: /firmware/secure-monitor, smc, legacy ABI, firmware operations, 0 users"
	has "tables: l2x0-init is 4 calls" "$D/tables" "  l2x0-init: 4 calls"
	has "tables: its first call's constants" "$D/tables" \
		"    [0] id 0xffffffea in x0, smc32 fast; args x1=0x110 x2=0x120 x3=0x30000007"
	echo clear >"$D/calls"
	calls "firmware l2x0-init" "call: \"firmware l2x0-init\" is accepted"
	has "call: no status to read: success" "$D/call" "secure-monitor l2x0-init -> 0 (success)"
	has "calls: call 0 of l2x0-init" "$D/calls" \
		"smc secure-monitor/l2x0-init[0] x0=0xffffffea x1=0x110 x2=0x120 x3=0x30000007 -> "
	has "calls: call 3 of l2x0-init" "$D/calls" "smc secure-monitor/l2x0-init[3] x0=0xffffffeb x1=0x1 -> "
	n=$(grep -c 'secure-monitor/l2x0-init\[' "$D/calls")
	if [ "$n" = 4 ]; then pass "calls: four calls"; else echo "got $n" >"$OUT"; fail "calls: four calls"; fi
	api_test scenario=legacy fw="$FW"
	dump
	unload
}

# An example board under the AArch32 firmware: the firmware operations on
# CPU 1, offline, through the API test module; the legacy ABI in debugfs calls.
scenario_board() { # TRACE-TEXT...
	loads "secmon: firmware operations: " || return
	check "cpu1 goes offline (PSCI CPU_OFF)" sh -c "echo 0 >/sys/devices/system/cpu/cpu1/online"
	echo clear >"$D/calls"
	api_test scenario=board fw="$FW" cpu=1
	for text in "$@"; do
		has "calls: $text" "$D/calls" "$text"
	done
	check "cpu1 comes back online (PSCI CPU_ON)" sh -c "echo 1 >/sys/devices/system/cpu/cpu1/online"
	check "cpu1 is online" sh -c "[ \"\$(cat /sys/devices/system/cpu/cpu1/online)\" = 1 ]"
	fwtrace_debugfs
	dump
	unload
}

refuses() { # MESSAGE ERRNO-TEXT
	refused "secmon.ko refuses to load" insmod "$M/secmon.ko"
	has "insmod reports $2" "$OUT" "$2"
	logged "the kernel log names the node and property" "$1"
	check "no debugfs secmon/" test ! -e "$D"
	refused "the example cannot load without secmon.ko" insmod "$M/secmon-media-example.ko"
}

case $S in
psci) scenario_psci ;;
idle) scenario_idle ;;
table) scenario_table ;;
legacy) scenario_legacy ;;
broken-table)
	refuses 'secmon: /firmware/secure-monitor/cpu-boot: property "arg-registers": register used twice in one call (invalid call table); not loading' \
		"Invalid argument"
	;;
broken-service)
	refuses 'secmon: /firmware/secure-media: property "method": unknown value (invalid call table); not loading' \
		"Invalid argument"
	;;
absent)
	refuses 'secmon: no node with compatible "secmon,call-table" in the device tree, only the PSCI node; not loading (psci_only=1 loads anyway)' \
		"No such device"
	loads "secmon: firmware operations: psci over smc; 0 services; " psci_only=1 || return
	has "tables: none" "$D/tables" "no call tables"
	if [ "$FW" = 1 ]; then
		has "smccc: the kernel's conduit (SMCCC 1.1 or later)" "$D/smccc" "conduit: smc (the kernel's)"
		has "smccc: the monitor's SoC ID" "$D/smccc" "soc-id: jep106:"
	fi
	dump
	api_test scenario=psci fw="$FW" media=0
	unload
	;;
hvc-vhe)
	refuses 'secmon: /firmware/secure-media: property "method": "hvc", but the kernel runs at EL2 (VHE): an HVC would trap to the kernel itself, not reach the firmware; not loading' \
		"Invalid argument"
	;;
hvc-el1)
	loads "secmon: firmware operations: psci over hvc; 1 service; " || return
	has "tables: the service's conduit is hvc" "$D/tables" \
		"secure-media: /firmware/secure-media, hvc, SMCCC ABI, 0 users"
	calls "media set-format format=2" "call: \"media set-format format=2\" by HVC is accepted"
	has "call: unanswered by QEMU's PSCI: -95 (not supported)" "$D/call" \
		"secure-media set-format format=2 -> -95 (not supported)"
	has "calls: the call went by hvc" "$D/calls" "hvc secure-media/set-format x0=0x82000100 x1=0x2 -> x0="
	unload
	;;
negative)
	# Negative IDs in r0; the CPU in r1, the entry in r2.
	scenario_board "smc secure-monitor/set-cpu-boot-addr x0=0xffffff9b x1=0x1 x2=0x" \
		"smc secure-monitor/get-cpu-boot-addr x0=0xffffff9a x1=0x1 ->" \
		"smc secure-monitor/cpu-boot x0=0xfffffffc x1=0x1 ->" \
		"smc secure-monitor/do-idle x0=0xfffffffd ->" \
		"smc secure-media/set-format x0=0x82000100 x1=0x2 ->"
	;;
omap4)
	# IDs in r12, the arguments from r0.
	scenario_board "smc secure-monitor/set-cpu-boot-addr x0=0x" \
		" x12=0x105 ->" \
		"smc secure-monitor/cpu-boot x0=0x1 x1=0x0 x2=0x0 x3=0x0 x4=0x0 x5=0x0 x6=0x0 x7=0x0 x8=0x0 x9=0x0 x10=0x0 x11=0x0 x12=0x104 ->" \
		"smc secure-monitor/do-idle x0=0x0 x1=0x0 x2=0x0 x3=0x0 x4=0x0 x5=0x0 x6=0x0 x7=0x0 x8=0x0 x9=0x0 x10=0x0 x11=0x0 x12=0x108 ->"
	;;
reordered)
	# Its cpu-boot is SMC64 (absent for AArch32); do-idle's mode is in r3.
	scenario_board "smc secure-monitor/do-idle x0=0x82000011 ->" \
		"smc secure-media/set-format x0=0x82000100 x1=0x2 ->"
	;;
psci01)
	# PSCI 0.1's own IDs: cpu_on with the MPIDR and the entry.
	scenario_board "smc psci/cpu-on x0=0x95c1ba60 x1=0x1 x2=0x" \
		"smc psci/cpu-suspend x0=0x95c1ba5e"
	;;
scmi)
	# The SCMI=1 firmware, the kernel's SCMI core kept off
	# (initcall_blacklist=scmi_driver_init): the module is the agent.
	loads "secmon: firmware operations: psci over smc; 0 services; " psci_only=1 || return
	sed 's|^|SECMON-DEBUGFS scmi: |' "$D/scmi"
	has "scmi: the channel from the DT" "$D/scmi" "channel: 0x0000000040101000+0x1000, smc 0x82000200"
	has "scmi: Base PROTOCOL_VERSION" "$D/scmi" "base: version 2.0"
	has "scmi: performance domain 0 starts at its top level" "$D/scmi" "perf 0: level 1500000"
	check "scmi: PERFORMANCE_LEVEL_SET 500000 accepted" sh -c "echo 'perf 0 500000' >$D/scmi"
	has "scmi: PERFORMANCE_LEVEL_GET reads 500000 back" "$D/scmi" "perf 0: level 500000"
	refused "scmi: a level the domain does not have is refused" sh -c "echo 'perf 0 1' >$D/scmi"
	refused "scmi: a domain past the last is refused" sh -c "echo 'perf 1 500000' >$D/scmi"
	has "scmi: sensor 0 reads 45.00x degrees" "$D/scmi" "sensor 0: value 4500"
	has "scmi: the secure-only sensor 1 is DENIED" "$D/scmi" "sensor 1: -1 (denied)"
	scmi_bind
	unload
	;;
scmi-owned)
	# The same firmware with the kernel's SCMI core bound to the channel:
	# the module keeps out of it.
	loads "secmon: firmware operations: psci over smc; 0 services; " psci_only=1 || return
	sed 's|^|SECMON-DEBUGFS scmi: |' "$D/scmi"
	has "scmi: the kernel's driver owns the channel" "$D/scmi" \
		"channel: none: the kernel's SCMI driver owns the channel"
	refused "scmi: no level set on the kernel's channel" sh -c "echo 'perf 0 500000' >$D/scmi"
	unload
	;;
cpus17)
	loads "secmon: firmware operations: psci over smc; 1 service; 17 CPUs" || return
	has "firmware: 17 CPUs in the tree" "$D/firmware" "cpus: 17"
	has "firmware: cpu16's MPIDR" "$D/firmware" "  cpu16: mpidr 0x10"
	has "tables: the media service loaded" "$D/tables" "secure-media: /firmware/secure-media, smc"
	unload
	;;
*) : >"$OUT"; fail "unknown scenario secmon.mod=$S" ;;
esac

n=$(dmesg | grep -c 'Call trace:')
if [ "$n" = 0 ]; then pass "no kernel warnings or oopses"; else dmesg >"$OUT"; fail "no kernel warnings or oopses"; fi
dmesg | grep -i -e secmon | sed 's/^/SECMON-LOG /'
echo "SECMON-MOD end"
sync
poweroff -f
sleep 10

# shellcheck shell=bash
# `secmon call --sim --dtb`: operations of a board DT on the simulated
# monitor; sourced by tests/cli/run.sh (its helpers, $BIN).

EXY="$B/legacy-negative.dts"

expect_lines "call --dtb legacy-negative set-cpu-boot-addr cpu=1 entry=0x80001000" \
	call --sim --dtb "$EXY" set-cpu-boot-addr cpu=1 entry=0x80001000 -- \
	"board            boards/legacy-negative.dts (compiled with dtc)" \
	"caller           CPU 0 of 4, AArch64, simulated monitor serving the board DT" \
	"operation        set-cpu-boot-addr (firmware operations, /firmware/secure-monitor)" \
	"parameters       cpu = 0x1" \
	"                 entry = 0x80001000" \
	"call             0xffffff9b in x0, SMC32, fast" \
	"sent             x0 = 0xffffff9b (function ID)" \
	"                 x1 = 0x1 (cpu)" \
	"                 x2 = 0x80001000 (entry)" \
	"received         x0 = 0x0 (status)" \
	"results          status = 0x0 (0 SUCCESS)" \
	"outcome          SUCCESS" \
	"end              all CPUs off"

expect_lines "call --dtb: each invocation is its own simulation (get after set: NOT_PRESENT)" \
	call --sim --dtb "$EXY" get-cpu-boot-addr cpu=1 -- \
	"received         x0 = 0xfffffffffffffff9 (status)" \
	"                 x1 = 0x1 (entry)" \
	"results          status = 0xfffffff9 (-7 NOT_PRESENT)" \
	"                 entry: none (the operation failed)" \
	"outcome          NOT_PRESENT (-7: not present)"

expect_lines "call --dtb: set then get in one simulation, then boot CPU 1 there" \
	call --sim --dtb "$EXY" set-cpu-boot-addr cpu=1 entry=0x80001000 ';' \
	get-cpu-boot-addr cpu=1 ';' cpu-boot cpu=1 -- \
	"operation        get-cpu-boot-addr (firmware operations, /firmware/secure-monitor)" \
	"received         x0 = 0x0 (status)" \
	"                 x1 = 0x80001000 (entry)" \
	"                 entry = 0x80001000" \
	"operation        cpu-boot (firmware operations, /firmware/secure-monitor)" \
	"call             0xfffffffc in x0, SMC32, fast" \
	"received         no result registers described, none changed" \
	"outcome          SUCCESS (the table describes no status)" \
	"event            CPU 1 (MPIDR 0x1) entered the normal world at 0x80001000 with x0 = 0x0"

expect_json "call --dtb --json: the round trip's registers and named results" \
	"[o['operation'] for o in d['operations']] == ['set-cpu-boot-addr', 'get-cpu-boot-addr'] and d['operations'][0]['calls'] == [{'fid': '0xffffff9b', 'id_register': 0, 'sent': {'x0': '0xffffff9b', 'x1': '0x1', 'x2': '0x80001000'}, 'returned': True, 'received': {'x0': '0x0'}, 'changed': ['x0']}] and d['operations'][0]['parameters'] == {'cpu': '0x1', 'entry': '0x80001000'} and d['operations'][1]['results'] == {'status': '0x0', 'entry': '0x80001000'} and d['operations'][1]['status'] == 0 and d['operations'][1]['code'] == 'SUCCESS' and d['operations'][1]['error'] is False and d['operations'][1]['kind'] == 'firmware-operations' and d['end'] == 'all_cpus_off' and d['console'] == []" \
	call --sim --json --dtb "$EXY" set-cpu-boot-addr cpu=1 entry=0x80001000 -- get-cpu-boot-addr cpu=1

expect_json "call --dtb --json: get-cpu-boot-addr alone is NOT_PRESENT" \
	"d['operations'][0]['status'] == -7 and d['operations'][0]['status_text'] == '-7 NOT_PRESENT' and d['operations'][0]['code'] == 'NOT_PRESENT' and d['operations'][0]['error'] is True and d['operations'][0]['results'] == {'status': '0xfffffff9', 'entry': None}" \
	call --sim --json --dtb "$EXY" get-cpu-boot-addr cpu=1

expect_lines "call --dtb: decimal values" \
	call --sim --dtb "$EXY" set-cpu-boot-addr cpu=1 entry=2147487744 -- \
	"                 x2 = 0x80001000 (entry)" "outcome          SUCCESS"

expect_lines "call --dtb secure-media/set-format format=2" \
	call --sim --dtb "$EXY" secure-media/set-format format=2 -- \
	"operation        secure-media/set-format (service secure-media, /firmware/secure-media)" \
	"call             0x82000100 in x0, SMC32, fast" \
	"sent             x0 = 0x82000100 (function ID)" \
	"                 x1 = 0x2 (format)" \
	"results          status = 0x0 (0 SUCCESS)"

expect_lines "call --dtb secure-media/get-status in a fresh simulation" \
	call --sim --dtb "$EXY" secure-media/get-status -- \
	"received         x0 = 0x0 (status)" \
	"                 x1 = 0x0 (format)" \
	"                 x2 = 0x0 (buffers)" \
	"                 format = 0x0"

expect_json "call --dtb: set-format, protect-buffer, get-status in one simulation" \
	"[o['code'] for o in d['operations']] == ['SUCCESS'] * 3 and d['operations'][1]['results'] == {'status': '0x0', 'handle': '0x1'} and d['operations'][2]['results'] == {'status': '0x0', 'format': '0x2', 'buffers': '0x1'} and d['operations'][2]['service'] == 'secure-media'" \
	call --sim --json --dtb "$B/omap4-style.dts" secure-media/set-format format=2 -- \
	secmon,secure-media/protect-buffer addr=0x90000000 size=0x2000 -- secure-media/get-status

expect_lines "call --dtb: the service refuses a format it does not know" \
	call --sim --dtb "$B/psci-standard.dts" secure-media/set-format format=9 -- \
	"results          status = 0xfffffffe (-2 INVALID_PARAMETERS)" \
	"outcome          INVALID_PARAMETERS (-2: invalid parameters)"

expect_lines "call --dtb omap4-style: the ID goes in x12" \
	call --sim --dtb "$B/omap4-style.dts" set-cpu-boot-addr entry=0x80001000 ';' cpu-boot cpu=1 -- \
	"call             0x00000105 in x12, SMC32, fast" \
	"sent             x0 = 0x80001000 (entry)" \
	"                 x12 = 0x105 (function ID)" \
	"event            CPU 1 (MPIDR 0x1) entered the normal world at 0x80001000 with x0 = 0x0"

expect_lines "call --dtb reordered: arguments go where the table says" \
	call --sim --dtb "$B/reordered.dts" cpu-boot mpidr=0x1 entry=0x80000000 context=0x1234 -- \
	"call             0xc2000010 in x0, SMC64, fast" \
	"sent             x0 = 0xc2000010 (function ID)" \
	"                 x1 = 0x80000000 (entry)" \
	"                 x2 = 0x1234 (context)" \
	"                 x3 = 0x1 (mpidr)" \
	"results          status = 0x0 (0 SUCCESS)" \
	"event            CPU 1 (MPIDR 0x1) entered the normal world at 0x80000000 with x0 = 0x1234"

expect_lines "call --dtb psci-0.1-custom: cpu-on through the custom ID" \
	call --sim --dtb "$B/psci-0.1-custom.dts" cpu-on mpidr=1 entry=0x80000000 context=5 -- \
	"operation        cpu-on (PSCI 0.1, /psci)" \
	"call             0x95c1ba60 in x0, SMC32, fast" \
	"results          status = 0x0 (0 SUCCESS)" \
	"event            CPU 1 (MPIDR 0x1) entered the normal world at 0x80000000 with x0 = 0x5"

expect_lines "call --dtb: an operation that does not return stops the run" \
	call --sim --dtb "$B/psci-0.1-custom.dts" cpu-off state=0 ';' psci/migrate mpidr=1 -- \
	"sent             x0 = 0x95c1ba5f (function ID)" \
	"returned         nothing: the call did not return to CPU 0" \
	"outcome          did not return" \
	"outcome          not run: an earlier operation did not return"

expect_lines "call --dtb legacy-negative l2x0-init: the four calls in the board's order" \
	call --sim --dtb "$EXY" l2x0-init -- \
	"call 1 of 4      0xffffffea in x0, SMC32, fast" \
	"call 4 of 4      0xffffffeb in x0, SMC32, fast"

# Boards the monitor refuses, bad operations.

expect_error "call --dtb: the monitor refuses a board it cannot serve" 1 \
	"secmon call: $BAD/monitor-refuses.dts: the simulated monitor refused the board DT: secmon: board DT: node secure-monitor/self-destruct: this monitor has no operation by that name for secmon,call-table" \
	call --sim --dtb "$BAD/monitor-refuses.dts" cpu-boot cpu=1
expect_error "call --dtb: the monitor refuses a table out of range" 1 \
	"secmon call: $BAD/register-out-of-range.dts: the simulated monitor refused the board DT: secmon: board DT: node cpu-boot, property arg-registers: register out of range (0 to 17)" \
	call --sim --dtb "$BAD/register-out-of-range.dts" cpu-boot cpu=1
expect_error "call --dtb: the monitor refuses a PSCI 0.1 ID that renames another call" 1 \
	"secmon call: $BAD/psci01-renames-a-call.dts: the simulated monitor refused the board DT: secmon: board DT: node psci, property cpu_on: 0x84000002 is another call this monitor answers itself (only the standard PSCI ID of cpu_on may be given)" \
	call --sim --cpus 2 --dtb "$BAD/psci01-renames-a-call.dts" cpu-on mpidr=1 entry=0x80000000 context=0
expect_json_status "call --dtb --json: the monitor's refusal is an error object" 1 \
	"d['error']['kind'] == 'monitor-refused' and 'self-destruct: this monitor has no operation by that name' in d['error']['message'] and len(d['error']['console']) == 1" \
	call --sim --json --dtb "$BAD/monitor-refuses.dts" cpu-boot cpu=1

expect_usage "call --dtb: an unknown operation lists what exists" \
	"no operation 'frob' in /firmware/secure-monitor; this DT has: " \
	call --sim --dtb "$EXY" frob
if grep -q "secure-media/set-format" <<<"$ERR" && grep -q "set-cpu-boot-addr" <<<"$ERR"; then
	tap_ok "call --dtb: the list of operations names services' and firmware operations"
else
	tap_not_ok "call --dtb: the list of operations names services' and firmware operations" "$ERR"
fi
expect_usage "call --dtb: an unknown service" "no service 'video' in this DT; it has: " \
	call --sim --dtb "$EXY" video/set-format format=1
expect_usage "call --dtb: a missing parameter is named" \
	"operation set-cpu-boot-addr needs cpu, entry: missing entry" \
	call --sim --dtb "$EXY" set-cpu-boot-addr cpu=1
expect_usage "call --dtb: an unknown parameter" \
	"operation set-cpu-boot-addr has no parameter 'speed' (its parameters: cpu, entry)" \
	call --sim --dtb "$EXY" set-cpu-boot-addr cpu=1 entry=0x80001000 speed=3
expect_usage "call --dtb: a value too wide for an SMC32 call" \
	"operation set-cpu-boot-addr: entry = 0x100000000 does not fit in 32 bits (an SMC32 call)" \
	call --sim --dtb "$EXY" set-cpu-boot-addr cpu=1 entry=0x100000000
expect_usage "call --dtb: a value that is not a number" \
	"operation cpu-boot: cpu value 'one' is not a number" \
	call --sim --dtb "$EXY" cpu-boot cpu=one
expect_usage "call --dtb: a parameter twice" "operation cpu-boot: parameter cpu given twice" \
	call --sim --dtb "$EXY" cpu-boot cpu=1 cpu=2
expect_usage "call --dtb: standard PSCI has no operations to call by name" \
	"this DT's firmware operations are standard PSCI (/psci), which needs no table" \
	call --sim --dtb "$B/psci-standard.dts" cpu-on mpidr=1
expect_usage "call --dtb: no operation" "missing the operation to call" call --sim --dtb "$EXY"
expect_usage "call --dtb: parameters before an operation" \
	"'cpu=1': expected an operation name before parameters" call --sim --dtb "$EXY" cpu=1
expect_usage "call --dtb: an empty operation after --" \
	"an operation is missing after the last '--' or ';'" \
	call --sim --dtb "$EXY" cpu-boot cpu=1 --
expect_usage "call --dtb with --smc32" "with --dtb the table gives each call's convention" \
	call --sim --smc32 --dtb "$EXY" cpu-boot cpu=1
expect_usage "call --dtb: a file that does not exist" "cannot open it" \
	call --sim --dtb "$BAD/no-such-file.dts" cpu-boot cpu=1


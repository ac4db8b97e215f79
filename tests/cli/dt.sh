# shellcheck shell=bash
# `secmon dt`: sourced by tests/cli/run.sh (its helpers, $BIN).

# The call tables of the example boards.

# The secure media service, as every example board includes it.
MEDIA_OK="[t for t in d['tables'] if t['kind'] == 'service' and t['service'] == 'secure-media' and t['path'] == '/firmware/secure-media' and t['call_as'] == 'secure-media/<operation>' and [o['name'] for o in t['operations']] == ['set-format', 'protect-buffer', 'unprotect-buffer', 'get-status'] and t['operations'][0]['calls'][0]['fid'] == '0x82000100' and t['operations'][0]['calls'][0]['arguments'] == [{'register': 1, 'reg': 'x1', 'name': 'format', 'value': None}] and t['operations'][3]['results'] == ['status', 'format', 'buffers'] and t['operations'][1]['calls'][0]['convention'] == 'SMC64' and t['operations'][0]['calls'][0]['smccc']['oen'] == 2]"

for board in legacy-negative omap4-style psci-0.1-custom psci-standard reordered; do
	expect_json "dt --json $board: the secure-media service" "$MEDIA_OK" \
		dt --json "$B/$board.dts"
done

expect_lines "dt legacy-negative: cpu-boot is 0xfffffffc in x0, legacy, SMC32 fast" \
	dt "$B/legacy-negative.dts" -- \
	"file             boards/legacy-negative.dts (compiled with dtc)" \
	"board            \"secmon,example-legacy-negative\"" \
	"firmware ops     call table /firmware/secure-monitor" \
	"table            /firmware/secure-monitor" \
	"kind             firmware operations (compatible \"secmon,call-table\")" \
	"abi              legacy: function IDs need not follow SMCCC" \
	"  cpu-boot" \
	"    call         0xfffffffc (legacy ID, signed -4) in x0, SMC32, fast" \
	"    arguments    x1 = cpu" \
	"  l2x0-init (4 calls, in order)" \
	"    call 1       0xffffffea (legacy ID, signed -22) in x0, SMC32, fast" \
	"    arguments    x1 = 0x110 (constant)" \
	"                 x3 = 0x30000007 (constant)" \
	"kind             service \"secure-media\" (compatible \"secmon,secure-media\", \"secmon,call-table\")" \
	"    SMCCC        fast SMC32, owning entity 2 \"SiP service\", function 0x0100"

# The operation named N of the firmware-operations table.
OPS="{o['name']: o for t in d['tables'] if t['firmware_operations'] for o in t['operations']}"

expect_json "dt --json legacy-negative: cpu-boot 0xfffffffc in x0 with cpu in x1" \
	"d['firmware_operations'] == {'backend': 'table', 'node': '/firmware/secure-monitor'} and d['psci'] is None and d['board'] == ['secmon,example-legacy-negative'] and d['compiled'] is True and ($OPS)['cpu-boot']['calls'] == [{'fid': '0xfffffffc', 'signed': -4, 'id_register': 0, 'id_reg': 'x0', 'convention': 'SMC32', 'call_type': 'fast', 'smccc': None, 'arguments': [{'register': 1, 'reg': 'x1', 'name': 'cpu', 'value': None}], 'results': []}]" \
	dt --json "$B/legacy-negative.dts"

expect_json "dt --json legacy-negative: get-cpu-boot-addr results and the L2 sequence" \
	"($OPS)['get-cpu-boot-addr']['results'] == ['status', 'entry'] and [r['register'] for r in ($OPS)['get-cpu-boot-addr']['calls'][0]['results']] == [0, 1] and [c['fid'] for c in ($OPS)['l2x0-init']['calls']] == ['0xffffffea', '0xffffffe9', '0xffffffe8', '0xffffffeb'] and ($OPS)['l2x0-init']['calls'][0]['arguments'] == [{'register': 1, 'reg': 'x1', 'name': None, 'value': '0x110'}, {'register': 2, 'reg': 'x2', 'name': None, 'value': '0x120'}, {'register': 3, 'reg': 'x3', 'name': None, 'value': '0x30000007'}] and ($OPS)['l2x0-init']['parameters'] == []" \
	dt --json "$B/legacy-negative.dts"

expect_lines "dt omap4-style: the ID in x12, the argument in x0" dt "$B/omap4-style.dts" -- \
	"  set-cpu-boot-addr" \
	"    call         0x00000105 (legacy ID) in x12, SMC32, fast" \
	"    arguments    x0 = entry" \
	"    call         0x00000104 (legacy ID) in x12, SMC32, fast" \
	"    arguments    x0 = 0xe470000 (constant)"

expect_json "dt --json omap4-style: every ID in x12" \
	"all(c['id_register'] == 12 and c['id_reg'] == 'x12' for o in ($OPS).values() for c in o['calls']) and ($OPS)['set-cpu-boot-addr']['calls'][0]['fid'] == '0x00000105' and ($OPS)['set-cpu-boot-addr']['calls'][0]['arguments'] == [{'register': 0, 'reg': 'x0', 'name': 'entry', 'value': None}] and ($OPS)['cpu-boot']['calls'][0]['arguments'][0]['name'] == 'cpu'" \
	dt --json "$B/omap4-style.dts"

expect_lines "dt reordered: arguments in register order, SMCCC fields decoded" \
	dt "$B/reordered.dts" -- \
	"abi              smccc: function IDs follow SMCCC's layout" \
	"    call         0xc2000010 in x0, SMC64, fast" \
	"    SMCCC        fast SMC64, owning entity 2 \"SiP service\", function 0x0010" \
	"    arguments    x1 = entry" \
	"                 x2 = context" \
	"                 x3 = mpidr" \
	"    arguments    x3 = mode" \
	"    arguments    x1 = 0x2070000 (constant)" \
	"                 x2 = 0xffffffff (constant)"

expect_json "dt --json reordered: cpu-boot's and l2x0-init's registers in order" \
	"[(a['reg'], a['name']) for a in ($OPS)['cpu-boot']['calls'][0]['arguments']] == [('x1', 'entry'), ('x2', 'context'), ('x3', 'mpidr')] and ($OPS)['cpu-boot']['calls'][0]['convention'] == 'SMC64' and ($OPS)['cpu-boot']['calls'][0]['signed'] is None and ($OPS)['cpu-boot']['calls'][0]['smccc'] == {'oen': 2, 'oen_name': 'SiP service', 'function_number': 16, 'known_name': None, 'anomalies': []} and [(a['register'], a['value']) for a in ($OPS)['l2x0-init']['calls'][0]['arguments']] == [(1, '0x2070000'), (2, '0xffffffff')] and ($OPS)['do-idle']['calls'][0]['arguments'] == [{'register': 3, 'reg': 'x3', 'name': 'mode', 'value': None}]" \
	dt --json "$B/reordered.dts"

expect_lines "dt psci-0.1-custom: the four custom IDs as a table" \
	dt "$B/psci-0.1-custom.dts" -- \
	"firmware ops     PSCI 0.1 table /psci" \
	"kind             PSCI 0.1 (compatible \"arm,psci\"): the board's own IDs for PSCI calls" \
	"  cpu-on" \
	"    property     cpu_on" \
	"    call         0x95c1ba5e (PSCI 0.1 ID) in x0, SMC32, fast" \
	"    call         0x95c1ba5f (PSCI 0.1 ID) in x0, SMC32, fast" \
	"    call         0x95c1ba60 (PSCI 0.1 ID) in x0, SMC32, fast" \
	"    call         0x95c1ba61 (PSCI 0.1 ID) in x0, SMC32, fast" \
	"    arguments    x1 = mpidr" \
	"                 x2 = entry" \
	"                 x3 = context"

expect_json "dt --json psci-0.1-custom: cpu_suspend, cpu_off, cpu_on, migrate" \
	"d['psci'] == {'path': '/psci', 'compatible': ['arm,psci'], 'method': 'smc', 'standard': False, 'version': '0.1', 'table': '/psci'} and d['firmware_operations']['backend'] == 'psci-0.1' and {n: o['calls'][0]['fid'] for n, o in ($OPS).items()} == {'cpu-suspend': '0x95c1ba5e', 'cpu-off': '0x95c1ba5f', 'cpu-on': '0x95c1ba60', 'migrate': '0x95c1ba61'} and {n: o['psci_property'] for n, o in ($OPS).items()} == {'cpu-suspend': 'cpu_suspend', 'cpu-off': 'cpu_off', 'cpu-on': 'cpu_on', 'migrate': 'migrate'} and ($OPS)['cpu-on']['parameters'] == ['mpidr', 'entry', 'context'] and ($OPS)['cpu-on']['results'] == ['status']" \
	dt --json "$B/psci-0.1-custom.dts"

expect_lines "dt psci-standard: standard PSCI, no table" dt "$B/psci-standard.dts" -- \
	"firmware ops     standard PSCI (/psci)" \
	"psci             /psci" \
	"kind             standard PSCI (compatible \"arm,psci-1.0\", \"arm,psci-0.2\")" \
	"calls            PSCI's own function IDs and registers (DEN0022): no table"

expect_json "dt --json psci-standard: standard PSCI, only the service as a table" \
	"d['psci'] == {'path': '/psci', 'compatible': ['arm,psci-1.0', 'arm,psci-0.2'], 'method': 'smc', 'standard': True, 'version': '0.2+', 'table': None} and d['firmware_operations'] == {'backend': 'psci', 'node': '/psci'} and [t['kind'] for t in d['tables']] == ['service']" \
	dt --json "$B/psci-standard.dts"

if dtc -q -I dts -O dtb -o "$TMPD/omap4.dtb" "$B/omap4-style.dts" 2>/dev/null; then
	expect_lines "dt takes a DTB" dt "$TMPD/omap4.dtb" -- \
		"file             $TMPD/omap4.dtb" \
		"    call         0x00000105 (legacy ID) in x12, SMC32, fast"
else
	tap_not_ok "dt takes a DTB" "dtc could not compile $B/omap4-style.dts"
fi

ROOT=$PWD
ABSBIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
OUT=$(cd "$TMPD" && "$ABSBIN" dt "$ROOT/$B/legacy-negative.dts" 2>&1)
RC=$?
# got() shows ERR: this run's stderr is in OUT.
# shellcheck disable=SC2034
ERR=
if [ "$RC" -eq 0 ] && grep -qxF "call as          secure-media/<operation>" <<<"$OUT"; then
	tap_ok "dt finds /include/ files next to the .dts from another directory"
else
	mapfile -t lines < <(got)
	tap_not_ok "dt finds /include/ files next to the .dts from another directory" "${lines[@]}"
fi

expect_lines "dt --ns: the normal world's DT has the board's tables and a PSCI node" \
	dt --ns "$B/legacy-negative.dts" -- \
	"view             the normal world's DT the simulated monitor builds from it" \
	"firmware ops     call table /firmware/secure-monitor" \
	"table            /firmware/secure-media" \
	"psci             /psci" \
	"    call         0xfffffffc (legacy ID, signed -4) in x0, SMC32, fast"

expect_json "dt --ns --json: the normal world's DT keeps the L2 sequence in order" \
	"[c['fid'] for c in ($OPS)['l2x0-init']['calls']] == ['0xffffffea', '0xffffffe9', '0xffffffe8', '0xffffffeb']" \
	dt --ns --json "$B/legacy-negative.dts"

# Tables the parser refuses.

expect_error "dt: a missing function-id" 1 \
	"secmon dt: $BAD/missing-function-id.dts: node cpu-boot, property function-id: missing required property" \
	dt "$BAD/missing-function-id.dts"
expect_error "dt: a register out of range" 1 \
	"secmon dt: $BAD/register-out-of-range.dts: node cpu-boot, property arg-registers: register out of range (0 to 17)" \
	dt "$BAD/register-out-of-range.dts"
expect_error "dt: an operation described twice" 1 \
	"secmon dt: $BAD/duplicate-operation.dts: node cpu-boot@1: operation described twice" \
	dt "$BAD/duplicate-operation.dts"
expect_error "dt: an unknown parameter name" 1 \
	"secmon dt: $BAD/unknown-parameter.dts: node cpu-boot, property arg-names: unknown parameter name for this operation: speed" \
	dt "$BAD/unknown-parameter.dts"

expect_json_status "dt --json: a register out of range is an error object" 1 \
	"d['file'] == '$BAD/register-out-of-range.dts' and d['error'] == {'kind': 'bad-table', 'table': '/firmware/secure-monitor', 'node': 'cpu-boot', 'path': '/firmware/secure-monitor/cpu-boot', 'property': 'arg-registers', 'message': 'register out of range (0 to 17)', 'code': 'BAD_TABLE', 'text': 'node cpu-boot, property arg-registers: register out of range (0 to 17)'} and len(d['errors']) == 1" \
	dt --json "$BAD/register-out-of-range.dts"
expect_json_status "dt --json: a missing function-id is an error object" 1 \
	"d['error']['node'] == 'cpu-boot' and d['error']['property'] == 'function-id' and d['error']['message'] == 'missing required property'" \
	dt --json "$BAD/missing-function-id.dts"
expect_json_status "dt --json: a duplicate operation has no property" 1 \
	"d['error']['node'] == 'cpu-boot@1' and d['error']['property'] is None and d['error']['message'] == 'operation described twice'" \
	dt --json "$BAD/duplicate-operation.dts"

expect_lines "dt: a table only the monitor refuses is valid for the library" \
	dt "$BAD/monitor-refuses.dts" -- "  self-destruct"

# Bad input.

expect_error "dt: a file that does not exist" 2 \
	"secmon dt: $BAD/no-such-file.dts: cannot open it: No such file or directory" \
	dt "$BAD/no-such-file.dts"
expect_error "dt: a file that is neither DTB nor .dts" 2 \
	"secmon dt: Makefile: neither a DTB (no 0xd00dfeed magic) nor a .dts source" dt Makefile
expect_error "dt: a .dts dtc cannot compile" 2 \
	"secmon dt: $BAD/not-a-tree.dts: dtc could not compile it:" dt "$BAD/not-a-tree.dts"
if dtc -q -I dts -O dtb -o "$TMPD/full.dtb" "$B/reordered.dts" 2>/dev/null; then
	head -c 200 "$TMPD/full.dtb" >"$TMPD/truncated.dtb"
	expect_error "dt: a truncated DTB" 2 \
		"secmon dt: $TMPD/truncated.dtb: not a valid DTB: FDT_ERR_TRUNCATED" \
		dt "$TMPD/truncated.dtb"
fi
SECMON_DTC=/nonexistent/dtc expect_error "dt: dtc missing is a failure, not bad input" 1 \
	"secmon dt: $B/reordered.dts: cannot run /nonexistent/dtc to compile it: No such file or directory (install Debian's device-tree-compiler, or set SECMON_DTC)" \
	dt "$B/reordered.dts"
expect_usage "dt without a file" "missing the DT file" dt
expect_usage "dt with two files" "one file at a time" dt "$B/reordered.dts" "$B/reordered.dts"


#!/usr/bin/env bash
# Tests of the `secmon` command-line tool. Prints one TAP line per case,
# "ok - <name>" or "not ok - <name>", and a plan at the end; exits 1 when a
# case fails.
#   bash tests/cli/run.sh [path/to/secmon]     (default build/host/secmon)
set -u
cd "$(dirname "$0")/../.." || exit 1
BIN=${1:-build/host/secmon}

ntests=0
nfailed=0

# A case run with TODO="reason" set is a known bug: TAP's "# TODO" marks it,
# and its failure does not fail the run.
pass() {
	ntests=$((ntests + 1))
	echo "ok - $1${TODO:+ # TODO $TODO}"
}

fail() {
	ntests=$((ntests + 1))
	[ -n "${TODO:-}" ] || nfailed=$((nfailed + 1))
	echo "not ok - $1${TODO:+ # TODO $TODO}"
	shift
	local line
	for line in "$@"; do
		printf '#   %s\n' "$line"
	done
}

if [ ! -x "$BIN" ]; then
	fail "secmon binary exists" "$BIN is missing: run 'make host'"
	echo "1..$ntests"
	exit 1
fi

OUT=
ERR=
RC=
# Runs secmon with the given arguments; sets OUT, ERR, RC.
run() {
	local errf
	errf=$(mktemp)
	OUT=$("$BIN" "$@" 2>"$errf")
	RC=$?
	ERR=$(cat "$errf")
	rm -f "$errf"
}

# Shows what a failing case got, as TAP comments.
got() {
	printf 'exit status %s\n' "$RC"
	printf 'stdout: %s\n' "$OUT" | head -30
	printf 'stderr: %s\n' "$ERR" | head -10
}

# expect_exact NAME EXPECTED ARGS...: exit 0, stdout exactly EXPECTED.
expect_exact() {
	local name=$1 want=$2
	shift 2
	run "$@"
	if [ "$RC" -eq 0 ] && [ "$OUT" == "$want" ]; then
		pass "$name"
	else
		local diffs
		diffs=$(diff <(printf '%s\n' "$want") <(printf '%s\n' "$OUT"))
		mapfile -t lines < <(printf '%s\n' "$diffs"; got)
		fail "$name" "${lines[@]}"
	fi
}

# expect_lines NAME ARGS... -- LINE...: exit 0 and each LINE is a whole line of stdout.
expect_lines() {
	local name=$1 args=() missing=() line
	shift
	while [ $# -gt 0 ] && [ "$1" != "--" ]; do
		args+=("$1")
		shift
	done
	shift
	run "${args[@]}"
	for line in "$@"; do
		grep -qxF -- "$line" <<<"$OUT" || missing+=("missing line: $line")
	done
	if [ "$RC" -eq 0 ] && [ ${#missing[@]} -eq 0 ]; then
		pass "$name"
	else
		mapfile -t lines < <(got)
		fail "$name" "${missing[@]}" "${lines[@]}"
	fi
}

# expect_json NAME PYTHON-CONDITION ARGS...: exit 0, stdout one JSON object d
# for which the condition holds.
expect_json() {
	local name=$1 cond=$2
	shift 2
	run "$@"
	local why
	# The condition is Python over d; it must not contain double quotes.
	if why=$(printf '%s' "$OUT" | python3 -c "
import json, sys
d = json.loads(sys.stdin.read())
if not isinstance(d, dict):
    sys.exit('not a JSON object')
if not ($cond):
    sys.exit('condition false: ' + json.dumps(d)[:400])
" 2>&1) && [ "$RC" -eq 0 ]; then
		pass "$name"
	else
		mapfile -t lines < <(printf '%s\n' "$why" | tail -3; got)
		fail "$name" "${lines[@]}"
	fi
}

# expect_json_status NAME STATUS PYTHON-CONDITION ARGS...: as expect_json, with
# exit status STATUS.
expect_json_status() {
	local name=$1 status=$2 cond=$3
	shift 3
	run "$@"
	local why
	if why=$(printf '%s' "$OUT" | python3 -c "
import json, sys
d = json.loads(sys.stdin.read())
if not isinstance(d, dict):
    sys.exit('not a JSON object')
if not ($cond):
    sys.exit('condition false: ' + json.dumps(d)[:400])
" 2>&1) && [ "$RC" -eq "$status" ]; then
		pass "$name"
	else
		mapfile -t lines < <(echo "want exit status $status"; printf '%s\n' "$why" | tail -3; got)
		fail "$name" "${lines[@]}"
	fi
}

# expect_error NAME STATUS STDERR-LINE ARGS...: exit STATUS, nothing on stdout,
# STDERR-LINE a whole line of stderr.
expect_error() {
	local name=$1 status=$2 line=$3
	shift 3
	run "$@"
	if [ "$RC" -eq "$status" ] && [ -z "$OUT" ] && grep -qxF -- "$line" <<<"$ERR"; then
		pass "$name"
	else
		mapfile -t lines < <(echo "want exit $status and the stderr line: $line"; got)
		fail "$name" "${lines[@]}"
	fi
}

# expect_usage NAME STDERR-FRAGMENT ARGS...: exit 2, nothing on stdout, the
# fragment on stderr.
expect_usage() {
	local name=$1 frag=$2
	shift 2
	run "$@"
	if [ "$RC" -eq 2 ] && [ -z "$OUT" ] && grep -qF -- "$frag" <<<"$ERR"; then
		pass "$name"
	else
		mapfile -t lines < <(echo "want exit 2 and stderr containing: $frag"; got)
		fail "$name" "${lines[@]}"
	fi
}

# ---- decode ---------------------------------------------------------------

expect_exact "decode 0xC4000003 is PSCI CPU_ON, SMC64, fast, OEN 4" "\
function ID      0xc4000003
name             PSCI CPU_ON
since            PSCI 0.2
call type        fast (bit 31 = 1)
convention       SMC64 (bit 30 = 1)
owning entity    4 \"standard secure service\" (bits 29:24)
reserved         0x00 (bits 23:17)
SVE hint         0 (bit 16)
function number  0x0003 (bits 15:0)
other form       0x84000003 (SMC32)" decode 0xC4000003

expect_exact "decode 0x84000000 is PSCI_VERSION, SMC32 only" "\
function ID      0x84000000
name             PSCI PSCI_VERSION
since            PSCI 0.2
call type        fast (bit 31 = 1)
convention       SMC32 (bit 30 = 0)
owning entity    4 \"standard secure service\" (bits 29:24)
reserved         0x00 (bits 23:17)
SVE hint         0 (bit 16)
function number  0x0000 (bits 15:0)" decode 0x84000000

expect_exact "decode 0x80000000 is SMCCC_VERSION, OEN 0" "\
function ID      0x80000000
name             SMCCC SMCCC_VERSION
since            SMCCC 1.1
call type        fast (bit 31 = 1)
convention       SMC32 (bit 30 = 0)
owning entity    0 \"Arm architecture service\" (bits 29:24)
reserved         0x00 (bits 23:17)
SVE hint         0 (bit 16)
function number  0x0000 (bits 15:0)" decode 0x80000000

expect_exact "decode 0x8200ff01 is the SiP service's call UID query" "\
function ID      0x8200ff01
name             SIP_CALL_UID (general query of owning entity 2)
call type        fast (bit 31 = 1)
convention       SMC32 (bit 30 = 0)
owning entity    2 \"SiP service\" (bits 29:24)
reserved         0x00 (bits 23:17)
SVE hint         0 (bit 16)
function number  0xff01 (bits 15:0)" decode 0x8200ff01

expect_exact "decode of an unknown ID (0x84000030)" "\
function ID      0x84000030
name             unknown
call type        fast (bit 31 = 1)
convention       SMC32 (bit 30 = 0)
owning entity    4 \"standard secure service\" (bits 29:24)
reserved         0x00 (bits 23:17)
SVE hint         0 (bit 16)
function number  0x0030 (bits 15:0)" decode 0x84000030

expect_exact "decode of a malformed ID (0x84fe0000: bits 23:17 set)" "\
function ID      0x84fe0000
name             unknown
call type        fast (bit 31 = 1)
convention       SMC32 (bit 30 = 0)
owning entity    4 \"standard secure service\" (bits 29:24)
reserved         0x7f (bits 23:17)
SVE hint         0 (bit 16)
function number  0x0000 (bits 15:0)
anomaly          malformed: reserved bits set, the firmware answers SMC_UNK
anomaly          without bits 23:17 this would be 0x84000000 PSCI PSCI_VERSION" decode 0x84fe0000

expect_lines "decode flags the SVE hint and still names the call" decode 0x84010003 -- \
	"name             PSCI CPU_ON" \
	"SVE hint         1 (bit 16)" \
	"anomaly          SVE hint set (bit 16): the caller has no live SVE state (SMCCC 1.3); the firmware ignores the bit when dispatching 0x84000003"

expect_lines "decode flags a yielding call" decode 0x04000000 -- \
	"call type        yielding (bit 31 = 0)"
if grep -q '^anomaly          yielding call (bit 31 = 0)' <<<"$OUT"; then
	pass "decode of a yielding call has a yielding-call anomaly"
else
	fail "decode of a yielding call has a yielding-call anomaly" "$OUT"
fi

expect_lines "decode flags an SMC64 form that does not exist" decode 0xc4000000 -- \
	"anomaly          PSCI PSCI_VERSION has no SMC64 form: its ID is 0x84000000"

expect_lines "decode flags a reserved owning entity" decode 0x8800ff00 -- \
	"owning entity    8 \"reserved\" (bits 29:24)" \
	"anomaly          owning entity 8 is reserved (8-47)"

expect_lines "decode names trusted-OS and vendor EL3 ranges" decode 0xb200ff03 -- \
	"name             TOS50_REVISION (general query of owning entity 50)" \
	"owning entity    50 \"trusted OS\" (bits 29:24)"

expect_lines "decode knows TRNG_RND64" decode 0xC4000053 -- \
	"name             TRNG TRNG_RND64" "other form       0x84000053 (SMC32)"

expect_lines "decode knows SYSTEM_OFF2 (PSCI 1.3)" decode 0x84000015 -- \
	"name             PSCI SYSTEM_OFF2" "since            PSCI 1.3"

expect_lines "decode takes a decimal ID" decode 2214592512 -- "function ID      0x84000000"
expect_lines "decode takes a name (CPU_ON is the SMC64 form)" decode cpu_on -- \
	"function ID      0xc4000003"
expect_lines "decode takes CPU_ON32" decode CPU_ON32 -- "function ID      0x84000003"

expect_json "decode --json fields of 0xC4000003" \
	"d['fid'] == '0xc4000003' and d['known'] is True and d['name'] == 'CPU_ON' and d['service'] == 'PSCI' and d['fast'] is True and d['call_type'] == 'fast' and d['smc64'] is True and d['convention'] == 'SMC64' and d['oen'] == 4 and d['oen_name'] == 'standard secure service' and d['function_number'] == 3 and d['reserved_bits'] == 0 and d['sve_hint'] is False and d['malformed'] is False and d['other_form'] == '0x84000003' and d['anomalies'] == [] and d['since'] == 'PSCI 0.2'" \
	decode --json 0xC4000003

expect_json "decode --json of a malformed ID" \
	"d['malformed'] is True and d['known'] is False and d['name'] is None and d['reserved_bits'] == 0x7f and d['anomalies'][0] == 'malformed: reserved bits set, the firmware answers SMC_UNK'" \
	decode --json 0x84fe0000

# ---- call --sim -------------------------------------------------------------

expect_exact "call --sim PSCI_VERSION answers 0x10003" "\
call             0x84000000 PSCI PSCI_VERSION, fast SMC32
caller           CPU 0 of 4, AArch64, simulated monitor
sent             x0 = 0x84000000
                 x1 = 0x0
                 x2 = 0x0
                 x3 = 0x0
returned         x0 = 0x10003 (PSCI 1.3)
                 x1 = 0x0
                 x2 = 0x0
                 x3 = 0x0
end              all CPUs off" call --sim PSCI_VERSION

if [ -z "$ERR" ]; then
	pass "a successful call writes nothing to stderr"
else
	fail "a successful call writes nothing to stderr" "stderr: $ERR"
fi

expect_lines "call takes lower-case names" call --sim psci_version -- \
	"returned         x0 = 0x10003 (PSCI 1.3)"
expect_lines "call takes a numeric ID" call --sim 0x84000000 -- \
	"returned         x0 = 0x10003 (PSCI 1.3)"

expect_lines "call --sim SMCCC_VERSION" call --sim SMCCC_VERSION -- \
	"call             0x80000000 SMCCC SMCCC_VERSION, fast SMC32" \
	"returned         x0 = 0x10005 (SMCCC 1.5)"

expect_lines "call --sim PSCI_FEATURES with an argument (CPU_ON)" \
	call --sim PSCI_FEATURES 0xc4000003 -- \
	"                 x1 = 0xc4000003" \
	"returned         x0 = 0x0 (0 SUCCESS: implemented)"

expect_lines "PSCI_FEATURES(CPU_SUSPEND) decodes the flags" \
	call --sim PSCI_FEATURES 0x84000001 -- \
	"returned         x0 = 0x1 (0x1: CPU_SUSPEND supported; original power_state format; OS-initiated mode supported)"

expect_lines "PSCI_FEATURES of an unknown ID is NOT_SUPPORTED" \
	call --sim PSCI_FEATURES 0x84000030 -- \
	"returned         x0 = 0xffffffffffffffff (-1 NOT_SUPPORTED)"

expect_lines "CPU_ON to an invalid MPIDR is INVALID_PARAMETERS" \
	call --sim CPU_ON 0xff 0x80000000 0 -- \
	"call             0xc4000003 PSCI CPU_ON, fast SMC64" \
	"sent             x0 = 0xc4000003" \
	"                 x1 = 0xff" \
	"returned         x0 = 0xfffffffffffffffe (-2 INVALID_PARAMETERS)"

expect_lines "CPU_ON32 uses the SMC32 form" call --sim CPU_ON32 0xff 0x80000000 0 -- \
	"call             0x84000003 PSCI CPU_ON, fast SMC32" \
	"returned         x0 = 0xfffffffffffffffe (-2 INVALID_PARAMETERS)"

expect_lines "--smc32 picks the SMC32 form" call --sim --smc32 CPU_ON 0xff -- \
	"call             0x84000003 PSCI CPU_ON, fast SMC32"

expect_lines "CPU_ON to a secure entry point is INVALID_ADDRESS" \
	call --sim CPU_ON 1 0x0e000000 0 -- \
	"returned         x0 = 0xfffffffffffffff7 (-9 INVALID_ADDRESS)"

expect_lines "CPU_ON starts the target CPU with its context ID" \
	call --sim --cpus 2 CPU_ON 1 0x80000000 0x1234 -- \
	"returned         x0 = 0x0 (0 SUCCESS)" \
	"event            CPU 1 (MPIDR 0x1) entered the normal world at 0x80000000 with x0 = 0x1234" \
	"end              all CPUs off"

expect_lines "an unknown SMC32 ID answers SMC_UNK" call --sim 0x84000030 -- \
	"call             0x84000030 unknown function, fast SMC32" \
	"returned         x0 = 0xffffffffffffffff (SMC_UNK)"

expect_lines "an unknown SMC64 ID answers SMC_UNK sign-extended" call --sim 0xc4000030 -- \
	"returned         x0 = 0xffffffffffffffff (SMC_UNK)"

expect_lines "a malformed ID answers SMC_UNK" call --sim 0x84fe0000 -- \
	"note             malformed: reserved bits set, the firmware answers SMC_UNK" \
	"returned         x0 = 0xffffffffffffffff (SMC_UNK)"

expect_lines "SYSTEM_OFF powers the system off" call --sim SYSTEM_OFF -- \
	"returned         nothing: the call did not return to CPU 0" \
	"end              system powered off"

expect_lines "SYSTEM_RESET resets the system" call --sim SYSTEM_RESET -- \
	"end              system reset"

expect_lines "a power-down CPU_SUSPEND resumes at the entry point" \
	call --sim CPU_SUSPEND 0x10000 0x80000000 7 -- \
	"returned         nothing: the call did not return to CPU 0" \
	"event            CPU 0 (MPIDR 0x0) re-entered the normal world at 0x80000000 with x0 = 0x7"

expect_lines "SOC_ID returns the version word" call --sim SOC_ID -- \
	"returned         x0 = 0x5e8c5ec0 (SoC version: JEP-106 bank 0x5e, identity code 0x8c, SoC 0x5ec0)"

expect_lines "SOC_ID 2 uses the SMC64 name form" call --sim SOC_ID 2 -- \
	"call             0xc0000002 SMCCC SMCCC_ARCH_SOC_ID, fast SMC64" \
	"detail           SoC name \"secmon host simulator\" (x1..x17)"

expect_lines "ARCH_FEATURE_AVAILABILITY is the SMC64 call, CPTR_EL3's bitmask in x1" \
	call --sim SMCCC_ARCH_FEATURE_AVAILABILITY 0x1e1140 -- \
	"call             0xc0000003 SMCCC SMCCC_ARCH_FEATURE_AVAILABILITY, fast SMC64" \
	"returned         x0 = 0x0 (0 SUCCESS)" \
	"detail           feature bitmask x1 = 0xc0100400"

expect_lines "TRNG_VERSION answers TRNG 1.0" call --sim TRNG_VERSION -- \
	"returned         x0 = 0x10000 (TRNG 1.0)"

expect_lines "TRNG_GET_UUID decodes secmon's TRNG UUID" call --sim TRNG_GET_UUID -- \
	"returned         x0 = 0x3ed228fc (UUID in x0..x3)" \
	"detail           TRNG back end fc28d23e-1ef6-475c-bc13-d1870c80f624 (w0..w3 = 0x3ed228fc 0x5c47f61e 0x87d113bc 0x24f6800c)"

expect_json "TRNG_RND64 8 returns 8 bits in x3, x1 and x2 zero" \
	"d['code'] == 'SUCCESS' and d['result']['x1'] == '0x0' and d['result']['x2'] == '0x0' and int(d['result']['x3'], 16) < 256" \
	call --sim --json TRNG_RND64 8

expect_json "TRNG_RND64 192 fills x1..x3" \
	"d['code'] == 'SUCCESS' and any(int(d['result'][r], 16) >> 32 for r in ('x1', 'x2', 'x3'))" \
	call --sim --json TRNG_RND64 192

expect_json "TRNG_RND32 97 is INVALID_PARAMETERS with x1..x3 zero" \
	"d['code'] == 'INVALID_PARAMETERS' and [d['result'][r] for r in ('x1', 'x2', 'x3')] == ['0x0'] * 3" \
	call --sim --json TRNG_RND32 97

expect_lines "TRNG_RND64 from AArch32 is SMC_UNK" call --sim --aarch32 TRNG_RND64 64 -- \
	"returned         r0 = 0xffffffff (SMC_UNK)" "                 r1 = 0x40"

expect_lines "AFFINITY_INFO of an off CPU" call --sim AFFINITY_INFO 1 0 -- \
	"returned         x0 = 0x1 (1 OFF)"

expect_lines "the standard service answers its revision" call --sim STD_REVISION -- \
	"returned         x0 = 0x0 (revision 0.1)"

expect_lines "--aarch32 uses r registers and the SMC32 form" call --sim --aarch32 CPU_ON 0xff -- \
	"call             0x84000003 PSCI CPU_ON, fast SMC32" \
	"caller           CPU 0 of 4, AArch32, simulated monitor" \
	"returned         r0 = 0xfffffffe (-2 INVALID_PARAMETERS)"

expect_lines "an SMC64 call from AArch32 is SMC_UNK" call --sim --aarch32 CPU_ON64 0xff -- \
	"note             an AArch32 caller cannot make SMC64 calls: the firmware answers SMC_UNK" \
	"returned         r0 = 0xffffffff (SMC_UNK)"

expect_json "call --json PSCI_VERSION" \
	"d['fid'] == '0x84000000' and d['name'] == 'PSCI_VERSION' and d['service'] == 'PSCI' and d['convention'] == 'SMC32' and d['caller'] == 'aarch64' and d['cpus'] == 4 and d['returned'] is True and d['result']['x0'] == '0x10003' and d['value'] == 0x10003 and d['text'] == 'PSCI 1.3' and d['error'] is False and d['sent']['x0'] == '0x84000000' and d['end'] == 'all_cpus_off' and d['changed'] == ['x0']" \
	call --sim --json PSCI_VERSION

expect_json "call --json CPU_ON with an invalid MPIDR" \
	"d['code'] == 'INVALID_PARAMETERS' and d['value'] == -2 and d['error'] is True and d['sent']['x1'] == '0xff' and d['result']['x0'] == '0xfffffffffffffffe'" \
	call --sim --json CPU_ON 0xff 0x80000000 0

expect_json "call --json of an unknown ID" \
	"d['known'] is False and d['name'] is None and d['code'] == 'SMC_UNK' and d['value'] == -1 and d['error'] is True" \
	call --sim --json 0x84000030

expect_json "call --json SYSTEM_OFF" \
	"d['returned'] is False and d['result'] is None and d['value'] is None and d['end'] == 'system_off' and d['end_text'] == 'system powered off'" \
	call --sim --json SYSTEM_OFF

expect_json "call --json CPU_ON records the started CPU" \
	"d['code'] == 'SUCCESS' and d['events'] == [{'cpu': 1, 'mpidr': '0x1', 'pc': '0x80000000', 'context_id': '0x1234'}]" \
	call --sim --json --cpus 2 CPU_ON 1 0x80000000 0x1234

expect_json "list --json has every PSCI function" \
	"len([f for f in d['functions'] if f['service'] == 'PSCI']) == 22 + 13 and {'0x84000000', '0xc4000003', '0xc4000014', '0x84000015', '0xc4000015'} <= {f['fid'] for f in d['functions']}" \
	list --json

# ---- dt: the call tables of the example boards --------------------------------

B=boards
BAD=tests/cli/bad
TMPD=$(mktemp -d)
trap 'rm -rf "$TMPD"' EXIT

# The secure media service, as every example board includes it.
MEDIA_OK="[t for t in d['tables'] if t['kind'] == 'service' and t['service'] == 'secure-media' and t['path'] == '/firmware/secure-media' and t['call_as'] == 'secure-media/<operation>' and [o['name'] for o in t['operations']] == ['set-format', 'protect-buffer', 'unprotect-buffer', 'get-status'] and t['operations'][0]['calls'][0]['fid'] == '0x82000100' and t['operations'][0]['calls'][0]['arguments'] == [{'register': 1, 'reg': 'x1', 'name': 'format', 'value': None}] and t['operations'][3]['results'] == ['status', 'format', 'buffers'] and t['operations'][1]['calls'][0]['convention'] == 'SMC64' and t['operations'][0]['calls'][0]['smccc']['oen'] == 2]"

for board in exynos-style omap4-style psci-0.1-custom psci-standard reordered; do
	expect_json "dt --json $board: the secure-media service" "$MEDIA_OK" \
		dt --json "$B/$board.dts"
done

expect_lines "dt exynos-style: cpu-boot is 0xfffffffc in x0, legacy, SMC32 fast" \
	dt "$B/exynos-style.dts" -- \
	"file             boards/exynos-style.dts (compiled with dtc)" \
	"board            \"secmon,example-exynos\"" \
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

expect_json "dt --json exynos-style: cpu-boot 0xfffffffc in x0 with cpu in x1" \
	"d['firmware_operations'] == {'backend': 'table', 'node': '/firmware/secure-monitor'} and d['psci'] is None and d['board'] == ['secmon,example-exynos'] and d['compiled'] is True and ($OPS)['cpu-boot']['calls'] == [{'fid': '0xfffffffc', 'signed': -4, 'id_register': 0, 'id_reg': 'x0', 'convention': 'SMC32', 'call_type': 'fast', 'smccc': None, 'arguments': [{'register': 1, 'reg': 'x1', 'name': 'cpu', 'value': None}], 'results': []}]" \
	dt --json "$B/exynos-style.dts"

expect_json "dt --json exynos-style: get-cpu-boot-addr results and the L2 sequence" \
	"($OPS)['get-cpu-boot-addr']['results'] == ['status', 'entry'] and [r['register'] for r in ($OPS)['get-cpu-boot-addr']['calls'][0]['results']] == [0, 1] and [c['fid'] for c in ($OPS)['l2x0-init']['calls']] == ['0xffffffea', '0xffffffe9', '0xffffffe8', '0xffffffeb'] and ($OPS)['l2x0-init']['calls'][0]['arguments'] == [{'register': 1, 'reg': 'x1', 'name': None, 'value': '0x110'}, {'register': 2, 'reg': 'x2', 'name': None, 'value': '0x120'}, {'register': 3, 'reg': 'x3', 'name': None, 'value': '0x30000007'}] and ($OPS)['l2x0-init']['parameters'] == []" \
	dt --json "$B/exynos-style.dts"

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
	fail "dt takes a DTB" "dtc could not compile $B/omap4-style.dts"
fi

ROOT=$PWD
ABSBIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
OUT=$(cd "$TMPD" && "$ABSBIN" dt "$ROOT/$B/exynos-style.dts" 2>&1)
RC=$?
ERR=
if [ "$RC" -eq 0 ] && grep -qxF "call as          secure-media/<operation>" <<<"$OUT"; then
	pass "dt finds /include/ files next to the .dts from another directory"
else
	mapfile -t lines < <(got)
	fail "dt finds /include/ files next to the .dts from another directory" "${lines[@]}"
fi

expect_lines "dt --ns: the normal world's DT has the board's tables and a PSCI node" \
	dt --ns "$B/exynos-style.dts" -- \
	"view             the normal world's DT the simulated monitor builds from it" \
	"firmware ops     call table /firmware/secure-monitor" \
	"table            /firmware/secure-media" \
	"psci             /psci" \
	"    call         0xfffffffc (legacy ID, signed -4) in x0, SMC32, fast"

expect_json "dt --ns --json: the normal world's DT keeps the L2 sequence in order" \
	"[c['fid'] for c in ($OPS)['l2x0-init']['calls']] == ['0xffffffea', '0xffffffe9', '0xffffffe8', '0xffffffeb']" \
	dt --ns --json "$B/exynos-style.dts"

# ---- dt: tables the parser refuses ---------------------------------------------

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

# ---- dt: bad input ---------------------------------------------------------------

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

# ---- call --dtb: operations of a board DT on the simulated monitor ----------

EXY="$B/exynos-style.dts"

expect_lines "call --dtb exynos-style set-cpu-boot-addr cpu=1 entry=0x80001000" \
	call --sim --dtb "$EXY" set-cpu-boot-addr cpu=1 entry=0x80001000 -- \
	"board            boards/exynos-style.dts (compiled with dtc)" \
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

expect_lines "call --dtb exynos-style l2x0-init: the four calls in the board's order" \
	call --sim --dtb "$EXY" l2x0-init -- \
	"call 1 of 4      0xffffffea in x0, SMC32, fast" \
	"call 4 of 4      0xffffffeb in x0, SMC32, fast"

# ---- call --dtb: boards the monitor refuses, bad operations ------------------

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
	pass "call --dtb: the list of operations names services' and firmware operations"
else
	fail "call --dtb: the list of operations names services' and firmware operations" "$ERR"
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

# ---- scmi -------------------------------------------------------------------

expect_exact "scmi: Base PROTOCOL_VERSION decoded" "\
caller           CPU 0, AArch64, simulated monitor

message          PROTOCOL_VERSION (protocol 0x10 base, message 0x0)
sent             no payload
status           0 SUCCESS
received         1 word after the status: 0x20000
answer           version = 2.0 (0x20000)" scmi --sim base version

expect_lines "scmi: vendor, sub-vendor and the protocol list" \
	scmi --sim base discover-vendor \; base sub_vendor \; BASE 6 0 -- \
	"message          BASE_DISCOVER_VENDOR (protocol 0x10 base, message 0x3)" \
	"answer           vendor = \"secmon\"" \
	"answer           sub_vendor = \"qemu-virt model\"" \
	"answer           protocols = 0x11 power 0x13 perf 0x14 clock 0x15 sensor 0x16 reset"
expect_lines "scmi: a rate set is what the next message reads (one simulation)" \
	scmi --sim clock rate-set 8 2 1249000000 0 \; clock rate-get 2 -- \
	"sent             flags = 0x8" \
	"                 clock_id = 0x2" \
	"                 rate_low = 0x4a723a40" \
	"answer           rate = 1200000000"
expect_lines "scmi: a range's rates and a list's entries" \
	scmi --sim clock describe-rates 2 0 -- \
	"answer           num_rates_flags = 0x1003 (3 returned, 0 remaining, a range)" \
	"                 [0] rate = 200000000" \
	"                 [2] rate = 100000000"
expect_lines "scmi: performance levels from the library's client" \
	scmi --sim perf describe-levels 0 0 \; perf level-set 0 500000 \; perf level-get 0 -- \
	"                 [1] perf_level = 500000 power_cost = 500 latency_us = 100" \
	"answer           performance_level = 500000"
expect_lines "scmi: a sensor reads, a secure-only one is DENIED" \
	scmi --sim sensor reading-get 0 0 \; sensor reading-get 1 0 -- \
	"answer           value = 45000" \
	"status           -3 DENIED"
expect_lines "scmi: status codes named (NOT_FOUND, NOT_SUPPORTED, PROTOCOL_ERROR)" \
	scmi --sim clock rate-get 9 \; 0x42 version \; clock 0x33 \; clock rate-get -- \
	"status           -4 NOT_FOUND" \
	"message          PROTOCOL_VERSION (protocol 0x42 unknown, message 0x0)" \
	"message          unknown (protocol 0x14 clock, message 0x33)" \
	"status           -1 NOT_SUPPORTED" \
	"status           -10 PROTOCOL_ERROR"
expect_lines "scmi: power domain state decoded" scmi --sim power state-get 0 -- \
	"answer           power_state = 0x0 (ON)"
expect_lines "scmi --aarch32" scmi --sim --aarch32 perf level-get 0 -- \
	"caller           CPU 0, AArch32, simulated monitor" \
	"answer           performance_level = 1500000"
expect_json "scmi --json: status, code and the decoded answer" \
	"d['messages'][0]['code'] == 'SUCCESS' and d['messages'][0]['answer']['rate'] == '0xbebc200' and d['messages'][1]['status'] == -3 and d['messages'][1]['code'] == 'DENIED' and d['messages'][1]['error'] and d['messages'][1]['answer'] is None and d['messages'][2]['answer']['protocols'] == [17, 19, 20, 21, 22] and [e['perf_level'] for e in d['messages'][3]['answer']['entries']] == [250000, 500000, 1000000, 1500000] and d['messages'][4]['answer']['value'] == 45000 and d['messages'][0]['sent'] == {'clock_id': '0x2'} and d['end'] == 'all_cpus_off'" \
	scmi --sim --json clock rate-get 2 -- sensor reading-get 1 0 -- base list-protocols 0 -- \
	perf describe-levels 0 0 -- sensor reading-get 0 0
expect_lines "scmi --dtb: the board DT's resources, a secure-only domain seen but not set" \
	scmi --sim --dtb tests/cli/scmi-board.dts power domain-attributes 0 \; \
	power domain-attributes 1 \; power state-set 0 1 0x40000000 \; clock describe-rates 0 0 -- \
	"caller           CPU 0, AArch64, simulated monitor serving tests/cli/scmi-board.dts" \
	"                 name = \"gpu\"" \
	"answer           attributes = 0x0" \
	"                 name = \"modem\"" \
	"status           -3 DENIED" \
	"                 [1] rate = 48000000"
expect_lines "scmi --dtb: the board DT's performance levels and a secure-only sensor" \
	scmi --sim --dtb tests/cli/scmi-board.dts perf describe-levels 0 0 \; \
	sensor reading-get 0 0 \; sensor description-get 0 -- \
	"                 [1] perf_level = 800000 power_cost = 800 latency_us = 0" \
	"status           -3 DENIED" \
	"                 [0] sensor_id = 0 attributes_low = 0x0 attributes_high = 0x5 name = \"pmic-volt\""
expect_error "scmi --dtb: a board DT the monitor refuses" 1 \
	"secmon scmi: $BAD/scmi-gap.dts: the simulated monitor refused the board DT: secmon: board DT: node clock-list, property reg: IDs must run from 0 without a gap" \
	scmi --sim --dtb "$BAD/scmi-gap.dts" base version
expect_json_status "scmi --dtb --json: the refusal as a JSON error" 1 \
	"d['error']['kind'] == 'monitor-refused' and 'node clock-list, property reg' in d['error']['message']" \
	scmi --sim --json --dtb "$BAD/scmi-gap.dts" base version
expect_usage "scmi: an ambiguous message name lists the candidates" \
	"'attributes' is ambiguous: it could be PROTOCOL_ATTRIBUTES, CLOCK_ATTRIBUTES" \
	scmi --sim clock attributes 0
expect_usage "scmi: an unknown protocol" "no protocol is named 'thermal'" scmi --sim thermal version
expect_usage "scmi: an unknown message" "protocol 0x14 has no message named 'frob'" \
	scmi --sim clock frob
expect_usage "scmi: a payload word wider than 32 bits" \
	"word 1 ('0x100000000') does not fit in 32 bits" scmi --sim clock rate-get 0x100000000
expect_usage "scmi: a message missing after --" "a protocol and message are missing after the last '--' or ';'" \
	scmi --sim base version --
expect_usage "scmi: a protocol without a message" "'clock': the message is missing" scmi --sim clock
expect_usage "scmi without a conduit" "no conduit: add --sim" scmi base version

# ---- bad input --------------------------------------------------------------

expect_usage "an unknown name is a usage error" "no function is named 'FROB_ALL'" \
	call --sim FROB_ALL
expect_usage "an ambiguous name lists the candidates" "'VERSION' is ambiguous" \
	call --sim VERSION
expect_usage "a bad number as the ID" "function ID '0x12zz' is not a number" \
	call --sim 0x12zz
expect_usage "an ID wider than 32 bits" "function ID '0x100000000' does not fit in 32 bits" \
	decode 0x100000000
expect_usage "a bad number as an argument" "argument 2 ('banana') is not a number" \
	call --sim CPU_ON 1 banana
expect_usage "an argument wider than 64 bits" "argument 1 ('0x10000000000000000') does not fit in 64 bits" \
	call --sim CPU_ON 0x10000000000000000
expect_usage "a missing function ID (call)" "missing the function ID or name to call" \
	call --sim
expect_usage "a missing function ID (decode)" "missing the function ID to decode" decode
expect_usage "--cpus without a value" "--cpus needs a value" call --sim --cpus
expect_usage "--cpus out of range" "--cpus 0 is out of range" call --sim --cpus 0 PSCI_VERSION
expect_usage "call without a conduit" "no conduit: add --sim" call PSCI_VERSION
expect_usage "too many arguments for AArch32" "at most 7 (r1-r7)" \
	call --sim --aarch32 CPU_ON 1 2 3 4 5 6 7 8
expect_usage "an AArch32 argument wider than 32 bits" "does not fit in 32 bits (AArch32 caller)" \
	call --sim --aarch32 CPU_ON 0x100000000
expect_usage "a form that does not exist" "TRNG_RND64 has no SMC32 form" \
	call --sim --smc32 TRNG_RND64
expect_usage "an unknown option" "unknown option '--frob'" call --sim --frob PSCI_VERSION
expect_usage "an unknown command" "no command named 'frob'" frob
expect_usage "no command at all" "missing the command"

expect_lines "decode names secmon's trace readout" decode 0x82000031 -- \
	"name             secmon trace SECMON_TRACE_READ" \
	"other form       0xc2000031 (SMC64)"
# Every SiP call of the monitor's own has its name (include/secmon/sip.h):
# the decoder knew only the trace calls and said "unknown" for these.
expect_lines "decode names secmon's errata calls" decode 0x82000020 -- \
	"name             secmon errata SECMON_ERRATA_APPLY"
expect_lines "decode names secmon's errata status" decode 0x82000021 -- \
	"name             secmon errata SECMON_ERRATA_STATUS"
expect_lines "decode names secmon's SCMI channel call" decode 0x82000200 -- \
	"name             secmon SCMI SECMON_SCMI"

# call --sim --trace FILE: a trace file (include/secmon/trace.h) of the run:
# CPU 0's CPU_ON event, its call, its implicit CPU_OFF; CPU 1's warm boot,
# CPU_OFF. The header and each record's type, CPU and function as bytes.
tracef=$(mktemp)
run call --sim --cpus 2 --trace "$tracef" CPU_ON 1 0x80000000 0x1234
summary=$(python3 - "$tracef" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
magic, ver, size, hz, ncpu, count, lost, _ = struct.unpack('<IHHQIIQQ', d[:40])
print('%08x %u %u %u %u %u %u %u' % (magic, ver, size, hz, ncpu, count, lost, len(d)))
for i in range(count):
    r = d[40 + 128 * i:40 + 128 * (i + 1)]
    _, _, seq, cpu, typ, _, fid, nargs, nres, _ = struct.unpack('<QQIHBBIBBH', r[:32])
    res0 = struct.unpack('<Q', r[88:96])[0]
    print(cpu, seq, typ, '%x' % fid, nres, '%x' % res0)
PY
)
rm -f "$tracef"
want="52544d53 2 128 1000000000 2 7 0 936
0 0 2 1 0 0
0 1 1 c4000003 4 0
0 2 1 84000002 0 0
0 3 2 2 0 0
1 0 2 6 0 0
1 1 1 84000002 0 0
1 2 2 2 0 0"
if [ "$RC" -eq 0 ] && [ "$summary" = "$want" ]; then
	pass "call --sim --trace writes the run's trace file, every record in order"
else
	mapfile -t lines < <(got; printf 'trace: %s\n' "$summary")
	fail "call --sim --trace writes the run's trace file, every record in order" "${lines[@]}"
fi
expect_error "call --sim --trace into a directory that does not exist" 1 \
	"secmon call: cannot write the trace to /nonexistent/t.bin: No such file or directory" \
	call --sim --trace /nonexistent/t.bin PSCI_VERSION

# ---- trace ----------------------------------------------------------------

. tests/cli/trace.sh

run --help
if [ "$RC" -eq 0 ] && grep -q '^  decode ' <<<"$OUT" && grep -q '^  call ' <<<"$OUT" &&
	grep -q '^  dt ' <<<"$OUT" && grep -q '^  scmi ' <<<"$OUT" && grep -q '^  trace ' <<<"$OUT"; then
	pass "--help lists the commands"
else
	mapfile -t lines < <(got)
	fail "--help lists the commands" "${lines[@]}"
fi
for cmd in decode call list dt scmi trace; do
	run "$cmd" --help
	if [ "$RC" -eq 0 ] && grep -q "^usage: secmon $cmd" <<<"$OUT"; then
		pass "$cmd --help"
	else
		mapfile -t lines < <(got)
		fail "$cmd --help" "${lines[@]}"
	fi
done

echo "1..$ntests"
[ "$nfailed" -eq 0 ]

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

pass() {
	ntests=$((ntests + 1))
	echo "ok - $1"
}

fail() {
	ntests=$((ntests + 1))
	nfailed=$((nfailed + 1))
	echo "not ok - $1"
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

expect_exact "call --sim PSCI_VERSION answers 0x10001" "\
call             0x84000000 PSCI PSCI_VERSION, fast SMC32
caller           CPU 0 of 4, AArch64, simulated monitor
sent             x0 = 0x84000000
                 x1 = 0x0
                 x2 = 0x0
                 x3 = 0x0
returned         x0 = 0x10001 (PSCI 1.1)
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
	"returned         x0 = 0x10001 (PSCI 1.1)"
expect_lines "call takes a numeric ID" call --sim 0x84000000 -- \
	"returned         x0 = 0x10001 (PSCI 1.1)"

expect_lines "call --sim SMCCC_VERSION" call --sim SMCCC_VERSION -- \
	"call             0x80000000 SMCCC SMCCC_VERSION, fast SMC32" \
	"returned         x0 = 0x10003 (SMCCC 1.3)"

expect_lines "call --sim PSCI_FEATURES with an argument (CPU_ON)" \
	call --sim PSCI_FEATURES 0xc4000003 -- \
	"                 x1 = 0xc4000003" \
	"returned         x0 = 0x0 (0 SUCCESS: implemented)"

expect_lines "PSCI_FEATURES(CPU_SUSPEND) decodes the flags" \
	call --sim PSCI_FEATURES 0x84000001 -- \
	"returned         x0 = 0x1 (0x1: CPU_SUSPEND supported; original power_state format; OS-initiated mode supported)"

expect_lines "PSCI_FEATURES of an unknown ID is NOT_SUPPORTED" \
	call --sim PSCI_FEATURES 0x84000030 -- \
	"returned         x0 = 0xffffffff (-1 NOT_SUPPORTED)"

expect_lines "CPU_ON to an invalid MPIDR is INVALID_PARAMETERS" \
	call --sim CPU_ON 0xff 0x80000000 0 -- \
	"call             0xc4000003 PSCI CPU_ON, fast SMC64" \
	"sent             x0 = 0xc4000003" \
	"                 x1 = 0xff" \
	"returned         x0 = 0xfffffffffffffffe (-2 INVALID_PARAMETERS)"

expect_lines "CPU_ON32 uses the SMC32 form" call --sim CPU_ON32 0xff 0x80000000 0 -- \
	"call             0x84000003 PSCI CPU_ON, fast SMC32" \
	"returned         x0 = 0xfffffffe (-2 INVALID_PARAMETERS)"

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
	"returned         x0 = 0xffffffff (SMC_UNK)"

expect_lines "an unknown SMC64 ID answers SMC_UNK sign-extended" call --sim 0xc4000030 -- \
	"returned         x0 = 0xffffffffffffffff (SMC_UNK)"

expect_lines "a malformed ID answers SMC_UNK" call --sim 0x84fe0000 -- \
	"note             malformed: reserved bits set, the firmware answers SMC_UNK" \
	"returned         x0 = 0xffffffff (SMC_UNK)"

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
	"d['fid'] == '0x84000000' and d['name'] == 'PSCI_VERSION' and d['service'] == 'PSCI' and d['convention'] == 'SMC32' and d['caller'] == 'aarch64' and d['cpus'] == 4 and d['returned'] is True and d['result']['x0'] == '0x10001' and d['value'] == 0x10001 and d['text'] == 'PSCI 1.1' and d['error'] is False and d['sent']['x0'] == '0x84000000' and d['end'] == 'all_cpus_off' and d['changed'] == ['x0']" \
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

run --help
if [ "$RC" -eq 0 ] && grep -q '^  decode ' <<<"$OUT" && grep -q '^  call ' <<<"$OUT"; then
	pass "--help lists the commands"
else
	mapfile -t lines < <(got)
	fail "--help lists the commands" "${lines[@]}"
fi
for cmd in decode call list; do
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

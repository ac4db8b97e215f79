# shellcheck shell=bash
# `secmon decode`: sourced by tests/cli/run.sh (its helpers, $BIN).

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
	tap_ok "decode of a yielding call has a yielding-call anomaly"
else
	tap_not_ok "decode of a yielding call has a yielding-call anomaly" "$OUT"
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

# Bad command lines.
expect_usage "an ID wider than 32 bits" "function ID '0x100000000' does not fit in 32 bits" \
	decode 0x100000000
expect_usage "a missing function ID (decode)" "missing the function ID to decode" decode

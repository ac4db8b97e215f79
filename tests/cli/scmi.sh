# shellcheck shell=bash
# `secmon scmi`: sourced by tests/cli/run.sh (its helpers, $BIN).

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


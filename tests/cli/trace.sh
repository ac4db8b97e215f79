# shellcheck shell=bash
# `secmon trace`: sourced by tests/cli/run.sh (its helpers, $BIN). The trace
# files are written at test time by mktrace (the library's encoder) from the
# text descriptions in tests/cli/traces/; none is committed in binary form.

MKTRACE=$(dirname "$BIN")/mktrace
TDIR=$TMPD/trace
mkdir -p "$TDIR"

# mk NAME < description: $TDIR/NAME.trace
mk() {
	"$MKTRACE" "$TDIR/$1.trace" || echo "mktrace failed for $1" >&2
}

mk boot < tests/cli/traces/boot.txt
B=$TDIR/boot.trace

expect_lines "trace: one line per record, time from the first, call named as decode names it" \
	trace "$B" -- \
	"# secmon trace: 16 records, 4 CPUs, counter 1000000 Hz, 3 records lost to ring overrun" \
	"       0.000  cpu0   SMC32 EL2 PSCI PSCI_VERSION -> PSCI 1.3 [2.000 us]" \
	"      10.000  cpu0   SMC64 EL2 PSCI CPU_ON x1=0x1 x2=0x40080000 x3=0x55 -> 0 SUCCESS [5.000 us]" \
	"      30.000  cpu1   SMC64 EL2 PSCI CPU_ON x1=0x1 x2=0x40080000 x3=0x0 -> -4 ALREADY_ON [1.000 us]" \
	"     300.000  cpu0   SMC32 EL2 PSCI AFFINITY_INFO x1=0x1 x2=0x0 -> 1 OFF [1.000 us]" \
	"     250.000  cpu2   SMC32 EL1 AArch32 PSCI CPU_ON r1=0x3 r2=0x8000 r3=0x0 -> -2 INVALID_PARAMETERS [1.000 us]" \
	"      40.000  cpu1   SMC32 EL2 0x82000103 (SiP service) -> x0=0x0 x1=0x2 x2=0x0 [1.000 us]" \
	"     600.000  cpu0   SMC32 EL2 PSCI SYSTEM_RESET -> no result recorded"

expect_lines "trace: power events named, with their arguments" trace "$B" -- \
	"      12.000  cpu0   power CPU_ON target cpu1 entry 0x40080000 context 0x55" \
	"      20.000  cpu1   power WARM_BOOT entry 0x40080000" \
	"      50.000  cpu1   power STANDBY power_state 0x1 [40.000 us]" \
	"     100.000  cpu1   power POWERDOWN power_state 0x1010022, down to level 1 (cluster) [100.000 us]" \
	"     212.000  cpu1   power CPU_OFF" \
	"     310.000  cpu2   power POWERDOWN power_state 0x10002, down to level 0 (core) [20.000 us]" \
	"     400.000  cpu0   power SYSTEM_SUSPEND [100.000 us]" \
	"     601.000  cpu0   power SYSTEM_RESET cold (SYSTEM_RESET)"

expect_lines "trace: records lost to overrun shown where the CPU's seq jumps" trace "$B" -- \
	"     210.000  cpu1   4 records LOST (seq 4 to 9)"

# TRACE_CTL's clear: the CLEARED record after a seq gap accounts for the
# records it discarded; only the rest of the gap is LOST. SYSTEM_OFF and
# SYSTEM_RESET say how they were asked for.
mk cleared < tests/cli/traces/cleared.txt
C=$TDIR/cleared.trace
expect_lines "trace: records TRACE_CTL cleared are told from records lost" trace "$C" -- \
	"# secmon trace: 9 records, 2 CPUs, counter 1000000 Hz, 2 records lost to ring overrun" \
	"      10.000  cpu0   trace CLEARED 3 records discarded by TRACE_CTL (seq 2 to 4)" \
	"      30.000  cpu1   2 records LOST (seq 1 to 6)" \
	"      30.000  cpu1   trace CLEARED 2 records discarded by TRACE_CTL (seq 4 to 5)" \
	"      40.000  cpu0   power SYSTEM_RESET SYSTEM_RESET2 type 0x0 (warm) cookie 0x5eed" \
	"      41.000  cpu0   power SYSTEM_RESET cold, asked without an SMC (power-off mailbox)" \
	"      42.000  cpu1   power SYSTEM_OFF asked without an SMC (power-off mailbox)" \
	"      43.000  cpu1   power SYSTEM_OFF SYSTEM_OFF2 type 0x1"
run trace "$C"
if [ "$RC" -eq 0 ] && [ "$(grep -c 'LOST' <<<"$OUT")" -eq 1 ]; then
	tap_ok "trace: a gap a CLEARED record accounts for is not LOST"
else
	mapfile -t lines < <(got)
	tap_not_ok "trace: a gap a CLEARED record accounts for is not LOST" "${lines[@]}"
fi
expect_json "trace --json: CLEARED records with their count, only the rest of a gap lost" \
	"[(r['cpu'], r['discarded']) for r in d['records'] if r['type'] == 'cleared'] == [(0, 3), (1, 2)] and
	 [(r['cpu'], r['count']) for r in d['records'] if r['type'] == 'lost'] == [(1, 2)]" \
	trace --json "$C"

run trace "$B"
if [ "$RC" -eq 0 ] && [ "$(grep -vc '^#' <<<"$OUT")" -eq 17 ] &&
	sort -s -n -k1,1 <<<"$(grep -v '^#' <<<"$OUT")" | cmp -s - <(grep -v '^#' <<<"$OUT"); then
	tap_ok "trace: every record (and the lost ones) once, merged in time order"
else
	mapfile -t lines < <(got)
	tap_not_ok "trace: every record (and the lost ones) once, merged in time order" "${lines[@]}"
fi

expect_json "trace --json: header, records, results by code, lost records" \
	"d['count'] == 16 and d['cpu_count'] == 4 and d['counter_hz'] == 1000000 and d['lost'] == 3 and
	 len(d['records']) == 17 and
	 [r['time_us'] for r in d['records']] == sorted(r['time_us'] for r in d['records']) and
	 [r for r in d['records'] if r['type'] == 'lost'] == [{'type': 'lost', 'cpu': 1, 'time_us': 210.0, 'count': 4, 'seq_before': 4, 'seq_after': 9}] and
	 [r['code'] for r in d['records'] if r['type'] == 'smc'] ==
	   [None, 'SUCCESS', 'ALREADY_ON', None, 'SUCCESS', 'INVALID_PARAMETERS', 'OFF', None] and
	 d['records'][1]['name'] == 'CPU_ON' and d['records'][1]['args'] == ['0x1', '0x40080000', '0x55'] and
	 d['records'][1]['smc64'] and d['records'][1]['el'] == 2 and d['records'][1]['duration_us'] == 5.0 and
	 [r for r in d['records'] if r.get('aarch32')][0]['cpu'] == 2 and
	 [r['event'] for r in d['records'] if r['type'] == 'power'] ==
	   ['CPU_ON', 'WARM_BOOT', 'STANDBY', 'POWERDOWN', 'CPU_OFF', 'POWERDOWN', 'SYSTEM_SUSPEND', 'SYSTEM_RESET']" \
	trace --json "$B"

# Malformed files: exit 2, the offset and the field named, nothing on stdout.
cp "$B" "$TDIR/magic.trace"
printf 'X' | dd of="$TDIR/magic.trace" bs=1 seek=0 conv=notrunc status=none
expect_error "trace: a file that is not a trace names the magic at offset 0" 2 \
	"secmon trace: $TDIR/magic.trace: offset 0: header field magic is not \"SMTR\": not a secmon trace" \
	trace "$TDIR/magic.trace"
head -c 30 "$B" > "$TDIR/short.trace"
expect_error "trace: a file shorter than the header" 2 \
	"secmon trace: $TDIR/short.trace: offset 30: header field header is cut short: a trace starts with 40 bytes of header" \
	trace "$TDIR/short.trace"
head -c $((40 + 128 * 3 + 100)) "$B" > "$TDIR/cut.trace"
expect_error "trace: a file cut inside a record" 2 \
	"secmon trace: $TDIR/cut.trace: offset 20: header field count counts more records than the file holds" \
	trace "$TDIR/cut.trace"
{ cat "$B"; printf 'x'; } > "$TDIR/tail.trace"
expect_error "trace: bytes after the last record" 2 \
	"secmon trace: $TDIR/tail.trace: offset 2088: header field count is followed by bytes past its last record" \
	trace "$TDIR/tail.trace"
printf 'header cpus=2\nsmc cpu=0 t=1 res=0\nsmc cpu=0 t=2 type=4\n' | mk type
expect_error "trace: a record of an unknown type, named by record and offset" 2 \
	"secmon trace: $TDIR/type.trace: offset 190: record 1, field type is not 1 (SMC), 2 (power event) or 3 (cleared)" \
	trace "$TDIR/type.trace"
printf 'header cpus=1\ncleared cpu=0 t=2 args=1 nargs=2\n' | mk cleared-nargs
expect_error "trace: a CLEARED record with more than its count" 2 \
	"secmon trace: $TDIR/cleared-nargs.trace: offset 68: record 0, field nargs of a cleared record is not 1 (the records discarded)" \
	trace "$TDIR/cleared-nargs.trace"
printf 'header cpus=2\nsmc cpu=2 t=1 res=0\n' | mk cpu
expect_error "trace: a record of a CPU the header does not count" 2 \
	"secmon trace: $TDIR/cpu.trace: offset 60: record 0, field cpu is not below the header's cpu_count" \
	trace "$TDIR/cpu.trace"
printf 'header\npower cpu=0 t=5 ev=9\n' | mk event
expect_error "trace: an unknown power event" 2 \
	"secmon trace: $TDIR/event.trace: offset 64: record 0, field fid is not a power event (1..8)" \
	trace "$TDIR/event.trace"
expect_error "trace: a file that does not exist is a failure (1), not bad input" 1 \
	"secmon trace: $TDIR/none.trace: No such file or directory" trace "$TDIR/none.trace"
expect_usage "trace: --json with --svg" "--json and --svg: choose one" \
	trace --json --svg "$TDIR/x.svg" "$B"
expect_usage "trace: no file" "missing the trace file" trace
printf 'header cpus=1\n' | mk empty
expect_lines "trace: an empty trace" trace "$TDIR/empty.trace" -- \
	"# secmon trace: 0 records, 1 CPUs, counter 1000000 Hz, 0 records lost to ring overrun"

# The SVG timeline, checked against the JSON of the same file.
# svg_check NAME TRACE: --svg writes a file, valid XML whose lanes, spans,
# ticks and arrows match the records (svgcheck.py), that rsvg-convert renders.
svg_check() {
	local name=$1 trace=$2 svg=$TDIR/$1.svg why
	run trace --svg "$svg" "$trace"
	if [ "$RC" -ne 0 ] || [ ! -s "$svg" ]; then
		mapfile -t lines < <(got)
		tap_not_ok "trace --svg $name: written" "${lines[@]}"
		return
	fi
	"$BIN" trace --json "$trace" > "$TDIR/$name.json"
	if why=$(python3 tests/cli/svgcheck.py "$svg" "$TDIR/$name.json" 2>&1); then
		tap_ok "trace --svg $name: valid XML, one lane per CPU, spans match the records ($why)"
	else
		mapfile -t lines < <(printf '%s\n' "$why" | head -10)
		tap_not_ok "trace --svg $name: valid XML, one lane per CPU, spans match the records" "${lines[@]}"
	fi
	if ! command -v rsvg-convert >/dev/null; then
		tap_not_ok "trace --svg $name: rsvg-convert renders it" "rsvg-convert missing: run scripts/deps.sh"
	elif why=$(rsvg-convert -o "$TDIR/$name.png" "$svg" 2>&1) && [ -s "$TDIR/$name.png" ]; then
		tap_ok "trace --svg $name: rsvg-convert renders it"
	else
		tap_not_ok "trace --svg $name: rsvg-convert renders it" "$why"
	fi
}

svg_check boot "$B"
svg_check cleared "$C"
python3 tests/cli/traces/many.py | mk many
svg_check many "$TDIR/many.trace"

# The check itself catches a timeline that leaves out an idle state.
grep -v 'data-state="standby"' "$TDIR/boot.svg" > "$TDIR/nostandby.svg"
if ! python3 tests/cli/svgcheck.py "$TDIR/nostandby.svg" "$TDIR/boot.json" >/dev/null 2>&1; then
	tap_ok "svgcheck.py refuses a timeline without the standby span"
else
	tap_not_ok "svgcheck.py refuses a timeline without the standby span"
fi

# Successive reads of one machine's trace, given together, are one trace.
printf 'header hz=1000000 cpus=4 lost=2\nsmc cpu=0 seq=20 t=2000 exit=2001 fid=0x84000000 el=2 res=0x10003\npower cpu=3 seq=0 t=1990 ev=6 args=0x40080000\n' | mk part2
expect_json "trace FILE FILE: the reads as one, counts and losses summed, merged by time" \
	"d['count'] == 18 and d['lost'] == 5 and d['cpu_count'] == 4 and
	 [r['type'] for r in d['records']][-3:] == ['power', 'lost', 'smc'] and d['records'][-2]['cpu'] == 0" \
	trace --json "$B" "$TDIR/part2.trace"
printf 'header hz=1000000 cpus=2\n' | mk twocpus
expect_error "trace FILE FILE: files of two machines are refused" 2 \
	"secmon trace: $TDIR/twocpus.trace: 2 CPUs at 1000000 Hz, but $B has 4 CPUs at 1000000 Hz: not the same machine's trace" \
	trace "$B" "$TDIR/twocpus.trace"
expect_error "trace FILE FILE: a bad second file is named" 2 \
	"secmon trace: $TDIR/magic.trace: offset 0: header field magic is not \"SMTR\": not a secmon trace" \
	trace "$B" "$TDIR/magic.trace"

# A simulated run recorded by the monitor itself (call --sim --trace), decoded.
run call --sim --cpus 4 --trace "$TDIR/sim.trace" CPU_ON 2 0x80000000 0x1234
if [ "$RC" -eq 0 ] && [ -s "$TDIR/sim.trace" ]; then
	# The two CPUs run at once: each CPU's records in its order, the CPU_ON
	# event before the target's warm boot, the whole merged by time.
	expect_json "trace of a simulated CPU_ON: the call, its answer, the event, the target's boot, in time order" \
		"d['cpu_count'] == 4 and d['counter_hz'] == 1000000000 and d['lost'] == 0 and
		 [(r.get('call') or r.get('event'), r.get('code')) for r in d['records'] if r['cpu'] == 0] ==
		   [('PSCI CPU_ON', 'SUCCESS'), ('CPU_ON', None), ('PSCI CPU_OFF', None), ('CPU_OFF', None)] and
		 [r.get('call') or r.get('event') for r in d['records'] if r['cpu'] == 2] ==
		   ['WARM_BOOT', 'PSCI CPU_OFF', 'CPU_OFF'] and
		 len(d['records']) == 7 and
		 [r.get('event') for r in d['records']].index('CPU_ON') <
		   [r.get('event') for r in d['records']].index('WARM_BOOT') and
		 [r['time_us'] for r in d['records']] == sorted(r['time_us'] for r in d['records']) and
		 d['records'][1]['args'][:3] == ['0x2', '0x80000000', '0x1234']" \
		trace --json "$TDIR/sim.trace"
	svg_check sim "$TDIR/sim.trace"
else
	mapfile -t lines < <(got)
	tap_not_ok "call --sim --trace wrote a trace to decode" "${lines[@]}"
fi

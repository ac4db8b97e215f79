# shellcheck shell=bash
# Bad command lines: sourced by tests/cli/run.sh (its helpers, $BIN).
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
want="52544d53 1 128 1000000000 2 7 0 936
0 0 2 1 0 0
0 1 1 c4000003 4 0
0 2 1 84000002 0 0
0 3 2 2 0 0
1 0 2 6 0 0
1 1 1 84000002 0 0
1 2 2 2 0 0"
if [ "$RC" -eq 0 ] && [ "$summary" = "$want" ]; then
	tap_ok "call --sim --trace writes the run's trace file, every record in order"
else
	mapfile -t lines < <(got; printf 'trace: %s\n' "$summary")
	tap_not_ok "call --sim --trace writes the run's trace file, every record in order" "${lines[@]}"
fi
expect_error "call --sim --trace into a directory that does not exist" 1 \
	"secmon call: cannot write the trace to /nonexistent/t.bin: No such file or directory" \
	call --sim --trace /nonexistent/t.bin PSCI_VERSION


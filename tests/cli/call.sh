# shellcheck shell=bash
# `secmon call --sim`: sourced by tests/cli/run.sh (its helpers, $BIN).

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
	tap_ok "a successful call writes nothing to stderr"
else
	tap_not_ok "a successful call writes nothing to stderr" "stderr: $ERR"
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
	call --sim CPU_SUSPEND 0x10002 0x80000000 7 -- \
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
	"detail           feature bitmask x1 = 0x80000400"

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

# call --sim --trace FILE: a trace file (include/secmon/trace.h) of the run:
# CPU 0's CPU_ON event, its call, its implicit CPU_OFF; CPU 1's warm boot,
# CPU_OFF. The header and each record's type, CPU and function as bytes.
tracef=$TMPD/call-trace.bin
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
want="52544d53 2 128 1000000000 2 7 0 936
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

# Bad command lines.
expect_usage "an unknown name is a usage error" "no function is named 'FROB_ALL'" \
	call --sim FROB_ALL
expect_usage "an ambiguous name lists the candidates" "'VERSION' is ambiguous" \
	call --sim VERSION
expect_usage "a bad number as the ID" "function ID '0x12zz' is not a number" \
	call --sim 0x12zz
expect_usage "a bad number as an argument" "argument 2 ('banana') is not a number" \
	call --sim CPU_ON 1 banana
expect_usage "an argument wider than 64 bits" "argument 1 ('0x10000000000000000') does not fit in 64 bits" \
	call --sim CPU_ON 0x10000000000000000
expect_usage "a missing function ID (call)" "missing the function ID or name to call" \
	call --sim
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

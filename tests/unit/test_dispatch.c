// SPDX-License-Identifier: BSD-3-Clause
/*
 * SMCCC dispatch: unknown IDs in every owning entity, yielding calls and
 * must-be-zero bits, the SVE hint, SMC32 upper halves, AArch32 callers
 * and the width of a negative status; and the routing itself (struct
 * mon_dispatch) over a table of services of its own: owning-entity ranges,
 * call types, a trusted OS's range fast and yielding.
 *
 * Through the host simulator, with the harness of simtest.h: each scenario
 * runs on simulated CPU threads and notes what it saw; the test asserts
 * after sim_run returns. Every call goes through smc_regs(), which checks
 * the registers outside its results.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <secmon/early.h>

#include "simtest.h"
#include "../../monitor/core/service.h"

static void sc_unknown_ids(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	static const uint16_t nums[] = { 0x1234, 0x7000, 0xfe00, 0xfeff };
	unsigned oen, i;

	(void)cpu, (void)pc, (void)ctx;
	for (oen = 0; oen < 64; oen++) {
		for (i = 0; i < sizeof(nums) / sizeof(nums[0]); i++) {
			EXPECT_EQ(SMC0(secmon_fid(true, false, oen, nums[i])), UNK32);
			EXPECT_EQ(SMC0(secmon_fid(true, true, oen, nums[i])), UNK64);
		}
	}
	/* Unserved numbers inside the ranges that are served. */
	EXPECT_EQ(SMC0(0x80000003), UNK32);	/* FEATURE_AVAILABILITY is SMC64 only */
	EXPECT_EQ(SMC0(0xc0000000), UNK64);	/* SMCCC_VERSION has no SMC64 form */
	EXPECT_EQ(SMC0(0xc0000001), UNK64);
	EXPECT_EQ(SMC0(0x8400001f), UNK32);
	EXPECT_EQ(SMC0(0x84000054), UNK32);	/* past TRNG_RND32 */
	EXPECT_EQ(SMC0(0xc4000050), UNK64);	/* TRNG_VERSION has no SMC64 form */
	EXPECT_EQ(SMC0(0x82000022), UNK32);
	EXPECT_EQ(SMC1(0xc2000020, SIM_ERRATUM_NEEDED), UNK64);
	EXPECT_EQ(SMC0(0xc4000000), UNK64);	/* PSCI_VERSION has no SMC64 form */
	EXPECT_EQ(SMC0(0xc4000002), UNK64);	/* nor CPU_OFF */
}

static void unknown_ids_answer_smc_unk_in_each_oen(void **state)
{
	(void)state;
	run_clean(sc_unknown_ids, 1, 0);
}

static void sc_yielding_and_mbz(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	static const unsigned oens[] = { 0, 1, 2, 3, 4, 5, 48, 50, 63 };
	unsigned i, bit;

	(void)pc, (void)ctx;
	if (cpu != 0)
		return;
	for (i = 0; i < sizeof(oens) / sizeof(oens[0]); i++) {
		EXPECT_EQ(SMC0(secmon_fid(false, false, oens[i], 0)), UNK32);
		EXPECT_EQ(SMC0(secmon_fid(false, true, oens[i], 0)), UNK64);
		EXPECT_EQ(SMC0(secmon_fid(false, false, oens[i], 0xff01)), UNK32);
	}
	/* A yielding CPU_ON with good arguments does nothing. */
	EXPECT_EQ(SMC3(0x44000003, m(1), PC_A, 1), UNK64);
	EXPECT_EQ(SMC3(0x04000003, m(1), PC_A, 1), UNK32);
	for (bit = 17; bit <= 23; bit++) {
		EXPECT_EQ(SMC0(0x84000000u | 1u << bit), UNK32);
		EXPECT_EQ(SMC0(0x80000000u | 1u << bit), UNK32);
		EXPECT_EQ(SMC3(0xc4000003u | 1u << bit, m(1), PC_A, 2), UNK64);
		EXPECT_EQ(SMC3(0x84000003u | 1u << bit, m(1), PC_A, 3), UNK32);
		EXPECT_EQ(SMC1(SECMON_SIP_ERRATA_APPLY | 1u << bit, SIM_ERRATUM_NEEDED), UNK32);
		EXPECT_EQ(SMC0(0x8400ff00u | 1u << bit), UNK32);
	}
	/* None of them did anything. */
	EXPECT_EQ(SMC2(P32(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC1(SECMON_SIP_ERRATA_STATUS, SIM_ERRATUM_NEEDED), SECMON_ERRATUM_APPLIED);
}

static void yielding_calls_and_mbz_bits_answer_smc_unk(void **state)
{
	(void)state;
	run_clean(sc_yielding_and_mbz, 2, 0);
	assert_int_equal(atomic_load(&S.starts[1]), 0);
}

static void sc_sve_hint(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)pc, (void)ctx;
	if (cpu != 0)
		return;
	EXPECT_EQ(SMC0(0x84010000), SECMON_PSCI_VERSION_MAKE(1, 3));
	EXPECT_EQ(SMC0(0x80010000), SECMON_SMCCC_VERSION_1_5);
	EXPECT_EQ(SMC1(0x80010002, SECMON_SOC_ID_REVISION), 1);
	EXPECT_EQ(SMC0(0x8401ff00), SMC0(0x8400ff00));
	EXPECT_EQ(SMC2(0xc4010004, m(0), 0), SECMON_PSCI_AFF_ON);
	EXPECT_EQ(SMC1(0x82010020, SIM_ERRATUM_NEEDED), SECMON_ERRATUM_APPLIED);
	EXPECT_EQ(SMC1(SECMON_SIP_ERRATA_STATUS, SIM_ERRATUM_NEEDED), SECMON_ERRATUM_WAS_APPLIED);
	EXPECT_EQ(SMC3(0xc4010003, m(1), PC_A, 0x5e5e), 0);
	WAIT_FLAG(&S.starts[1], 1);
	/* The hint does not make a yielding or malformed call valid. */
	EXPECT_EQ(SMC0(0x04010000), UNK32);
	EXPECT_EQ(SMC0(0x84030000), UNK32);
}

static void sve_hint_bit_is_ignored(void **state)
{
	(void)state;
	run_clean(sc_sve_hint, 2, 0);
	assert_int_equal(atomic_load(&S.starts[1]), 1);
	assert_start(1, 1, PC_A, 0x5e5e);
}

static void sc_upper_halves(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)pc, (void)ctx;
	if (cpu == 1) {
		park(1);
		return;
	}
	/* The function ID is w0: the upper half of x0 is not part of it. */
	EXPECT_EQ(SMC0(HI | 0x84000000u), SECMON_PSCI_VERSION_MAKE(1, 3));
	EXPECT_EQ(SMC3(P32(CPU_ON), 0xffffffff00000000ull | m(1), HI | PC_A, 0xcafef00d00000042ull),
		  0);
	WAIT_FLAG(&S.starts[1], 1);
	EXPECT_EQ(SMC2(P32(AFFINITY_INFO), HI | m(1), HI), SECMON_PSCI_AFF_ON);
	EXPECT_EQ(SMC2(P32(NODE_HW_STATE), HI | m(1), HI), SECMON_PSCI_HW_ON);
	EXPECT_EQ(SMC2(P32(AFFINITY_INFO), HI | m(2), HI), SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, HI | SECMON_SMCCC_VERSION), 0);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_SOC_ID, HI | SECMON_SOC_ID_REVISION), 1);
	EXPECT_EQ(SMC1(P32(FEATURES), HI | P32(CPU_ON)), 0);
	EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), HI | SECMON_PSCI_MODE_PC), 0);
	EXPECT_EQ(SMC3(P32(CPU_SUSPEND), HI | PS_STANDBY, 0, 0), 0);
	EXPECT_EQ(SMC1(SECMON_SIP_ERRATA_APPLY, HI | SIM_ERRATUM_NEEDED), SECMON_ERRATUM_APPLIED);
	/* SMC64 forms read all 64 bits. */
	EXPECT_EQ(SMC3(P64(CPU_ON), HI | m(2), PC_A, 0), R64(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC3(P64(CPU_ON), m(2), HI | PC_A, 0), R64(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), HI | m(1), 0), R64(SECMON_PSCI_INVALID_PARAMETERS));
	unpark(1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

static void smc32_ignores_upper_halves_of_arguments(void **state)
{
	(void)state;
	run_clean(sc_upper_halves, 4, 0);
	/* CPU_ON's SMC32 form: entry and context ID are 32-bit values. */
	assert_int_equal(atomic_load(&S.starts[1]), 1);
	assert_start(1, 1, PC_A, 0x42);
	assert_int_equal(atomic_load(&S.starts[2]), 0);
}

static void sc_aarch32(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)pc, (void)ctx;
	if (cpu == 1) {
		park(1);
		return;
	}
	EXPECT_EQ(SMC0(P32(VERSION)), SECMON_PSCI_VERSION_MAKE(1, 3));
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 7), UNK32);
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(0), 0), UNK32);
	EXPECT_EQ(SMC3(P64(CPU_SUSPEND), PS_CORE_PD, PC_B, 0), UNK32);
	EXPECT_EQ(SMC2(P64(CPU_DEFAULT_SUSPEND), PC_B, 0), UNK32);
	EXPECT_EQ(SMC2(P64(SYSTEM_RESET2), 0x80000001u, 0), UNK32);
	EXPECT_EQ(SMC2(P64(STAT_COUNT), m(0), PS_CORE_PD), UNK32);
	EXPECT_EQ(SMC1(0xc0000002, SECMON_SOC_ID_NAME), UNK32);
	EXPECT_EQ(SMC1(0xc2000020, SIM_ERRATUM_NEEDED), UNK32);
	EXPECT_EQ(SMC0(0xc400ff00), UNK32);
	EXPECT_EQ(SMC2(P32(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_OFF);
	/* PSCI_FEATURES answers for this caller: no SMC64 forms. */
	EXPECT_EQ(SMC1(P32(FEATURES), P64(CPU_ON)), R32(SECMON_PSCI_NOT_SUPPORTED));
	EXPECT_EQ(SMC1(P32(FEATURES), P64(SYSTEM_RESET2)), R32(SECMON_PSCI_NOT_SUPPORTED));
	EXPECT_EQ(SMC1(P32(FEATURES), P32(CPU_ON)), 0);
	EXPECT_EQ(SMC0(SECMON_SMCCC_VERSION), SECMON_SMCCC_VERSION_1_5);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_SOC_ID, SECMON_SOC_ID_REVISION), 1);
	EXPECT_EQ(SMC1(SECMON_SIP_ERRATA_APPLY, SIM_ERRATUM_NEEDED), SECMON_ERRATUM_APPLIED);
	/* A32 code may start in Thumb state: bit 0 of the entry point. */
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), PC_A | 1, 0x1234), 0);
	WAIT_FLAG(&S.starts[1], 1);
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), PC_A, 0), R32(SECMON_PSCI_ALREADY_ON));
	unpark(1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

static void aarch32_caller_gets_smc_unk_for_smc64(void **state)
{
	struct sim_config cfg = { .ncpus = 2, .aarch32 = true };

	(void)state;
	assert_int_equal(run_sim(sc_aarch32, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	assert_int_equal(atomic_load(&S.starts[1]), 1);
	assert_start(1, 1, PC_A | 1, 0x1234);
}

static void sc_arch_features_aarch32(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	/* The SMC64 SOC_ID call answers SMC_UNK to this caller... */
	EXPECT_EQ(SMC1(0xc0000002, SECMON_SOC_ID_NAME), UNK32);
	/* ...so ARCH_FEATURES must not offer it, as PSCI_FEATURES does not offer SMC64. */
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, 0xc0000002), R32(SECMON_SMCCC_NOT_SUPPORTED));
}

static void arch_features_from_aarch32_offers_no_smc64(void **state)
{
	struct sim_config cfg = { .ncpus = 1, .aarch32 = true };

	(void)state;
	assert_int_equal(run_sim(sc_arch_features_aarch32, &cfg), SIM_END_ALL_OFF);
	assert_clean();
}

/*
 * A negative status of an SMC32 call reaches an AArch64
 * caller sign-extended to 64 bits (callers compare the whole register); data
 * words keep their 32-bit values, zero-extended. An AArch32 caller gets 32
 * bits. Literal values here, not R32(): this is the rule itself.
 */
static void sc_smc32_widths(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	const uint64_t neg1 = cd->aarch32 ? 0xffffffffull : 0xffffffffffffffffull;
	const uint64_t neg2 = cd->aarch32 ? 0xfffffffeull : 0xfffffffffffffffeull;
	const uint64_t neg3 = cd->aarch32 ? 0xfffffffdull : 0xfffffffffffffffdull;
	struct secmon_regs r;

	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(SMC0(0x82003f17), neg1);				/* unknown SiP ID */
	EXPECT_EQ(SMC0(0x8400001e), neg1);				/* unknown PSCI ID */
	EXPECT_EQ(SMC0(0x04000000), neg1);				/* yielding */
	EXPECT_EQ(SMC0(0x84020000), neg1);				/* bits 23:17 set */
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, 0x80001234), neg1);	/* NOT_SUPPORTED */
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_SOC_ID, 7), neg3);		/* INVALID_PARAMETER */
	EXPECT_EQ(SMC1(P32(FEATURES), 0x840000ff), neg1);		/* PSCI NOT_SUPPORTED */
	EXPECT_EQ(SMC2(P32(AFFINITY_INFO), 0xff00, 0), neg2);		/* INVALID_PARAMETERS */
	EXPECT_EQ(SMC1(SECMON_SIP_ERRATA_STATUS, 0x7777), neg1);	/* ERRATUM_UNKNOWN */
	/* Data words: zero-extended. */
	EXPECT_EQ(SMC0(P32(VERSION)), 0x10003);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_WORKAROUND_1), 1);
	fill(__LINE__, &r, 0x8400ff01);
	smc_regs(__LINE__, 0xf, &r);
	for (unsigned i = 0; i < 4; i++)
		EXPECT(r.x[i] <= 0xffffffffull);
	EXPECT_EQ(r.x[2], 0xfbc02daeu);	/* bit 31 set: still a data word */
}

static void smc32_negative_status_is_sign_extended(void **state)
{
	struct sim_config cfg = { .ncpus = 1 };

	(void)state;
	assert_int_equal(run_sim(sc_smc32_widths, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	cfg.aarch32 = true;
	assert_int_equal(run_sim(sc_smc32_widths, &cfg), SIM_END_ALL_OFF);
	assert_clean();
}

static bool no_call(struct mon_call *c)
{
	(void)c;
	return false;
}

static bool no_id(uint32_t fid)
{
	(void)fid;
	return false;
}

#define SVC(n, o0, o1, f0, f1, types)                                                      \
	{ .name = n, .oens = { o0, o1 }, .fns = { f0, f1 }, .calls = types,              \
	  .handle = no_call, .has = no_id }

/*
 * The routing of mon_smc() over a table that has what the monitor's own
 * does not yet: a trusted OS owning OEN 50-63, fast and yielding, that
 * answers its own general queries; beside a SiP service of fast SMC32
 * calls only and one of SMC64 calls only.
 */
static void dispatch_routes_by_entity_range_and_call_type(void **state)
{
	static const struct mon_service table[] = {
		SVC("sip32", SECMON_OEN_SIP, SECMON_OEN_SIP, 0x20, 0x21, MON_CALLS_FAST32),
		SVC("sip64", SECMON_OEN_SIP, SECMON_OEN_SIP, 0x30, 0x32, MON_CALLS_FAST64),
		SVC("tos", SECMON_OEN_TOS_FIRST, SECMON_OEN_TOS_LAST, 0, 0xffff, MON_CALLS_ALL),
	};
	struct mon_dispatch d;

	(void)state;
	assert_int_equal(mon_dispatch_build(&d, table, 3), 0);
	/* A trusted OS's calls, fast and yielding, SMC32 and SMC64, in all of its range. */
	assert_ptr_equal(mon_dispatch_find(&d, 0x32000004), &table[2]);	/* yielding SMC32, OEN 50 */
	assert_ptr_equal(mon_dispatch_find(&d, 0x72000004), &table[2]);	/* yielding SMC64 */
	assert_ptr_equal(mon_dispatch_find(&d, 0xb2000001), &table[2]);	/* fast SMC32 */
	assert_ptr_equal(mon_dispatch_find(&d, 0xf7000010), &table[2]);	/* fast SMC64, OEN 55 */
	assert_ptr_equal(mon_dispatch_find(&d, 0xbf00ff01), &table[2]);	/* its UID, OEN 63 */
	assert_ptr_equal(mon_dispatch_find(&d, 0x3f00ffff), &table[2]);
	/* Outside the range: OEN 49 (trusted applications), OEN 3. */
	assert_null(mon_dispatch_find(&d, 0xb1000001));
	assert_null(mon_dispatch_find(&d, 0x31000001));
	assert_null(mon_dispatch_find(&d, 0x83000020));
	/* A service gets only the call types it takes. */
	assert_ptr_equal(mon_dispatch_find(&d, 0x82000020), &table[0]);
	assert_null(mon_dispatch_find(&d, 0xc2000020));	/* SMC64 */
	assert_null(mon_dispatch_find(&d, 0x02000020));	/* yielding */
	assert_ptr_equal(mon_dispatch_find(&d, 0xc2000031), &table[1]);
	assert_null(mon_dispatch_find(&d, 0x82000031));	/* SMC32 */
	assert_null(mon_dispatch_find(&d, 0x42000031));	/* yielding SMC64 */
	/* And only its function numbers. */
	assert_null(mon_dispatch_find(&d, 0x82000022));
	assert_null(mon_dispatch_find(&d, 0xc200002f));
}

/* A table the routing cannot serve is refused at cold boot. */
static void dispatch_refuses_overlapping_or_unsorted_tables(void **state)
{
	static const struct mon_service overlap[] = {
		SVC("a", 50, 55, 0, 0xffff, MON_CALLS_ALL),
		SVC("b", 52, 63, 0, 0xffff, MON_CALLS_ALL),
	};
	static const struct mon_service same_start[] = {
		SVC("a", 50, 63, 0, 0xffff, MON_CALLS_FAST),
		SVC("b", 50, 51, 0, 0xffff, MON_CALLS_YIELD),
	};
	static const struct mon_service unsorted[] = {
		SVC("std", SECMON_OEN_STD, SECMON_OEN_STD, 0x50, 0x53, MON_CALLS_FAST),
		SVC("sip", SECMON_OEN_SIP, SECMON_OEN_SIP, 0x20, 0x21, MON_CALLS_FAST32),
	};
	/* OEN 48 has no general queries of the monitor's, and the service does not answer them. */
	static const struct mon_service no_queries[] = {
		SVC("tapp", SECMON_OEN_TAPP_FIRST, SECMON_OEN_TAPP_FIRST, 0, 0xff, MON_CALLS_FAST),
	};
	struct mon_dispatch d;

	(void)state;
	assert_int_equal(mon_dispatch_build(&d, overlap, 2), -1);
	assert_int_equal(mon_dispatch_build(&d, same_start, 2), -1);
	assert_int_equal(mon_dispatch_build(&d, unsorted, 2), -1);
	assert_int_equal(mon_dispatch_build(&d, no_queries, 1), -1);
	/* The same two entity ranges, one after the other, are fine. */
	assert_int_equal(mon_dispatch_build(&d, overlap + 1, 1), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(unknown_ids_answer_smc_unk_in_each_oen),
		cmocka_unit_test(yielding_calls_and_mbz_bits_answer_smc_unk),
		cmocka_unit_test(sve_hint_bit_is_ignored),
		cmocka_unit_test(smc32_ignores_upper_halves_of_arguments),
		cmocka_unit_test(aarch32_caller_gets_smc_unk_for_smc64),
		cmocka_unit_test(arch_features_from_aarch32_offers_no_smc64),
		cmocka_unit_test(smc32_negative_status_is_sign_extended),
		cmocka_unit_test(dispatch_routes_by_entity_range_and_call_type),
		cmocka_unit_test(dispatch_refuses_overlapping_or_unsorted_tables),
	};

	return cmocka_run_group_tests_name("dispatch", tests, NULL, NULL);
}

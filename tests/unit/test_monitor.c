// SPDX-License-Identifier: BSD-3-Clause
/*
 * The portable monitor through the host simulator: SMCCC dispatch, the Arm
 * architecture service, every PSCI function, secmon's SiP errata service and
 * the board-DT (legacy ABI) path.
 *
 * Each scenario runs on simulated CPU threads under the harness of simtest.h
 * and notes what it saw; the test asserts after sim_run returns. Every call
 * goes through smc_regs(), which checks the registers outside its results.
 */
#define _GNU_SOURCE	/* pthread_setaffinity_np */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include <secmon/early.h>
#include <secmon/psci.h>
#include <secmon/smccc.h>

#include "simtest.h"

/* ---- SMCCC dispatch -------------------------------------------------- */

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
	EXPECT_EQ(SMC0(0x80000003), UNK32);	/* FEATURE_AVAILABILITY: not offered */
	EXPECT_EQ(SMC0(0xc0000003), UNK64);	/* (SMCCC 1.5 defines it as SMC64) */
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
 * Issue 13 item 12: a negative status of an SMC32 call reaches an AArch64
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

/* ---- general queries ------------------------------------------------- */

static void sc_std_queries(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs r;

	(void)cpu, (void)pc, (void)ctx;
	fill(__LINE__, &r, 0x8400ff01);
	smc_regs(__LINE__, 0xf, &r);
	/* Arm's standard service UID, as TF-A answers it. */
	EXPECT_EQ(r.x[0], 0x108d905bu);
	EXPECT_EQ(r.x[1], 0x47e8f863u);
	EXPECT_EQ(r.x[2], 0xfbc02daeu);
	EXPECT_EQ(r.x[3], 0xe2f64156u);
	fill(__LINE__, &r, 0x8400ff03);
	smc_regs(__LINE__, 0x3, &r);
	EXPECT_EQ(r.x[0], 0);
	EXPECT_EQ(r.x[1], 1);
	EXPECT(SMC0(0x8400ff00) != UNK32);
	/* The queries are SMC32 calls only. */
	EXPECT_EQ(SMC0(0xc400ff00), UNK64);
	EXPECT_EQ(SMC0(0xc400ff01), UNK64);
	EXPECT_EQ(SMC0(0xc400ff03), UNK64);
	EXPECT_EQ(SMC0(0x8400ff02), UNK32);
}

static void standard_service_answers_general_queries(void **state)
{
	(void)state;
	run_clean(sc_std_queries, 1, 0);
}

/* The OEN 4 function IDs PSCI_FEATURES says are implemented. */
/* The standard service's IDs PSCI_FEATURES and TRNG_FEATURES say are there. */
static unsigned probe_std_ids(void)
{
	unsigned fn, w, n = 0;

	for (w = 0; w < 2; w++)
		for (fn = 0; fn < 0x60; fn++) {
			uint32_t fid = secmon_fid(true, w, SECMON_OEN_STD, fn);

			n += (int32_t)SMC1(P32(FEATURES), fid) >= 0;
			n += (int32_t)SMC1(0x84000051, fid) >= 0;
		}
	return n;
}

static void sc_call_count(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	S.val[0] = probe_std_ids();
	S.val[1] = SMC0(0x8400ff00);
}

static void standard_call_count_matches_features(void **state)
{
	struct sim_config cfg = { .ncpus = 1 };

	(void)state;
	/*
	 * 17 SMC32 PSCI functions and 10 SMC64 forms, 4 SMC32 TRNG functions
	 * and TRNG_RND64; SMCCC counts both widths.
	 */
	run_clean(sc_call_count, 1, 0);
	assert_int_equal(S.val[0], 32);
	assert_int_equal(S.val[1], S.val[0]);
	/* Functions the platform cannot do are not counted either. */
	cfg.psci_unsupported = 1u << SECMON_PSCI_FN_CPU_SUSPEND | 1u << SECMON_PSCI_FN_STAT_COUNT;
	assert_int_equal(run_sim(sc_call_count, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	assert_int_equal(S.val[0], 28);
	assert_int_equal(S.val[1], S.val[0]);
}

static void sc_unserved_queries(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	static const unsigned oens[] = { 1, 3, 5, 6, 7, 48, 49, 50, 63 };
	static const unsigned fns[] = { SECMON_FN_CALL_COUNT, SECMON_FN_CALL_UID, SECMON_FN_REVISION };
	unsigned i, j;

	(void)cpu, (void)pc, (void)ctx;
	for (i = 0; i < sizeof(oens) / sizeof(oens[0]); i++)
		for (j = 0; j < 3; j++) {
			/* SMC_UNK, and x1-x3 untouched (smc_at checks). */
			EXPECT_EQ(SMC0(secmon_fid(true, false, oens[i], fns[j])), UNK32);
			EXPECT_EQ(SMC0(secmon_fid(true, true, oens[i], fns[j])), UNK64);
		}
}

static void unserved_ranges_answer_general_queries_with_smc_unk(void **state)
{
	(void)state;
	run_clean(sc_unserved_queries, 1, 0);
}

static void sc_sip_queries(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs r;

	(void)cpu, (void)pc, (void)ctx;
	/* The SiP range is served (secmon's errata calls): it must say whose it is. */
	fill(__LINE__, &r, 0x8200ff01);
	smc_regs(__LINE__, 0xf, &r);
	EXPECT(r.x[0] != UNK32);
	EXPECT_EQ(SMC0(0x8200ff00), 2);
	/* The revision is major in x0, minor in x1. */
	fill(__LINE__, &r, 0x8200ff03);
	smc_regs(__LINE__, 0x3, &r);
	EXPECT(r.x[0] != UNK32);
}

static void sip_range_answers_general_queries(void **state)
{
	(void)state;
	run_clean(sc_sip_queries, 1, 0);
}

/* ---- Arm architecture service ---------------------------------------- */

static void sc_arch(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	static const uint32_t unknown[] = { 0x80001234, 0x80000003, 0xc0000003, 0xffffffff,
					    0x84000000, 0x8000ff00, 0xc0000001, 0 };
	unsigned i;

	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(SMC0(SECMON_SMCCC_VERSION), SECMON_SMCCC_VERSION_1_5);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_VERSION), 0);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_FEATURES), 0);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_SOC_ID), 0);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, 0xc0000002), 0);
	/* The simulated CPU needs no workaround: 1 for WA1 (not on this PE), -1 for the rest. */
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_WORKAROUND_1), 1);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_WORKAROUND_2),
		  R32(SECMON_SMCCC_NOT_SUPPORTED));
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_WORKAROUND_3),
		  R32(SECMON_SMCCC_NOT_SUPPORTED));
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_WORKAROUND_4),
		  R32(SECMON_SMCCC_NOT_SUPPORTED));
	for (i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++)
		EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, unknown[i]),
			  R32(SECMON_SMCCC_NOT_SUPPORTED));
	/* What ARCH_FEATURES refuses, a call refuses. */
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_WORKAROUND_2, 1), UNK32);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_WORKAROUND_3, 0), UNK32);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_WORKAROUND_4, 0), UNK32);
	EXPECT_EQ(SMC0(0x80000003), UNK32);
}

static void smccc_version_and_arch_features(void **state)
{
	(void)state;
	run_clean(sc_arch, 1, 0);
}

static void sc_workaround_1(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	EXPECT((int32_t)SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_WORKAROUND_1) >= 0);
	/* Implemented (not needed on this PE): calling it is harmless, not SMC_UNK. */
	EXPECT(SMC0(SECMON_SMCCC_ARCH_WORKAROUND_1) != UNK32);
}

static void arch_workaround_1_callable_when_features_offers_it(void **state)
{
	(void)state;
	run_clean(sc_workaround_1, 1, 0);
}

/* SOC_ID's name: x1..x17, 8 bytes each, little-endian, NUL-padded to the end. */
static void expect_soc_name(int line, const char *name)
{
	struct secmon_regs r;
	size_t len = strlen(name);

	fill(line, &r, 0xc0000002);
	r.x[1] = SECMON_SOC_ID_NAME;
	EXPECT_EQ(smc_regs(line, ALL_REGS, &r), 0);
	for (unsigned i = 0; i < 8 * (SECMON_NREGS - 1); i++) {
		char c = (char)(r.x[1 + i / 8] >> (8 * (i % 8)));
		char want = i < len ? name[i] : 0;

		if (c != want) {
			note(line, "SOC_ID name byte %u = %#x, want %#x", i, (unsigned)(uint8_t)c,
			     (unsigned)(uint8_t)want);
			break;
		}
	}
}

static void sc_soc_id(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	uint64_t v;

	(void)cpu, (void)pc, (void)ctx;
	v = SMC1(SECMON_SMCCC_ARCH_SOC_ID, SECMON_SOC_ID_VERSION);
	EXPECT_EQ(v, secmon_soc_id_version(0x5e, 0x8c, 0x5ec0));
	EXPECT_EQ(v, 0x5e8c5ec0u);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_SOC_ID, SECMON_SOC_ID_REVISION), 1);
	/* The name is the SMC64 call's only. */
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_SOC_ID, SECMON_SOC_ID_NAME),
		  R32(SECMON_SMCCC_INVALID_PARAMETER));
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_SOC_ID, 3), R32(SECMON_SMCCC_INVALID_PARAMETER));
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_SOC_ID, 0xffffffff), R32(SECMON_SMCCC_INVALID_PARAMETER));
	EXPECT_EQ(SMC1(0xc0000002, SECMON_SOC_ID_VERSION), R64(SECMON_SMCCC_INVALID_PARAMETER));
	EXPECT_EQ(SMC1(0xc0000002, SECMON_SOC_ID_REVISION), R64(SECMON_SMCCC_INVALID_PARAMETER));
	EXPECT_EQ(SMC1(0xc0000002, HI | SECMON_SOC_ID_NAME), R64(SECMON_SMCCC_INVALID_PARAMETER));
	expect_soc_name(__LINE__, "secmon host simulator");
}

static void soc_id_version_revision_and_name(void **state)
{
	(void)state;
	run_clean(sc_soc_id, 1, 0);
}

/*
 * The platform's SoC name may be cold-boot data it does not keep: the
 * monitor answers from its own copy, cut to the 135 characters x1-x17 hold.
 */
static char soc_name_buf[200];

static void sc_soc_name_copied(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	char want[136];

	(void)cpu, (void)pc, (void)ctx;
	memcpy(want, soc_name_buf, 135);
	want[135] = 0;
	memset(soc_name_buf, 'X', sizeof(soc_name_buf) - 1);
	expect_soc_name(__LINE__, want);
}

static void soc_id_name_is_the_monitors_own_copy(void **state)
{
	struct sim_config cfg = { .ncpus = 1, .soc_name = soc_name_buf };

	(void)state;
	for (unsigned i = 0; i < sizeof(soc_name_buf) - 1; i++)
		soc_name_buf[i] = (char)('a' + i % 26);
	soc_name_buf[sizeof(soc_name_buf) - 1] = 0;
	assert_int_equal(run_sim(sc_soc_name_copied, &cfg), SIM_END_ALL_OFF);
	assert_clean();
}

/* ---- PSCI: versions and features ------------------------------------- */

#define FN_BIT(fn) (1u << SECMON_PSCI_FN_##fn)
#define OFFERED32                                                                           \
	(FN_BIT(VERSION) | FN_BIT(CPU_SUSPEND) | FN_BIT(CPU_OFF) | FN_BIT(CPU_ON) |         \
	 FN_BIT(AFFINITY_INFO) | FN_BIT(MIGRATE_INFO_TYPE) | FN_BIT(SYSTEM_OFF) |            \
	 FN_BIT(SYSTEM_RESET) | FN_BIT(FEATURES) | FN_BIT(CPU_DEFAULT_SUSPEND) |             \
	 FN_BIT(NODE_HW_STATE) | FN_BIT(SYSTEM_SUSPEND) | FN_BIT(SET_SUSPEND_MODE) |         \
	 FN_BIT(STAT_RESIDENCY) | FN_BIT(STAT_COUNT) | FN_BIT(SYSTEM_RESET2) |               \
	 FN_BIT(SYSTEM_OFF2))
#define OFFERED64                                                                           \
	(FN_BIT(CPU_SUSPEND) | FN_BIT(CPU_ON) | FN_BIT(AFFINITY_INFO) |                     \
	 FN_BIT(CPU_DEFAULT_SUSPEND) | FN_BIT(NODE_HW_STATE) | FN_BIT(SYSTEM_SUSPEND) |      \
	 FN_BIT(STAT_RESIDENCY) | FN_BIT(STAT_COUNT) | FN_BIT(SYSTEM_RESET2) |               \
	 FN_BIT(SYSTEM_OFF2))

/* PSCI_FEATURES for each function number in both widths, against `off32`/`off64`. */
static void check_features(int line, uint32_t off32, uint32_t off64)
{
	unsigned fn, w;

	for (w = 0; w < 2; w++) {
		for (fn = 0; fn < 0x20; fn++) {
			uint32_t fid = w ? SECMON_PSCI_FN64(fn) : SECMON_PSCI_FN32(fn);
			bool offered = ((w ? off64 : off32) >> fn) & 1;
			uint64_t got = smc_at(line, P32(FEATURES), 1, fid, 0, 0);
			uint64_t want = !offered ? R32(SECMON_PSCI_NOT_SUPPORTED)
				      : fn == SECMON_PSCI_FN_CPU_SUSPEND ? SECMON_PSCI_FEAT_OSI
				      : fn == SECMON_PSCI_FN_SYSTEM_OFF2 ? SECMON_PSCI_OFF2_HIBERNATE
									: 0;

			if (got != want)
				note(line, "PSCI_FEATURES(%#x) = %#llx, want %#llx", fid,
				     (unsigned long long)got, (unsigned long long)want);
			/* What PSCI_FEATURES refuses, the call refuses (harmlessly). */
			if (!offered) {
				got = smc_at(line, fid, 3, m(0), PC_A, 0);
				if (got != (w ? UNK64 : UNK32))
					note(line, "unoffered call %#x answered %#llx", fid,
					     (unsigned long long)got);
			}
		}
	}
}

static void sc_psci_features(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(SMC0(P32(VERSION)), 0x00010003u);
	check_features(__LINE__, OFFERED32, OFFERED64);
	EXPECT_EQ(SMC1(P32(FEATURES), SECMON_SMCCC_VERSION), 0);
	EXPECT_EQ(SMC1(P32(FEATURES), SECMON_SMCCC_ARCH_FEATURES), R32(SECMON_PSCI_NOT_SUPPORTED));
	EXPECT_EQ(SMC1(P32(FEATURES), 0x84000050), R32(SECMON_PSCI_NOT_SUPPORTED));
	EXPECT_EQ(SMC1(P32(FEATURES), 0x84020000), R32(SECMON_PSCI_NOT_SUPPORTED));
	EXPECT_EQ(SMC1(P32(FEATURES), 0x04000000), R32(SECMON_PSCI_NOT_SUPPORTED));
	EXPECT_EQ(SMC1(P32(FEATURES), 0), R32(SECMON_PSCI_NOT_SUPPORTED));
	/* What PSCI_FEATURES offers, the call does (the rest in their own tests). */
	EXPECT_EQ(SMC0(P32(MIGRATE_INFO_TYPE)), SECMON_PSCI_TOS_NOT_PRESENT);
	EXPECT_EQ(SMC2(P32(AFFINITY_INFO), m(0), 0), SECMON_PSCI_AFF_ON);
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(0), 0), SECMON_PSCI_AFF_ON);
	EXPECT_EQ(SMC2(P32(NODE_HW_STATE), m(0), 0), SECMON_PSCI_HW_ON);
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(0), 0), SECMON_PSCI_HW_ON);
	EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_PC), 0);
	EXPECT_EQ(SMC2(P32(STAT_COUNT), m(0), PS_CORE_PD), 0);
	EXPECT_EQ(SMC2(P64(STAT_COUNT), m(0), PS_CORE_PD), 0);
	EXPECT_EQ(SMC2(P32(STAT_RESIDENCY), m(0), PS_CORE_PD), 0);
	EXPECT_EQ(SMC2(P64(STAT_RESIDENCY), m(0), PS_CORE_PD), 0);
	EXPECT_EQ(SMC3(P32(CPU_SUSPEND), PS_STANDBY, 0, 0), 0);
	EXPECT_EQ(SMC3(P64(CPU_SUSPEND), PS_STANDBY, 0, 0), 0);
	EXPECT_EQ(SMC3(P32(CPU_ON), m(0), PC_A, 0), R32(SECMON_PSCI_ALREADY_ON));
	EXPECT_EQ(SMC3(P64(CPU_ON), m(0), PC_A, 0), R64(SECMON_PSCI_ALREADY_ON));
}

static void psci_version_and_features(void **state)
{
	(void)state;
	run_clean(sc_psci_features, 1, 0);
}

#define UNSUPPORTED                                                                         \
	(FN_BIT(CPU_SUSPEND) | FN_BIT(CPU_DEFAULT_SUSPEND) | FN_BIT(NODE_HW_STATE) |        \
	 FN_BIT(SYSTEM_SUSPEND) | FN_BIT(STAT_COUNT) | FN_BIT(SYSTEM_RESET2))

static void sc_psci_unsupported(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	/* check_features also calls each refused one: no suspend, no reset follows. */
	check_features(__LINE__, OFFERED32 & ~UNSUPPORTED, OFFERED64 & ~UNSUPPORTED);
	EXPECT_EQ(SMC3(P32(CPU_SUSPEND), PS_CORE_PD, PC_B, 0), R32(SECMON_PSCI_NOT_SUPPORTED));
	EXPECT_EQ(SMC2(P64(CPU_DEFAULT_SUSPEND), PC_B, 0), R64(SECMON_PSCI_NOT_SUPPORTED));
	EXPECT_EQ(SMC2(P64(SYSTEM_SUSPEND), PC_B, 0), R64(SECMON_PSCI_NOT_SUPPORTED));
	EXPECT_EQ(SMC2(P64(SYSTEM_RESET2), 0x80000001u, 0), R64(SECMON_PSCI_NOT_SUPPORTED));
	EXPECT_EQ(SMC2(P32(SYSTEM_RESET2), 0, 0), R32(SECMON_PSCI_NOT_SUPPORTED));
	EXPECT_EQ(SMC2(P32(STAT_RESIDENCY), m(0), PS_CORE_PD), 0);
}

static void psci_unsupported_functions_answer_not_supported(void **state)
{
	struct sim_config cfg = { .ncpus = 1, .psci_unsupported = UNSUPPORTED };

	(void)state;
	assert_int_equal(run_sim(sc_psci_unsupported, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	assert_int_equal(atomic_load(&S.starts[0]), 1);
}

static void sc_no_suspend_mode(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(SMC1(P32(FEATURES), P32(SET_SUSPEND_MODE)), R32(SECMON_PSCI_NOT_SUPPORTED));
	EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_OSI), R32(SECMON_PSCI_NOT_SUPPORTED));
	/* OS-initiated mode cannot be entered, so CPU_SUSPEND must not offer it. */
	EXPECT_EQ(SMC1(P32(FEATURES), P32(CPU_SUSPEND)) & SECMON_PSCI_FEAT_OSI, 0);
}

static void cpu_suspend_features_without_set_suspend_mode(void **state)
{
	struct sim_config cfg = { .ncpus = 1, .psci_unsupported = FN_BIT(SET_SUSPEND_MODE) };

	(void)state;
	assert_int_equal(run_sim(sc_no_suspend_mode, &cfg), SIM_END_ALL_OFF);
	assert_clean();
}

/* ---- PSCI: CPU_ON ---------------------------------------------------- */

static void sc_cpu_on(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)pc;
	if (cpu != 0) {
		park(cpu);
		return;
	}
	EXPECT_EQ(ctx, BOOT_CTX);
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 0x1122334455667788ull), 0);
	WAIT_FLAG(&S.starts[1], 1);
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_ON);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_B, 9), R64(SECMON_PSCI_ALREADY_ON));
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), PC_B, 9), R32(SECMON_PSCI_ALREADY_ON));
	EXPECT_EQ(SMC3(P64(CPU_ON), m(0), PC_B, 9), R64(SECMON_PSCI_ALREADY_ON));
	/* The SMC32 form: a 32-bit context ID, zero-extended. */
	EXPECT_EQ(SMC3(P32(CPU_ON), m(2), PC_B, 0x89abcdef), 0);
	WAIT_FLAG(&S.starts[2], 1);
	/* A CPU in another cluster. */
	EXPECT_EQ(SMC3(P64(CPU_ON), m(5), PC_C, 5), 0);
	WAIT_FLAG(&S.starts[5], 1);
	unpark(1);
	unpark(2);
	unpark(5);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
	WAIT_AFF(2, SECMON_PSCI_AFF_OFF);
	WAIT_AFF(5, SECMON_PSCI_AFF_OFF);
	/* Off again, it can be started again, with new values. */
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_D, 0xd), 0);
	WAIT_FLAG(&S.starts[1], 2);
	unpark(1);
}

static void cpu_on_starts_cpu_with_entry_and_context(void **state)
{
	(void)state;
	run_clean(sc_cpu_on, 8, 0);
	assert_int_equal(atomic_load(&S.starts[1]), 2);
	assert_int_equal(atomic_load(&S.starts[2]), 1);
	assert_int_equal(atomic_load(&S.starts[3]), 0);
	assert_int_equal(atomic_load(&S.starts[5]), 1);
	assert_start(0, 0, BOOT_PC, BOOT_CTX);
	assert_start(1, 1, PC_A, 0x1122334455667788ull);
	assert_start(2, 2, PC_B, 0x89abcdef);
	assert_start(3, 5, PC_C, 5);
	assert_start(4, 1, PC_D, 0xd);
}

static void sc_invalid_address(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	static const uint64_t bad64[] = {
		NS_BASE - 4, NS_BASE + NS_SIZE, NS_BASE + NS_SIZE + 0x1000, 0, SECURE_PC,
		0x09000000,			/* a device */
		PC_A + 2, PC_A + 1, NS_BASE + NS_SIZE - 2,	/* misaligned for A64 */
		0xfffffffffffffffcull,		/* wraps around with its 4 bytes */
		UNK64, NS_BASE + 0x100000000ull, HI | PC_A,
	};
	static const uint64_t bad32[] = { 0xfffffffc, NS_BASE - 4, NS_BASE + NS_SIZE, PC_A + 2 };
	unsigned i;

	(void)pc, (void)ctx;
	if (cpu != 0) {
		park(cpu);
		return;
	}
	for (i = 0; i < sizeof(bad64) / sizeof(bad64[0]); i++) {
		EXPECT_EQ(SMC3(P64(CPU_ON), m(1), bad64[i], 1), R64(SECMON_PSCI_INVALID_ADDRESS));
		/* Not left pending: the core would be lost. */
		EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_OFF);
	}
	for (i = 0; i < sizeof(bad32) / sizeof(bad32[0]); i++) {
		EXPECT_EQ(SMC3(P32(CPU_ON), m(1), bad32[i], 1), R32(SECMON_PSCI_INVALID_ADDRESS));
		EXPECT_EQ(SMC2(P32(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_OFF);
	}
	/* The first and last words of normal-world memory are fine. */
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), NS_BASE + NS_SIZE - 4, 0x77), 0);
	WAIT_FLAG(&S.starts[1], 1);
	unpark(1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), NS_BASE, 0x78), 0);
	WAIT_FLAG(&S.starts[1], 2);
	unpark(1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

/* With normal-world memory at 1 GiB, 8 KiB long. */
static void sc_invalid_address_small(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)pc, (void)ctx;
	if (cpu != 0)
		return;
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 1), R64(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), 0x40002000, 1), R64(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), 0x3ffffffc, 1), R64(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), 0x40001ffc, 2), 0);
	WAIT_FLAG(&S.starts[1], 1);
}

static void cpu_on_refuses_entry_outside_ns_memory(void **state)
{
	struct sim_config cfg = { .ncpus = 2, .ns_base = 0x40000000, .ns_size = 0x2000 };

	(void)state;
	run_clean(sc_invalid_address, 2, 0);
	assert_int_equal(atomic_load(&S.starts[1]), 2);
	assert_start(1, 1, NS_BASE + NS_SIZE - 4, 0x77);
	assert_start(2, 1, NS_BASE, 0x78);
	assert_int_equal(run_sim(sc_invalid_address_small, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	assert_int_equal(atomic_load(&S.starts[1]), 1);
	assert_start(1, 1, 0x40001ffc, 2);
}

static void sc_invalid_mpidr(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	static const uint64_t bad[] = {
		0x100,			/* cluster 1: not there with 4 CPUs */
		0x4,			/* core 4 of cluster 0: clusters have 4 */
		0xff, 0x10001,		/* Aff2 */
		0x100000001ull,		/* Aff3 */
		0x1 | 1u << 24,		/* MT */
		0x1 | 1u << 30,		/* U */
		0x1 | 1u << 31,		/* RES1 in MPIDR_EL1, not an affinity field */
		0x1 | 1ull << 40, 0x1 | 1ull << 63,
	};
	unsigned i;

	(void)pc, (void)ctx;
	if (cpu != 0)
		return;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		EXPECT_EQ(SMC3(P64(CPU_ON), bad[i], PC_A, 0), R64(SECMON_PSCI_INVALID_PARAMETERS));
		EXPECT_EQ(SMC2(P64(AFFINITY_INFO), bad[i], 0), R64(SECMON_PSCI_INVALID_PARAMETERS));
		EXPECT_EQ(SMC2(P64(NODE_HW_STATE), bad[i], 0), R64(SECMON_PSCI_INVALID_PARAMETERS));
	}
	EXPECT_EQ(SMC3(P32(CPU_ON), 0x1 | 1u << 24, PC_A, 0), R32(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC3(P32(CPU_ON), 0x100, PC_A, 0), R32(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC2(P32(AFFINITY_INFO), 0x100, 0), R32(SECMON_PSCI_INVALID_PARAMETERS));
	for (i = 1; i < 4; i++)
		EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(i), 0), SECMON_PSCI_AFF_OFF);
}

static void cpu_on_refuses_unknown_mpidr(void **state)
{
	unsigned i;

	(void)state;
	run_clean(sc_invalid_mpidr, 4, 0);
	for (i = 1; i < 4; i++)
		assert_int_equal(atomic_load(&S.starts[i]), 0);
}

#define CTX_A 0xa000000000000000ull
#define CTX_B 0xbbbbbbbbbbbbbbbbull
#define PEND_MIN 5
#define PEND_MAX 2000

/*
 * Puts the calling thread on host core n (modulo the cores it may use), when
 * there are two or more: threads pinned apart run side by side, so one's
 * wake-up cannot simply preempt the other.
 */
static void pin_to_host_core(unsigned n)
{
	cpu_set_t allowed, one;
	unsigned i, seen = 0;
	int count;

	if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0)
		return;
	count = CPU_COUNT(&allowed);
	if (count < 2)
		return;
	n %= (unsigned)count;
	for (i = 0; i < CPU_SETSIZE; i++) {
		if (!CPU_ISSET(i, &allowed) || seen++ != n)
			continue;
		CPU_ZERO(&one);
		CPU_SET(i, &one);
		pthread_setaffinity_np(pthread_self(), sizeof(one), &one);
		return;
	}
}

static void sc_on_pending(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	int round, pending = 0;

	(void)pc, (void)ctx;
	if (cpu != 0) {
		if (atomic_load(&S.starts[cpu]) == 1)
			pin_to_host_core(1);
		park(cpu);
		return;
	}
	pin_to_host_core(0);
	for (round = 0; round < PEND_MAX; round++) {
		uint64_t second, aff, bad;

		EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, CTX_A + (uint64_t)round), 0);
		/* Refused, whether the target is still pending or already on. */
		second = SMC3(P64(CPU_ON), m(1), PC_B, CTX_B);
		aff = SMC2(P64(AFFINITY_INFO), m(1), 0);
		bad = SMC3(P64(CPU_ON), m(1), SECURE_PC, CTX_B);
		if (second == R64(SECMON_PSCI_ON_PENDING) || aff == SECMON_PSCI_AFF_ON_PENDING)
			pending++;
		EXPECT(second == R64(SECMON_PSCI_ON_PENDING) ||
		       second == R64(SECMON_PSCI_ALREADY_ON));
		EXPECT(aff == SECMON_PSCI_AFF_ON_PENDING || aff == SECMON_PSCI_AFF_ON);
		/* A target found already on cannot be pending afterwards. */
		EXPECT(!(aff == SECMON_PSCI_AFF_ON_PENDING && second == R64(SECMON_PSCI_ALREADY_ON)));
		EXPECT_EQ(bad, R64(SECMON_PSCI_INVALID_ADDRESS));
		WAIT_FLAG(&S.starts[1], round + 1);
		/* The CPU starts with the first caller's entry and context. */
		EXPECT_EQ(S.pc[1], PC_A);
		EXPECT_EQ(S.ctx[1], CTX_A + (uint64_t)round);
		unpark(1);
		if (!WAIT_AFF(1, SECMON_PSCI_AFF_OFF) || notes_so_far())
			break;
		if (pending && round + 1 >= PEND_MIN)
			break;
	}
	S.val[0] = (uint64_t)pending;
	S.val[1] = (uint64_t)round;
}

static void refused_cpu_on_keeps_pending_entry_and_context(void **state)
{
	(void)state;
	run_clean(sc_on_pending, 2, 0);
	/*
	 * How long the target stays pending is not under the test's control,
	 * but the second call follows the first at once, from another host
	 * core: within PEND_MAX rounds ON_PENDING must have been seen.
	 */
	assert_true(S.val[0] > 0);
}

#define RACE_ROUNDS 30
#define RACERS 3

/* Spins on *v, yielding now and then, so racers leave together; false on timeout. */
static bool spin_until(atomic_int *v, int want)
{
	uint64_t end = now_ms() + WAIT_MS;
	unsigned n = 0;

	while (atomic_load(v) < want) {
		if (++n % 4096 == 0) {
			if (now_ms() > end) {
				note(__LINE__, "timed out spinning for %d", want);
				return false;
			}
			sched_yield();
		}
	}
	return true;
}

static void sc_race(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	int r;
	unsigned i;

	(void)ctx;
	if (cpu == 4) {
		park(4);
		return;
	}
	if (cpu != 0) {
		pin_to_host_core(cpu - 1);
		atomic_fetch_add(&S.step, 1);
		for (r = 0; r < RACE_ROUNDS; r++) {
			if (!spin_until(&S.go, r + 1))
				return;
			S.race[r][cpu] = (int64_t)SMC3(P64(CPU_ON), m(4), pc + 0x100 * cpu,
						       ((uint64_t)r << 8) | cpu);
			atomic_fetch_add(&S.returned, 1);
		}
		return;
	}
	for (i = 1; i <= RACERS; i++)
		EXPECT_EQ(SMC3(P64(CPU_ON), m(i), PC_B, 0), 0);
	WAIT_FLAG(&S.step, RACERS);
	for (r = 0; r < RACE_ROUNDS; r++) {
		atomic_store(&S.go, r + 1);
		if (!WAIT_FLAG(&S.returned, (r + 1) * RACERS) || !WAIT_FLAG(&S.starts[4], r + 1))
			break;
		S.val[r] = S.ctx[4];
		unpark(4);
		if (!WAIT_AFF(4, SECMON_PSCI_AFF_OFF))
			break;
	}
}

static void racing_cpu_on_calls_have_one_winner(void **state)
{
	unsigned r, i, wins, winner;

	(void)state;
	run_clean(sc_race, 5, 0);
	assert_int_equal(atomic_load(&S.starts[4]), RACE_ROUNDS);
	for (r = 0; r < RACE_ROUNDS; r++) {
		wins = 0;
		winner = 0;
		for (i = 1; i <= RACERS; i++) {
			if (S.race[r][i] == 0) {
				wins++;
				winner = i;
			} else if (S.race[r][i] != SECMON_PSCI_ON_PENDING &&
				   S.race[r][i] != SECMON_PSCI_ALREADY_ON) {
				fail_msg("round %u, CPU %u: CPU_ON answered %lld", r, i,
					 (long long)S.race[r][i]);
			}
		}
		assert_int_equal(wins, 1);
		/* The core started with the winner's context ID. */
		assert_int_equal(S.val[r], (r << 8) | winner);
	}
}

/* ---- PSCI: CPU_OFF, AFFINITY_INFO ------------------------------------ */

static void sc_cpu_off(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	unsigned lvl;

	(void)ctx;
	if (cpu == 1) {
		if (pc == PC_A) {
			atomic_store(&S.step, 1);
			SMC0(P32(CPU_OFF));
			atomic_store(&S.returned, 1);
		}
		return;
	}
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 0), 0);
	WAIT_FLAG(&S.step, 1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(1), 0), SECMON_PSCI_HW_OFF);
	/* Levels above 0 are not offered. */
	for (lvl = 1; lvl <= 4; lvl++) {
		EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(0), lvl), R64(SECMON_PSCI_INVALID_PARAMETERS));
		EXPECT_EQ(SMC2(P32(AFFINITY_INFO), m(1), lvl), R32(SECMON_PSCI_INVALID_PARAMETERS));
	}
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(0), ~0ull), R64(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(0), 0), SECMON_PSCI_AFF_ON);
	/* After CPU_OFF the CPU can be started again. */
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_B, 0xbb), 0);
	WAIT_FLAG(&S.starts[1], 2);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

static void cpu_off_then_affinity_info_says_off(void **state)
{
	(void)state;
	run_clean(sc_cpu_off, 2, 0);
	assert_int_equal(atomic_load(&S.returned), 0);
	assert_int_equal(atomic_load(&S.starts[1]), 2);
	assert_start(2, 1, PC_B, 0xbb);
}

/* ---- PSCI: CPU_SUSPEND, CPU_DEFAULT_SUSPEND --------------------------- */

static void sc_cpu_suspend(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	static const uint32_t bad_ps[] = {
		0x00000001, 0x0000ffff, 0x00010001, 0x00020000, 0x00fe0000, 0x01000000,
		0x01000001, 0x01010001, 0x02000000,
		0x03010000, 0x04000000, 0x40000000, 0x40010000, 0x80000000, 0xffffffff,
	};
	unsigned i;

	(void)cpu, (void)ctx;
	switch (pc) {
	case BOOT_PC:
		/* Standby does not use the entry point: no address check. */
		EXPECT_EQ(SMC3(P32(CPU_SUSPEND), PS_STANDBY, SECURE_PC, 1), 0);
		EXPECT_EQ(SMC3(P64(CPU_SUSPEND), PS_STANDBY, UNK64, 1), 0);
		for (i = 0; i < sizeof(bad_ps) / sizeof(bad_ps[0]); i++) {
			EXPECT_EQ(SMC3(P64(CPU_SUSPEND), bad_ps[i], PC_A, 0),
				  R64(SECMON_PSCI_INVALID_PARAMETERS));
			EXPECT_EQ(SMC3(P32(CPU_SUSPEND), bad_ps[i], PC_A, 0),
				  R32(SECMON_PSCI_INVALID_PARAMETERS));
		}
		EXPECT_EQ(SMC3(P64(CPU_SUSPEND), PS_CORE_PD, SECURE_PC, 0),
			  R64(SECMON_PSCI_INVALID_ADDRESS));
		EXPECT_EQ(SMC3(P64(CPU_SUSPEND), PS_CORE_PD, PC_A + 2, 0),
			  R64(SECMON_PSCI_INVALID_ADDRESS));
		EXPECT_EQ(SMC3(P32(CPU_SUSPEND), PS_CLUSTER_PD, NS_BASE + NS_SIZE, 0),
			  R32(SECMON_PSCI_INVALID_ADDRESS));
		EXPECT_EQ(SMC2(P64(CPU_DEFAULT_SUSPEND), 0, 0), R64(SECMON_PSCI_INVALID_ADDRESS));
		EXPECT_EQ(SMC2(P32(CPU_DEFAULT_SUSPEND), PC_A + 1, 0),
			  R32(SECMON_PSCI_INVALID_ADDRESS));
		/* Nothing was torn down or counted. */
		EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(0), 0), SECMON_PSCI_AFF_ON);
		EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(0), 0), SECMON_PSCI_HW_ON);
		EXPECT_EQ(SMC2(P64(STAT_COUNT), m(0), PS_CORE_PD), 0);
		EXPECT_EQ(SMC2(P64(STAT_COUNT), m(0), PS_CLUSTER_PD), 0);
		SMC3(P64(CPU_SUSPEND), PS_CORE_PD, PC_A, 0xfeedface12345678ull);
		atomic_store(&S.returned, 1);
		break;
	case PC_A:
		EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(0), 0), SECMON_PSCI_AFF_ON);
		SMC3(P32(CPU_SUSPEND), PS_CLUSTER_PD, PC_B, HI | 0x77);
		atomic_store(&S.returned, 1);
		break;
	case PC_B:
		SMC2(P64(CPU_DEFAULT_SUSPEND), PC_C, 0xdef);
		atomic_store(&S.returned, 1);
		break;
	case PC_C:
		SMC2(P32(CPU_DEFAULT_SUSPEND), PC_D, HI | 0x32);
		atomic_store(&S.returned, 1);
		break;
	default:
		break;
	}
}

static void cpu_suspend_validates_and_resumes_at_entry(void **state)
{
	(void)state;
	run_clean(sc_cpu_suspend, 1, 0);
	assert_int_equal(atomic_load(&S.returned), 0);
	assert_int_equal(atomic_load(&S.nlog), 5);
	assert_start(0, 0, BOOT_PC, BOOT_CTX);
	assert_start(1, 0, PC_A, 0xfeedface12345678ull);
	assert_start(2, 0, PC_B, 0x77);
	assert_start(3, 0, PC_C, 0xdef);
	assert_start(4, 0, PC_D, 0x32);
}

/* ---- PSCI: NODE_HW_STATE --------------------------------------------- */

static void sc_node_hw_state(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	if (cpu == 5) {
		if (pc == PC_A) {
			atomic_store(&S.step, 1);
			WAIT_FLAG(&S.go, 1);
			EXPECT_EQ(SMC3(P64(CPU_SUSPEND), PS_STANDBY, 0, 0), 0);
			atomic_store(&S.step, 2);
			WAIT_FLAG(&S.go, 2);
			SMC3(P64(CPU_SUSPEND), PS_CLUSTER_PD, PC_B, 0xc1);
			atomic_store(&S.returned, 1);
		} else {
			EXPECT_EQ(ctx, 0xc1);
			atomic_store(&S.step, 3);
			WAIT_FLAG(&S.go, 3);
		}
		return;
	}
	if (cpu != 0)
		return;
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(0), 0), SECMON_PSCI_HW_ON);
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(1), 0), SECMON_PSCI_HW_OFF);
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(3), 1), SECMON_PSCI_HW_ON);	/* cluster 0 */
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(4), 1), SECMON_PSCI_HW_OFF);	/* cluster 1 */
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(7), 2), SECMON_PSCI_HW_ON);	/* system */
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(0), 3), R64(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC2(P32(NODE_HW_STATE), m(0), 3), R32(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), 0x200, 0), R64(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC3(P64(CPU_ON), m(5), PC_A, 0), 0);
	WAIT_FLAG(&S.step, 1);
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(5), 0), SECMON_PSCI_HW_ON);
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(4), 0), SECMON_PSCI_HW_OFF);
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(4), 1), SECMON_PSCI_HW_ON);
	/* CPU 5 in standby (retention). */
	atomic_store(&S.go, 1);
	WAIT_HW(5, SECMON_PSCI_HW_STANDBY);
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(5), 0), SECMON_PSCI_AFF_ON);
	sim_wake(5);
	WAIT_FLAG(&S.step, 2);
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(5), 0), SECMON_PSCI_HW_ON);
	/* CPU 5, last of cluster 1, powers the cluster down. */
	atomic_store(&S.go, 2);
	WAIT_HW(5, SECMON_PSCI_HW_OFF);
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(5), 1), SECMON_PSCI_HW_OFF);
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(0), 1), SECMON_PSCI_HW_ON);
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(0), 2), SECMON_PSCI_HW_ON);
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(5), 0), SECMON_PSCI_AFF_ON);
	sim_wake(5);
	WAIT_FLAG(&S.step, 3);
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(4), 1), SECMON_PSCI_HW_ON);
	atomic_store(&S.go, 3);
	WAIT_AFF(5, SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(5), 0), SECMON_PSCI_HW_OFF);
	EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(5), 1), SECMON_PSCI_HW_OFF);
}

static void node_hw_state_for_core_cluster_and_system(void **state)
{
	(void)state;
	run_clean(sc_node_hw_state, 8, LONG_TICK);
	assert_int_equal(atomic_load(&S.returned), 0);
	assert_int_equal(atomic_load(&S.starts[5]), 2);
}

/* ---- PSCI: SYSTEM_SUSPEND -------------------------------------------- */

static void sc_system_suspend(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)ctx;
	if (cpu == 1) {
		atomic_store(&S.step, 1);
		park(1);
		return;
	}
	if (pc == PC_B) {
		EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_OFF);
		return;
	}
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 0), 0);
	WAIT_FLAG(&S.step, 1);
	EXPECT_EQ(SMC2(P64(SYSTEM_SUSPEND), PC_B, 0x55), R64(SECMON_PSCI_DENIED));
	EXPECT_EQ(SMC2(P32(SYSTEM_SUSPEND), PC_B, 0x55), R32(SECMON_PSCI_DENIED));
	unpark(1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC2(P64(SYSTEM_SUSPEND), SECURE_PC, 0), R64(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC2(P64(SYSTEM_SUSPEND), PC_B + 2, 0), R64(SECMON_PSCI_INVALID_ADDRESS));
	SMC2(P64(SYSTEM_SUSPEND), PC_B, 0x5555aaaa5555aaaaull);
	atomic_store(&S.returned, 1);
}

static void system_suspend_denied_while_other_cpus_on(void **state)
{
	(void)state;
	run_clean(sc_system_suspend, 2, 0);
	assert_int_equal(atomic_load(&S.returned), 0);
	assert_int_equal(atomic_load(&S.starts[0]), 2);
	assert_start(2, 0, PC_B, 0x5555aaaa5555aaaaull);
}

/* ---- PSCI: SET_SUSPEND_MODE and OS-initiated mode --------------------- */

static void sc_suspend_mode(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)ctx;
	if (cpu == 1) {
		switch (pc) {
		case PC_A:
			atomic_store(&S.step, 1);
			WAIT_FLAG(&S.go, 1);
			SMC3(P64(CPU_SUSPEND), PS_CORE_PD, PC_B, 0);
			atomic_store(&S.returned, 1);
			break;
		case PC_B:
			atomic_store(&S.step, 2);
			WAIT_FLAG(&S.go, 2);
			break;
		case PC_C:
			atomic_store(&S.step, 3);
			WAIT_FLAG(&S.go, 3);
			EXPECT_EQ(SMC3(P64(CPU_SUSPEND), PS_STANDBY, 0, 0), 0);
			atomic_store(&S.step, 4);
			WAIT_FLAG(&S.go, 4);
			break;
		}
		return;
	}
	EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), 2), R32(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), 0xffffffff), R32(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), HI | SECMON_PSCI_MODE_OSI), 0);
	EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_PC), 0);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 0), 0);
	WAIT_FLAG(&S.step, 1);
	/* Every core running or off: OS-initiated mode may start. */
	EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_OSI), 0);
	/* CPU 1 suspended (power-down): the mode may not change. */
	atomic_store(&S.go, 1);
	WAIT_HW(1, SECMON_PSCI_HW_OFF);
	EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_PC), R32(SECMON_PSCI_DENIED));
	sim_wake(1);
	WAIT_FLAG(&S.step, 2);
	atomic_store(&S.go, 2);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_PC), 0);
	/* CPU 1 in standby: the mode may not change either. */
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_C, 0), 0);
	WAIT_FLAG(&S.step, 3);
	atomic_store(&S.go, 3);
	WAIT_HW(1, SECMON_PSCI_HW_STANDBY);
	EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_OSI), R32(SECMON_PSCI_DENIED));
	sim_wake(1);
	WAIT_FLAG(&S.step, 4);
	atomic_store(&S.go, 4);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

static void set_suspend_mode_modes_and_denials(void **state)
{
	(void)state;
	run_clean(sc_suspend_mode, 2, LONG_TICK);
	assert_int_equal(atomic_load(&S.returned), 0);
	assert_int_equal(atomic_load(&S.starts[1]), 3);
}

static void sc_osi_to_pc(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)pc, (void)ctx;
	if (cpu == 1) {
		atomic_store(&S.step, 1);
		park(1);
		return;
	}
	EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_OSI), 0);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 0), 0);
	WAIT_FLAG(&S.step, 1);
	/* DEN0022 5.20: back to platform-coordinated only when every other core is off. */
	EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_PC), R32(SECMON_PSCI_DENIED));
	unpark(1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_PC), 0);
}

static void osi_to_pc_denied_while_another_core_runs(void **state)
{
	(void)state;
	run_clean(sc_osi_to_pc, 2, 0);
}

static void sc_osi_cluster(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	switch (cpu) {
	case 1:
		atomic_store(&S.step, 1);
		/* Wake CPU 0 from its core power-down, then go. */
		if (WAIT_HW(0, SECMON_PSCI_HW_OFF))
			sim_wake(0);
		park(1);
		return;
	case 4:
		/* In another cluster: wake CPU 0 once cluster 0 is down. */
		if (WAIT_HW_LEVEL(0, 1, SECMON_PSCI_HW_OFF))
			sim_wake(0);
		return;
	case 0:
		break;
	default:
		return;
	}
	switch (pc) {
	case BOOT_PC:
		EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_OSI), 0);
		EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 0), 0);
		WAIT_FLAG(&S.step, 1);
		/* Not the last core of cluster 0: a cluster state is refused. */
		EXPECT_EQ(SMC3(P64(CPU_SUSPEND), PS_CLUSTER_PD, PC_B, 1), R64(SECMON_PSCI_DENIED));
		EXPECT_EQ(SMC3(P32(CPU_SUSPEND), PS_CLUSTER_PD, PC_B, 1), R32(SECMON_PSCI_DENIED));
		EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(0), 0), SECMON_PSCI_HW_ON);
		EXPECT_EQ(SMC2(P64(STAT_COUNT), m(0), PS_CLUSTER_PD), 0);
		/* A core state is fine. */
		SMC3(P64(CPU_SUSPEND), PS_CORE_PD, PC_B, 0xb);
		atomic_store(&S.returned, 1);
		break;
	case PC_B:
		EXPECT_EQ(ctx, 0xb);
		unpark(1);
		WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
		/* Now the last core of cluster 0 (CPUs 2 and 3 never started). */
		EXPECT_EQ(SMC3(P64(CPU_ON), m(4), PC_D, 0), 0);
		SMC3(P64(CPU_SUSPEND), PS_CLUSTER_PD, PC_C, 0xc);
		atomic_store(&S.returned, 1);
		break;
	case PC_C:
		EXPECT_EQ(ctx, 0xc);
		EXPECT_EQ(SMC2(P64(STAT_COUNT), m(0), PS_CLUSTER_PD), 1);
		break;
	}
}

/* Platform-coordinated: the same request while CPU 1 runs is a vote, not refused. */
static void sc_pc_cluster(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)ctx;
	if (cpu == 1) {
		atomic_store(&S.step, 1);
		if (WAIT_HW(0, SECMON_PSCI_HW_OFF)) {
			/* Cluster 0 stays up: this core runs. */
			EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(1), 1), SECMON_PSCI_HW_ON);
			sim_wake(0);
		}
		park(1);
		return;
	}
	if (pc == BOOT_PC) {
		EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 0), 0);
		WAIT_FLAG(&S.step, 1);
		SMC3(P64(CPU_SUSPEND), PS_CLUSTER_PD, PC_B, 0xb);
		atomic_store(&S.returned, 1);
	} else {
		unpark(1);
	}
}

static void osi_cluster_suspend_denied_unless_last_core(void **state)
{
	(void)state;
	run_clean(sc_osi_cluster, 8, LONG_TICK);
	assert_int_equal(atomic_load(&S.returned), 0);
	assert_int_equal(atomic_load(&S.starts[0]), 3);
	run_clean(sc_pc_cluster, 2, LONG_TICK);
	assert_int_equal(atomic_load(&S.returned), 0);
	assert_int_equal(atomic_load(&S.starts[0]), 2);
	assert_start(2, 0, PC_B, 0xb);
}

static void sc_osi_last_running(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	uint64_t got;

	(void)ctx;
	switch (cpu) {
	case 1:
		if (pc == PC_A) {
			SMC3(P64(CPU_SUSPEND), PS_CORE_PD, PC_C, 0);
			atomic_store(&S.returned, 1);
		}
		return;
	case 4: {
		/* Wakes CPU 0 (and CPU 1) once CPU 0 is down, or when it gave up. */
		uint64_t end = now_ms() + WAIT_MS;

		while (!atomic_load(&S.abort) && now_ms() < end &&
		       SMC2(P32(NODE_HW_STATE), m(0), 0) != SECMON_PSCI_HW_OFF)
			sched_yield();
		sim_wake(0);
		sim_wake(1);
		return;
	}
	case 0:
		break;
	default:
		return;
	}
	if (pc != BOOT_PC)
		return;
	EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_OSI), 0);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 0), 0);
	WAIT_HW(1, SECMON_PSCI_HW_OFF);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(4), PC_D, 0), 0);
	/*
	 * CPU 1 is in a low-power state, so CPU 0 is the last running core of
	 * cluster 0 (DEN0022 5.4.5, 6.3): the cluster request must be granted.
	 */
	got = SMC3(P64(CPU_SUSPEND), PS_CLUSTER_PD, PC_B, 0x77);
	note(__LINE__, "OSI CPU_SUSPEND(cluster) by the last running core answered %#llx",
	     (unsigned long long)got);
	atomic_store(&S.abort, 1);
}

static void osi_last_running_core_may_suspend_cluster(void **state)
{
	(void)state;
	run_clean(sc_osi_last_running, 5, LONG_TICK);
	assert_int_equal(atomic_load(&S.starts[0]), 2);
	assert_int_equal(S.pc[0], PC_B);
	assert_int_equal(S.ctx[0], 0x77);
}

/* ---- PSCI: statistics ------------------------------------------------ */

static uint64_t stat_at(int line, bool residency, uint64_t mpidr, uint32_t ps)
{
	uint64_t v32 = smc_at(line, residency ? P32(STAT_RESIDENCY) : P32(STAT_COUNT), 2, mpidr, ps,
			      0);
	uint64_t v64 = smc_at(line, residency ? P64(STAT_RESIDENCY) : P64(STAT_COUNT), 2, mpidr, ps,
			      0);

	/* The SMC32 form is the same value, 32 bits wide. */
	if (v32 != (uint32_t)v64)
		note(line, "STAT SMC32 %#llx and SMC64 %#llx differ", (unsigned long long)v32,
		     (unsigned long long)v64);
	return v64;
}

#define COUNT(mpidr, ps) stat_at(__LINE__, false, mpidr, ps)
#define RESIDENCY(mpidr, ps) stat_at(__LINE__, true, mpidr, ps)

static void sc_stats(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	uint64_t res;

	if (cpu != 0)
		return;
	switch (pc) {
	case BOOT_PC:
		EXPECT_EQ(COUNT(m(0), PS_STANDBY), 0);
		EXPECT_EQ(COUNT(m(0), PS_CORE_PD), 0);
		EXPECT_EQ(RESIDENCY(m(0), PS_CORE_PD), 0);
		EXPECT_EQ(COUNT(m(0), PS_CLUSTER_PD), 0);
		EXPECT_EQ(SMC3(P64(CPU_SUSPEND), PS_STANDBY, 0, 0), 0);
		EXPECT_EQ(COUNT(m(0), PS_STANDBY), 1);
		EXPECT(RESIDENCY(m(0), PS_STANDBY) > 0);
		EXPECT_EQ(COUNT(m(0), PS_CORE_PD), 0);
		SMC3(P64(CPU_SUSPEND), PS_CORE_PD, PC_A, 1);
		atomic_store(&S.returned, 1);
		break;
	case PC_A:
		EXPECT_EQ(COUNT(m(0), PS_CORE_PD), ctx);
		res = RESIDENCY(m(0), PS_CORE_PD);
		EXPECT(res > S.val[0]);
		S.val[0] = res;
		if (ctx == 1) {
			SMC3(P64(CPU_SUSPEND), PS_CORE_PD, PC_A, 2);
			atomic_store(&S.returned, 1);
			break;
		}
		SMC3(P64(CPU_SUSPEND), PS_CLUSTER_PD, PC_B, 0);
		atomic_store(&S.returned, 1);
		break;
	case PC_B:
		EXPECT_EQ(COUNT(m(0), PS_CLUSTER_PD), 1);
		EXPECT(RESIDENCY(m(0), PS_CLUSTER_PD) > 0);
		EXPECT_EQ(COUNT(m(0), PS_CORE_PD), 2);
		EXPECT_EQ(RESIDENCY(m(0), PS_CORE_PD), S.val[0]);
		EXPECT_EQ(COUNT(m(0), PS_STANDBY), 1);
		/* Per CPU; unknown CPUs and states count zero. */
		EXPECT_EQ(COUNT(m(1), PS_CORE_PD), 0);
		EXPECT_EQ(RESIDENCY(m(1), PS_CORE_PD), 0);
		EXPECT_EQ(COUNT(0x200, PS_CORE_PD), 0);
		EXPECT_EQ(COUNT(m(0), 0x00020000), 0);
		break;
	}
}

static void psci_stat_counts_suspends(void **state)
{
	(void)state;
	run_clean(sc_stats, 2, 0);
	assert_int_equal(atomic_load(&S.returned), 0);
	assert_int_equal(atomic_load(&S.starts[0]), 4);
}

/* ---- PSCI: system power ---------------------------------------------- */

static void sc_system_off(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)pc, (void)ctx;
	if (cpu == 1) {
		uint64_t end = now_ms() + WAIT_MS;

		atomic_store(&S.step, 1);
		/* Stops at its next call once the system is off. */
		while (now_ms() < end)
			EXPECT_EQ(SMC0(P32(VERSION)), SECMON_PSCI_VERSION_MAKE(1, 3));
		note(__LINE__, "still running after SYSTEM_OFF");
		return;
	}
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 0), 0);
	WAIT_FLAG(&S.step, 1);
	SMC0(P32(SYSTEM_OFF));
	atomic_store(&S.returned, 1);
}

static void sc_system_reset(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	SMC0(P32(SYSTEM_RESET));
	atomic_store(&S.returned, 1);
}

static void sc_reset2_warm(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	SMC2(P64(SYSTEM_RESET2), SECMON_PSCI_RESET2_WARM, 0x1234);
	atomic_store(&S.returned, 1);
}

static void sc_reset2_vendor(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	/* Architectural types other than warm reset are not defined. */
	EXPECT_EQ(SMC2(P32(SYSTEM_RESET2), 1, 0), R32(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC2(P64(SYSTEM_RESET2), 0x7fffffff, 0), R64(SECMON_PSCI_INVALID_PARAMETERS));
	/* Vendor types the platform does not know. */
	EXPECT_EQ(SMC2(P64(SYSTEM_RESET2), 0x80000000u, 0), R64(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC2(P64(SYSTEM_RESET2), 0x80000002u, 5), R64(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC2(P32(SYSTEM_RESET2), 0xffffffffu, 5), R32(SECMON_PSCI_INVALID_PARAMETERS));
	SMC2(P64(SYSTEM_RESET2), 0x80000001u, 0x1122334455667788ull);
	atomic_store(&S.returned, 1);
}

static void sc_reset2_vendor32(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	SMC2(P32(SYSTEM_RESET2), HI | 0x80000001u, HI | 0x12345678);
	atomic_store(&S.returned, 1);
}

static void system_off_reset_and_reset2_end_the_simulation(void **state)
{
	struct sim_config one = { .ncpus = 1 }, two = { .ncpus = 2 };
	uint32_t type;
	uint64_t cookie;

	(void)state;
	assert_int_equal(run_sim(sc_system_off, &two), SIM_END_SYSTEM_OFF);
	assert_clean();
	assert_int_equal(atomic_load(&S.returned), 0);

	assert_int_equal(run_sim(sc_system_reset, &one), SIM_END_SYSTEM_RESET);
	assert_clean();
	assert_int_equal(atomic_load(&S.returned), 0);

	assert_int_equal(run_sim(sc_reset2_warm, &one), SIM_END_SYSTEM_RESET);
	assert_clean();
	assert_int_equal(atomic_load(&S.returned), 0);

	assert_int_equal(run_sim(sc_reset2_vendor, &one), SIM_END_RESET2);
	assert_clean();
	assert_int_equal(atomic_load(&S.returned), 0);
	sim_last_reset2(&type, &cookie);
	assert_int_equal(type, 0x80000001u);
	assert_int_equal(cookie, 0x1122334455667788ull);

	assert_int_equal(run_sim(sc_reset2_vendor32, &one), SIM_END_RESET2);
	assert_clean();
	sim_last_reset2(&type, &cookie);
	assert_int_equal(type, 0x80000001u);
	assert_int_equal(cookie, 0x12345678);
}

static void sc_all_off(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)pc, (void)ctx;
	switch (cpu) {
	case 0:
		EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 0), 0);
		EXPECT_EQ(SMC3(P64(CPU_ON), m(2), PC_A, 0), 0);
		WAIT_FLAG(&S.step, 2);
		SMC0(P32(CPU_OFF));
		atomic_store(&S.returned, 1);
		break;
	case 1:
		atomic_fetch_add(&S.step, 1);
		/* The simulation goes on after CPU 0 is off. */
		WAIT_AFF(0, SECMON_PSCI_AFF_OFF);
		SMC0(P32(CPU_OFF));
		atomic_store(&S.returned, 1);
		break;
	case 2:
		atomic_fetch_add(&S.step, 1);
		WAIT_AFF(0, SECMON_PSCI_AFF_OFF);
		WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
		atomic_store(&S.go, 1);
		break;	/* returning is CPU_OFF */
	}
}

static void simulation_ends_when_every_cpu_is_off(void **state)
{
	(void)state;
	run_clean(sc_all_off, 3, 0);
	assert_int_equal(atomic_load(&S.returned), 0);
	assert_int_equal(atomic_load(&S.go), 1);
}

/* ---- secmon's SiP errata service -------------------------------------- */

#define APPLY SECMON_SIP_ERRATA_APPLY
#define STATUS SECMON_SIP_ERRATA_STATUS

static void sc_errata(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	if (cpu == 1) {
		/* A CPU starts with nothing applied, each time it is powered on. */
		EXPECT_EQ(SMC1(STATUS, SIM_ERRATUM_NEEDED), SECMON_ERRATUM_APPLIED);
		EXPECT_EQ(SMC1(APPLY, SIM_ERRATUM_NEEDED), SECMON_ERRATUM_APPLIED);
		EXPECT_EQ(SMC1(APPLY, SIM_ERRATUM_NEEDED), SECMON_ERRATUM_WAS_APPLIED);
		atomic_store(&S.step, (int)ctx);
		if (ctx == 1) {
			SMC0(P32(CPU_OFF));
			atomic_store(&S.returned, 1);
		}
		return;
	}
	switch (pc) {
	case BOOT_PC:
		EXPECT_EQ(SMC1(STATUS, SIM_ERRATUM_NEEDED), SECMON_ERRATUM_APPLIED);
		EXPECT_EQ(SMC1(APPLY, SIM_ERRATUM_NEEDED), SECMON_ERRATUM_APPLIED);
		EXPECT_EQ(SMC1(APPLY, SIM_ERRATUM_NEEDED), SECMON_ERRATUM_WAS_APPLIED);
		EXPECT_EQ(SMC1(STATUS, SIM_ERRATUM_NEEDED), SECMON_ERRATUM_WAS_APPLIED);
		EXPECT_EQ(SMC1(APPLY, HI | SIM_ERRATUM_NEEDED), SECMON_ERRATUM_WAS_APPLIED);
		EXPECT_EQ(SMC1(APPLY, SIM_ERRATUM_NOT_NEEDED), R32(SECMON_ERRATUM_NOT_REQUIRED));
		EXPECT_EQ(SMC1(STATUS, SIM_ERRATUM_NOT_NEEDED), R32(SECMON_ERRATUM_NOT_REQUIRED));
		EXPECT_EQ(SMC1(APPLY, 0x12345678), R32(SECMON_ERRATUM_UNKNOWN));
		EXPECT_EQ(SMC1(STATUS, 0x12345678), R32(SECMON_ERRATUM_UNKNOWN));
		EXPECT_EQ(SMC1(APPLY, 0), R32(SECMON_ERRATUM_UNKNOWN));
		EXPECT_EQ(SMC1(APPLY | SECMON_FID_SMC64, SIM_ERRATUM_NEEDED), UNK64);
		/* Per CPU: CPU 1 has its own, and does not touch CPU 0's. */
		EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 1), 0);
		WAIT_FLAG(&S.step, 1);
		WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
		EXPECT_EQ(SMC1(STATUS, SIM_ERRATUM_NEEDED), SECMON_ERRATUM_WAS_APPLIED);
		/* Powered off and on again: forgotten (CPU 1 checks). */
		EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 2), 0);
		WAIT_FLAG(&S.step, 2);
		WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
		/* Retention keeps it; a power-down suspend loses it. */
		EXPECT_EQ(SMC3(P64(CPU_SUSPEND), PS_STANDBY, 0, 0), 0);
		EXPECT_EQ(SMC1(STATUS, SIM_ERRATUM_NEEDED), SECMON_ERRATUM_WAS_APPLIED);
		SMC3(P64(CPU_SUSPEND), PS_CORE_PD, PC_B, 0);
		atomic_store(&S.returned, 1);
		break;
	case PC_B:
		EXPECT_EQ(SMC1(STATUS, SIM_ERRATUM_NEEDED), SECMON_ERRATUM_APPLIED);
		EXPECT_EQ(SMC1(APPLY, SIM_ERRATUM_NEEDED), SECMON_ERRATUM_APPLIED);
		break;
	}
}

static void errata_service_is_idempotent_per_cpu(void **state)
{
	(void)state;
	run_clean(sc_errata, 2, 0);
	assert_int_equal(atomic_load(&S.returned), 0);
	assert_int_equal(atomic_load(&S.starts[1]), 2);
	assert_int_equal(atomic_load(&S.starts[0]), 2);
}

/* ---- the board DT ---------------------------------------------------- */

static char dtb[16384];

/* Compiles DTS text with dtc into dtb. */
static const void *compile_dts(const char *dts)
{
	char src[] = "/tmp/secmon-monitor-XXXXXX";
	char cmd[128];
	int fd = mkstemp(src);
	FILE *f, *p;
	size_t n;

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fputs(dts, f);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "dtc -q -I dts -O dtb %s", src);
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(dtb, 1, sizeof(dtb), p);
	assert_int_equal(pclose(p), 0);
	unlink(src);
	assert_true(n > 0);
	return dtb;
}

static void sc_never(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	note(__LINE__, "a CPU ran although the board DT is wrong");
}

/* sim_run refuses the board DT and the console names `node` and `what`. */
static void expect_refused(const void *board, const char *node, const char *what)
{
	struct sim_config cfg = { .ncpus = 2, .board_dtb = board };

	assert_int_equal(run_sim(sc_never, &cfg), -1);
	assert_clean();
	assert_int_equal(atomic_load(&S.nlog), 0);
	if (!strstr(console, node) || !strstr(console, what))
		fail_msg("console \"%s\" does not name \"%s\" and \"%s\"", console, node, what);
}

#define FW(body) "/dts-v1/;\n/ { #address-cells = <2>; #size-cells = <2>;\n" body "\n};\n"

/* After a refused DT, a run without one serves none of its IDs. */
static void sc_no_legacy(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(SMC1(0x82000013, 1), UNK32);
	EXPECT_EQ(SMC0(P32(VERSION)), SECMON_PSCI_VERSION_MAKE(1, 3));
}

static void board_dt_errors_refuse_to_start(void **state)
{
	static const char garbage[64] = "this is not a flattened device tree";

	(void)state;
	/* An operation this monitor does not have. */
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; frobnicate { function-id = <0x82000010>; };"
				      " }; };")),
		       "mon", "frobnicate");
	/* Tables the parser refuses; the first, good one must not stay behind. */
	expect_refused(compile_dts(FW("firmware { good { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; do-idle { function-id = <0x82000013>; }; };"
				      " mon { compatible = \"secmon,call-table\";"
				      " do-idle { function-id = <0x82000011>; }; }; };")),
		       "node mon", "property method");
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; cpu-boot { function-id = <0x82000012>;"
				      " arg-names = \"cpu\"; arg-registers = <18>; }; }; };")),
		       "node cpu-boot", "property arg-registers");
	/* A service this monitor does not offer. */
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"acme,frob\","
				      " \"secmon,call-table\"; method = \"smc\";"
				      " do-idle { function-id = <0x82000011>; }; }; };")),
		       "node mon", "property compatible");
	/* PSCI 0.1 without its required cpu_on. */
	expect_refused(compile_dts(FW("psci { compatible = \"arm,psci\"; method = \"smc\";"
				      " cpu_off = <0x95c1ba61>; };")),
		       "psci", "cpu_on");
	/* IDs in x0 that the monitor answers itself: the errata service's, a general query. */
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; do-idle { function-id = <0x82000020>; };"
				      " }; };")),
		       "node mon/do-idle, property function-id", "answers itself");
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; cpu-boot { function-id = <0x8200ff01>;"
				      " arg-names = \"cpu\"; arg-registers = <1>; }; }; };")),
		       "node mon/cpu-boot, property function-id", "answers itself");
	/* Four tables and a PSCI 0.1 node: one table too many, named by its own node. */
	expect_refused(compile_dts(FW("firmware {"
				      " t0 { compatible = \"secmon,call-table\"; method = \"smc\";"
				      "  do-idle { function-id = <0x82000010>; }; };"
				      " t1 { compatible = \"secmon,call-table\"; method = \"smc\";"
				      "  do-idle { function-id = <0x82000011>; }; };"
				      " t2 { compatible = \"secmon,call-table\"; method = \"smc\";"
				      "  do-idle { function-id = <0x82000012>; }; };"
				      " t3 { compatible = \"secmon,call-table\"; method = \"smc\";"
				      "  do-idle { function-id = <0x82000013>; }; }; };"
				      " psci-v0.1 { compatible = \"arm,psci\"; method = \"smc\";"
				      " cpu_on = <0x95c1ba60>; cpu_off = <0x95c1ba61>; };")),
		       "node psci-v0.1:", "too many call tables");
	expect_refused(garbage, "board DT", "not a valid");
	run_clean(sc_no_legacy, 1, 0);
}

static const char exynos_dts[] = FW(
	"firmware { secure-monitor { compatible = \"secmon,call-table\"; method = \"smc\";"
	"  abi = \"legacy\";"
	"  cpu-boot { function-id = <0xfffffffc>; arg-names = \"cpu\"; arg-registers = <1>; };"
	"  set-cpu-boot-addr { function-id = <0xffffff9b>; arg-names = \"cpu\", \"entry\";"
	"   arg-registers = <1 2>; result-names = \"status\"; result-registers = <0>; };"
	"  get-cpu-boot-addr { function-id = <0xffffff9a>; arg-names = \"cpu\";"
	"   arg-registers = <1>; result-names = \"status\", \"entry\";"
	"   result-registers = <0 1>; };"
	"  do-idle { function-id = <0xfffffffd>; };"
	"}; };");

/* The example secure-media service (boards/secure-media.dtsi). */
static const char media_dts[] = FW(
	"firmware { secure-media { compatible = \"secmon,secure-media\", \"secmon,call-table\";"
	"  method = \"smc\";"
	"  protect-buffer { function-id = <0xc2000101>; convention = \"smc64\";"
	"   arg-names = \"addr\", \"size\"; arg-registers = <1 2>;"
	"   result-names = \"status\", \"handle\"; result-registers = <0 1>; };"
	"  unprotect-buffer { function-id = <0x82000102>; arg-names = \"handle\";"
	"   arg-registers = <1>; result-names = \"status\"; result-registers = <0>; };"
	"  get-status { function-id = <0x82000103>;"
	"   result-names = \"status\", \"format\", \"buffers\"; result-registers = <0 1 2>; };"
	"}; };");

#define MEDIA_BUF_A 0x80000000ull	/* in the simulator's normal-world memory */
#define MEDIA_BUF_B 0x80100000ull

static uint64_t media_protect_call(int line, uint64_t addr, uint64_t *handle)
{
	struct secmon_regs r;
	uint64_t ret;

	fill(line, &r, 0xc2000101);
	r.x[1] = addr;
	r.x[2] = 4096;
	ret = smc_regs(line, 1u << 0 | 1u << 1, &r);
	*handle = r.x[1];
	return ret;
}

static uint64_t media_buffers(int line)
{
	struct secmon_regs r;

	fill(line, &r, 0x82000103);
	EXPECT_EQ(smc_regs(line, 1u << 0 | 1u << 1 | 1u << 2, &r), 0);
	return r.x[2];
}

/*
 * A protected buffer stays protected however many other buffers come and
 * go: its handle is never handed out again while it lives (a 24-bit
 * counter once wrapped after 2^24 - 1 protects, and one unprotect then
 * freed both buffers that shared the handle).
 */
static void sc_media_handles(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	uint64_t a, b, first_b = 0;

	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(media_protect_call(__LINE__, MEDIA_BUF_A, &a), 0);
	EXPECT(a != 0);
	for (uint32_t i = 0; i < (1u << 24) + 2; i++) {
		if (media_protect_call(__LINE__, MEDIA_BUF_B, &b) != 0 || b == a) {
			note(__LINE__, "protect %u: handle %#llx (A's is %#llx)", i,
			     (unsigned long long)b, (unsigned long long)a);
			break;
		}
		if (!first_b)
			first_b = b;
		if (SMC1(0x82000102, b) != 0) {
			note(__LINE__, "unprotect %u of handle %#llx failed", i, (unsigned long long)b);
			break;
		}
	}
	EXPECT_EQ(media_buffers(__LINE__), 1);
	/* Handles of released buffers, and made-up ones, name nothing. */
	EXPECT_EQ(SMC1(0x82000102, first_b), R32(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC1(0x82000102, 0), R32(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC1(0x82000102, 0xffffffff), R32(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC1(0x82000102, a), 0);
	EXPECT_EQ(media_buffers(__LINE__), 0);
}

static void media_handle_never_shared_by_live_buffers(void **state)
{
	struct sim_config cfg = { .ncpus = 1, .board_dtb = compile_dts(media_dts) };

	(void)state;
	assert_int_equal(run_sim(sc_media_handles, &cfg), SIM_END_ALL_OFF);
	assert_clean();
}

/* A table whose status is "disabled" is passed over: its calls are not served. */
static const char disabled_dts[] = FW(
	"firmware { secure-monitor { compatible = \"secmon,call-table\"; method = \"smc\";"
	"  status = \"disabled\";"
	"  l2x0-init { function-id = <0x82000013>; arg-names = \"regs\"; arg-registers = <1>; };"
	"}; };");

static void board_dt_disabled_table_not_served(void **state)
{
	struct sim_config cfg = { .ncpus = 1, .board_dtb = compile_dts(disabled_dts) };

	(void)state;
	assert_int_equal(run_sim(sc_no_legacy, &cfg), SIM_END_ALL_OFF);
	assert_clean();
}

/* An Exynos-style call: ID in x0, cpu in x1, maybe entry in x2; `results` written. */
static uint64_t exynos_at(int line, uint32_t results, uint32_t id, uint64_t cpu, uint64_t entry,
			  struct secmon_regs *r)
{
	fill(line, r, id);
	r->x[1] = cpu;
	r->x[2] = entry;
	return smc_regs(line, results, r);
}

static void sc_exynos(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs r;

	(void)pc, (void)ctx;
	if (cpu == 1) {
		park(1);
		return;
	}
	/* Nothing set yet: status NOT_PRESENT, and the entry register untouched. */
	EXPECT_EQ(exynos_at(__LINE__, 1, 0xffffff9a, 1, 0, &r), R32(SECMON_PSCI_NOT_PRESENT));
	EXPECT_EQ(r.x[1], 1);
	EXPECT_EQ(exynos_at(__LINE__, 1, 0xffffff9b, 1, SECURE_PC, &r),
		  R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(exynos_at(__LINE__, 1, 0xffffff9b, 1, PC_E, &r), 0);
	EXPECT_EQ(exynos_at(__LINE__, 3, 0xffffff9a, HI | 1, 0, &r), 0);
	EXPECT_EQ(r.x[1], PC_E);
	/* cpu-boot describes no result: every register comes back as it went. */
	EXPECT_EQ(exynos_at(__LINE__, 0, 0xfffffffc, 1, 0, &r), 0xfffffffcu);
	WAIT_FLAG(&S.starts[1], 1);
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_ON);
	/* Refused inside (already on, no such CPU): still nothing written. */
	EXPECT_EQ(exynos_at(__LINE__, 0, 0xfffffffc, 1, 0, &r), 0xfffffffcu);
	EXPECT_EQ(exynos_at(__LINE__, 0, 0xfffffffc, 7, 0, &r), 0xfffffffcu);
	EXPECT_EQ(exynos_at(__LINE__, 0, 0xfffffffd, 0, 0, &r), 0xfffffffdu);
	/* Standard calls still work beside the table. */
	EXPECT_EQ(SMC0(P32(VERSION)), SECMON_PSCI_VERSION_MAKE(1, 3));
	EXPECT_EQ(SMC0(0xfffffff0), UNK64);
	unpark(1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

static void board_dt_exynos_table_boots_a_cpu(void **state)
{
	struct sim_config cfg = { .ncpus = 2, .board_dtb = compile_dts(exynos_dts) };

	(void)state;
	assert_int_equal(run_sim(sc_exynos, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	assert_int_equal(atomic_load(&S.starts[1]), 1);
	assert_start(1, 1, PC_E, 0);
}

static void sim_rejects_bad_configurations(void **state)
{
	struct sim_config none = { .ncpus = 0 }, many = { .ncpus = SIM_MAX_CPUS + 1 };
	struct sim_config wide = { .ncpus = 2, .cluster_size = 257 };
	struct sim_config no_entry = { .ncpus = 1 };

	(void)state;
	assert_int_equal(run_sim(sc_never, &none), -1);
	assert_int_equal(run_sim(sc_never, &many), -1);
	assert_int_equal(run_sim(sc_never, &wide), -1);
	assert_int_equal(sim_run(&no_entry, BOOT_PC, 0), -1);
	assert_clean();
}

/* ---- issue 13: PSCI and dispatch semantics ---------------------------- */

/*
 * CPU1 runs, so CPU0's cluster power-down is demoted to a core power-down:
 * the statistics count the state entered, not the one asked for.
 */
static void sc_stats_coordinated(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)ctx;
	if (cpu == 1) {
		park(1);
		return;
	}
	switch (pc) {
	case BOOT_PC:
		EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_B, 0), 0);
		WAIT_FLAG(&S.starts[1], 1);
		SMC3(P64(CPU_SUSPEND), PS_CLUSTER_PD, PC_A, 0);
		atomic_store(&S.returned, 1);
		break;
	case PC_A:
		EXPECT_EQ(COUNT(m(0), PS_CLUSTER_PD), 0);
		EXPECT_EQ(RESIDENCY(m(0), PS_CLUSTER_PD), 0);
		EXPECT_EQ(COUNT(m(0), PS_CORE_PD), 1);
		EXPECT(RESIDENCY(m(0), PS_CORE_PD) > 0);
		unpark(1);
		WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
		break;
	}
}

static void psci_stat_counts_the_coordinated_state(void **state)
{
	(void)state;
	run_clean(sc_stats_coordinated, 2, 0);
	assert_int_equal(atomic_load(&S.returned), 0);
	assert_int_equal(atomic_load(&S.starts[0]), 2);
}

/*
 * An AArch32 caller (EL1) under a normal world whose woken CPUs run AArch64
 * (EL2, as on the AArch64 firmware): an entry point with bit 0 set, or not
 * word aligned, is one the target cannot execute, whatever the caller's
 * width. Every call that takes an entry point refuses it, and the CPU is
 * still there to be started afterwards.
 */
static void sc_entry_width_a64_target(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs r;

	(void)ctx;
	if (cpu != 0)
		return;
	if (pc != BOOT_PC) {
		note(__LINE__, "CPU 0 woke at %#llx, which a suspend should have refused",
		     (unsigned long long)pc);
		return;
	}
	cd = &secmon_conduit_sim32;
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), PC_A | 1, 0x33), R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), PC_A | 2, 0x33), R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), PC_A | 3, 0x33), R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC2(P32(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC3(P32(CPU_SUSPEND), PS_CORE_PD, PC_A | 1, 0),
		  R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC2(P32(CPU_DEFAULT_SUSPEND), PC_A | 1, 0), R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC2(P32(SYSTEM_SUSPEND), PC_A | 1, 0), R32(SECMON_PSCI_INVALID_ADDRESS));
	/* The described legacy calls: set-cpu-boot-addr and cpu-boot's entry. */
	EXPECT_EQ(exynos_at(__LINE__, 1, 0xffffff9b, 1, PC_E | 1, &r),
		  R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(exynos_at(__LINE__, 1, 0xffffff9a, 1, 0, &r), R32(SECMON_PSCI_NOT_PRESENT));
	/* A good entry point still starts the core. */
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), PC_B, 0x34), 0);
	WAIT_FLAG(&S.starts[1], 1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

static void psci_entry_refused_when_target_cannot_execute_it(void **state)
{
	struct sim_config cfg = { .ncpus = 2, .board_dtb = compile_dts(exynos_dts) };

	(void)state;
	assert_int_equal(run_sim(sc_entry_width_a64_target, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	assert_int_equal(atomic_load(&S.starts[1]), 1);
	assert_start(1, 1, PC_B, 0x34);
}

/* An AArch32 normal world: a Thumb entry point (bit 0) is honoured. */
static void sc_entry_width_a32_target(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)pc, (void)ctx;
	if (cpu != 0)
		return;
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), PC_A | 2, 0), R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), PC_A | 1, 0x35), 0);
	WAIT_FLAG(&S.starts[1], 1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

static void psci_thumb_entry_accepted_for_an_aarch32_target(void **state)
{
	struct sim_config cfg = { .ncpus = 2, .aarch32 = true };

	(void)state;
	assert_int_equal(run_sim(sc_entry_width_a32_target, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	assert_start(1, 1, PC_A | 1, 0x35);
}

/*
 * A PSCI 0.1 node may give the standard PSCI IDs of its own functions (the
 * PSCI service serves them), never an ID of another call the monitor
 * answers: cpu_on = <0x84000002> would run the OS's cpu_on as CPU_OFF.
 */
static void sc_psci01_standard_ids(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)pc, (void)ctx;
	if (cpu != 0)
		return;
	EXPECT_EQ(SMC3(0xc4000003, m(1), PC_A, 0x36), 0);
	WAIT_FLAG(&S.starts[1], 1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

static void board_dt_psci01_may_not_rename_a_call(void **state)
{
	struct sim_config cfg = { .ncpus = 2 };

	(void)state;
	expect_refused(compile_dts(FW("psci { compatible = \"arm,psci\"; method = \"smc\";"
				      " cpu_on = <0x84000002>; cpu_off = <0x95c1ba61>; };")),
		       "node psci, property cpu_on", "0x84000002 is another call");
	expect_refused(compile_dts(FW("psci { compatible = \"arm,psci\"; method = \"smc\";"
				      " cpu_on = <0x95c1ba60>; cpu_off = <0x84000008>; };")),
		       "node psci, property cpu_off", "0x84000008 is another call");
	expect_refused(compile_dts(FW("psci { compatible = \"arm,psci\"; method = \"smc\";"
				      " cpu_on = <0x95c1ba60>; cpu_off = <0x95c1ba61>;"
				      " cpu_suspend = <0x80000000>; };")),
		       "node psci, property cpu_suspend", "0x80000000 is another call");
	expect_refused(compile_dts(FW("psci { compatible = \"arm,psci\"; method = \"smc\";"
				      " cpu_on = <0xc4000004>; cpu_off = <0x95c1ba61>; };")),
		       "node psci, property cpu_on", "0xc4000004 is another call");
	/* The standard IDs of the same functions, in either width: accepted. */
	cfg.board_dtb = compile_dts(FW("psci { compatible = \"arm,psci\"; method = \"smc\";"
				       " cpu_on = <0xc4000003>; cpu_off = <0x84000002>;"
				       " cpu_suspend = <0x84000001>; };"));
	assert_int_equal(run_sim(sc_psci01_standard_ids, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	assert_start(1, 1, PC_A, 0x36);
}

/*
 * SMCCC: every owning entity's range the monitor serves (the Arm
 * architecture service, secmon's SiP calls, the standard service) answers
 * its general queries, from AArch64 and AArch32 alike: the call count, the
 * UID in x0-x3 and the revision in x0-x1. The call count of the Arm
 * architecture range is what ARCH_FEATURES offers.
 */
static const uint32_t secmon_uid[4] = { 0x5ec0a5e1u, 0x4d2b9c17u, 0x8e6f3a42u, 0x1b7d0c95u };
static const uint32_t arm_std_uid[4] = { 0x108d905bu, 0x47e8f863u, 0xfbc02daeu, 0xe2f64156u };

static void sc_served_range_queries(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	static const struct {
		unsigned oen;
		const uint32_t *uid;
	} ranges[] = {
		{ SECMON_OEN_ARCH, secmon_uid },
		{ SECMON_OEN_SIP, secmon_uid },
		{ SECMON_OEN_STD, arm_std_uid },
	};
	static const uint32_t arch_ids[] = {
		SECMON_SMCCC_VERSION, SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_SOC_ID,
		0xc0000002u, 0x80000003u, SECMON_SMCCC_ARCH_WORKAROUND_1,
		SECMON_SMCCC_ARCH_WORKAROUND_2, SECMON_SMCCC_ARCH_WORKAROUND_3,
		SECMON_SMCCC_ARCH_WORKAROUND_4,
	};
	struct secmon_regs r;
	unsigned i, j, offered = 0;

	(void)cpu, (void)pc, (void)ctx;
	for (i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++) {
		unsigned oen = ranges[i].oen;

		fill(__LINE__, &r, secmon_fid(true, false, oen, SECMON_FN_CALL_UID));
		smc_regs(__LINE__, 0xf, &r);
		for (j = 0; j < 4; j++)
			if (!EXPECT_EQ(r.x[j], ranges[i].uid[j]))
				note(__LINE__, "owning entity %u, UID word %u", oen, j);
		fill(__LINE__, &r, secmon_fid(true, false, oen, SECMON_FN_REVISION));
		smc_regs(__LINE__, 0x3, &r);
		if (!EXPECT_EQ(r.x[0], 0) || !EXPECT_EQ(r.x[1], 1))
			note(__LINE__, "owning entity %u's revision", oen);
		if (!EXPECT(SMC0(secmon_fid(true, false, oen, SECMON_FN_CALL_COUNT)) != UNK32))
			note(__LINE__, "owning entity %u's call count", oen);
		/* SMC32 queries only; 0xff02 is reserved. */
		EXPECT_EQ(SMC0(secmon_fid(true, true, oen, SECMON_FN_CALL_UID)),
			  cd->aarch32 ? UNK32 : UNK64);
		EXPECT_EQ(SMC0(secmon_fid(true, false, oen, 0xff02)), UNK32);
	}
	EXPECT_EQ(SMC0(0x8200ff00), 2);
	/* The count is of both widths: ARCH_FEATURES shows them to AArch64 callers. */
	if (cd->aarch32)
		return;
	for (i = 0; i < sizeof(arch_ids) / sizeof(arch_ids[0]); i++)
		offered += (int32_t)SMC1(SECMON_SMCCC_ARCH_FEATURES, arch_ids[i]) >= 0;
	EXPECT_EQ(SMC0(0x8000ff00), offered);
}

static void every_served_range_answers_general_queries(void **state)
{
	struct sim_config a32 = { .ncpus = 1, .aarch32 = true };

	(void)state;
	run_clean(sc_served_range_queries, 1, 0);
	assert_int_equal(run_sim(sc_served_range_queries, &a32), SIM_END_ALL_OFF);
	assert_clean();
}

/* A call table may not describe a general query of a range the monitor serves. */
static void board_dt_may_not_describe_a_served_general_query(void **state)
{
	(void)state;
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; cpu-boot { function-id = <0x8000ff01>;"
				      " arg-names = \"cpu\"; arg-registers = <1>; }; }; };")),
		       "node mon/cpu-boot, property function-id", "answers itself");
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
		cmocka_unit_test(standard_service_answers_general_queries),
		cmocka_unit_test(standard_call_count_matches_features),
		cmocka_unit_test(unserved_ranges_answer_general_queries_with_smc_unk),
		cmocka_unit_test(sip_range_answers_general_queries),
		cmocka_unit_test(smccc_version_and_arch_features),
		cmocka_unit_test(arch_workaround_1_callable_when_features_offers_it),
		cmocka_unit_test(soc_id_version_revision_and_name),
		cmocka_unit_test(soc_id_name_is_the_monitors_own_copy),
		cmocka_unit_test(psci_version_and_features),
		cmocka_unit_test(psci_unsupported_functions_answer_not_supported),
		cmocka_unit_test(cpu_suspend_features_without_set_suspend_mode),
		cmocka_unit_test(cpu_on_starts_cpu_with_entry_and_context),
		cmocka_unit_test(cpu_on_refuses_entry_outside_ns_memory),
		cmocka_unit_test(cpu_on_refuses_unknown_mpidr),
		cmocka_unit_test(refused_cpu_on_keeps_pending_entry_and_context),
		cmocka_unit_test(racing_cpu_on_calls_have_one_winner),
		cmocka_unit_test(cpu_off_then_affinity_info_says_off),
		cmocka_unit_test(cpu_suspend_validates_and_resumes_at_entry),
		cmocka_unit_test(node_hw_state_for_core_cluster_and_system),
		cmocka_unit_test(system_suspend_denied_while_other_cpus_on),
		cmocka_unit_test(set_suspend_mode_modes_and_denials),
		cmocka_unit_test(osi_to_pc_denied_while_another_core_runs),
		cmocka_unit_test(osi_cluster_suspend_denied_unless_last_core),
		cmocka_unit_test(osi_last_running_core_may_suspend_cluster),
		cmocka_unit_test(psci_stat_counts_suspends),
		cmocka_unit_test(system_off_reset_and_reset2_end_the_simulation),
		cmocka_unit_test(simulation_ends_when_every_cpu_is_off),
		cmocka_unit_test(errata_service_is_idempotent_per_cpu),
		cmocka_unit_test(board_dt_errors_refuse_to_start),
		cmocka_unit_test(board_dt_exynos_table_boots_a_cpu),
		cmocka_unit_test(media_handle_never_shared_by_live_buffers),
		cmocka_unit_test(board_dt_disabled_table_not_served),
		cmocka_unit_test(sim_rejects_bad_configurations),
		/* issue 13 */
		cmocka_unit_test(psci_stat_counts_the_coordinated_state),
		cmocka_unit_test(psci_entry_refused_when_target_cannot_execute_it),
		cmocka_unit_test(psci_thumb_entry_accepted_for_an_aarch32_target),
		cmocka_unit_test(board_dt_psci01_may_not_rename_a_call),
		cmocka_unit_test(every_served_range_answers_general_queries),
		cmocka_unit_test(board_dt_may_not_describe_a_served_general_query),
	};

	return cmocka_run_group_tests_name("monitor", tests, NULL, NULL);
}

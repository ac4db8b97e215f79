// SPDX-License-Identifier: BSD-3-Clause
/*
 * The general queries (call count, UID, revision) of every owning entity's
 * range, served or not.
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

#include <secmon/sip.h>

#include "simtest.h"

/*
 * The SiP call count: every form, SMC32 and SMC64, of secmon's SiP calls
 * (<secmon/sip.h>); the simulator has an SCMI channel, so all are offered.
 */
static uint64_t sip_call_count(void)
{
	uint64_t n = 0;

	for (unsigned i = 0; i < secmon_sip_call_count; i++)
		n += 1 + secmon_sip_calls[i].smc64;
	return n;
}

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
	/*
	 * The SiP range is served (secmon's errata calls, the trace calls, the SCMI channel):
	 * it must say whose it is.
	 */
	fill(__LINE__, &r, 0x8200ff01);
	smc_regs(__LINE__, 0xf, &r);
	EXPECT(r.x[0] != UNK32);
	EXPECT_EQ(SMC0(0x8200ff00), sip_call_count());
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
		0xc0000002u, 0x80000003u, 0xc0000003u, SECMON_SMCCC_ARCH_WORKAROUND_1,
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
	EXPECT_EQ(SMC0(0x8200ff00), sip_call_count());
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(standard_service_answers_general_queries),
		cmocka_unit_test(standard_call_count_matches_features),
		cmocka_unit_test(unserved_ranges_answer_general_queries_with_smc_unk),
		cmocka_unit_test(sip_range_answers_general_queries),
		cmocka_unit_test(every_served_range_answers_general_queries),
	};

	return cmocka_run_group_tests_name("queries", tests, NULL, NULL);
}

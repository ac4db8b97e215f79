// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI_VERSION and PSCI_FEATURES, with and without optional functions.
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

#include "simtest.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(psci_version_and_features),
		cmocka_unit_test(psci_unsupported_functions_answer_not_supported),
		cmocka_unit_test(cpu_suspend_features_without_set_suspend_mode),
	};

	return cmocka_run_group_tests_name("psci_features", tests, NULL, NULL);
}

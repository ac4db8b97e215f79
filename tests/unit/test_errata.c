// SPDX-License-Identifier: BSD-3-Clause
/*
 * secmon's SiP errata service.
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(errata_service_is_idempotent_per_cpu),
	};

	return cmocka_run_group_tests_name("errata", tests, NULL, NULL);
}

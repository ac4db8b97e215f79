// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI SYSTEM_SUSPEND.
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(system_suspend_denied_while_other_cpus_on),
	};

	return cmocka_run_group_tests_name("psci_system_suspend", tests, NULL, NULL);
}

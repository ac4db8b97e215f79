// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI CPU_OFF and AFFINITY_INFO.
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cpu_off_then_affinity_info_says_off),
	};

	return cmocka_run_group_tests_name("psci_cpu_off", tests, NULL, NULL);
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI SYSTEM_OFF, SYSTEM_RESET and SYSTEM_RESET2, and the end of a
 * simulation.
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(system_off_reset_and_reset2_end_the_simulation),
		cmocka_unit_test(simulation_ends_when_every_cpu_is_off),
	};

	return cmocka_run_group_tests_name("psci_system_power", tests, NULL, NULL);
}

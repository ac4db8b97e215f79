// SPDX-License-Identifier: BSD-3-Clause
/*
 * Which power states each PSCI call accepts, through the host simulator:
 * the system-level power-down state (0x02010000) through CPU_SUSPEND as well
 * as SYSTEM_SUSPEND, its statistics, and PSCI 1.3 (PSCI_VERSION,
 * SYSTEM_OFF2 and its PSCI_FEATURES answer).
 *
 * Each scenario runs on simulated CPU threads under the harness of simtest.h
 * and notes what it saw; the test asserts on the main thread after sim_run
 * returns.
 */
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "simtest.h"

/* ---- the system-level power-down state ------------------------------- */

/*
 * One CPU on, the others off: CPU_SUSPEND to the system state is accepted
 * and resumes at its entry; SYSTEM_SUSPEND enters the same state; the
 * statistics count both under its power_state.
 */
static void sc_system_state_alone(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu;
	switch (pc) {
	case BOOT_PC:
		EXPECT_EQ(smc(P64(STAT_COUNT), m(0), PS_SYSTEM_PD, 0), 0);
		EXPECT_EQ(smc(P64(CPU_SUSPEND), PS_SYSTEM_PD, PC_A + 2, 0),
			  R64(SECMON_PSCI_INVALID_ADDRESS));
		smc(P64(CPU_SUSPEND), PS_SYSTEM_PD, PC_A, 0x5a);
		atomic_store(&S.returned, 1);
		break;
	case PC_A:
		EXPECT_EQ(ctx, 0x5a);
		EXPECT_EQ(smc(P64(STAT_COUNT), m(0), PS_SYSTEM_PD, 0), 1);
		EXPECT_EQ(smc(P32(STAT_COUNT), m(0), PS_SYSTEM_PD, 0), 1);
		EXPECT(smc(P64(STAT_RESIDENCY), m(0), PS_SYSTEM_PD, 0) > 0);
		EXPECT_EQ(smc(P64(STAT_COUNT), m(0), PS_CORE_PD, 0), 0);
		smc(P32(SYSTEM_SUSPEND), PC_B, HI | 0x6b, 0);
		atomic_store(&S.returned, 1);
		break;
	case PC_B:
		EXPECT_EQ(ctx, 0x6b);
		EXPECT_EQ(smc(P64(STAT_COUNT), m(0), PS_SYSTEM_PD, 0), 2);
		EXPECT_EQ(smc(P64(STAT_COUNT), m(1), PS_SYSTEM_PD, 0), 0);
		break;
	}
}

static void cpu_suspend_reaches_the_system_state(void **state)
{
	(void)state;
	run(sc_system_state_alone, (struct sim_config){ .ncpus = 2 }, SIM_END_ALL_OFF);
	assert_int_equal(atomic_load(&S.starts[0]), 3);
	assert_int_equal(S.pc[0], PC_B);
}

/*
 * Platform-coordinated: with another core on, CPU_SUSPEND to the system
 * state is accepted and coordinated down to the core (the other core sees
 * it OFF at core level, the system ON); SYSTEM_SUSPEND is DENIED.
 */
static void sc_system_state_coordinated(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)ctx;
	if (cpu == 1) {
		atomic_store(&S.step, 1);
		while (smc(P32(NODE_HW_STATE), m(0), 0, 0) != SECMON_PSCI_HW_OFF)
			sched_yield();
		EXPECT_EQ(smc(P32(AFFINITY_INFO), m(0), 0, 0), SECMON_PSCI_AFF_ON);
		EXPECT_EQ(smc(P32(NODE_HW_STATE), m(0), 2, 0), SECMON_PSCI_HW_ON);
		atomic_store(&S.step, 2);
		sim_wake(0);
		return;
	}
	if (pc == PC_A) {
		EXPECT_EQ(atomic_load(&S.step), 2);
		return;
	}
	EXPECT_EQ(smc(P64(CPU_ON), m(1), PC_C, 0), 0);
	while (atomic_load(&S.step) < 1)
		sched_yield();
	EXPECT_EQ(smc(P64(SYSTEM_SUSPEND), PC_A, 0, 0), R64(SECMON_PSCI_DENIED));
	smc(P64(CPU_SUSPEND), PS_SYSTEM_PD, PC_A, 0);
	atomic_store(&S.returned, 1);
}

static void cpu_suspend_system_state_is_coordinated(void **state)
{
	(void)state;
	run(sc_system_state_coordinated, (struct sim_config){ .ncpus = 2, .tick_us = LONG_TICK },
	    SIM_END_ALL_OFF);
	assert_int_equal(atomic_load(&S.starts[0]), 2);
}

/*
 * OS-initiated: the system state only for the last running core (DENIED
 * while another runs), then accepted once that core is off.
 */
static void sc_system_state_osi(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)ctx;
	if (cpu == 1) {
		atomic_store(&S.step, 1);
		while (atomic_load(&S.step) < 2)
			sched_yield();
		return;	/* CPU_OFF */
	}
	if (pc == PC_A) {
		EXPECT_EQ(smc(P64(STAT_COUNT), m(0), PS_SYSTEM_PD, 0), 1);
		EXPECT_EQ(smc(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_PC, 0, 0), 0);
		return;
	}
	EXPECT_EQ(smc(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_OSI, 0, 0), 0);
	EXPECT_EQ(smc(P64(CPU_ON), m(1), PC_C, 0), 0);
	while (atomic_load(&S.step) < 1)
		sched_yield();
	EXPECT_EQ(smc(P64(CPU_SUSPEND), PS_SYSTEM_PD, PC_A, 0), R64(SECMON_PSCI_DENIED));
	EXPECT_EQ(smc(P64(STAT_COUNT), m(0), PS_SYSTEM_PD, 0), 0);
	atomic_store(&S.step, 2);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
	smc(P64(CPU_SUSPEND), PS_SYSTEM_PD, PC_A, 0);
	atomic_store(&S.returned, 1);
}

static void osi_system_state_only_for_the_last_core(void **state)
{
	(void)state;
	run(sc_system_state_osi, (struct sim_config){ .ncpus = 2 }, SIM_END_ALL_OFF);
	assert_int_equal(atomic_load(&S.starts[0]), 2);
}

/* ---- PSCI 1.3 -------------------------------------------------------- */

static void sc_version_and_off2_refusals(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	static const uint32_t bad_types[] = { 2, 3, 0x80000000u, 0x80000001u, 0xffffffffu };
	unsigned i;

	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(smc(P32(VERSION), 0, 0, 0), SECMON_PSCI_VERSION_MAKE(1, 3));
	EXPECT_EQ(smc(P32(FEATURES), P32(SYSTEM_OFF2), 0, 0), SECMON_PSCI_OFF2_HIBERNATE);
	EXPECT_EQ(smc(P32(FEATURES), P64(SYSTEM_OFF2), 0, 0), SECMON_PSCI_OFF2_HIBERNATE);
	for (i = 0; i < sizeof(bad_types) / sizeof(bad_types[0]); i++) {
		EXPECT_EQ(smc(P32(SYSTEM_OFF2), bad_types[i], 0, 0),
			  R32(SECMON_PSCI_INVALID_PARAMETERS));
		EXPECT_EQ(smc(P64(SYSTEM_OFF2), bad_types[i], 0, 0),
			  R64(SECMON_PSCI_INVALID_PARAMETERS));
	}
	/* The cookie must be zero, all 64 bits of it in an SMC64 call. */
	EXPECT_EQ(smc(P32(SYSTEM_OFF2), SECMON_PSCI_OFF2_HIBERNATE, 1, 0),
		  R32(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(smc(P64(SYSTEM_OFF2), SECMON_PSCI_OFF2_HIBERNATE, 1ull << 32, 0),
		  R64(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(smc(P64(AFFINITY_INFO), m(0), 0, 0), SECMON_PSCI_AFF_ON);
}

static void psci_1_3_version_and_system_off2_refusals(void **state)
{
	(void)state;
	run(sc_version_and_off2_refusals, (struct sim_config){ .ncpus = 2 }, SIM_END_ALL_OFF);
}

/* Which width and type: bit 0 of the boot context unused, so a global. */
static uint32_t off2_fid;
static uint64_t off2_type;

static void sc_off2(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	smc(off2_fid, off2_type, 0, 0);
	atomic_store(&S.returned, 1);
}

static void system_off2_hibernate_powers_off(void **state)
{
	/* HIBERNATE_OFF as 1 or as 0; an SMC32 call's upper halves ignored. */
	static const struct {
		uint32_t fid;
		uint64_t type;
	} calls[] = {
		{ P32(SYSTEM_OFF2), SECMON_PSCI_OFF2_HIBERNATE },
		{ P64(SYSTEM_OFF2), SECMON_PSCI_OFF2_HIBERNATE },
		{ P32(SYSTEM_OFF2), SECMON_PSCI_OFF2_HIBERNATE_ALT },
		{ P32(SYSTEM_OFF2), HI | SECMON_PSCI_OFF2_HIBERNATE },
	};

	(void)state;
	for (unsigned i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
		off2_fid = calls[i].fid;
		off2_type = calls[i].type;
		run(sc_off2, (struct sim_config){ .ncpus = 2 }, SIM_END_SYSTEM_OFF);
	}
}

/* Hidden functions: SYSTEM_OFF2 is optional, CPU_SUSPEND is not. */
static void sc_hidden(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc;
	EXPECT_EQ(smc(P32(VERSION), 0, 0, 0), ctx);
	EXPECT_EQ(smc(P32(FEATURES), P32(SYSTEM_OFF2), 0, 0),
		  ctx == SECMON_PSCI_VERSION_MAKE(1, 3) ? R32(SECMON_PSCI_NOT_SUPPORTED)
							: SECMON_PSCI_OFF2_HIBERNATE);
}

static void psci_version_follows_the_mandatory_functions(void **state)
{
	struct sim_config cfg = run_prepare(sc_hidden, &(struct sim_config){ .ncpus = 1 });

	(void)state;
	cfg.psci_unsupported = 1u << SECMON_PSCI_FN_SYSTEM_OFF2;
	assert_int_equal(sim_run(&cfg, BOOT_PC, SECMON_PSCI_VERSION_MAKE(1, 3)), SIM_END_ALL_OFF);
	cfg.psci_unsupported = 1u << SECMON_PSCI_FN_CPU_SUSPEND;
	assert_int_equal(sim_run(&cfg, BOOT_PC, SECMON_PSCI_VERSION_MAKE(1, 1)), SIM_END_ALL_OFF);
	assert_clean();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cpu_suspend_reaches_the_system_state),
		cmocka_unit_test(cpu_suspend_system_state_is_coordinated),
		cmocka_unit_test(osi_system_state_only_for_the_last_core),
		cmocka_unit_test(psci_1_3_version_and_system_off2_refusals),
		cmocka_unit_test(system_off2_hibernate_powers_off),
		cmocka_unit_test(psci_version_follows_the_mandatory_functions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

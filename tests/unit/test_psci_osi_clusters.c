// SPDX-License-Identifier: BSD-3-Clause
/*
 * OS-initiated mode across clusters, through the host simulator: the system
 * state is entered only when every other cluster is down, and a wake-up
 * brings its cluster back up (DEN0022, CPU_SUSPEND in OS-initiated mode).
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

/*
 * OS-initiated mode, two clusters (CPUs 0-3 and CPU 4). CPU 4, the last
 * core of its cluster, powers down at core level only, so its cluster stays
 * up. CPU 0, the last running core, then asks for the system state: a child
 * node of the system (cluster 1) is in a state the system cannot go below,
 * so DEN0022 (CPU_SUSPEND, OS-initiated mode) wants INVALID_PARAMETERS. The
 * monitor entered the system state instead (CPU 0 resumed at PC_A on the
 * 2 s tick, STAT_COUNT of the system state 1).
 */
static void sc_osi_system_with_cluster_up(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)ctx;
	if (cpu == 4) {
		if (pc == PC_C)
			smc(P64(CPU_SUSPEND), PS_CORE_PD, PC_B, 0);
		return;	/* woken at PC_B (or the suspend failed): CPU_OFF */
	}
	if (pc == PC_A) {
		note(__LINE__, "CPU_SUSPEND to the system state was entered with cluster 1 up");
		return;
	}
	EXPECT_EQ(smc(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_OSI, 0, 0), 0);
	EXPECT_EQ(smc(P64(CPU_ON), m(4), PC_C, 0), 0);
	WAIT_HW(4, SECMON_PSCI_HW_OFF);
	EXPECT_EQ(smc(P64(CPU_SUSPEND), PS_SYSTEM_PD, PC_A, 0),
		  R64(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(smc(P64(STAT_COUNT), m(0), PS_SYSTEM_PD, 0), 0);
	sim_wake(4);
	WAIT_AFF(4, SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(smc(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_PC, 0, 0), 0);
}

static void osi_system_state_refused_while_another_cluster_is_up(void **state)
{
	(void)state;
	run(sc_osi_system_with_cluster_up,
	    (struct sim_config){ .ncpus = 5, .cluster_size = 4, .tick_us = LONG_TICK },
	    SIM_END_ALL_OFF);
}

/*
 * The same with cluster 1 taken down by its last core (CLUSTER_PD): every
 * child of the system is down, so the system state is entered; the 2 s tick
 * wakes both CPUs.
 */
static void sc_osi_system_with_cluster_down(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)ctx;
	if (cpu == 4) {
		if (pc == PC_C)
			smc(P64(CPU_SUSPEND), PS_CLUSTER_PD, PC_B, 0);
		return;
	}
	if (pc == PC_A) {
		EXPECT_EQ(smc(P64(STAT_COUNT), m(0), PS_SYSTEM_PD, 0), 1);
		WAIT_AFF(4, SECMON_PSCI_AFF_OFF);
		EXPECT_EQ(smc(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_PC, 0, 0), 0);
		return;
	}
	EXPECT_EQ(smc(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_OSI, 0, 0), 0);
	EXPECT_EQ(smc(P64(CPU_ON), m(4), PC_C, 0), 0);
	WAIT_HW(4, SECMON_PSCI_HW_OFF);
	smc(P64(CPU_SUSPEND), PS_SYSTEM_PD, PC_A, 0);
	note(__LINE__, "CPU_SUSPEND to the system state returned");
}

static void osi_system_state_entered_once_every_cluster_is_down(void **state)
{
	(void)state;
	run(sc_osi_system_with_cluster_down,
	    (struct sim_config){ .ncpus = 5, .cluster_size = 4, .tick_us = LONG_TICK },
	    SIM_END_ALL_OFF);
}

/*
 * OS-initiated mode, cluster 1 = CPUs 4 and 5. CPU 5 powers down at core
 * level, then CPU 4, the last, takes cluster 1 down. CPU 5 then wakes: its
 * cluster is up again, CPU 4 stays powered down at core level only. CPU 5
 * powers down at core level again, leaving cluster 1 up, and CPU 0, the last
 * running core, asks for the system state: INVALID_PARAMETERS, as when
 * cluster 1 was never taken down. The monitor kept CPU 4 at cluster level
 * after CPU 5's wake-up and entered the system state.
 */
static atomic_int step5;

static void sc_osi_system_after_cluster_woke(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)ctx;
	if (cpu == 4) {
		if (pc == PC_C)
			smc(P64(CPU_SUSPEND), PS_CLUSTER_PD, PC_B, 0);
		return;
	}
	if (cpu == 5) {
		if (pc == PC_C) {
			smc(P64(CPU_SUSPEND), PS_CORE_PD, PC_B, 0);
		} else if (pc == PC_B) {
			atomic_store(&step5, 1);
			smc(P64(CPU_SUSPEND), PS_CORE_PD, PC_A, 0);
		}
		return;
	}
	if (pc == PC_A) {
		note(__LINE__, "CPU_SUSPEND to the system state was entered with cluster 1 up");
		return;
	}
	atomic_store(&step5, 0);
	EXPECT_EQ(smc(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_OSI, 0, 0), 0);
	EXPECT_EQ(smc(P64(CPU_ON), m(5), PC_C, 0), 0);
	WAIT_HW(5, SECMON_PSCI_HW_OFF);
	EXPECT_EQ(smc(P64(CPU_ON), m(4), PC_C, 0), 0);
	WAIT_HW(4, SECMON_PSCI_HW_OFF);
	sim_wake(5);
	while (!atomic_load(&step5))
		sched_yield();
	WAIT_HW(5, SECMON_PSCI_HW_OFF);
	EXPECT_EQ(smc(P64(CPU_SUSPEND), PS_SYSTEM_PD, PC_A, 0),
		  R64(SECMON_PSCI_INVALID_PARAMETERS));
	sim_wake(4);
	sim_wake(5);
	WAIT_AFF(4, SECMON_PSCI_AFF_OFF);
	WAIT_AFF(5, SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(smc(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_PC, 0, 0), 0);
}

static void osi_a_wake_up_brings_its_cluster_back_up(void **state)
{
	(void)state;
	run(sc_osi_system_after_cluster_woke,
	    (struct sim_config){ .ncpus = 6, .cluster_size = 4, .tick_us = LONG_TICK },
	    SIM_END_ALL_OFF);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(osi_system_state_refused_while_another_cluster_is_up),
		cmocka_unit_test(osi_system_state_entered_once_every_cluster_is_down),
		cmocka_unit_test(osi_a_wake_up_brings_its_cluster_back_up),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

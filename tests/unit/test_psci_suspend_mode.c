// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI SET_SUSPEND_MODE and OS-initiated mode.
 *
 * Through the host simulator, with the harness of simtest.h: each scenario
 * runs on simulated CPU threads and notes what it saw; the test asserts
 * after sim_run returns. Every call goes through smc_regs(), which checks
 * the registers outside its results.
 */
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "simtest.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(set_suspend_mode_modes_and_denials),
		cmocka_unit_test(osi_to_pc_denied_while_another_core_runs),
		cmocka_unit_test(osi_cluster_suspend_denied_unless_last_core),
		cmocka_unit_test(osi_last_running_core_may_suspend_cluster),
	};

	return cmocka_run_group_tests_name("psci_suspend_mode", tests, NULL, NULL);
}

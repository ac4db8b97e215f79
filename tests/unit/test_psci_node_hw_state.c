// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI NODE_HW_STATE for core, cluster and system.
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

/*
 * OS-initiated mode: a cluster is off once its last core took it down,
 * whatever level its siblings sleep at. Cluster 1: CPU 5 powers down at
 * core level, then CPU 4, the last core running there, at cluster level
 * (CPUs 6 and 7 are off). NODE_HW_STATE(cluster 1) must say OFF; it once
 * said ON, asking whether every core was down to cluster level. Once CPU 4
 * wakes, the cluster is on again.
 */
static uint64_t osi_hw[4];

static void sc_osi_cluster(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)ctx;
	if (cpu == 4 || cpu == 5) {
		if (pc == PC_A)
			SMC3(P64(CPU_SUSPEND), cpu == 4 ? PS_CLUSTER_PD : PS_CORE_PD, PC_B, 0);
		return;
	}
	if (cpu != 0)
		return;
	EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_OSI), 0);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(5), PC_A, 0), 0);
	WAIT_HW(5, SECMON_PSCI_HW_OFF);
	osi_hw[0] = SMC2(P64(NODE_HW_STATE), m(4), 1);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(4), PC_A, 0), 0);
	WAIT_HW(4, SECMON_PSCI_HW_OFF);
	osi_hw[1] = SMC2(P64(NODE_HW_STATE), m(4), 1);
	osi_hw[2] = SMC2(P64(NODE_HW_STATE), m(0), 1);
	sim_wake(4);
	WAIT_AFF(4, SECMON_PSCI_AFF_OFF);
	osi_hw[3] = SMC2(P64(NODE_HW_STATE), m(5), 1);
	sim_wake(5);
	WAIT_AFF(5, SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC1(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_PC), 0);
}

static void osi_cluster_off_when_its_last_core_took_it_down(void **state)
{
	(void)state;
	run_clean(sc_osi_cluster, 8, LONG_TICK);
	assert_int_equal(osi_hw[0], SECMON_PSCI_HW_ON);	/* CPU 4 not yet started: on */
	assert_int_equal(osi_hw[1], SECMON_PSCI_HW_OFF);
	assert_int_equal(osi_hw[2], SECMON_PSCI_HW_ON);	/* cluster 0 */
	/* CPU 4 woke (the cluster with it) and went off; CPU 5 still at core level. */
	assert_int_equal(osi_hw[3], SECMON_PSCI_HW_ON);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(node_hw_state_for_core_cluster_and_system),
		cmocka_unit_test(osi_cluster_off_when_its_last_core_took_it_down),
	};

	return cmocka_run_group_tests_name("psci_node_hw_state", tests, NULL, NULL);
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI_STAT_COUNT and PSCI_STAT_RESIDENCY.
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

static uint64_t stat_at(int line, bool residency, uint64_t mpidr, uint32_t ps)
{
	uint64_t v32 = smc_at(line, residency ? P32(STAT_RESIDENCY) : P32(STAT_COUNT), 2, mpidr, ps,
			      0);
	uint64_t v64 = smc_at(line, residency ? P64(STAT_RESIDENCY) : P64(STAT_COUNT), 2, mpidr, ps,
			      0);

	/* The SMC32 form is the same value, 32 bits wide. */
	if (v32 != (uint32_t)v64)
		note(line, "STAT SMC32 %#llx and SMC64 %#llx differ", (unsigned long long)v32,
		     (unsigned long long)v64);
	return v64;
}

#define COUNT(mpidr, ps) stat_at(__LINE__, false, mpidr, ps)
#define RESIDENCY(mpidr, ps) stat_at(__LINE__, true, mpidr, ps)

static void sc_stats(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	uint64_t res;

	if (cpu != 0)
		return;
	switch (pc) {
	case BOOT_PC:
		EXPECT_EQ(COUNT(m(0), PS_STANDBY), 0);
		EXPECT_EQ(COUNT(m(0), PS_CORE_PD), 0);
		EXPECT_EQ(RESIDENCY(m(0), PS_CORE_PD), 0);
		EXPECT_EQ(COUNT(m(0), PS_CLUSTER_PD), 0);
		EXPECT_EQ(SMC3(P64(CPU_SUSPEND), PS_STANDBY, 0, 0), 0);
		EXPECT_EQ(COUNT(m(0), PS_STANDBY), 1);
		EXPECT(RESIDENCY(m(0), PS_STANDBY) > 0);
		EXPECT_EQ(COUNT(m(0), PS_CORE_PD), 0);
		SMC3(P64(CPU_SUSPEND), PS_CORE_PD, PC_A, 1);
		atomic_store(&S.returned, 1);
		break;
	case PC_A:
		EXPECT_EQ(COUNT(m(0), PS_CORE_PD), ctx);
		res = RESIDENCY(m(0), PS_CORE_PD);
		EXPECT(res > S.val[0]);
		S.val[0] = res;
		if (ctx == 1) {
			SMC3(P64(CPU_SUSPEND), PS_CORE_PD, PC_A, 2);
			atomic_store(&S.returned, 1);
			break;
		}
		SMC3(P64(CPU_SUSPEND), PS_CLUSTER_PD, PC_B, 0);
		atomic_store(&S.returned, 1);
		break;
	case PC_B:
		EXPECT_EQ(COUNT(m(0), PS_CLUSTER_PD), 1);
		EXPECT(RESIDENCY(m(0), PS_CLUSTER_PD) > 0);
		EXPECT_EQ(COUNT(m(0), PS_CORE_PD), 2);
		EXPECT_EQ(RESIDENCY(m(0), PS_CORE_PD), S.val[0]);
		EXPECT_EQ(COUNT(m(0), PS_STANDBY), 1);
		/* Per CPU; unknown CPUs and states count zero. */
		EXPECT_EQ(COUNT(m(1), PS_CORE_PD), 0);
		EXPECT_EQ(RESIDENCY(m(1), PS_CORE_PD), 0);
		EXPECT_EQ(COUNT(0x200, PS_CORE_PD), 0);
		EXPECT_EQ(COUNT(m(0), 0x00020000), 0);
		break;
	}
}

static void psci_stat_counts_suspends(void **state)
{
	(void)state;
	run_clean(sc_stats, 2, 0);
	assert_int_equal(atomic_load(&S.returned), 0);
	assert_int_equal(atomic_load(&S.starts[0]), 4);
}

/*
 * CPU1 runs, so CPU0's cluster power-down is demoted to a core power-down:
 * the statistics count the state entered, not the one asked for.
 */
static void sc_stats_coordinated(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)ctx;
	if (cpu == 1) {
		park(1);
		return;
	}
	switch (pc) {
	case BOOT_PC:
		EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_B, 0), 0);
		WAIT_FLAG(&S.starts[1], 1);
		SMC3(P64(CPU_SUSPEND), PS_CLUSTER_PD, PC_A, 0);
		atomic_store(&S.returned, 1);
		break;
	case PC_A:
		EXPECT_EQ(COUNT(m(0), PS_CLUSTER_PD), 0);
		EXPECT_EQ(RESIDENCY(m(0), PS_CLUSTER_PD), 0);
		EXPECT_EQ(COUNT(m(0), PS_CORE_PD), 1);
		EXPECT(RESIDENCY(m(0), PS_CORE_PD) > 0);
		unpark(1);
		WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
		break;
	}
}

static void psci_stat_counts_the_coordinated_state(void **state)
{
	(void)state;
	run_clean(sc_stats_coordinated, 2, 0);
	assert_int_equal(atomic_load(&S.returned), 0);
	assert_int_equal(atomic_load(&S.starts[0]), 2);
}

/*
 * A CPU_OFF is a power-down, counted when CPU_ON brings the core back (as
 * TF-A counts it; Arm's TFTF "Stats test cases for CPU OFF" checks it):
 * CPU 1, off while CPU 0 runs in its cluster, under the core state; CPU 4,
 * alone in cluster 1, under the cluster state. A CPU that was never off
 * counts nothing.
 */
static void sc_stats_cpu_off(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)ctx;
	if (cpu != 0) {
		if (pc == PC_B)
			park(cpu);
		else
			unpark(cpu);	/* park() counts starts: this one holds nowhere */
		return;
	}
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 0), 0);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(4), PC_A, 0), 0);
	WAIT_AFF(4, SECMON_PSCI_AFF_OFF);
	/* Counted when they come back, not before. */
	EXPECT_EQ(COUNT(m(1), PS_CORE_PD), 0);
	EXPECT_EQ(COUNT(m(4), PS_CLUSTER_PD), 0);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_B, 0), 0);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(4), PC_B, 0), 0);
	WAIT_FLAG(&S.starts[1], 2);
	WAIT_FLAG(&S.starts[4], 2);
	EXPECT_EQ(COUNT(m(1), PS_CORE_PD), 1);
	EXPECT(RESIDENCY(m(1), PS_CORE_PD) > 0);
	EXPECT_EQ(COUNT(m(1), PS_CLUSTER_PD), 0);
	EXPECT_EQ(COUNT(m(4), PS_CLUSTER_PD), 1);
	EXPECT(RESIDENCY(m(4), PS_CLUSTER_PD) > 0);
	EXPECT_EQ(COUNT(m(4), PS_CORE_PD), 0);
	EXPECT_EQ(COUNT(m(4), PS_SYSTEM_PD), 0);
	/* The first start of a core is no wake-up from a power-down. */
	EXPECT_EQ(COUNT(m(2), PS_CORE_PD), 0);
	EXPECT_EQ(COUNT(m(0), PS_CORE_PD), 0);
	unpark(1);
	unpark(4);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
	WAIT_AFF(4, SECMON_PSCI_AFF_OFF);
}

static void psci_stat_counts_cpu_off(void **state)
{
	(void)state;
	run_clean(sc_stats_cpu_off, 5, 0);
	assert_int_equal(atomic_load(&S.starts[1]), 2);
	assert_int_equal(atomic_load(&S.starts[4]), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(psci_stat_counts_suspends),
		cmocka_unit_test(psci_stat_counts_the_coordinated_state),
		cmocka_unit_test(psci_stat_counts_cpu_off),
	};

	return cmocka_run_group_tests_name("psci_stat", tests, NULL, NULL);
}

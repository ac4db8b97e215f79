// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI CPU_SUSPEND and CPU_DEFAULT_SUSPEND.
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

static void sc_cpu_suspend(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	/* Among them the StateIDs of before TF-A's encoding (0x0, 0x10000, ...). */
	static const uint32_t bad_ps[] = {
		0x00000000, 0x00000002, 0x0000ffff, 0x00010000, 0x00010001, 0x00010022,
		0x00020002, 0x00fe0002, 0x01000022, 0x01010000, 0x01010002, 0x01010012,
		0x02000222, 0x02010000, 0x02010022, 0x03010222, 0x04000000, 0x40000000,
		0x40010002, 0x80000000, 0xffffffff,
	};
	unsigned i;

	(void)cpu, (void)ctx;
	switch (pc) {
	case BOOT_PC:
		/* Standby does not use the entry point: no address check. */
		EXPECT_EQ(SMC3(P32(CPU_SUSPEND), PS_STANDBY, SECURE_PC, 1), 0);
		EXPECT_EQ(SMC3(P64(CPU_SUSPEND), PS_STANDBY, UNK64, 1), 0);
		for (i = 0; i < sizeof(bad_ps) / sizeof(bad_ps[0]); i++) {
			EXPECT_EQ(SMC3(P64(CPU_SUSPEND), bad_ps[i], PC_A, 0),
				  R64(SECMON_PSCI_INVALID_PARAMETERS));
			EXPECT_EQ(SMC3(P32(CPU_SUSPEND), bad_ps[i], PC_A, 0),
				  R32(SECMON_PSCI_INVALID_PARAMETERS));
		}
		EXPECT_EQ(SMC3(P64(CPU_SUSPEND), PS_CORE_PD, SECURE_PC, 0),
			  R64(SECMON_PSCI_INVALID_ADDRESS));
		EXPECT_EQ(SMC3(P64(CPU_SUSPEND), PS_CORE_PD, PC_A + 2, 0),
			  R64(SECMON_PSCI_INVALID_ADDRESS));
		EXPECT_EQ(SMC3(P32(CPU_SUSPEND), PS_CLUSTER_PD, NS_BASE + NS_SIZE, 0),
			  R32(SECMON_PSCI_INVALID_ADDRESS));
		EXPECT_EQ(SMC2(P64(CPU_DEFAULT_SUSPEND), 0, 0), R64(SECMON_PSCI_INVALID_ADDRESS));
		EXPECT_EQ(SMC2(P32(CPU_DEFAULT_SUSPEND), PC_A + 1, 0),
			  R32(SECMON_PSCI_INVALID_ADDRESS));
		/* Nothing was torn down or counted. */
		EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(0), 0), SECMON_PSCI_AFF_ON);
		EXPECT_EQ(SMC2(P64(NODE_HW_STATE), m(0), 0), SECMON_PSCI_HW_ON);
		EXPECT_EQ(SMC2(P64(STAT_COUNT), m(0), PS_CORE_PD), 0);
		EXPECT_EQ(SMC2(P64(STAT_COUNT), m(0), PS_CLUSTER_PD), 0);
		SMC3(P64(CPU_SUSPEND), PS_CORE_PD, PC_A, 0xfeedface12345678ull);
		atomic_store(&S.returned, 1);
		break;
	case PC_A:
		EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(0), 0), SECMON_PSCI_AFF_ON);
		SMC3(P32(CPU_SUSPEND), PS_CLUSTER_PD, PC_B, HI | 0x77);
		atomic_store(&S.returned, 1);
		break;
	case PC_B:
		SMC2(P64(CPU_DEFAULT_SUSPEND), PC_C, 0xdef);
		atomic_store(&S.returned, 1);
		break;
	case PC_C:
		SMC2(P32(CPU_DEFAULT_SUSPEND), PC_D, HI | 0x32);
		atomic_store(&S.returned, 1);
		break;
	default:
		break;
	}
}

static void cpu_suspend_validates_and_resumes_at_entry(void **state)
{
	(void)state;
	run_clean(sc_cpu_suspend, 1, 0);
	assert_int_equal(atomic_load(&S.returned), 0);
	assert_int_equal(atomic_load(&S.nlog), 5);
	assert_start(0, 0, BOOT_PC, BOOT_CTX);
	assert_start(1, 0, PC_A, 0xfeedface12345678ull);
	assert_start(2, 0, PC_B, 0x77);
	assert_start(3, 0, PC_C, 0xdef);
	assert_start(4, 0, PC_D, 0x32);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cpu_suspend_validates_and_resumes_at_entry),
	};

	return cmocka_run_group_tests_name("psci_cpu_suspend", tests, NULL, NULL);
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * nsk.test=pmu: the normal world's cycle counter must not count the
 * monitor (issue 13 item 2, the class of TF-A's advisory TFV-5). With
 * PMCCFILTR_EL0 set to count EL3 only (P and U exclude EL1 and EL0, NSH
 * clear excludes EL2, M equal to P includes EL3) and the cycle counter
 * enabled, 2000 PSCI_VERSION calls must count (almost) nothing: before the
 * fix they counted ~1.46 million cycles on cortex-a57. A control loop
 * counting this EL shows the counter runs, and the caller's PMCR_EL0 must
 * come back as it was set.
 */
#include <secmon/client.h>
#include "nsk.h"

#define PMCR_E		(1ull << 0)
#define PMCR_C		(1ull << 2)
#define PMCR_DP		(1ull << 5)
#define FILTER_P	(1ull << 31)
#define FILTER_U	(1ull << 30)
#define FILTER_NSH	(1ull << 27)
#define FILTER_M	(1ull << 26)
#define CALLS		2000
/*
 * What QEMU 7.2 counts (1 GHz from its virtual clock) between the exception
 * entry and the vector's write of PMCR_EL0.DP, and from the write of the
 * caller's PMCR_EL0 to the ERET: a handful of instructions per call.
 */
#define MAX_PER_CALL	32

static unsigned ntap;

static uint64_t count_calls(const struct secmon_conduit *c, uint64_t filter)
{
	uint64_t c0, c1;

	sysreg_write(pmccfiltr_el0, filter);
	sysreg_write(pmcntenset_el0, 1ull << 31);
	sysreg_write(pmcr_el0, (sysreg_read(pmcr_el0) & ~PMCR_DP) | PMCR_E | PMCR_C);
	__asm__ volatile("isb" : : : "memory");
	c0 = sysreg_read(pmccntr_el0);
	for (unsigned i = 0; i < CALLS; i++)
		secmon_call3(c, SECMON_PSCI_FN32(SECMON_PSCI_FN_VERSION), 0, 0, 0);
	__asm__ volatile("isb" : : : "memory");
	c1 = sysreg_read(pmccntr_el0);
	return c1 - c0;
}

int pmu_run(const struct secmon_conduit *c)
{
	unsigned pmuver = (unsigned)(sysreg_read(id_aa64dfr0_el1) >> 8) & 0xf;
	uint64_t here = current_el() == 2 ? FILTER_P | FILTER_U | FILTER_NSH | FILTER_M
					  : FILTER_U | FILTER_M | FILTER_NSH;
	uint64_t el3, mine, pmcr;
	int fail = 0;

	if (pmuver == 0 || pmuver == 0xf) {
		con_printf("Bail out! pmu: no PMUv3 on this CPU\n");
		return 1;
	}
	/* The control: this EL's own cycles (the loop's), EL3 excluded (M != P). */
	mine = count_calls(c, here);
	fail += con_tap(&ntap, mine > CALLS, "pmu: the cycle counter counts at EL%u (%lu)",
			current_el(), mine);
	el3 = count_calls(c, FILTER_P | FILTER_U | FILTER_M);
	pmcr = sysreg_read(pmcr_el0);
	con_printf("# pmu: %u PSCI_VERSION calls, EL3 only: %lu cycles (%lu per call)\n", CALLS,
		   el3, el3 / CALLS);
	fail += con_tap(&ntap, el3 <= (uint64_t)MAX_PER_CALL * CALLS,
			"pmu: %u calls count %lu EL3 cycles, at most %u per call (TFV-5)", CALLS, el3,
			MAX_PER_CALL);
	fail += con_tap(&ntap, !(pmcr & PMCR_DP) && (pmcr & PMCR_E),
			"pmu: the caller's PMCR_EL0 comes back as it was (0x%lx)", pmcr);
	con_printf("1..%u\n", ntap);
	return fail;
}

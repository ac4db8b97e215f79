// SPDX-License-Identifier: BSD-3-Clause
/*
 * nsk.test=a32el1: SMCs from AArch32 EL1 (a32call.S) against what the same
 * calls answer from AArch64, at EL2. What an AArch32 caller may rely on
 * (SMCCC): r0-r3 hold the results of an SMC32 call, every other register
 * of r0-r12 comes back as it was, an SMC64 ID is refused with -1, and an
 * unknown ID answers -1. nsk.a32id12=ID also makes the call ID in r12 with
 * r0 = 1 (an OMAP4-style board's legacy call) and expects it served.
 */
#include <secmon/client.h>
#include "nsk.h"

#define ID_AA64PFR0_EL1_SHIFT	4
#define P32(fn) SECMON_PSCI_FN32(SECMON_PSCI_FN_##fn)
#define P64(fn) SECMON_PSCI_FN64(SECMON_PSCI_FN_##fn)

void a32_smc(uint64_t x[13]);

static unsigned ntap;

/*
 * One call from AArch32 with r1-r12 set to a pattern where no argument is
 * given; checks r0 and that r1-r12 came back unchanged (no call made here
 * has a result beyond r0).
 */
static int call(const char *what, uint32_t fid, const uint32_t *args, unsigned nargs,
		uint32_t want_r0)
{
	uint64_t x[13];
	unsigned bad = 0;

	x[0] = fid;
	for (unsigned i = 1; i < 13; i++)
		x[i] = i <= nargs ? args[i - 1] : 0xa320e100u + i;
	a32_smc(x);
	for (unsigned i = 1; i < 13; i++) {
		uint32_t was = i <= nargs ? args[i - 1] : 0xa320e100u + i;

		if ((uint32_t)x[i] != was)
			bad |= 1u << i;
	}
	return con_tap(&ntap, (uint32_t)x[0] == want_r0 && !bad,
		   "a32el1: %s (0x%08x): r0 = 0x%x (want 0x%x), r1-r12 changed: mask 0x%x", what,
		   fid, (unsigned)(uint32_t)x[0], want_r0, bad);
}

int a32el1_run(const struct secmon_conduit *c, uint64_t id12)
{
	uint64_t me = my_mpidr();
	uint32_t args[3];
	int fail = 0;

	if (current_el() != 2 || ((sysreg_read(id_aa64pfr0_el1) >> ID_AA64PFR0_EL1_SHIFT) & 0xf) != 2) {
		con_printf("Bail out! nsk: a32el1 needs EL2 and AArch32 at EL1 (EL%u, "
			   "ID_AA64PFR0_EL1 0x%lx)\n", current_el(), sysreg_read(id_aa64pfr0_el1));
		return 1;
	}
	con_printf("1..%u\n", 8 + (id12 ? 1 : 0));
	/* The AArch64 answers first: the AArch32 ones must be the same. */
	fail += call("PSCI_VERSION", P32(VERSION), 0, 0,
		     (uint32_t)secmon_call3(c, P32(VERSION), 0, 0, 0));
	fail += call("SMCCC_VERSION", SECMON_SMCCC_VERSION, 0, 0,
		     (uint32_t)secmon_call3(c, SECMON_SMCCC_VERSION, 0, 0, 0));
	args[0] = P32(CPU_ON);
	fail += call("PSCI_FEATURES(CPU_ON)", P32(FEATURES), args, 1,
		     (uint32_t)secmon_call3(c, P32(FEATURES), P32(CPU_ON), 0, 0));
	args[0] = (uint32_t)me;
	args[1] = 0;
	fail += call("AFFINITY_INFO(this CPU)", P32(AFFINITY_INFO), args, 2, 0);
	args[0] = SECMON_SMCCC_ARCH_WORKAROUND_1;
	fail += call("SMCCC_ARCH_FEATURES(WORKAROUND_1)", SECMON_SMCCC_ARCH_FEATURES, args, 1,
		     (uint32_t)secmon_call3(c, SECMON_SMCCC_ARCH_FEATURES,
					    SECMON_SMCCC_ARCH_WORKAROUND_1, 0, 0));
	fail += call("an unknown SiP ID", 0x8200ff42u, 0, 0, 0xffffffffu);
	args[0] = (uint32_t)me;
	args[1] = 0x40000000;
	args[2] = 0;
	fail += call("CPU_ON, an SMC64 ID", P64(CPU_ON), args, 3, 0xffffffffu);
	fail += call("a yielding SMC32 ID no one serves", 0x0200ff42u, 0, 0, 0xffffffffu);
	if (id12) {
		uint64_t x[13];

		x[0] = 1;
		for (unsigned i = 1; i < 12; i++)
			x[i] = 0xa320e100u + i;
		x[12] = id12;
		a32_smc(x);
		fail += con_tap(&ntap, (uint32_t)x[0] != 0xffffffffu,
			    "a32el1: the board's call 0x%lx with its ID in r12 is served (r0 = 0x%x)",
			    (unsigned long)id12, (unsigned)(uint32_t)x[0]);
	}
	con_printf("# a32el1: %d failed\n", fail);
	return fail;
}

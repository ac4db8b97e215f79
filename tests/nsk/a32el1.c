// SPDX-License-Identifier: BSD-3-Clause
/*
 * nsk.test=a32el1: SMCs from AArch32 EL1 (a32call.S) against what the same
 * calls answer from AArch64, at EL2. What an AArch32 caller may rely on
 * (SMCCC): r0-r3 hold the results of an SMC32 call, every other register
 * of r0-r12 comes back as it was, an SMC64 ID is refused with -1, and an
 * unknown ID answers -1. nsk.a32id12=ID also makes the call ID in r12 with
 * r0 = 1 (an OMAP4-style board's legacy call) and expects it served.
 *
 * From FIQ mode the caller's r8-r12 are FIQ's own (x24-x28 at EL2): the
 * monitor must read and answer in those, and leave the User bank's alone.
 * With nsk.a32id12, a call whose ID is in FIQ's r12 is served, and one whose
 * ID is only in the User bank's r12 is not (SMC_UNK).
 *
 * CPU_ON from AArch32 with a Thumb entry point (bit 0 set): the target
 * wakes in AArch64 (the firmware's lower EL is AArch64), which cannot run
 * it, so INVALID_ADDRESS; the core must then still start from AArch64.
 *
 * A hypervisor's guest (EL1 with EL2's stage 2 on, HCR_EL2.VM) may not read
 * or switch the monitor's recording (docs/trace.md): its TRACE_INFO is
 * DENIED, while the same call from EL1 with stage 2 off is answered.
 */
#include <secmon/client.h>
#include <secmon/trace.h>
#include "nsk.h"

#define ID_AA64PFR0_EL1_SHIFT	4
#define P32(fn) SECMON_PSCI_FN32(SECMON_PSCI_FN_##fn)
#define P64(fn) SECMON_PSCI_FN64(SECMON_PSCI_FN_##fn)
/* For the started CPU to run, then to go off (hostile.c's STEP_SECONDS). */
#define STEP_SECONDS	5

void a32_smc(uint64_t x[13]);
void a32_smc_fiq(uint64_t x[13], uint64_t fiq[5]);

static unsigned ntap;
static const struct secmon_conduit *a64;	/* the AArch64 conduit, at EL2 */
static uint32_t secondary_ran;

/* nsk_secondary_main() on a CPU that a32el1_run() started: report, then off. */
void a32el1_secondary(void)
{
	__atomic_store_n(&secondary_ran, 1, __ATOMIC_RELEASE);
	secmon_psci_cpu_off(a64);
}

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

/*
 * One call from FIQ mode: r0 = fid, r1-r7 and User r8-r12 a pattern, FIQ's
 * r8-r12 = fiq_r8_12 with r12 replaced by `fiq_r12`, User r12 = `usr_r12`.
 * Checks r0 and that nothing else changed in either bank.
 */
static int call_fiq(const char *what, uint32_t fid, uint32_t usr_r12, uint32_t fiq_r12,
		    uint32_t want_r0)
{
	uint64_t x[13], fiq[5];
	unsigned bad = 0, bad_fiq = 0;

	x[0] = fid;
	for (unsigned i = 1; i < 13; i++)
		x[i] = i == 12 ? usr_r12 : 0xa320e100u + i;
	for (unsigned i = 0; i < 5; i++)
		fiq[i] = i == 4 ? fiq_r12 : 0xf1a0e108u + i;
	a32_smc_fiq(x, fiq);
	for (unsigned i = 1; i < 13; i++)
		if ((uint32_t)x[i] != (i == 12 ? usr_r12 : 0xa320e100u + i))
			bad |= 1u << i;
	for (unsigned i = 0; i < 5; i++)
		if ((uint32_t)fiq[i] != (i == 4 ? fiq_r12 : 0xf1a0e108u + i))
			bad_fiq |= 1u << (i + 8);
	return con_tap(&ntap, (uint32_t)x[0] == want_r0 && !bad && !bad_fiq,
		       "a32el1: from FIQ mode, %s: r0 = 0x%x (want 0x%x), User r1-r12 changed: "
		       "mask 0x%x, FIQ r8-r12 changed: mask 0x%x", what, (unsigned)(uint32_t)x[0],
		       want_r0, bad, bad_fiq);
}

/* Polls AFFINITY_INFO(mpidr) from AArch64 for up to a second; true once it is `want`. */
static bool wait_affinity(uint64_t mpidr, int want)
{
	uint64_t end = sysreg_read(cntvct_el0) + STEP_SECONDS * sysreg_read(cntfrq_el0);

	while ((int64_t)secmon_call3(a64, P64(AFFINITY_INFO), mpidr, 0, 0) != want)
		if (sysreg_read(cntvct_el0) > end)
			return false;
	return true;
}

/*
 * Stage 2 for the guest below: the first 4 GiB of intermediate physical
 * addresses onto the same physical ones in 1 GiB blocks (level 1, 4 KiB
 * granule, 32-bit IPA), RAM from 0x40000000 normal write-back memory, the
 * rest device memory; read, write and access flag set, inner shareable.
 */
#define S2_BLOCK	(1ull | (1ull << 10) | (3ull << 8) | (3ull << 6))
#define S2_NORMAL_WB	(0xfull << 2)
#define S2_DEVICE	(0x1ull << 2)
#define VTCR_32BIT_L1	((1ull << 31) | (3ull << 12) | (1ull << 10) | (1ull << 8) | \
			 (1ull << 6) | 32ull)
#define HCR_VM		(1ull << 0)

static uint64_t s2_table[4] __attribute__((aligned(4096)));

static void stage2(bool on)
{
	uint64_t hcr = sysreg_read(hcr_el2);

	if (on) {
		for (unsigned i = 0; i < 4; i++)
			s2_table[i] = ((uint64_t)i << 30) | S2_BLOCK |
				      (i == 1 ? S2_NORMAL_WB : S2_DEVICE);
		__asm__ volatile("dsb ishst" : : : "memory");
		sysreg_write(vtcr_el2, VTCR_32BIT_L1);
		sysreg_write(vttbr_el2, (uintptr_t)s2_table);
		isb();
		__asm__ volatile("tlbi vmalls12e1is\n\tdsb ish" : : : "memory");
	}
	sysreg_write(hcr_el2, on ? hcr | HCR_VM : hcr & ~HCR_VM);
	isb();
}

/* TRACE_INFO from AArch32 EL1, as a guest (stage 2 on) and not. */
static int guest_trace_refused(void)
{
	uint64_t x[13] = { SECMON_SIP_TRACE_INFO };
	int fail;

	stage2(true);
	fail = call("TRACE_INFO from a guest (EL1, stage 2 on) is DENIED", SECMON_SIP_TRACE_INFO,
		    0, 0, (uint32_t)SECMON_PSCI_DENIED);
	stage2(false);
	a32_smc(x);
	fail += con_tap(&ntap, (uint32_t)x[0] == 0,
			"a32el1: TRACE_INFO from EL1 with stage 2 off is answered (r0 = 0x%x)",
			(unsigned)(uint32_t)x[0]);
	return fail;
}

/* The last CPU of the DT: CPU_ON with an entry point it cannot execute. */
static int thumb_entry_refused(void)
{
	uint64_t target = nsk_mpidr[nsk_ncpus - 1];
	uint64_t end;
	uint32_t args[3] = { (uint32_t)target, (uint32_t)(uintptr_t)nsk_secondary_entry | 1,
			     0x3333 };
	int fail;
	int64_t r;

	fail = call("CPU_ON, a Thumb entry point for an AArch64 target", P32(CPU_ON), args, 3,
		    (uint32_t)SECMON_PSCI_INVALID_ADDRESS);
	r = (int64_t)secmon_call3(a64, P64(CPU_ON), target, (uintptr_t)nsk_secondary_entry, 0x3334);
	end = sysreg_read(cntvct_el0) + STEP_SECONDS * sysreg_read(cntfrq_el0);
	while (r == 0 && !__atomic_load_n(&secondary_ran, __ATOMIC_ACQUIRE) &&
	       sysreg_read(cntvct_el0) < end)
		;
	fail += con_tap(&ntap, r == 0 && __atomic_load_n(&secondary_ran, __ATOMIC_ACQUIRE) &&
			       wait_affinity(target, SECMON_PSCI_AFF_OFF),
			"a32el1: then CPU 0x%lx starts from AArch64 (CPU_ON %ld), runs and goes off",
			(unsigned long)target, (long)r);
	return fail;
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
	if (nsk_ncpus < 2) {
		con_printf("Bail out! nsk: a32el1 needs two CPUs or more\n");
		return 1;
	}
	a64 = c;
	con_printf("1..%u\n", 13 + (id12 ? 3 : 0));
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
	fail += thumb_entry_refused();
	fail += guest_trace_refused();
	fail += call_fiq("SMCCC_VERSION", SECMON_SMCCC_VERSION, 0xa320e10cu, 0xf1a0e10cu,
			 (uint32_t)secmon_call3(c, SECMON_SMCCC_VERSION, 0, 0, 0));
	if (id12) {
		/* r0 = 1 (the L2 enable's constant), and no result: r0 comes back as it went. */
		fail += call_fiq("the board's call with its ID in FIQ's r12 is served", 1,
				 0xa320e10cu, (uint32_t)id12, 1);
		fail += call_fiq("an ID in the User bank's r12 is not the caller's", 1,
				 (uint32_t)id12, 0xf1a0e10cu, 0xffffffffu);
	}
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

// SPDX-License-Identifier: BSD-3-Clause
/*
 * nsk.test=pmu: the normal world's cycle counter must not count the
 * monitor (the class of TF-A's advisory TFV-5: it would time the secure
 * world). With
 * PMCCFILTR_EL0 set to count EL3 only (P and U exclude EL1 and EL0, NSH
 * clear excludes EL2, M equal to P includes EL3) and the cycle counter
 * enabled, 2000 PSCI_VERSION calls must count (almost) nothing: before the
 * fix they counted ~1.46 million cycles on cortex-a57. A control loop
 * counting this EL shows the counter runs, and the caller's PMCR_EL0 must
 * come back as it was set.
 *
 * The monitor sets PMCR_EL0.DP while it runs; a call that does not return
 * to its caller (a power-down CPU_SUSPEND, CPU_OFF) must not leave it set
 * for the normal world either. The boot CPU, its cycle
 * counter on, powers down with CPU_SUSPEND (the other CPU off: under
 * -icount a suspended CPU's timer wakes it only while no other CPU runs)
 * and must resume with the PMCR_EL0 it had; the test goes on from the
 * resume. A second CPU enables its counter and calls CPU_OFF; once CPU_ON
 * starts it again, its PMCR_EL0.DP must be clear.
 */
#include <secmon/client.h>
#include "../conformance/conf.h"
#include "boot.h"
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

/* The warm entries' context IDs, and what each start saw. */
#define CTX_RESUMED	0x9e01u		/* the boot CPU, back from its power-down */
#define CTX_FIRST	0x9e02u		/* the second CPU, first start */
#define CTX_AGAIN	0x9e03u		/* the second CPU, after its CPU_OFF */
#define WAIT_SECONDS	5
static const struct conf_env *penv;
static uint64_t pmcr_before, pmcr_again;
static uint32_t stage;
static int failed;

static void set_stage(uint32_t v)
{
	__atomic_store_n(&stage, v, __ATOMIC_RELEASE);
}

static void enable_cycles(void)
{
	sysreg_write(pmcr_el0, (sysreg_read(pmcr_el0) & ~PMCR_DP) | PMCR_E | PMCR_C);
	isb();
}

/*
 * Until the second CPU reached `want` and is off again. The boot CPU waits
 * in standby (its timer armed by the conduit): under -icount a CPU that
 * polls keeps the other from running to its CPU_OFF.
 */
static bool wait_for(uint32_t want)
{
	uint64_t end = nsk_ticks() + WAIT_SECONDS * nsk_tick_freq();

	while (__atomic_load_n(&stage, __ATOMIC_ACQUIRE) < want ||
	       secmon_call3(penv->c, SECMON_PSCI_FN64(SECMON_PSCI_FN_AFFINITY_INFO),
			    penv->mpidr[1], 0, 0) != SECMON_PSCI_AFF_OFF) {
		if (nsk_ticks() > end)
			return false;
		secmon_psci_cpu_suspend(penv->c, penv->standby_state, 0, 0);
	}
	return true;
}

/* The boot CPU, resumed (or not: suspend_ret): the rest of the test, then off. */
static __attribute__((noreturn)) void after_powerdown(int suspend_ret)
{
	uint64_t pmcr = sysreg_read(pmcr_el0), target = penv->mpidr[1];
	int r;

	failed += con_tap(&ntap, suspend_ret == 0 && pmcr == pmcr_before,
			  "pmu: a power-down CPU_SUSPEND resumes with the caller's PMCR_EL0 (0x%lx, "
			  "was 0x%lx; DP is bit 5)", pmcr, pmcr_before);
	r = secmon_psci_cpu_on(penv->c, target, (uintptr_t)nsk_secondary_entry, CTX_FIRST);
	if (r == 0 && wait_for(1))
		r = secmon_psci_cpu_on(penv->c, target, (uintptr_t)nsk_secondary_entry, CTX_AGAIN);
	failed += con_tap(&ntap, r == 0 && wait_for(2) && !(pmcr_again & PMCR_DP),
			  "pmu: after CPU_OFF, CPU_ON enters with PMCR_EL0.DP clear (0x%lx)",
			  pmcr_again);
	con_printf("1..%u\n", ntap);
	con_printf("# pmu: %d failed\n", failed);
	nsk_power_off(penv->c);
}

/* nsk_secondary_main(): the boot CPU's resume, or a start of the second CPU. */
void pmu_secondary(uint64_t context_id)
{
	switch (context_id) {
	case CTX_RESUMED:
		after_powerdown(0);
	case CTX_FIRST:
		enable_cycles();
		set_stage(1);
		break;
	case CTX_AGAIN:
		pmcr_again = sysreg_read(pmcr_el0);
		set_stage(2);
		break;
	}
	secmon_psci_cpu_off(penv->c);
}

int pmu_run(const struct conf_env *env)
{
	const struct secmon_conduit *c = env->c;
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
	penv = env;
	failed = fail;
	if (nsk_ncpus < 2 || !env->has_powerdown || !env->has_standby) {
		con_printf("Bail out! pmu: the warm entries need a second CPU, a standby and a "
			   "power-down state\n");
		return 1;
	}
	enable_cycles();
	pmcr_before = sysreg_read(pmcr_el0);
	after_powerdown(secmon_psci_cpu_suspend(c, env->powerdown_state,
						(uintptr_t)nsk_secondary_entry, CTX_RESUMED));
}

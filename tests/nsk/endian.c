// SPDX-License-Identifier: BSD-3-Clause
/*
 * nsk.test=endian: a CPU that CPU_ON starts, or that
 * resumes from a power-down CPU_SUSPEND, enters the normal world with the
 * caller's endianness (PSCI; TF-A keeps the caller's SCTLR_ELx.EE). The
 * caller is big-endian for its SMC only (endian.S): CPU_ON of the second
 * CPU and a power-down of the boot CPU must enter nsk_big_endian_entry with
 * the entered EL's SCTLR_ELx.EE set, and a little-endian caller's CPU_ON
 * with it clear. Run at EL2, or at EL1 without an EL2 (with one, the entry
 * is at EL2 and takes EL2's endianness, which an EL1 caller does not set).
 */
#include <secmon/client.h>
#include "../conformance/conf.h"
#include "boot.h"
#include "nsk.h"

#define SCTLR_EE	(1ull << 25)
#define CTX_LE		0xe001u		/* the second CPU, from a little-endian caller */
#define CTX_BE		0xe002u		/* the second CPU, from a big-endian caller */
#define CTX_RESUMED	0xe003u		/* the boot CPU, back from its power-down */
#define WAIT_SECONDS	5

uint64_t nsk_smc_big_endian(uint64_t x0, uint64_t x1, uint64_t x2, uint64_t x3);
extern char nsk_big_endian_entry[];
extern uint64_t nsk_entry_sctlr;

static const struct conf_env *eenv;
static uint64_t seen[3];
static uint32_t starts;
static unsigned ntap;
static int failed;

/* Until the second CPU made its `want`-th start and is off again (waiting in standby). */
static bool wait_for(uint32_t want)
{
	uint64_t end = nsk_ticks() + WAIT_SECONDS * nsk_tick_freq();

	while (__atomic_load_n(&starts, __ATOMIC_ACQUIRE) < want ||
	       secmon_call3(eenv->c, SECMON_PSCI_FN64(SECMON_PSCI_FN_AFFINITY_INFO),
			    eenv->mpidr[1], 0, 0) != SECMON_PSCI_AFF_OFF) {
		if (nsk_ticks() > end)
			return false;
		secmon_psci_cpu_suspend(eenv->c, eenv->standby_state, 0, 0);
	}
	return true;
}

static __attribute__((noreturn)) void resumed(int64_t r)
{
	failed += con_tap(&ntap, r == 0 && (seen[2] & SCTLR_EE),
			  "endian: a power-down CPU_SUSPEND from a big-endian caller resumes with "
			  "SCTLR_EL%u.EE set (SCTLR 0x%lx)", current_el(), seen[2]);
	con_printf("1..%u\n", ntap);
	con_printf("# endian: %d failed\n", failed);
	nsk_power_off(eenv->c);
}

/* nsk_secondary_main(): a start of the second CPU, or the boot CPU's resume. */
void endian_secondary(uint64_t context_id)
{
	uint64_t sctlr = __atomic_load_n(&nsk_entry_sctlr, __ATOMIC_RELAXED);

	switch (context_id) {
	case CTX_LE:
	case CTX_BE:
		seen[context_id - CTX_LE] = sctlr;
		__atomic_fetch_add(&starts, 1, __ATOMIC_RELEASE);
		break;
	case CTX_RESUMED:
		seen[2] = sctlr;
		resumed(0);
	}
	secmon_psci_cpu_off(eenv->c);
}

int endian_run(const struct conf_env *env)
{
	uint64_t target = env->mpidr[1], pc = (uintptr_t)nsk_big_endian_entry;
	int64_t r;

	eenv = env;
	if (nsk_ncpus < 2 || !env->has_powerdown || !env->has_standby) {
		con_printf("Bail out! endian: needs a second CPU, a standby and a power-down state\n");
		return 1;
	}
	r = secmon_psci_cpu_on(env->c, target, pc, CTX_LE);
	failed += con_tap(&ntap, r == 0 && wait_for(1) && !(seen[0] & SCTLR_EE),
			  "endian: CPU_ON from a little-endian caller enters with SCTLR.EE clear "
			  "(0x%lx)", seen[0]);
	r = (int64_t)nsk_smc_big_endian(SECMON_PSCI_FN64(SECMON_PSCI_FN_CPU_ON), target, pc, CTX_BE);
	failed += con_tap(&ntap, r == 0 && wait_for(2) && (seen[1] & SCTLR_EE),
			  "endian: CPU_ON from a big-endian caller enters with SCTLR.EE set (0x%lx)",
			  seen[1]);
	wake_arm();
	r = (int64_t)nsk_smc_big_endian(SECMON_PSCI_FN64(SECMON_PSCI_FN_CPU_SUSPEND),
					env->powerdown_state, pc, CTX_RESUMED);
	wake_disarm();
	resumed(r ? r : -1);
}

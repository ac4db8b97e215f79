// SPDX-License-Identifier: BSD-3-Clause
/*
 * nsk.test=endian on AArch32, the twin of ../endian.c: a
 * CPU that CPU_ON starts, or that resumes from a power-down CPU_SUSPEND,
 * enters with the caller's endianness, which PSCI firmware takes (as TF-A's
 * AArch32 one does) from the EE bit of the system control register of the
 * mode it enters: HSCTLR when there is Hyp mode, else SCTLR. The caller sets
 * that EE around its SMC (besmc.S); the entry must then run with CPSR.E set
 * and the entered mode's EE set, and a little-endian caller's with both clear.
 */
#include <secmon/client.h>
#include "boot.h"
#include "conf.h"
#include "nsk.h"
#include "a32.h"

#define PSR_E		(1u << 9)
#define SCTLR_EE	(1u << 25)
#define CTX_LE		0xe001u
#define CTX_BE		0xe002u
#define CTX_RESUMED	0xe003u

uint32_t nsk_smc_big_endian(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t r3);
extern char nsk_big_endian_entry[];
extern uint32_t nsk_entry_psr[2];

static const struct conf_env *eenv;
static uint32_t seen[3][2];
static uint32_t starts;
static unsigned ntap;
static int failed;

static bool big(const uint32_t s[2])
{
	return (s[0] & PSR_E) && (s[1] & SCTLR_EE);
}

static bool wait_for(uint32_t want)
{
	uint64_t end = nsk_ticks() + 5 * nsk_tick_freq();

	while (__atomic_load_n(&starts, __ATOMIC_ACQUIRE) < want ||
	       (int32_t)secmon_call3(eenv->c, SECMON_PSCI_FN32(SECMON_PSCI_FN_AFFINITY_INFO),
				     eenv->mpidr[1], 0, 0) != SECMON_PSCI_AFF_OFF) {
		if (nsk_ticks() > end)
			return false;
		secmon_psci_cpu_suspend(eenv->c, eenv->standby_state, 0, 0);
	}
	return true;
}

static __attribute__((noreturn)) void resumed(int32_t r)
{
	failed += con_tap(&ntap, r == 0 && big(seen[2]),
			  "endian: a power-down CPU_SUSPEND from a big-endian caller resumes with "
			  "CPSR.E and %s.EE set (CPSR 0x%x, 0x%x)", a32_in_hyp() ? "HSCTLR" : "SCTLR",
			  (unsigned)seen[2][0], (unsigned)seen[2][1]);
	con_printf("1..%u\n", ntap);
	con_printf("# endian: %d failed\n", failed);
	nsk_power_off(eenv->c);
}

void endian_secondary(uint64_t context_id)
{
	uint32_t s[2] = { nsk_entry_psr[0], nsk_entry_psr[1] };

	switch (context_id) {
	case CTX_LE:
	case CTX_BE:
		seen[context_id - CTX_LE][0] = s[0];
		seen[context_id - CTX_LE][1] = s[1];
		__atomic_fetch_add(&starts, 1, __ATOMIC_RELEASE);
		break;
	case CTX_RESUMED:
		seen[2][0] = s[0];
		seen[2][1] = s[1];
		resumed(0);
	}
	secmon_psci_cpu_off(eenv->c);
}

int endian_run(const struct conf_env *env)
{
	uint32_t target = (uint32_t)env->mpidr[1], pc = (uintptr_t)nsk_big_endian_entry;
	int32_t r;

	eenv = env;
	if (nsk_ncpus < 2 || !env->has_powerdown || !env->has_standby) {
		con_printf("Bail out! endian: needs a second CPU, a standby and a power-down state\n");
		return 1;
	}
	r = secmon_psci_cpu_on(env->c, target, pc, CTX_LE);
	failed += con_tap(&ntap, r == 0 && wait_for(1) && !(seen[0][0] & PSR_E) &&
				 !(seen[0][1] & SCTLR_EE),
			  "endian: CPU_ON from a little-endian caller enters with CPSR.E and EE clear "
			  "(CPSR 0x%x, 0x%x)", (unsigned)seen[0][0], (unsigned)seen[0][1]);
	r = (int32_t)nsk_smc_big_endian(SECMON_PSCI_FN32(SECMON_PSCI_FN_CPU_ON), target, pc, CTX_BE);
	failed += con_tap(&ntap, r == 0 && wait_for(2) && big(seen[1]),
			  "endian: CPU_ON from a big-endian caller enters with CPSR.E and EE set "
			  "(CPSR 0x%x, 0x%x)", (unsigned)seen[1][0], (unsigned)seen[1][1]);
	wake_arm();
	r = (int32_t)nsk_smc_big_endian(SECMON_PSCI_FN32(SECMON_PSCI_FN_CPU_SUSPEND),
					env->powerdown_state, pc, CTX_RESUMED);
	wake_disarm();
	resumed(r ? r : -1);
}

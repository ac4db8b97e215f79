// SPDX-License-Identifier: BSD-3-Clause
/*
 * nsk.test=syssuspend (both nsks): SYSTEM_SUSPEND over and over, nsk.cycles=N
 * times (1000), the calling CPU rotating over all CPUs. Cycle i runs on CPU
 * i % ncpus with every other CPU off: it waits for AFFINITY_INFO to say the
 * previous caller is OFF, arms its own wake-up timer and calls SYSTEM_SUSPEND
 * with the nsk's entry point and a context ID naming the cycle. It comes back
 * there (nsk_secondary_entry -> sysstress_secondary), checks the context and
 * that its timer fired, then starts the next CPU with CPU_ON and calls
 * CPU_OFF. The CPU that completes the last cycle prints the results and
 * powers off. A wake-up the firmware loses leaves the machine asleep for ever:
 * the runner's time-out is the watchdog, and the progress lines below are the
 * last words in the log.
 */
#include <secmon/client.h>
#include "boot.h"
#include "conf.h"
#include "nsk.h"

#define CTX_RESUME	0x80000000u	/* else: start cycle CTX_CYCLE(ctx) */
#define CTX_CYCLE(ctx)	((uint32_t)(ctx) & 0x7fffffffu)
#define WAIT_LOOPS	50000000u
#define PROGRESS_EVERY	100

static const struct conf_env *env;
static uint32_t cycles;
static uint32_t current;	/* the cycle whose SYSTEM_SUSPEND was called last */
static uint32_t fired_before;	/* wake_fired() before that suspend */
/* Counted by whichever CPU runs the cycle; handed on by CPU_ON (ordered). */
static uint32_t done, returned, early, wrong_cpu, wrong_ctx, not_off;
static int first_error;

static unsigned self(void)
{
	return env->self();
}

static bool others_off(unsigned me)
{
	for (unsigned t = 0; t < env->ncpus; t++) {
		bool off = false;

		if (t == me)
			continue;
		for (uint32_t n = 0; n < WAIT_LOOPS && !off; n++) {
			int st = -1;

			off = secmon_psci_affinity_info(env->c, env->mpidr[t], 0, &st) == SECMON_OK &&
			      st == SECMON_PSCI_AFF_OFF;
		}
		if (!off)
			return false;
	}
	return true;
}

__attribute__((noreturn)) static void finish(void)
{
	unsigned n = 0;
	int failed = 0;

	failed += con_tap(&n, done == cycles, "%s: %u of %u SYSTEM_SUSPEND cycles resumed",
			  env->name, (unsigned)done, (unsigned)cycles);
	failed += con_tap(&n, returned == 0,
			  "%s: no SYSTEM_SUSPEND with the others off returned (%u did, first %d)",
			  env->name, (unsigned)returned, first_error);
	failed += con_tap(&n, early == 0, "%s: every resume came after its own timer fired "
			  "(%u did not)", env->name, (unsigned)early);
	failed += con_tap(&n, wrong_cpu == 0 && wrong_ctx == 0,
			  "%s: each resume was on the rotating caller with its context ID "
			  "(%u on another CPU, %u with another context)",
			  env->name, (unsigned)wrong_cpu, (unsigned)wrong_ctx);
	failed += con_tap(&n, not_off == 0, "%s: the previous caller was OFF before each cycle "
			  "(%u times not)", env->name, (unsigned)not_off);
	con_printf("1..%u\n", n);
	con_printf("# nsk: syssuspend: %d failed, %u cycles on %u CPUs\n", failed,
		   (unsigned)done, env->ncpus);
	nsk_power_off(env->c);
}

/* Cycle i on the calling CPU; returns only when SYSTEM_SUSPEND did. */
static void cycle(uint32_t i)
{
	unsigned me = self();
	int ret;

	if (i % PROGRESS_EVERY == 0)
		con_printf("# nsk: syssuspend: cycle %u on CPU %u\n", (unsigned)i, me);
	if (!others_off(me))
		not_off++;
	current = i;
	fired_before = wake_fired();
	if (env->arm_wakeup)
		env->arm_wakeup();
	ret = secmon_psci_system_suspend(env->c, env->secondary_pc, CTX_RESUME | i);
	wake_disarm();
	if (!returned++)
		first_error = ret;
	con_printf("# nsk: syssuspend: cycle %u: SYSTEM_SUSPEND returned %d\n", (unsigned)i, ret);
}

/* After cycle i: start the next cycle's CPU and power off, or end. */
__attribute__((noreturn)) static void next(uint32_t i)
{
	unsigned me = self(), to;

	if (i + 1 >= cycles)
		finish();
	to = (i + 1) % env->ncpus;
	if (to == me) {
		cycle(i + 1);
		next(i + 1);
	}
	if (secmon_psci_cpu_on(env->c, env->mpidr[to], env->secondary_pc, i + 1) != SECMON_OK) {
		con_printf("# nsk: syssuspend: CPU_ON of CPU %u for cycle %u failed\n", to,
			   (unsigned)i + 1);
		finish();
	}
	secmon_psci_cpu_off(env->c);
	con_printf("# nsk: FAIL CPU_OFF returned on CPU %u\n", me);
	nsk_halt();
}

__attribute__((noreturn)) void sysstress_secondary(uint64_t ctx)
{
	uint32_t i = CTX_CYCLE(ctx);

	if (!(ctx & CTX_RESUME)) {
		cycle(i);
		next(i);
	}
	if (wake_fired() == fired_before)
		early++;
	if (self() != i % env->ncpus)
		wrong_cpu++;
	if (i != current)
		wrong_ctx++;
	done++;
	next(i);
}

__attribute__((noreturn)) void sysstress_run(const struct conf_env *e, unsigned n)
{
	env = e;
	cycles = n ? n : 1000;
	con_printf("# nsk: syssuspend: %u SYSTEM_SUSPEND cycles on %u CPUs\n",
		   (unsigned)cycles, env->ncpus);
	cycle(0);
	next(0);
}

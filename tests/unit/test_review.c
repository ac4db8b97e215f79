// SPDX-License-Identifier: BSD-3-Clause
/*
 * A hostile review of the monitor's run-time changes, through the host
 * simulator: each test is a defect found in review, failing before its fix.
 *
 * As in test_psci_states.c, each scenario runs on simulated CPU threads and
 * notes what it saw; the test asserts on the main thread after sim_run
 * returns.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include <secmon/psci.h>
#include <secmon/smccc.h>

#include "../../monitor/plat/host/sim.h"

#define NS_BASE 0x80000000ull
#define BOOT_PC NS_BASE
#define PC_A (NS_BASE + 0x1000)
#define PC_B (NS_BASE + 0x2000)
#define PC_C (NS_BASE + 0x3000)
#define LONG_TICK 2000000u	/* only sim_wake() wakes a suspended CPU for 2 s */
#define WAIT_MS 5000

#define P32(fn) SECMON_PSCI_FN32(SECMON_PSCI_FN_##fn)
#define P64(fn) SECMON_PSCI_FN64(SECMON_PSCI_FN_##fn)
#define R64(v) ((uint64_t)(int64_t)(v))

#define PS_CORE_PD 0x00010000u
#define PS_CLUSTER_PD 0x01010000u
#define PS_SYSTEM_PD 0x02010000u

static atomic_uint nnotes;
static char notes[16][200];

static void note(int line, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void note(int line, const char *fmt, ...)
{
	unsigned i = atomic_fetch_add(&nnotes, 1);
	va_list ap;
	int n;

	if (i >= sizeof(notes) / sizeof(notes[0]))
		return;
	n = snprintf(notes[i], sizeof(notes[0]), "line %d, CPU %d: ", line, sim_self());
	va_start(ap, fmt);
	vsnprintf(notes[i] + n, sizeof(notes[0]) - (size_t)n, fmt, ap);
	va_end(ap);
}

static bool expect_eq(int line, const char *what, uint64_t got, uint64_t want)
{
	if (got == want)
		return true;
	note(line, "%s = %#llx, want %#llx", what, (unsigned long long)got,
	     (unsigned long long)want);
	return false;
}

#define EXPECT_EQ(got, want) expect_eq(__LINE__, #got, (uint64_t)(got), (uint64_t)(want))

static uint64_t smc(uint32_t fid, uint64_t a1, uint64_t a2, uint64_t a3)
{
	struct secmon_regs in = { .x = { fid, a1, a2, a3 } }, out;

	secmon_invoke(&secmon_conduit_sim, &in, &out);
	return out.x[0];
}

static uint64_t m(unsigned cpu)
{
	return sim_mpidr(cpu);
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* Polls NODE_HW_STATE(cpu, level 0) until it answers `want`. */
static bool wait_hw_at(int line, unsigned cpu, uint64_t want)
{
	uint64_t end = now_ms() + WAIT_MS;

	while (smc(P32(NODE_HW_STATE), m(cpu), 0, 0) != want) {
		if (now_ms() > end) {
			note(line, "CPU %u never reached NODE_HW_STATE %llu", cpu,
			     (unsigned long long)want);
			return false;
		}
		sched_yield();
	}
	return true;
}

#define WAIT_HW(cpu, want) wait_hw_at(__LINE__, cpu, want)

static bool wait_aff_at(int line, unsigned cpu, uint64_t want)
{
	uint64_t end = now_ms() + WAIT_MS;

	while (smc(P32(AFFINITY_INFO), m(cpu), 0, 0) != want) {
		if (now_ms() > end) {
			note(line, "CPU %u never reached AFFINITY_INFO %llu", cpu,
			     (unsigned long long)want);
			return false;
		}
		sched_yield();
	}
	return true;
}

#define WAIT_AFF(cpu, want) wait_aff_at(__LINE__, cpu, want)

typedef void (*scenario_fn)(unsigned cpu, uint64_t pc, uint64_t ctx);
static scenario_fn scenario;

static void entry(unsigned cpu, uint64_t pc, uint64_t ctx, void *arg)
{
	(void)arg;
	scenario(cpu, pc, ctx);
}

static void quiet(char c, void *arg)
{
	(void)c, (void)arg;
}

/* Runs fn; the sim_run answer must be `end`, and nothing noted. */
static void run(scenario_fn fn, struct sim_config cfg, int end)
{
	unsigned i;

	cfg.entry = entry;
	cfg.console = quiet;
	scenario = fn;
	atomic_store(&nnotes, 0);
	assert_int_equal(sim_run(&cfg, BOOT_PC, 0), end);
	for (i = 0; i < atomic_load(&nnotes) && i < sizeof(notes) / sizeof(notes[0]); i++)
		print_error("# %s\n", notes[i]);
	assert_int_equal(atomic_load(&nnotes), 0);
}

/*
 * OS-initiated mode, two clusters (CPUs 0-3 and CPU 4). CPU 4, the last
 * core of its cluster, powers down at core level only, so its cluster stays
 * up. CPU 0, the last running core, then asks for the system state: a child
 * node of the system (cluster 1) is in a state the system cannot go below,
 * so DEN0022 (CPU_SUSPEND, OS-initiated mode) wants INVALID_PARAMETERS. The
 * monitor entered the system state instead (CPU 0 resumed at PC_A on the
 * 2 s tick, STAT_COUNT of the system state 1).
 */
static void sc_osi_system_with_cluster_up(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)ctx;
	if (cpu == 4) {
		if (pc == PC_C)
			smc(P64(CPU_SUSPEND), PS_CORE_PD, PC_B, 0);
		return;	/* woken at PC_B (or the suspend failed): CPU_OFF */
	}
	if (pc == PC_A) {
		note(__LINE__, "CPU_SUSPEND to the system state was entered with cluster 1 up");
		return;
	}
	EXPECT_EQ(smc(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_OSI, 0, 0), 0);
	EXPECT_EQ(smc(P64(CPU_ON), m(4), PC_C, 0), 0);
	WAIT_HW(4, SECMON_PSCI_HW_OFF);
	EXPECT_EQ(smc(P64(CPU_SUSPEND), PS_SYSTEM_PD, PC_A, 0),
		  R64(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(smc(P64(STAT_COUNT), m(0), PS_SYSTEM_PD, 0), 0);
	sim_wake(4);
	WAIT_AFF(4, SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(smc(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_PC, 0, 0), 0);
}

static void osi_system_state_refused_while_another_cluster_is_up(void **state)
{
	(void)state;
	run(sc_osi_system_with_cluster_up,
	    (struct sim_config){ .ncpus = 5, .cluster_size = 4, .tick_us = LONG_TICK },
	    SIM_END_ALL_OFF);
}

/*
 * The same with cluster 1 taken down by its last core (CLUSTER_PD): every
 * child of the system is down, so the system state is entered; the 2 s tick
 * wakes both CPUs.
 */
static void sc_osi_system_with_cluster_down(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)ctx;
	if (cpu == 4) {
		if (pc == PC_C)
			smc(P64(CPU_SUSPEND), PS_CLUSTER_PD, PC_B, 0);
		return;
	}
	if (pc == PC_A) {
		EXPECT_EQ(smc(P64(STAT_COUNT), m(0), PS_SYSTEM_PD, 0), 1);
		WAIT_AFF(4, SECMON_PSCI_AFF_OFF);
		EXPECT_EQ(smc(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_PC, 0, 0), 0);
		return;
	}
	EXPECT_EQ(smc(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_OSI, 0, 0), 0);
	EXPECT_EQ(smc(P64(CPU_ON), m(4), PC_C, 0), 0);
	WAIT_HW(4, SECMON_PSCI_HW_OFF);
	smc(P64(CPU_SUSPEND), PS_SYSTEM_PD, PC_A, 0);
	note(__LINE__, "CPU_SUSPEND to the system state returned");
}

static void osi_system_state_entered_once_every_cluster_is_down(void **state)
{
	(void)state;
	run(sc_osi_system_with_cluster_down,
	    (struct sim_config){ .ncpus = 5, .cluster_size = 4, .tick_us = LONG_TICK },
	    SIM_END_ALL_OFF);
}

/*
 * OS-initiated mode, cluster 1 = CPUs 4 and 5. CPU 5 powers down at core
 * level, then CPU 4, the last, takes cluster 1 down. CPU 5 then wakes: its
 * cluster is up again, CPU 4 stays powered down at core level only. CPU 5
 * powers down at core level again, leaving cluster 1 up, and CPU 0, the last
 * running core, asks for the system state: INVALID_PARAMETERS, as when
 * cluster 1 was never taken down. The monitor kept CPU 4 at cluster level
 * after CPU 5's wake-up and entered the system state.
 */
static atomic_int step5;

static void sc_osi_system_after_cluster_woke(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)ctx;
	if (cpu == 4) {
		if (pc == PC_C)
			smc(P64(CPU_SUSPEND), PS_CLUSTER_PD, PC_B, 0);
		return;
	}
	if (cpu == 5) {
		if (pc == PC_C) {
			smc(P64(CPU_SUSPEND), PS_CORE_PD, PC_B, 0);
		} else if (pc == PC_B) {
			atomic_store(&step5, 1);
			smc(P64(CPU_SUSPEND), PS_CORE_PD, PC_A, 0);
		}
		return;
	}
	if (pc == PC_A) {
		note(__LINE__, "CPU_SUSPEND to the system state was entered with cluster 1 up");
		return;
	}
	atomic_store(&step5, 0);
	EXPECT_EQ(smc(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_OSI, 0, 0), 0);
	EXPECT_EQ(smc(P64(CPU_ON), m(5), PC_C, 0), 0);
	WAIT_HW(5, SECMON_PSCI_HW_OFF);
	EXPECT_EQ(smc(P64(CPU_ON), m(4), PC_C, 0), 0);
	WAIT_HW(4, SECMON_PSCI_HW_OFF);
	sim_wake(5);
	while (!atomic_load(&step5))
		sched_yield();
	WAIT_HW(5, SECMON_PSCI_HW_OFF);
	EXPECT_EQ(smc(P64(CPU_SUSPEND), PS_SYSTEM_PD, PC_A, 0),
		  R64(SECMON_PSCI_INVALID_PARAMETERS));
	sim_wake(4);
	sim_wake(5);
	WAIT_AFF(4, SECMON_PSCI_AFF_OFF);
	WAIT_AFF(5, SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(smc(P32(SET_SUSPEND_MODE), SECMON_PSCI_MODE_PC, 0, 0), 0);
}

static void osi_a_wake_up_brings_its_cluster_back_up(void **state)
{
	(void)state;
	run(sc_osi_system_after_cluster_woke,
	    (struct sim_config){ .ncpus = 6, .cluster_size = 4, .tick_us = LONG_TICK },
	    SIM_END_ALL_OFF);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(osi_system_state_refused_while_another_cluster_is_up),
		cmocka_unit_test(osi_system_state_entered_once_every_cluster_is_down),
		cmocka_unit_test(osi_a_wake_up_brings_its_cluster_back_up),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

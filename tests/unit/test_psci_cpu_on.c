// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI CPU_ON: entry and context, refused entry points and MPIDRs, pending
 * starts and racing callers.
 *
 * Through the host simulator, with the harness of simtest.h: each scenario
 * runs on simulated CPU threads and notes what it saw; the test asserts
 * after sim_run returns. Every call goes through smc_regs(), which checks
 * the registers outside its results.
 */
#define _GNU_SOURCE	/* pthread_setaffinity_np */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "simtest.h"

static void sc_cpu_on(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)pc;
	if (cpu != 0) {
		park(cpu);
		return;
	}
	EXPECT_EQ(ctx, BOOT_CTX);
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 0x1122334455667788ull), 0);
	WAIT_FLAG(&S.starts[1], 1);
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_ON);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_B, 9), R64(SECMON_PSCI_ALREADY_ON));
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), PC_B, 9), R32(SECMON_PSCI_ALREADY_ON));
	EXPECT_EQ(SMC3(P64(CPU_ON), m(0), PC_B, 9), R64(SECMON_PSCI_ALREADY_ON));
	/* The SMC32 form: a 32-bit context ID, zero-extended. */
	EXPECT_EQ(SMC3(P32(CPU_ON), m(2), PC_B, 0x89abcdef), 0);
	WAIT_FLAG(&S.starts[2], 1);
	/* A CPU in another cluster. */
	EXPECT_EQ(SMC3(P64(CPU_ON), m(5), PC_C, 5), 0);
	WAIT_FLAG(&S.starts[5], 1);
	unpark(1);
	unpark(2);
	unpark(5);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
	WAIT_AFF(2, SECMON_PSCI_AFF_OFF);
	WAIT_AFF(5, SECMON_PSCI_AFF_OFF);
	/* Off again, it can be started again, with new values. */
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_D, 0xd), 0);
	WAIT_FLAG(&S.starts[1], 2);
	unpark(1);
}

static void cpu_on_starts_cpu_with_entry_and_context(void **state)
{
	(void)state;
	run_clean(sc_cpu_on, 8, 0);
	assert_int_equal(atomic_load(&S.starts[1]), 2);
	assert_int_equal(atomic_load(&S.starts[2]), 1);
	assert_int_equal(atomic_load(&S.starts[3]), 0);
	assert_int_equal(atomic_load(&S.starts[5]), 1);
	assert_start(0, 0, BOOT_PC, BOOT_CTX);
	assert_start(1, 1, PC_A, 0x1122334455667788ull);
	assert_start(2, 2, PC_B, 0x89abcdef);
	assert_start(3, 5, PC_C, 5);
	assert_start(4, 1, PC_D, 0xd);
}

static void sc_invalid_address(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	static const uint64_t bad64[] = {
		NS_BASE - 4, NS_BASE + NS_SIZE, NS_BASE + NS_SIZE + 0x1000, 0, SECURE_PC,
		0x09000000,			/* a device */
		PC_A + 2, PC_A + 1, NS_BASE + NS_SIZE - 2,	/* misaligned for A64 */
		0xfffffffffffffffcull,		/* wraps around with its 4 bytes */
		UNK64, NS_BASE + 0x100000000ull, HI | PC_A,
	};
	static const uint64_t bad32[] = { 0xfffffffc, NS_BASE - 4, NS_BASE + NS_SIZE, PC_A + 2 };
	unsigned i;

	(void)pc, (void)ctx;
	if (cpu != 0) {
		park(cpu);
		return;
	}
	for (i = 0; i < sizeof(bad64) / sizeof(bad64[0]); i++) {
		EXPECT_EQ(SMC3(P64(CPU_ON), m(1), bad64[i], 1), R64(SECMON_PSCI_INVALID_ADDRESS));
		/* Not left pending: the core would be lost. */
		EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_OFF);
	}
	for (i = 0; i < sizeof(bad32) / sizeof(bad32[0]); i++) {
		EXPECT_EQ(SMC3(P32(CPU_ON), m(1), bad32[i], 1), R32(SECMON_PSCI_INVALID_ADDRESS));
		EXPECT_EQ(SMC2(P32(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_OFF);
	}
	/* The first and last words of normal-world memory are fine. */
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), NS_BASE + NS_SIZE - 4, 0x77), 0);
	WAIT_FLAG(&S.starts[1], 1);
	unpark(1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), NS_BASE, 0x78), 0);
	WAIT_FLAG(&S.starts[1], 2);
	unpark(1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

/* With normal-world memory at 1 GiB, 8 KiB long. */
static void sc_invalid_address_small(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)pc, (void)ctx;
	if (cpu != 0)
		return;
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 1), R64(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), 0x40002000, 1), R64(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), 0x3ffffffc, 1), R64(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), 0x40001ffc, 2), 0);
	WAIT_FLAG(&S.starts[1], 1);
}

static void cpu_on_refuses_entry_outside_ns_memory(void **state)
{
	struct sim_config cfg = { .ncpus = 2, .ns_base = 0x40000000, .ns_size = 0x2000 };

	(void)state;
	run_clean(sc_invalid_address, 2, 0);
	assert_int_equal(atomic_load(&S.starts[1]), 2);
	assert_start(1, 1, NS_BASE + NS_SIZE - 4, 0x77);
	assert_start(2, 1, NS_BASE, 0x78);
	assert_int_equal(run_sim(sc_invalid_address_small, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	assert_int_equal(atomic_load(&S.starts[1]), 1);
	assert_start(1, 1, 0x40001ffc, 2);
}

static void sc_invalid_mpidr(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	static const uint64_t bad[] = {
		0x100,			/* cluster 1: not there with 4 CPUs */
		0x4,			/* core 4 of cluster 0: clusters have 4 */
		0xff, 0x10001,		/* Aff2 */
		0x100000001ull,		/* Aff3 */
		0x1 | 1u << 24,		/* MT */
		0x1 | 1u << 30,		/* U */
		0x1 | 1u << 31,		/* RES1 in MPIDR_EL1, not an affinity field */
		0x1 | 1ull << 40, 0x1 | 1ull << 63,
	};
	unsigned i;

	(void)pc, (void)ctx;
	if (cpu != 0)
		return;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		EXPECT_EQ(SMC3(P64(CPU_ON), bad[i], PC_A, 0), R64(SECMON_PSCI_INVALID_PARAMETERS));
		EXPECT_EQ(SMC2(P64(AFFINITY_INFO), bad[i], 0), R64(SECMON_PSCI_INVALID_PARAMETERS));
		EXPECT_EQ(SMC2(P64(NODE_HW_STATE), bad[i], 0), R64(SECMON_PSCI_INVALID_PARAMETERS));
	}
	EXPECT_EQ(SMC3(P32(CPU_ON), 0x1 | 1u << 24, PC_A, 0), R32(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC3(P32(CPU_ON), 0x100, PC_A, 0), R32(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC2(P32(AFFINITY_INFO), 0x100, 0), R32(SECMON_PSCI_INVALID_PARAMETERS));
	for (i = 1; i < 4; i++)
		EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(i), 0), SECMON_PSCI_AFF_OFF);
}

static void cpu_on_refuses_unknown_mpidr(void **state)
{
	unsigned i;

	(void)state;
	run_clean(sc_invalid_mpidr, 4, 0);
	for (i = 1; i < 4; i++)
		assert_int_equal(atomic_load(&S.starts[i]), 0);
}

#define CTX_A 0xa000000000000000ull
#define CTX_B 0xbbbbbbbbbbbbbbbbull
#define PEND_MIN 5
#define PEND_MAX 2000

/*
 * Puts the calling thread on host core n (modulo the cores it may use), when
 * there are two or more: threads pinned apart run side by side, so one's
 * wake-up cannot simply preempt the other.
 */
static void pin_to_host_core(unsigned n)
{
	cpu_set_t allowed, one;
	unsigned i, seen = 0;
	int count;

	if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0)
		return;
	count = CPU_COUNT(&allowed);
	if (count < 2)
		return;
	n %= (unsigned)count;
	for (i = 0; i < CPU_SETSIZE; i++) {
		if (!CPU_ISSET(i, &allowed) || seen++ != n)
			continue;
		CPU_ZERO(&one);
		CPU_SET(i, &one);
		pthread_setaffinity_np(pthread_self(), sizeof(one), &one);
		return;
	}
}

static void sc_on_pending(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	int round, pending = 0;

	(void)pc, (void)ctx;
	if (cpu != 0) {
		if (atomic_load(&S.starts[cpu]) == 1)
			pin_to_host_core(1);
		park(cpu);
		return;
	}
	pin_to_host_core(0);
	for (round = 0; round < PEND_MAX; round++) {
		uint64_t second, aff, bad;

		EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, CTX_A + (uint64_t)round), 0);
		/* Refused, whether the target is still pending or already on. */
		second = SMC3(P64(CPU_ON), m(1), PC_B, CTX_B);
		aff = SMC2(P64(AFFINITY_INFO), m(1), 0);
		bad = SMC3(P64(CPU_ON), m(1), SECURE_PC, CTX_B);
		if (second == R64(SECMON_PSCI_ON_PENDING) || aff == SECMON_PSCI_AFF_ON_PENDING)
			pending++;
		EXPECT(second == R64(SECMON_PSCI_ON_PENDING) ||
		       second == R64(SECMON_PSCI_ALREADY_ON));
		EXPECT(aff == SECMON_PSCI_AFF_ON_PENDING || aff == SECMON_PSCI_AFF_ON);
		/* A target found already on cannot be pending afterwards. */
		EXPECT(!(aff == SECMON_PSCI_AFF_ON_PENDING && second == R64(SECMON_PSCI_ALREADY_ON)));
		EXPECT_EQ(bad, R64(SECMON_PSCI_INVALID_ADDRESS));
		WAIT_FLAG(&S.starts[1], round + 1);
		/* The CPU starts with the first caller's entry and context. */
		EXPECT_EQ(S.pc[1], PC_A);
		EXPECT_EQ(S.ctx[1], CTX_A + (uint64_t)round);
		unpark(1);
		if (!WAIT_AFF(1, SECMON_PSCI_AFF_OFF) || notes_so_far())
			break;
		if (pending && round + 1 >= PEND_MIN)
			break;
	}
	S.val[0] = (uint64_t)pending;
	S.val[1] = (uint64_t)round;
}

static void refused_cpu_on_keeps_pending_entry_and_context(void **state)
{
	(void)state;
	run_clean(sc_on_pending, 2, 0);
	/*
	 * How long the target stays pending is not under the test's control,
	 * but the second call follows the first at once, from another host
	 * core: within PEND_MAX rounds ON_PENDING must have been seen.
	 */
	assert_true(S.val[0] > 0);
}

#define RACE_ROUNDS 30
#define RACERS 3

/* Spins on *v, yielding now and then, so racers leave together; false on timeout. */
static bool spin_until(atomic_int *v, int want)
{
	uint64_t end = now_ms() + WAIT_MS;
	unsigned n = 0;

	while (atomic_load(v) < want) {
		if (++n % 4096 == 0) {
			if (now_ms() > end) {
				note(__LINE__, "timed out spinning for %d", want);
				return false;
			}
			sched_yield();
		}
	}
	return true;
}

static void sc_race(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	int r;
	unsigned i;

	(void)ctx;
	if (cpu == 4) {
		park(4);
		return;
	}
	if (cpu != 0) {
		pin_to_host_core(cpu - 1);
		atomic_fetch_add(&S.step, 1);
		for (r = 0; r < RACE_ROUNDS; r++) {
			if (!spin_until(&S.go, r + 1))
				return;
			S.race[r][cpu] = (int64_t)SMC3(P64(CPU_ON), m(4), pc + 0x100 * cpu,
						       ((uint64_t)r << 8) | cpu);
			atomic_fetch_add(&S.returned, 1);
		}
		return;
	}
	for (i = 1; i <= RACERS; i++)
		EXPECT_EQ(SMC3(P64(CPU_ON), m(i), PC_B, 0), 0);
	WAIT_FLAG(&S.step, RACERS);
	for (r = 0; r < RACE_ROUNDS; r++) {
		atomic_store(&S.go, r + 1);
		if (!WAIT_FLAG(&S.returned, (r + 1) * RACERS) || !WAIT_FLAG(&S.starts[4], r + 1))
			break;
		S.val[r] = S.ctx[4];
		unpark(4);
		if (!WAIT_AFF(4, SECMON_PSCI_AFF_OFF))
			break;
	}
}

static void racing_cpu_on_calls_have_one_winner(void **state)
{
	unsigned r, i, wins, winner;

	(void)state;
	run_clean(sc_race, 5, 0);
	assert_int_equal(atomic_load(&S.starts[4]), RACE_ROUNDS);
	for (r = 0; r < RACE_ROUNDS; r++) {
		wins = 0;
		winner = 0;
		for (i = 1; i <= RACERS; i++) {
			if (S.race[r][i] == 0) {
				wins++;
				winner = i;
			} else if (S.race[r][i] != SECMON_PSCI_ON_PENDING &&
				   S.race[r][i] != SECMON_PSCI_ALREADY_ON) {
				fail_msg("round %u, CPU %u: CPU_ON answered %lld", r, i,
					 (long long)S.race[r][i]);
			}
		}
		assert_int_equal(wins, 1);
		/* The core started with the winner's context ID. */
		assert_int_equal(S.val[r], (r << 8) | winner);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cpu_on_starts_cpu_with_entry_and_context),
		cmocka_unit_test(cpu_on_refuses_entry_outside_ns_memory),
		cmocka_unit_test(cpu_on_refuses_unknown_mpidr),
		cmocka_unit_test(refused_cpu_on_keeps_pending_entry_and_context),
		cmocka_unit_test(racing_cpu_on_calls_have_one_winner),
	};

	return cmocka_run_group_tests_name("psci_cpu_on", tests, NULL, NULL);
}

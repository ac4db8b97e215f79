// SPDX-License-Identifier: BSD-3-Clause
/*
 * The trusted-OS dispatcher's portable part (monitor/services/tosd.c,
 * tosd_boot.c) with a fake trusted OS in the simulator (sim_tos): the
 * first entry and its checks, calls in the trusted-OS entities forwarded
 * with x0-x7 and answered from CALL_DONE's x1-x4 (every other register as
 * the caller left it), the PSCI hooks on the right CPU at the right time,
 * and a broken trusted OS contained: SMC_UNK, the console says so, it is
 * never entered again.
 */
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../../monitor/monitor.h"
#include "../../monitor/plat.h"
#include "simtest.h"

#define TOS_BASE	0x0e100000ull
#define TOS_END		0x0f000000ull
#define TOS_VEC		(TOS_BASE + 0x800)
#define RET(n)		(0xbe000000u + (n))
#define DTB		0x80100000ull

/* The vector table's entries (OP-TEE's order) and each one's return. */
enum { V_YIELD, V_FAST, V_ON, V_OFF, V_RESUME, V_SUSPEND, V_FIQ, V_SYSOFF, V_SYSRESET };
static const unsigned ret_of[] = { 5, 5, 1, 2, 4, 3, 6, 7, 8 };

/* How the fake answers a call. */
enum { GOOD, WRONG_ID, EXCEPTION, BAD_VECTORS, HOOK_ERROR, HANG_CPU1, SLOW_CPU1, HANG_ALIVE, ASKS,
       LOOP_ASKS, BOOT_HANG, BOOT_SLOW };

/*
 * ASKS: SMCs to the monitor, as OP-TEE makes them (SMCCC_VERSION,
 * ARCH_FEATURES(WORKAROUND_1), WORKAROUND_1) in its first entry, then
 * calls that are not the secure world's (PSCI SYSTEM_OFF and CPU_ON, its
 * own entity's ID) in its first fast call; each one's x0-x1 as sent.
 */
static const uint64_t asks[][2] = {
	{ 0x80000000u, 0 }, { 0x80000001u, 0x80008000u }, { 0x80008000u, 0x5a5a },
	{ 0x84000008u, 0 }, { 0xc4000003u, 1 }, { 0xb2000001u, 0 },
};
#define ASKS_AT_BOOT	3
#define NASKS		(sizeof(asks) / sizeof(asks[0]))

static struct {
	atomic_int mode;
	atomic_uint n;
	struct {
		unsigned cpu, vec, flags;
		uint64_t x0;
		int ns_starts;	/* the CPU's entries into the normal world before this one */
	} e[256];
	uint64_t boot_x[4];
	unsigned asked;		/* ASKS: how many asks[] were made */
	uint64_t answer[NASKS][2];	/* what came back, x0 and x1 */
	unsigned answer_flags[NASKS];	/* the flags the trusted OS went on with */
	uint64_t start_x[8];	/* ASKS: x0-x7 of the entry that asks */
	atomic_int hung;	/* HANG_CPU1: 1 while CPU 1 hangs, 2 if no kick ended it */
	unsigned kicks_seen;	/* HANG_ALIVE: the kicks that ended CPU 1's entries so far */
	unsigned loops;		/* LOOP_ASKS: CPU 1's calls to the monitor */
	unsigned wrong_answers;	/* LOOP_ASKS: answers to them other than SMCCC 1.5 */
	uint64_t t0;		/* LOOP_ASKS: when CPU 1's call came in */
	unsigned boot_entries;	/* BOOT_*: entries at the image's entry point */
	unsigned boot_flags[8];	/* BOOT_*: their flags */
	uint64_t boot_timer[8];	/* BOOT_*: the platform's boot timer at each */
} fake;

static void wait_ms(uint64_t ms)
{
	uint64_t t0 = now_ms();

	while (now_ms() - t0 < ms)
		sched_yield();
}

/* Until CPU `cpu` has had more than `seen` kicks (true), or 5 s have passed. */
static bool wait_kick(unsigned cpu, unsigned seen)
{
	uint64_t t0 = now_ms();

	while (__atomic_load_n(&sim_tos_kicks[cpu], __ATOMIC_RELAXED) <= seen && now_ms() - t0 < 5000)
		sched_yield();
	return __atomic_load_n(&sim_tos_kicks[cpu], __ATOMIC_RELAXED) > seen;
}

static unsigned fake_tos(unsigned cpu, uint64_t pc, unsigned flags, uint64_t x[8])
{
	unsigned vec, i;
	uint64_t in[8];

	if (atomic_load(&fake.mode) == ASKS) {
		unsigned k = fake.asked;

		if (!(flags & PLAT_TOS_ANSWER))
			memcpy(fake.start_x, x, sizeof(fake.start_x));
		if (flags & PLAT_TOS_ANSWER) {	/* the monitor's answer: go on from the SMC */
			assert_true(k > 0 && k <= NASKS);
			fake.answer[k - 1][0] = x[0];
			fake.answer[k - 1][1] = x[1];
			fake.answer_flags[k - 1] = flags;
		}
		if (k < (pc == TOS_BASE ? ASKS_AT_BOOT : NASKS)) {
			fake.asked = k + 1;
			x[0] = asks[k][0];
			x[1] = asks[k][1];
			return PLAT_TOS_SMC;
		}
		if (flags & PLAT_TOS_ANSWER)
			memcpy(x, fake.start_x, sizeof(fake.start_x));	/* its entry's arguments */
	}
	/*
	 * BOOT_HANG: the first entry never answers (interrupts masked: only
	 * the platform's boot timer ends it); BOOT_SLOW: it answers in its
	 * third watch.
	 */
	if (pc == TOS_BASE && atomic_load(&fake.mode) >= BOOT_HANG) {
		unsigned k = fake.boot_entries++;

		if (k < 8) {
			fake.boot_flags[k] = flags;
			fake.boot_timer[k] = sim_tos_boot_timer;
		}
		if (atomic_load(&fake.mode) == BOOT_HANG || k < 2)
			return PLAT_TOS_INTERRUPT;
	}
	if (pc == TOS_BASE) {
		memcpy(fake.boot_x, x, sizeof(fake.boot_x));
		x[0] = RET(0);
		x[1] = atomic_load(&fake.mode) == BAD_VECTORS ? TOS_END - 8 : TOS_VEC;
		return PLAT_TOS_SMC;
	}
	vec = (unsigned)((pc - TOS_VEC) / 4);
	i = atomic_fetch_add(&fake.n, 1);
	if (i < 256) {
		fake.e[i].cpu = cpu;
		fake.e[i].vec = vec;
		fake.e[i].flags = flags;
		fake.e[i].x0 = x[0];
		fake.e[i].ns_starts = atomic_load(&S.starts[cpu]);
	}
	memcpy(in, x, sizeof(in));
	switch (atomic_load(&fake.mode)) {
	case HANG_CPU1:
		/*
		 * CPU 1's call hangs (interrupts masked: only a kick ends it);
		 * CPU 0's next call gets a wrong ID. Given up after 3 s.
		 */
		if (cpu == 1 && vec == V_FAST) {
			uint64_t t0 = now_ms();

			atomic_store(&fake.hung, 1);
			while (!__atomic_load_n(&sim_tos_kicks[1], __ATOMIC_RELAXED) &&
			       now_ms() - t0 < 3000)
				sched_yield();
			if (__atomic_load_n(&sim_tos_kicks[1], __ATOMIC_RELAXED))
				return PLAT_TOS_INTERRUPT;
			atomic_store(&fake.hung, 2);
			break;
		}
		if (cpu == 0 && vec == V_FAST) {
			x[0] = 0xbe0000ffu;
			return PLAT_TOS_SMC;
		}
		break;
	case SLOW_CPU1:
		/* CPU 1's call is only slow: kicked out once, it answers when resumed. */
		if (cpu == 1 && vec == V_FAST && !(flags & PLAT_TOS_RESUME)) {
			atomic_store(&fake.hung, 1);
			if (wait_kick(1, 0))
				return PLAT_TOS_INTERRUPT;
			atomic_store(&fake.hung, 2);
		}
		break;
	case HANG_ALIVE:
		/* CPU 1's call never answers: each kick ends one entry, the next resumes it. */
		if (cpu == 1 && vec == V_FAST) {
			atomic_store(&fake.hung, 1);
			if (wait_kick(1, fake.kicks_seen)) {
				fake.kicks_seen = __atomic_load_n(&sim_tos_kicks[1], __ATOMIC_RELAXED);
				return PLAT_TOS_INTERRUPT;
			}
			atomic_store(&fake.hung, 2);
		}
		break;
	case LOOP_ASKS:
		/*
		 * CPU 1's call never answers but calls the monitor (SMCCC_VERSION)
		 * over and over: each kick ends one entry, the next resumes it.
		 */
		if (cpu == 1 && vec == V_FAST) {
			unsigned k = __atomic_load_n(&sim_tos_kicks[1], __ATOMIC_RELAXED);

			atomic_store(&fake.hung, 1);
			if ((flags & PLAT_TOS_ANSWER) && x[0] != 0x10005)
				fake.wrong_answers++;
			if (k > fake.kicks_seen) {
				fake.kicks_seen = k;
				return PLAT_TOS_INTERRUPT;
			}
			if (!fake.loops++)
				fake.t0 = now_ms();
			if (now_ms() - fake.t0 > 8000) {	/* no third kick came */
				atomic_store(&fake.hung, 2);
				break;
			}
			sched_yield();
			x[0] = 0x80000000u;
			return PLAT_TOS_SMC;
		}
		break;
	case WRONG_ID:
		x[0] = 0xbe0000ffu;
		return PLAT_TOS_SMC;
	case EXCEPTION:
		x[0] = 0x96000045;	/* a data abort's ESR */
		x[1] = TOS_BASE + 0x40;
		return PLAT_TOS_EXCEPTION;
	case HOOK_ERROR:
		if (vec != V_YIELD && vec != V_FAST) {
			x[0] = RET(ret_of[vec]);
			x[1] = 1;
			return PLAT_TOS_SMC;
		}
		break;
	default:
		break;
	}
	x[0] = RET(ret_of[vec < 9 ? vec : 0]);
	x[1] = 0;
	if (vec == V_YIELD || vec == V_FAST) {
		/* CALL_DONE: x1-x4 the caller's x0-x3, made of what came in. */
		x[1] = in[0] ^ 0x5ec0000000000000ull;
		x[2] = in[1];
		x[3] = in[7];
		x[4] = vec == V_YIELD ? 0x5ee1d : 0xfa57;
	}
	return PLAT_TOS_SMC;
}

static bool boot_tos(void)
{
	const uint64_t args[4] = { 0, 0, DTB, 0 };

	return mon_tos_boot(0, TOS_BASE, TOS_BASE, TOS_END, args);
}

/* A call with every register junk but x0, x1 and x7; x0-x3 are results. */
static void call(uint32_t fid, uint64_t a1, uint64_t a7, struct secmon_regs *r)
{
	fill(__LINE__, r, fid);
	r->x[1] = a1;
	r->x[7] = a7;
	smc_regs(__LINE__, 0xf, r);
}

static unsigned entries(unsigned cpu, unsigned vec)
{
	unsigned n = 0;

	for (unsigned i = 0; i < atomic_load(&fake.n) && i < 256; i++)
		n += fake.e[i].cpu == cpu && fake.e[i].vec == vec;
	return n;
}

static void reset_fake(int mode)
{
	memset(&fake, 0, sizeof(fake));
	atomic_store(&fake.mode, mode);
	sim_tos = fake_tos;
}

/* ---- a working trusted OS --------------------------------------------- */

static void sc_good(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs r;

	(void)ctx;
	if (cpu == 1) {
		call(0xb2000001u, 0x1234, 0x77, &r);
		EXPECT_EQ(r.x[0], 0x5ec00000b2000001ull);
		atomic_store(&S.step, 1);
		SMC0(P32(CPU_OFF));
		atomic_store(&S.returned, 1);
		return;
	}
	if (pc == PC_B) {
		atomic_store(&S.go, 2);
		SMC0(P32(SYSTEM_OFF));
		atomic_store(&S.returned, 1);
		return;
	}
	EXPECT_EQ(boot_tos(), true);
	EXPECT_EQ(fake.boot_x[2], DTB);
	/* A fast SMC32 call: x0-x7 reach it, x1-x4 of CALL_DONE come back. */
	call(0xb2000001u, HI | 0x1234, HI | 0x77, &r);
	EXPECT_EQ(r.x[0], 0x5ec00000b2000001ull);
	EXPECT_EQ(r.x[1], HI | 0x1234);
	EXPECT_EQ(r.x[2], HI | 0x77);
	EXPECT_EQ(r.x[3], 0xfa57);
	/* SMC64 in OEN 63, and a yielding call. */
	call(0xff00ff01u, 0x1122334455667788ull, 0, &r);
	EXPECT_EQ(r.x[1], 0x1122334455667788ull);
	call(0x32000010u, 5, 9, &r);
	EXPECT_EQ(r.x[3], 0x5ee1d);
	/* One of its interrupts, taken while the normal world ran at 0x4444: its fiq entry. */
	mon_tos_fiq(0, 0x4444);
	/* CPU 1: its cpu_on entry before it runs, its cpu_off before it goes. */
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 1), 0);
	WAIT_FLAG(&S.step, 1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
	/* A power-down suspend: cpu_suspend, then cpu_resume on the way back. */
	SMC3(P64(CPU_SUSPEND), PS_CORE_PD, PC_B, 0);
	atomic_store(&S.returned, 1);
}

static void tos_calls_and_hooks(void **state)
{
	struct sim_config cfg = { .ncpus = 2, .tick_us = 1000 };

	(void)state;
	reset_fake(GOOD);
	run(sc_good, cfg, SIM_END_SYSTEM_OFF);
	assert_int_equal(atomic_load(&S.go), 2);
	assert_int_equal(entries(0, V_FAST), 2);
	assert_int_equal(entries(0, V_YIELD), 1);
	assert_int_equal(entries(1, V_ON), 1);
	assert_int_equal(entries(1, V_FAST), 1);
	assert_int_equal(entries(1, V_OFF), 1);
	assert_int_equal(entries(0, V_SUSPEND), 1);
	assert_int_equal(entries(0, V_RESUME), 1);
	assert_int_equal(entries(0, V_SYSOFF), 1);
	assert_int_equal(entries(0, V_FIQ), 1);
	for (unsigned i = 0; i < atomic_load(&fake.n); i++) {
		/* Only its fiq entry is for one of its own interrupts, which it must take. */
		assert_int_equal(!!(fake.e[i].flags & PLAT_TOS_ITS_FIQ), fake.e[i].vec == V_FIQ);
		if (fake.e[i].vec == V_FIQ)
			assert_int_equal(fake.e[i].x0, 0x4444);
		/* cpu_on fresh, before CPU 1 ever ran; every entry but a yielding call watched. */
		if (fake.e[i].vec == V_ON) {
			assert_true(fake.e[i].flags & PLAT_TOS_FRESH);
			assert_int_equal(fake.e[i].ns_starts, 0);
		}
		assert_int_equal(!!(fake.e[i].flags & PLAT_TOS_WATCH), fake.e[i].vec != V_YIELD);
		if (fake.e[i].vec == V_SUSPEND || fake.e[i].vec == V_RESUME)
			assert_int_equal(fake.e[i].x0, 0);	/* the core level */
	}
	assert_null(strstr(console, "trusted OS on CPU"));
	sim_tos = NULL;
}

/* ---- broken ones ---------------------------------------------------- */

static void sc_broken(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs r;

	(void)pc;
	(void)ctx;
	if (cpu == 1) {
		atomic_store(&S.step, 1);
		return;
	}
	EXPECT_EQ(boot_tos(), true);
	call(0xb2000001u, 1, 2, &r);
	EXPECT_EQ(r.x[0], UNK64);
	EXPECT_EQ(r.x[1], 0);
	EXPECT_EQ(r.x[2], 0);
	EXPECT_EQ(r.x[3], 0);
	/* Dead: SMC_UNK from then on, and never entered again, hooks included. */
	atomic_store(&fake.mode, GOOD);
	call(0xb2000001u, 1, 2, &r);
	EXPECT_EQ(r.x[0], UNK64);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 1), 0);
	WAIT_FLAG(&S.step, 1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

static void broken(int mode, const char *said)
{
	reset_fake(mode);
	run_clean(sc_broken, 2, 0);
	assert_int_equal(atomic_load(&fake.n), 1);
	assert_non_null(strstr(console, said));
	assert_non_null(strstr(console, "it is dead, its calls answer SMC_UNK"));
	sim_tos = NULL;
}

static void tos_unknown_return_id_is_contained(void **state)
{
	(void)state;
	broken(WRONG_ID, "trusted OS on CPU 0: its fast entry answered with SMC be0000ff");
}

static void tos_exception_is_contained(void **state)
{
	(void)state;
	broken(EXCEPTION, "trusted OS on CPU 0: its fast entry took an exception to EL3, ESR/ELR "
			  "96000045 e100040");
}

/* A hook that answers an error is as broken as a wrong ID. */
static void sc_hook_error(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)pc;
	(void)ctx;
	if (cpu == 1) {
		atomic_store(&S.step, 1);
		return;
	}
	EXPECT_EQ(boot_tos(), true);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 1), 0);
	WAIT_FLAG(&S.step, 1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC1(0xb2000001u, 0), UNK64);
}

static void tos_hook_error_is_contained(void **state)
{
	(void)state;
	reset_fake(HOOK_ERROR);
	run_clean(sc_hook_error, 2, 0);
	assert_int_equal(entries(1, V_ON), 1);
	assert_int_equal(atomic_load(&fake.n), 1);
	assert_non_null(strstr(console, "trusted OS on CPU 1: its on entry answered with SMC be000001 1"));
	sim_tos = NULL;
}

/* ENTRY_DONE with a vector table outside the image: no trusted OS at all. */
static void sc_bad_boot(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu;
	(void)pc;
	(void)ctx;
	EXPECT_EQ(boot_tos(), false);
	EXPECT_EQ(SMC1(0xb2000001u, 0), UNK64);
	EXPECT_EQ(SMC1(0xbf00ff01u, 0), UNK64);
}

static void tos_boot_checks_the_vector_table(void **state)
{
	(void)state;
	reset_fake(BAD_VECTORS);
	run_clean(sc_bad_boot, 1, 0);
	assert_int_equal(atomic_load(&fake.n), 0);
	assert_non_null(strstr(console, "ENTRY_DONE with vector table efffff8, not inside it"));
	sim_tos = NULL;
}

/*
 * A first entry that never answers, with interrupts masked: no other CPU
 * runs yet, so the platform's boot timer ends each 500 ms watch; after
 * three, the boot goes on without the trusted OS, which is never entered
 * again, and its calls answer SMC_UNK.
 */
static void sc_boot_hang(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu;
	(void)pc;
	(void)ctx;
	EXPECT_EQ(boot_tos(), false);
	EXPECT_EQ(SMC1(0xbf00ff00u, 0), UNK64);
	EXPECT_EQ(SMC1(0xb2000001u, 0), UNK64);
}

static void tos_boot_hang_is_contained(void **state)
{
	(void)state;
	reset_fake(BOOT_HANG);
	sim_tos_boot_timer_starts = 0;
	run_clean(sc_boot_hang, 1, 0);
	assert_int_equal(fake.boot_entries, 3);
	assert_int_equal(fake.boot_flags[0], PLAT_TOS_FRESH | PLAT_TOS_WATCH);
	for (unsigned k = 0; k < 3; k++) {
		if (k)
			assert_int_equal(fake.boot_flags[k], PLAT_TOS_RESUME | PLAT_TOS_WATCH);
		assert_int_equal(fake.boot_timer[k], 500000000u);	/* the sim's counter: ns */
	}
	assert_int_equal(sim_tos_boot_timer_starts, 3);
	assert_int_equal(sim_tos_boot_timer, 0);
	assert_int_equal(atomic_load(&fake.n), 0);
	assert_non_null(strstr(console, "trusted OS: its first entry gave no answer in 3 x 500 ms: "
				       "booting without it"));
	sim_tos = NULL;
}

/* Late twice, it answers in its third watch: it runs, and its timer is stopped. */
static void sc_boot_slow(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs r;

	(void)cpu;
	(void)pc;
	(void)ctx;
	EXPECT_EQ(boot_tos(), true);
	call(0xb2000001u, 0x1234, 0x77, &r);
	EXPECT_EQ(r.x[0], 0x5ec00000b2000001ull);
}

static void tos_boot_late_twice_is_not_dead(void **state)
{
	(void)state;
	reset_fake(BOOT_SLOW);
	sim_tos_boot_timer_starts = 0;
	run_clean(sc_boot_slow, 1, 0);
	assert_int_equal(fake.boot_entries, 3);
	assert_int_equal(fake.boot_flags[2], PLAT_TOS_RESUME | PLAT_TOS_WATCH);
	assert_int_equal(sim_tos_boot_timer_starts, 3);
	assert_int_equal(sim_tos_boot_timer, 0);
	assert_int_equal(entries(0, V_FAST), 1);
	assert_null(strstr(console, "trusted OS: its first entry"));
	sim_tos = NULL;
}

/* ---- the ID as the trusted OS gets it ------------------------------ */

/*
 * SMCCC 1.3's SVE hint (bit 16) is the caller's note to the monitor, not
 * part of the ID: the trusted OS gets the ID without it, as TF-A's
 * dispatchers pass it (OP-TEE knows no ID with bit 16 set).
 */
static void sc_sve_hint(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs r;

	(void)cpu;
	(void)pc;
	(void)ctx;
	EXPECT_EQ(boot_tos(), true);
	call(0xb2010001u, 1, 2, &r);
	EXPECT_EQ(r.x[0], 0x5ec00000b2000001ull);
	call(0xbf01ff01u, 1, 2, &r);
	EXPECT_EQ(r.x[0], 0x5ec00000bf00ff01ull);
}

static void tos_gets_ids_without_the_sve_hint(void **state)
{
	(void)state;
	reset_fake(GOOD);
	run_clean(sc_sve_hint, 1, 0);
	assert_true(atomic_load(&fake.n) >= 2);
	assert_int_equal(fake.e[0].x0, 0xb2000001u);
	assert_int_equal(fake.e[1].x0, 0xbf00ff01u);
	sim_tos = NULL;
}

/*
 * A trusted OS found broken on one CPU while it hangs on another: the
 * hung CPU is still taken out of it (the caller gets SMC_UNK), though no
 * call will enter the trusted OS again to find it late.
 */
static void sc_dead_while_hung(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs r;

	(void)pc;
	(void)ctx;
	if (cpu == 1) {
		call(0xb2000001u, 1, 2, &r);
		EXPECT_EQ(r.x[0], UNK64);
		atomic_store(&S.step, 1);
		return;
	}
	EXPECT_EQ(boot_tos(), true);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 1), 0);
	WAIT_FLAG(&fake.hung, 1);
	call(0xb2000001u, 1, 2, &r);	/* a wrong answer: dead */
	EXPECT_EQ(r.x[0], UNK64);
	/* Well past the watch's 500 ms, the normal world calls again. */
	wait_ms(700);
	EXPECT_EQ(SMC1(0xb2000001u, 0), UNK64);
	WAIT_FLAG(&S.step, 1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

static void tos_dead_frees_a_hung_cpu(void **state)
{
	(void)state;
	reset_fake(HANG_CPU1);
	memset(sim_tos_kicks, 0, sizeof(sim_tos_kicks));
	run_clean(sc_dead_while_hung, 2, 0);
	assert_true(__atomic_load_n(&sim_tos_kicks[1], __ATOMIC_RELAXED) >= 1);
	assert_int_equal(atomic_load(&fake.hung), 1);
	assert_non_null(strstr(console, "trusted OS on CPU 0: its fast entry answered with SMC be0000ff"));
	sim_tos = NULL;
}

/*
 * A CPU found late once is not a hung trusted OS (QEMU's TCG on a busy
 * host stops a virtual CPU for longer than the watch): kicked out, it is
 * sent back into its entry, which then answers; the trusted OS lives on.
 */
static void sc_slow(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs r;

	(void)pc;
	(void)ctx;
	if (cpu == 1) {
		call(0xb2000001u, 1, 2, &r);
		EXPECT_EQ(r.x[0], 0x5ec00000b2000001ull);
		atomic_store(&S.step, 1);
		return;
	}
	EXPECT_EQ(boot_tos(), true);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 1), 0);
	WAIT_FLAG(&fake.hung, 1);
	wait_ms(700);
	call(0xb2000001u, 3, 4, &r);	/* finds CPU 1 late: kicks it */
	EXPECT_EQ(r.x[0], 0x5ec00000b2000001ull);
	WAIT_FLAG(&S.step, 1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
	call(0xb2000001u, 5, 6, &r);
	EXPECT_EQ(r.x[0], 0x5ec00000b2000001ull);
}

static void tos_late_once_is_not_dead(void **state)
{
	(void)state;
	reset_fake(SLOW_CPU1);
	memset(sim_tos_kicks, 0, sizeof(sim_tos_kicks));
	run_clean(sc_slow, 2, 0);
	assert_int_equal(__atomic_load_n(&sim_tos_kicks[1], __ATOMIC_RELAXED), 1);
	assert_int_equal(atomic_load(&fake.hung), 1);
	assert_int_equal(entries(1, V_FAST), 2);
	assert_null(strstr(console, "it is dead"));
	sim_tos = NULL;
}

/*
 * A CPU that stays in its entry through three watches in a row is hung:
 * the third kick ends it, its caller gets SMC_UNK, the trusted OS is dead.
 */
static void sc_hang_alive(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs r;
	uint64_t t0;

	(void)pc;
	(void)ctx;
	if (cpu == 1) {
		call(0xb2000001u, 1, 2, &r);
		EXPECT_EQ(r.x[0], UNK64);
		atomic_store(&S.step, 1);
		return;
	}
	EXPECT_EQ(boot_tos(), true);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_A, 1), 0);
	WAIT_FLAG(&fake.hung, 1);
	/* CPU 0 keeps calling: each call looks for a late CPU. */
	t0 = now_ms();
	while (!atomic_load(&S.step) && now_ms() - t0 < 8000) {
		call(0xb2000001u, 3, 4, &r);
		wait_ms(50);
	}
	WAIT_FLAG(&S.step, 1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC1(0xb2000001u, 0), UNK64);
}

static void tos_hung_three_watches_is_dead(void **state)
{
	(void)state;
	reset_fake(HANG_ALIVE);
	memset(sim_tos_kicks, 0, sizeof(sim_tos_kicks));
	run_clean(sc_hang_alive, 2, 0);
	assert_int_equal(__atomic_load_n(&sim_tos_kicks[1], __ATOMIC_RELAXED), 3);
	assert_int_equal(atomic_load(&fake.hung), 1);
	assert_non_null(strstr(console, "trusted OS on CPU 1: its fast entry gave no answer in 3 x 500 ms"));
	sim_tos = NULL;
}

/*
 * A trusted OS that calls the monitor over and over inside a watched entry
 * is as hung as one that spins: each answer sends it back into the same
 * watch (not a new one), so three watches in a row still end the entry.
 */
static void tos_monitor_calls_do_not_restart_the_watch(void **state)
{
	(void)state;
	reset_fake(LOOP_ASKS);
	memset(sim_tos_kicks, 0, sizeof(sim_tos_kicks));
	run_clean(sc_hang_alive, 2, 0);
	assert_int_equal(__atomic_load_n(&sim_tos_kicks[1], __ATOMIC_RELAXED), 3);
	assert_int_equal(atomic_load(&fake.hung), 1);
	assert_true(fake.loops > 10);
	assert_int_equal(fake.wrong_answers, 0);
	assert_non_null(strstr(console, "trusted OS on CPU 1: its fast entry gave no answer in 3 x 500 ms"));
	sim_tos = NULL;
}

/* ---- calls to the monitor from the trusted OS --------------------- */

static void sc_asks(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs r;

	(void)cpu;
	(void)pc;
	(void)ctx;
	EXPECT_EQ(boot_tos(), true);
	EXPECT_EQ(fake.boot_x[2], DTB);
	call(0xb2000001u, HI | 0x1234, HI | 0x77, &r);
	EXPECT_EQ(r.x[0], 0x5ec00000b2000001ull);
	EXPECT_EQ(r.x[1], HI | 0x1234);
	EXPECT_EQ(r.x[2], HI | 0x77);
	EXPECT_EQ(r.x[3], 0xfa57);
	/* Still alive, and the machine still runs: SYSTEM_OFF was refused. */
	call(0xb2000001u, 1, 2, &r);
	EXPECT_EQ(r.x[0], 0x5ec00000b2000001ull);
}

/*
 * SMCs from the trusted OS outside its returns are calls to the monitor:
 * the architecture service's answered as OP-TEE needs them at boot and
 * on every exception from its user mode (SMCCC 1.5; WORKAROUND_1 is 1,
 * not needed, on the simulator's CPU; the workaround keeps x0 and x1),
 * the rest SMC_UNK, never carried out (no power-off, no CPU started, no
 * entry into the trusted OS from itself); it goes on from its SMC, still
 * watched in a fast call, and is not counted broken.
 */
static void tos_calls_to_the_monitor_are_answered(void **state)
{
	(void)state;
	reset_fake(ASKS);
	run_clean(sc_asks, 2, 0);
	assert_int_equal(fake.asked, NASKS);
	assert_int_equal(fake.answer[0][0], 0x10005);
	assert_int_equal(fake.answer[1][0], 1);
	assert_int_equal(fake.answer[2][0], 0x80008000u);
	assert_int_equal(fake.answer[2][1], 0x5a5a);
	for (unsigned k = ASKS_AT_BOOT; k < NASKS; k++) {
		assert_int_equal(fake.answer[k][0], UNK64);
		assert_int_equal(fake.answer_flags[k],
				 PLAT_TOS_RESUME | PLAT_TOS_ANSWER | PLAT_TOS_WATCH);
	}
	/* The first entry is watched too (the platform's boot timer). */
	assert_int_equal(fake.answer_flags[0], PLAT_TOS_RESUME | PLAT_TOS_ANSWER | PLAT_TOS_WATCH);
	assert_int_equal(entries(0, V_FAST), 2);
	assert_int_equal(entries(1, V_ON), 0);
	assert_null(strstr(console, "trusted OS on CPU"));
	sim_tos = NULL;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tos_calls_and_hooks),
		cmocka_unit_test(tos_unknown_return_id_is_contained),
		cmocka_unit_test(tos_exception_is_contained),
		cmocka_unit_test(tos_hook_error_is_contained),
		cmocka_unit_test(tos_boot_checks_the_vector_table),
		cmocka_unit_test(tos_boot_hang_is_contained),
		cmocka_unit_test(tos_boot_late_twice_is_not_dead),
		cmocka_unit_test(tos_gets_ids_without_the_sve_hint),
		cmocka_unit_test(tos_dead_frees_a_hung_cpu),
		cmocka_unit_test(tos_late_once_is_not_dead),
		cmocka_unit_test(tos_hung_three_watches_is_dead),
		cmocka_unit_test(tos_monitor_calls_do_not_restart_the_watch),
		cmocka_unit_test(tos_calls_to_the_monitor_are_answered),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

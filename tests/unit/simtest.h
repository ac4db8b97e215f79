/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The harness shared by the unit tests that run the monitor on the host
 * simulator (linked into every tests/unit/test_* binary).
 *
 * cmocka's asserts must run on the main thread, so each scenario runs under
 * sim_run() on simulated CPU threads and notes what it saw; the test asserts
 * after sim_run returns. Calls made with smc_regs() and SMC0..SMC3 fill the
 * registers a call does not use with junk and note any register outside the
 * call's results that comes back changed.
 */
#ifndef SIMTEST_H
#define SIMTEST_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <secmon/conduit.h>
#include <secmon/psci.h>
#include <secmon/smccc.h>

#include "../../monitor/plat/host/sim.h"
#include "dtc.h"

/* The simulator's default normal-world memory: 1 GiB at 2 GiB. */
#define NS_BASE 0x80000000ull
#define NS_SIZE 0x40000000ull

#define BOOT_PC NS_BASE
#define BOOT_CTX 0xb007c0de5ec0ull
#define PC_A (NS_BASE + 0x1000)
#define PC_B (NS_BASE + 0x2000)
#define PC_C (NS_BASE + 0x3000)
#define PC_D (NS_BASE + 0x4000)
#define PC_E (NS_BASE + 0x5000)
#define SECURE_PC 0x0e000000ull	/* secure RAM on QEMU virt: never NS */

/* Garbage for the upper half of an SMC32 argument. */
#define HI 0xdeadbeef00000000ull

/* A tick long enough that only sim_wake() wakes a suspended CPU. */
#define LONG_TICK 2000000u
/* How long a simulated CPU waits for another before giving up. */
#define WAIT_MS 5000

/*
 * A negative answer as an SMC32 call gives it (sign-extended to an AArch64
 * caller, 32 bits to an AArch32 one) or an SMC64 call.
 */
#define UNK64 0xffffffffffffffffull
#define UNK32 R32(-1)
#define R32(v) (cd->aarch32 ? (uint64_t)(uint32_t)(int32_t)(v) : (uint64_t)(int64_t)(int32_t)(v))
#define R64(v) ((uint64_t)(int64_t)(v))

#define P32(fn) SECMON_PSCI_FN32(SECMON_PSCI_FN_##fn)
#define P64(fn) SECMON_PSCI_FN64(SECMON_PSCI_FN_##fn)

#define PS_STANDBY 0x00000001u
#define PS_CORE_PD 0x00010002u
#define PS_CLUSTER_PD 0x01010022u
#define PS_SYSTEM_PD 0x02010222u

#define ALL_REGS ((1u << SECMON_NREGS) - 1)

/* ---- what the simulated CPUs saw ------------------------------------- */

/* Records one failed expectation; the test fails on the main thread. */
void note(int line, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool expect_eq(int line, const char *what, uint64_t got, uint64_t want);
unsigned notes_so_far(void);
/* On the main thread, after sim_run: every note is a failure. */
void assert_clean(void);

#define EXPECT_EQ(got, want) expect_eq(__LINE__, #got, (uint64_t)(got), (uint64_t)(want))
#define EXPECT(cond) ((cond) ? true : (note(__LINE__, "expected %s", #cond), false))

/* One start of a simulated CPU in the normal world. */
struct start {
	unsigned cpu;
	uint64_t pc, ctx;
};

#define MAX_STARTS 128

/* State shared by the simulated CPUs of one run; cleared before each. */
struct simtest_state {
	atomic_int starts[SIM_MAX_CPUS];	/* entries into the normal world */
	atomic_int release[SIM_MAX_CPUS];	/* see park() */
	atomic_int step;			/* progress, from secondaries */
	atomic_int go;				/* progress, from the leader */
	atomic_int returned;			/* a call that must not return did */
	atomic_int abort;
	uint64_t pc[SIM_MAX_CPUS], ctx[SIM_MAX_CPUS];	/* latest start */
	atomic_uint nlog;
	struct start log[MAX_STARTS];
	uint64_t val[40];
	int64_t race[40][SIM_MAX_CPUS];
};

extern struct simtest_state S;

/* What the monitor wrote to the console during the run, NUL-terminated. */
extern char console[4096];

/* ---- calls ----------------------------------------------------------- */

extern const struct secmon_conduit *cd;	/* the conduit of the running test */

/* Junk for register i at a call site: upper and lower halves both non-zero. */
uint64_t junk(int line, unsigned i);
/*
 * Makes the call in *r and replaces *r with the answer. Registers x1..x17
 * (r1..r7 for an AArch32 caller) that are not in `results` (bit n for xn)
 * must come back as they went in.
 */
uint64_t smc_regs(int line, uint32_t results, struct secmon_regs *r);
/* x0 = fid, junk in every other register. */
void fill(int line, struct secmon_regs *r, uint64_t fid);
/* A call with up to three arguments, junk in every other register; x0 back. */
uint64_t smc_at(int line, uint64_t fid, unsigned nargs, uint64_t a1, uint64_t a2, uint64_t a3);

#define SMC0(fid) smc_at(__LINE__, fid, 0, 0, 0, 0)
#define SMC1(fid, a1) smc_at(__LINE__, fid, 1, a1, 0, 0)
#define SMC2(fid, a1, a2) smc_at(__LINE__, fid, 2, a1, a2, 0)
#define SMC3(fid, a1, a2, a3) smc_at(__LINE__, fid, 3, a1, a2, a3)

/* A call with x1..x3 as given and zero in every other register; x0 back. */
uint64_t smc(uint32_t fid, uint64_t a1, uint64_t a2, uint64_t a3);

uint64_t m(unsigned cpu);
uint64_t now_ms(void);

/* Waits (yielding) until *v >= want; notes a timeout. */
bool wait_flag_at(int line, atomic_int *v, int want);
/* Polls an SMC32 PSCI query (AFFINITY_INFO, NODE_HW_STATE) until it answers `want`. */
bool wait_psci_at(int line, uint32_t fid, uint64_t mpidr, uint64_t level, uint32_t want);
/* Polls AFFINITY_INFO(cpu) until it answers `want`. */
bool wait_aff_at(int line, unsigned cpu, uint64_t want);
/* Polls NODE_HW_STATE(cpu, level 0) until it answers `want`. */
bool wait_hw_at(int line, unsigned cpu, uint64_t want);

#define WAIT_FLAG(v, want) wait_flag_at(__LINE__, v, want)
#define WAIT_AFF(cpu, want) wait_aff_at(__LINE__, cpu, want)
#define WAIT_HW(cpu, want) wait_hw_at(__LINE__, cpu, want)
#define WAIT_HW_LEVEL(cpu, level, want) \
	wait_psci_at(__LINE__, P32(NODE_HW_STATE), m(cpu), level, want)

/* A secondary holds here, running, until the leader calls unpark() for it. */
void park(unsigned cpu);
void unpark(unsigned cpu);

/* ---- running a scenario ---------------------------------------------- */

typedef void (*scenario_fn)(unsigned cpu, uint64_t pc, uint64_t ctx);

/*
 * Clears S, the console and the notes, and returns `base` with the entry that
 * runs `fn` on every start of a CPU, for the caller's own sim_run().
 */
struct sim_config run_prepare(scenario_fn fn, const struct sim_config *base);
/*
 * Runs `fn` on a simulator shaped by `base`, the first CPU entered at BOOT_PC
 * with BOOT_CTX, after run_prepare(). Returns sim_run's answer.
 */
int run_sim(scenario_fn fn, const struct sim_config *base);
/* run_sim(); the answer must be `end`, nothing noted, no call returned that must not. */
void run(scenario_fn fn, struct sim_config cfg, int end);
/* Runs `fn` on `ncpus` CPUs and expects it to end with every CPU off, cleanly. */
void run_clean(scenario_fn fn, unsigned ncpus, unsigned tick_us);
/* Start i of the run so far was CPU `cpu` entering at `pc` with `ctx`. */
void assert_start(unsigned i, unsigned cpu, uint64_t pc, uint64_t ctx);

#endif

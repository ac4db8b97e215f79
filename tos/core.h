/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The payload's portable part (core.c, dt.c): call handling, the secure-media
 * state, the PSCI hook counters, the secure timer's bookkeeping and the
 * yielding calls' threads. No architecture code: the AArch64 part (arch.c,
 * entry.S) calls in here and provides the few tos_arch_* functions below,
 * and the host unit test (tests/unit/test_tos.c) provides them too.
 */
#ifndef TOS_CORE_H
#define TOS_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "tos_abi.h"

/* x0-x7 as the caller sent them; on return x[0..3] are its answer. */
struct tos_regs {
	uint64_t x[8];
};

/* One CPU as the payload knows it. */
struct tos_cpu {
	uint64_t mpidr;
	bool seen;			/* cold boot or cpu_on entry ran here */
	uint64_t hooks[TOS_HOOK_COUNT];
	uint64_t timer_period;		/* ticks; 0: off */
	uint64_t timer_left;		/* interrupts still wanted */
	uint64_t timer_hits;
	uint64_t timer_other;		/* other or spurious secure interrupts */
};

enum tos_thread_state { TOS_THREAD_FREE, TOS_THREAD_RUNNING, TOS_THREAD_SUSPENDED };

/* A yielding call in progress, resumable on any CPU. */
struct tos_thread {
	uint32_t state;
	uint32_t preempted;
	uint64_t rounds, seed;
	uint64_t frame;			/* arch: where its registers were saved */
};

/* What tos_fast_call() asks of the arch part. */
#define TOS_ACT_ANSWER		(-1)	/* send CALL_DONE with r->x[0..3] */
#define TOS_ACT_FP_DIRTY	(-2)	/* the same, FP/SIMD registers set first (TOS_FP_DIRTY) */
#define TOS_ACT_PASSING		(-3)	/* TOS_PASSING: its passing EL1 registers across a monitor call */
/* >= 0: a TOS_FAULT_* kind to carry out instead of answering. */

/* What tos_std_call() asks of the arch part. */
enum tos_std_act {
	TOS_STD_ANSWER,		/* send CALL_DONE with r->x[0..3] */
	TOS_STD_START,		/* start *thread (its rounds and seed are set) */
	TOS_STD_RESUME,		/* resume *thread from its saved frame */
};

#define TOS_MAX_NS_RANGES	4

extern struct tos_cpu tos_cpus[TOS_MAX_CPUS];
/*
 * Entries other than a fresh one that came in at EL1h though the payload
 * answers at EL1t (entry.S `entered`): the monitor must enter in the mode
 * of the last exit, as OP-TEE needs. CPU_INFO's x3.
 */
extern uint64_t tos_entered_el1h;
extern struct tos_thread tos_threads[TOS_THREADS];

/* Cold boot: forget every state; ns ranges: the normal world's RAM. */
void tos_core_init(const uint64_t (*ns)[2], unsigned n_ns);
/* The index of the CPU with this MPIDR (Aff0 < 8, Aff1-3 zero), or -1. */
int tos_cpu_index(uint64_t mpidr);
int tos_fast_call(unsigned cpu, struct tos_regs *r);
enum tos_std_act tos_std_call(unsigned cpu, struct tos_regs *r, struct tos_thread **thread);
/* The work of TOS_LONG, as a caller can check it. */
uint64_t tos_long_result(uint64_t rounds, uint64_t seed);
/* Thread bookkeeping (the arch part's switch calls these). */
void tos_thread_preempted(struct tos_thread *t, uint64_t frame);
void tos_thread_finish(struct tos_thread *t, uint64_t result, struct tos_regs *r);
unsigned tos_thread_index(const struct tos_thread *t);
/* The cold-boot CPU: seen, not counted as a hook. */
void tos_cpu_boot(unsigned cpu, uint64_t mpidr);
/* PSCI hooks: count them; CPU_OFF, SUSPEND and SYSTEM_* stop the timer. */
void tos_hook(unsigned cpu, unsigned hook, uint64_t mpidr);
/*
 * The secure timer's interrupt on this CPU: counts it; returns the period
 * to re-arm with, or 0 to switch the timer off.
 */
uint64_t tos_timer_fired(unsigned cpu);
void tos_timer_other(unsigned cpu);

/* The DT's /memory ranges (two cells each): how many were stored, or -1. */
int tos_dt_memory(const void *dtb, size_t max_size, uint64_t (*out)[2], unsigned max);

/* Provided by the arch part (or the host test). */
void tos_arch_lock(void);
void tos_arch_unlock(void);
void tos_arch_timer_arm(uint64_t period);
void tos_arch_timer_off(void);

#endif

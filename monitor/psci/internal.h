/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Inside PSCI: the state its files share (psci.c the set-up, the dispatch
 * and PSCI_FEATURES; psci_onoff.c CPU_ON, CPU_OFF, AFFINITY_INFO and the
 * warm boot; psci_suspend.c CPU_SUSPEND, SYSTEM_SUSPEND and their
 * coordination; psci_mode.c NODE_HW_STATE and PSCI_SET_SUSPEND_MODE;
 * psci_system.c SYSTEM_OFF and the resets; psci_stat.c the statistics;
 * psci_fast.c the SMC fast path's answers), and the small helpers they
 * all use.
 *
 * Every state change happens under plat_lock(); the readers take the lock
 * too, so an answer is always a state that existed. AFFINITY_INFO reads one
 * CPU's state, a single atomic load (psci_set_state() stores it
 * atomically), and needs no lock for that.
 */
#ifndef SECMON_PSCI_INTERNAL_H
#define SECMON_PSCI_INTERNAL_H

#include <secmon/psci.h>
#include "../core/log.h"
#include "../core/power.h"
#include "../plat.h"
#include "psci.h"

enum cpu_state {
	CPU_OFF,
	CPU_ON_PENDING,
	CPU_ON,
	CPU_STANDBY,		/* retention suspend: AFFINITY_INFO says ON */
	CPU_POWERDOWN,		/* power-down suspend, woken by its interrupts */
};

enum { LEVEL_CORE = PLAT_LEVEL_CORE, LEVEL_CLUSTER = PLAT_LEVEL_CLUSTER,
       LEVEL_SYSTEM = PLAT_LEVEL_SYSTEM };

/* The platform's power states (plat_power_states()), kept by psci_init(). */
extern const struct plat_power_state *psci_states;
extern unsigned psci_nstates;
#define NSTATES PLAT_MAX_POWER_STATES
/*
 * The power_state of each of psci_states[], the values CPU_SUSPEND
 * accepts: kept by psci_init() so that the call searches a small array,
 * not the platform's wider table.
 */
extern uint32_t psci_suspend_ps[NSTATES];

/*
 * The power-down state a CPU enters at each level once coordinated: what
 * the statistics count (DEN0022 5.21), whatever state the caller asked for.
 * A level without one (no cluster state) counts as the level below.
 */
extern unsigned psci_pd_state_of_level[LEVEL_SYSTEM + 1];
#define STATE_CORE_PD psci_pd_state_of_level[LEVEL_CORE]
#define STATE_SYSTEM psci_pd_state_of_level[LEVEL_SYSTEM]
/* The shallowest core standby state: what a legacy ABI's idle call enters. */
extern unsigned psci_state_core_standby;

struct psci_cpu {
	enum cpu_state state;
	unsigned level;		/* power level actually entered while suspended */
	unsigned stat;		/* index in states[] while suspended */
	uint64_t since_us;	/* when it went down; 0 before its first time (not counted) */
	struct mon_ns_entry entry;
	uint64_t count[NSTATES];
	uint64_t residency_us[NSTATES];
	bool by_default;	/* suspended by CPU_DEFAULT_SUSPEND */
};

extern struct psci_cpu psci_cpus[MON_MAX_CPUS];
extern unsigned psci_ncpu;		/* plat_cpu_count(), at most MON_MAX_CPUS */
extern uint64_t psci_cpu_mpidr[MON_MAX_CPUS];	/* plat_cpu_mpidr(), Aff3..Aff0 */
extern unsigned psci_suspend_mode;
/* A CPU_SUSPEND since boot or the last mode change (blocks PC -> OSI). */
extern bool psci_suspended_since_mode_change;
/* PSCI_VERSION's answer (psci_init()). */
extern uint32_t psci_version_answer;

/* The CPU holding plat_lock() here, for the debug build's checks; MON_MAX_CPUS: none. */
extern unsigned psci_lock_holder;

static inline void lock(unsigned cpu)
{
	plat_lock();
	if (MON_DEBUG)
		psci_lock_holder = cpu;
}

static inline void unlock(unsigned cpu)
{
	MON_ASSERT(psci_lock_holder == cpu);
	if (MON_DEBUG)
		psci_lock_holder = MON_MAX_CPUS;
	plat_unlock();
}

/*
 * Atomic for affinity_of(), which reads without the lock: the release pairs
 * with its acquire, so an OFF answer also means the CPU's earlier writes
 * are visible.
 */
static inline void set_state(struct psci_cpu *p, enum cpu_state state)
{
	MON_ASSERT(psci_lock_holder < MON_MAX_CPUS);
	__atomic_store_n(&p->state, state, __ATOMIC_RELEASE);
}

/*
 * The CPU index named by an MPIDR argument, or -1: what plat_cpu_index()
 * answers, found in the copy of plat_cpu_mpidr() that psci_init() keeps so
 * that the SMC fast path makes no call. Index Aff0 is tried first: where
 * CPUs are numbered that way (QEMU's virt, the simulator's first cluster)
 * the search ends there.
 */
static inline __attribute__((always_inline)) int target_cpu_inline(uint64_t mpidr)
{
	unsigned i = mpidr & 0xff;

	if (mpidr & ~MON_MPIDR_AFF_MASK)
		return -1;
	if (i < psci_ncpu && psci_cpu_mpidr[i] == mpidr)
		return (int)i;
	for (i = 0; i < psci_ncpu; i++)
		if (psci_cpu_mpidr[i] == mpidr)
			return (int)i;
	return -1;
}

int psci_target_cpu(uint64_t mpidr);

static inline bool cpu_is_down(unsigned cpu, unsigned level)
{
	return psci_cpus[cpu].state == CPU_OFF ||
	       (psci_cpus[cpu].state == CPU_POWERDOWN && psci_cpus[cpu].level >= level);
}

/* Does the power domain at `level` that holds cpu also hold core i? */
static inline bool same_domain(unsigned cpu, unsigned i, unsigned level)
{
	return level == LEVEL_SYSTEM || plat_cpu_cluster(i) == plat_cpu_cluster(cpu);
}

/* OS-initiated mode: is core i's cluster down? (psci_suspend.c) */
bool psci_osi_cluster_down(unsigned i);
/* NODE_HW_STATE's answer for cpu's cluster, under the lock (psci_mode.c). */
unsigned psci_cluster_hw_state(unsigned cpu);

/* The index in psci_states[] of a state CPU_SUSPEND accepts, or -1. */
static inline int find_state(uint32_t power_state)
{
	unsigned i;

	for (i = 0; i < psci_nstates; i++)
		if (psci_suspend_ps[i] == power_state)
			return (int)i;
	return -1;
}

/*
 * Can the woken CPU execute at pc? Decided by the width it is entered in,
 * not the caller's: A64 and ARM code start on a word, Thumb (bit 0 set)
 * on a halfword, and AArch32 has no address above 4 GiB.
 */
static inline bool entry_ok(uint64_t pc)
{
	bool a32 = plat_ns_entry_aarch32();

	if (a32 ? (pc & 3) == 2 || pc > 0xffffffffu : (pc & 3) != 0)
		return false;
	return plat_ns_range_ok(pc, 4);
}

static inline void stat_begin(struct psci_cpu *p, unsigned stat)
{
	p->stat = stat;
	p->since_us = plat_time_us();
}

static inline void stat_end(struct psci_cpu *p)
{
	p->count[p->stat]++;
	p->residency_us[p->stat] += plat_time_us() - p->since_us;
}

static inline int64_t affinity_of(uint64_t mpidr, uint64_t level)
{
	int cpu;
	int64_t ret;

	/* Levels above 0 are optional since PSCI 1.0 and not offered. */
	if (level != 0)
		return SECMON_PSCI_INVALID_PARAMETERS;
	cpu = target_cpu_inline(mpidr);
	if (cpu < 0)
		return SECMON_PSCI_INVALID_PARAMETERS;
	switch (__atomic_load_n(&psci_cpus[cpu].state, __ATOMIC_ACQUIRE)) {
	case CPU_OFF:
		ret = SECMON_PSCI_AFF_OFF;
		break;
	case CPU_ON_PENDING:
		ret = SECMON_PSCI_AFF_ON_PENDING;
		break;
	default:
		ret = SECMON_PSCI_AFF_ON;
		break;
	}
	return ret;
}

/*
 * PSCI_FEATURES' answer for fid. A fast PSCI ID without must-be-zero bits
 * and with a function number below 32 (in either width, SVE hint or not)
 * is looked up in psci_features_answer[smc64][fn], which psci_init()
 * derives from what is offered (psci.c).
 */
#define FEATURES_ID_MASK 0xbffeffe0u	/* all but SMC64, the SVE hint, fn 4:0 */
#define FEATURES_ID	 0x84000000u	/* fast, standard service, fn < 32 */

extern uint32_t psci_features_answer[2][32];	/* as a 32-bit result */

static inline int32_t features_of(uint32_t fid, bool aarch32)
{
	bool smc64 = secmon_fid_is_smc64(fid);

	if ((fid & FEATURES_ID_MASK) == FEATURES_ID && !(smc64 && aarch32))
		return (int32_t)psci_features_answer[smc64][fid & 31];
	return fid == SECMON_SMCCC_VERSION ? SECMON_PSCI_SUCCESS : SECMON_PSCI_NOT_SUPPORTED;
}

/*
 * Whether function fn (below SECMON_PSCI_FN_COUNT) is offered in that
 * width: the one answer, from psci.c's table of functions less what the
 * platform cannot do.
 */
extern uint32_t psci_offered[2];
static inline bool offered(unsigned fn, bool smc64)
{
	return fn < 32 && ((psci_offered[smc64] >> fn) & 1);
}

/* The functions' handlers, by function number (psci.c's table). */
typedef int64_t (*psci_fn)(struct mon_call *c);

static inline int64_t psci_version(struct mon_call *c)
{
	(void)c;
	return psci_version_answer;
}

static inline int64_t migrate_info_type(struct mon_call *c)
{
	(void)c;
	return SECMON_PSCI_TOS_NOT_PRESENT;
}

int64_t psci_call_cpu_suspend(struct mon_call *c);
int64_t psci_call_cpu_default_suspend(struct mon_call *c);
int64_t psci_call_system_suspend(struct mon_call *c);
int64_t psci_call_cpu_on(struct mon_call *c);
int64_t psci_affinity_info(struct mon_call *c);
int64_t psci_system_off2(struct mon_call *c);
int64_t psci_system_reset2(struct mon_call *c);
int64_t psci_node_hw_state(struct mon_call *c);
int64_t psci_set_suspend_mode(struct mon_call *c);
int64_t psci_stat_residency(struct mon_call *c);
int64_t psci_stat_count(struct mon_call *c);

/*
 * The fast path's handlers (psci_fast.c), and the one of each function
 * offered in each width (psci_init() derives it from psci.c's table).
 */
typedef bool (*psci_fast_fn)(uint32_t fid, struct secmon_regs *r);
bool psci_fast_version(uint32_t fid, struct secmon_regs *r);
bool psci_fast_affinity(uint32_t fid, struct secmon_regs *r);
bool psci_fast_migrate_info_type(uint32_t fid, struct secmon_regs *r);
bool psci_fast_features(uint32_t fid, struct secmon_regs *r);
extern psci_fast_fn psci_fast_table[2][32];

#endif

// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI 1.3 over a three-level power-domain tree: cores, clusters, system.
 * Every state change happens under plat_lock(); the readers take the lock
 * too, so an answer is always a state that existed. AFFINITY_INFO reads one
 * CPU's state, a single atomic load (set_state() stores it atomically), and
 * needs no lock for that.
 *
 * CPU_SUSPEND uses the original power_state format. The states offered are
 * the platform's (plat_power_states()), each reachable through CPU_SUSPEND
 * and counted by the statistics under its power_state; SYSTEM_SUSPEND
 * enters the system-level one (and is counted there). Platform-coordinated
 * and OS-initiated modes are both supported.
 */
#include <secmon/psci.h>
#include <secmon/trace.h>
#include "../core/log.h"
#include "../plat.h"
#include "../services/errata.h"
#include "psci.h"

#define PSCI_VERSION_1_1 SECMON_PSCI_VERSION_MAKE(1, 1)
#define PSCI_VERSION_1_3 SECMON_PSCI_VERSION_MAKE(1, 3)

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
static const struct plat_power_state *states;
static unsigned nstates;
#define NSTATES PLAT_MAX_POWER_STATES
/*
 * The states CPU_SUSPEND accepts: their power_state and index in states[];
 * suspend_pd[i]: states[i] is a power-down state. Kept by psci_init() so
 * that the call does not walk the platform's wider table.
 */
static uint32_t suspend_ps[NSTATES];
static uint8_t suspend_idx[NSTATES];
static unsigned nsuspend;
static bool suspend_pd[NSTATES];

/*
 * The power-down state a CPU enters at each level once coordinated: what
 * the statistics count (DEN0022 5.21), whatever state the caller asked for.
 * A level without one (no cluster state) counts as the level below.
 */
static unsigned pd_state_of_level[LEVEL_SYSTEM + 1];
#define STATE_CORE_PD pd_state_of_level[LEVEL_CORE]
#define STATE_SYSTEM pd_state_of_level[LEVEL_SYSTEM]
/* The shallowest core standby state: what a legacy ABI's idle call enters. */
static unsigned state_core_standby;

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

static struct psci_cpu cpus[MON_MAX_CPUS];
static unsigned ncpu;		/* plat_cpu_count(), at most MON_MAX_CPUS */
static uint64_t cpu_mpidr[MON_MAX_CPUS];	/* plat_cpu_mpidr(), Aff3..Aff0 */
static unsigned suspend_mode;
/* A CPU_SUSPEND since boot or the last mode change (blocks PC -> OSI). */
static bool suspended_since_mode_change;
/*
 * offered[smc64]: bit n set when function n is offered in that width
 * (psci_init(): fns[] less mon_cfg.psci_unsupported).
 */
static uint32_t offered[2];
/* PSCI_VERSION's answer (offer()). */
static uint32_t version;
static void offer(void);

MON_COLD_BOOT void psci_init(unsigned boot_cpu)
{
	unsigned i, n = plat_cpu_count();

	ncpu = n < MON_MAX_CPUS ? n : MON_MAX_CPUS;
	states = plat_power_states(&nstates);
	if (nstates > NSTATES)
		nstates = NSTATES;
	nsuspend = 0;
	for (i = 0; i < nstates; i++) {
		suspend_pd[i] = states[i].powerdown;
		suspend_ps[nsuspend] = states[i].power_state;
		suspend_idx[nsuspend++] = (uint8_t)i;
	}
	for (i = nstates; i-- > 0;)
		if (!states[i].powerdown && states[i].level == LEVEL_CORE)
			state_core_standby = i;
	for (unsigned level = LEVEL_CORE; level <= LEVEL_SYSTEM; level++) {
		pd_state_of_level[level] = level ? pd_state_of_level[level - 1] : 0;
		for (i = 0; i < nstates; i++)
			if (states[i].powerdown && states[i].level == level)
				pd_state_of_level[level] = i;
	}
	for (i = 0; i < n && i < MON_MAX_CPUS; i++) {
		cpus[i] = (struct psci_cpu){ .state = i == boot_cpu ? CPU_ON : CPU_OFF };
		cpu_mpidr[i] = plat_cpu_mpidr(i) & MON_MPIDR_AFF_MASK;
	}
	suspend_mode = SECMON_PSCI_MODE_PC;
	suspended_since_mode_change = false;
	offer();
}

static unsigned ncpus(void)
{
	return ncpu;
}

/* The CPU holding plat_lock() here, for the debug build's checks; MON_MAX_CPUS: none. */
static unsigned lock_holder = MON_MAX_CPUS;

static void lock(unsigned cpu)
{
	plat_lock();
	if (MON_DEBUG)
		lock_holder = cpu;
}

static void unlock(unsigned cpu)
{
	MON_ASSERT(lock_holder == cpu);
	if (MON_DEBUG)
		lock_holder = MON_MAX_CPUS;
	plat_unlock();
}

/*
 * Atomic for affinity_of(), which reads without the lock: the release pairs
 * with its acquire, so an OFF answer also means the CPU's earlier writes
 * are visible.
 */
static void set_state(struct psci_cpu *p, enum cpu_state state)
{
	MON_ASSERT(lock_holder < MON_MAX_CPUS);
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
	if (i < ncpu && cpu_mpidr[i] == mpidr)
		return (int)i;
	for (i = 0; i < ncpu; i++)
		if (cpu_mpidr[i] == mpidr)
			return (int)i;
	return -1;
}

static int target_cpu(uint64_t mpidr)
{
	return target_cpu_inline(mpidr);
}

/*
 * Can the woken CPU execute at pc? Decided by the width it is entered in,
 * not the caller's: A64 and ARM code start on a word, Thumb (bit 0 set)
 * on a halfword, and AArch32 has no address above 4 GiB.
 */
bool psci_entry_ok(uint64_t pc)
{
	bool a32 = plat_ns_entry_aarch32();

	if (a32 ? (pc & 3) == 2 || pc > 0xffffffffu : (pc & 3) != 0)
		return false;
	return plat_ns_range_ok(pc, 4);
}

static bool cpu_is_down(unsigned cpu, unsigned level)
{
	return cpus[cpu].state == CPU_OFF ||
	       (cpus[cpu].state == CPU_POWERDOWN && cpus[cpu].level >= level);
}

/* Does the power domain at `level` that holds cpu also hold core i? */
static bool same_domain(unsigned cpu, unsigned i, unsigned level)
{
	return level == LEVEL_SYSTEM || plat_cpu_cluster(i) == plat_cpu_cluster(cpu);
}

/* True when every other core of cpu's domain at `level` is down to it. */
static bool domain_others_down(unsigned cpu, unsigned level)
{
	unsigned i;

	for (i = 0; i < ncpus(); i++)
		if (i != cpu && same_domain(cpu, i, level) && !cpu_is_down(i, level))
			return false;
	return true;
}

static bool system_others_off(unsigned cpu)
{
	unsigned i;

	for (i = 0; i < ncpus(); i++)
		if (i != cpu && cpus[i].state != CPU_OFF)
			return false;
	return true;
}

/* The index in states[] of a state CPU_SUSPEND accepts, or -1. */
static int find_state(uint32_t power_state)
{
	unsigned i;

	for (i = 0; i < nsuspend; i++)
		if (suspend_ps[i] == power_state)
			return suspend_idx[i];
	return -1;
}

static void stat_begin(struct psci_cpu *p, unsigned stat)
{
	p->stat = stat;
	p->since_us = plat_time_us();
}

static void stat_end(struct psci_cpu *p)
{
	p->count[p->stat]++;
	p->residency_us[p->stat] += plat_time_us() - p->since_us;
}

static int64_t psci_version(struct mon_call *c)
{
	(void)c;
	return version;
}

/* A power event for the trace (core/trace.c), when recording is on. Out of line: small. */
static __attribute__((noinline)) void trace_event(unsigned cpu, uint32_t event, uint64_t t_entry,
						   unsigned nargs, uint64_t a0, uint64_t a1,
						   uint64_t a2)
{
	if (mon_tracing())
		mon_trace_power(&(struct mon_trace_event){
			.cpu = cpu, .event = event, .t_entry = t_entry, .nargs = nargs,
			.arg = { a0, a1, a2 },
		});
}

static int64_t standby(struct mon_call *c, unsigned stat)
{
	struct psci_cpu *p = &cpus[c->cpu];
	uint64_t t_entry = mon_tracing() ? plat_counter() : 0;

	lock(c->cpu);
	suspended_since_mode_change = true;
	p->by_default = false;
	set_state(p, CPU_STANDBY);
	stat_begin(p, stat);
	unlock(c->cpu);
	plat_cpu_standby(c->cpu);
	lock(c->cpu);
	stat_end(p);
	set_state(p, CPU_ON);
	unlock(c->cpu);
	trace_event(c->cpu, SECMON_TRACE_EV_STANDBY, t_entry, 1, states[stat].power_state, 0, 0);
	return SECMON_PSCI_SUCCESS;
}

/*
 * OS-initiated mode: is core i's cluster down? Every core of it is off or
 * powered down, and unless all are off, one of them (its last) took the
 * cluster down with it.
 */
static bool osi_cluster_down(unsigned i)
{
	bool all_off = true, taken = false;

	for (unsigned j = 0; j < ncpus(); j++) {
		if (plat_cpu_cluster(j) != plat_cpu_cluster(i) || cpus[j].state == CPU_OFF)
			continue;
		if (cpus[j].state != CPU_POWERDOWN)
			return false;
		all_off = false;
		taken |= cpus[j].level >= LEVEL_CLUSTER;
	}
	return all_off || taken;
}

/*
 * In OS-initiated mode the OS asks for the cluster (or the system) only as
 * its last running core: DENIED while another core of it runs,
 * INVALID_PARAMETERS while one is in a retention state it cannot go below,
 * or, for the system, while another cluster is still up (its cores powered
 * down at core level only).
 */
static int64_t osi_domain_check(unsigned cpu, unsigned level)
{
	unsigned i;
	int64_t ret = SECMON_PSCI_SUCCESS;

	for (i = 0; i < ncpus(); i++) {
		if (i == cpu || !same_domain(cpu, i, level) || cpu_is_down(i, LEVEL_CORE))
			continue;
		if (cpus[i].state != CPU_STANDBY)
			return SECMON_PSCI_DENIED;
		ret = SECMON_PSCI_INVALID_PARAMETERS;
	}
	for (i = 0; i < ncpus() && level == LEVEL_SYSTEM; i++)
		if (plat_cpu_cluster(i) != plat_cpu_cluster(cpu) && !osi_cluster_down(i))
			ret = SECMON_PSCI_INVALID_PARAMETERS;
	return ret;
}

/* Which call asks for a power-down. */
enum pd_call {
	PD_CPU_SUSPEND,
	PD_DEFAULT,		/* CPU_DEFAULT_SUSPEND */
	PD_SYSTEM_SUSPEND,
};

/*
 * The level a power-down to `want` enters now, or an error. SYSTEM_SUSPEND
 * needs every other core OFF. In OS-initiated
 * mode the caller gets what it asked for or an error; in platform-coordinated
 * mode, the deepest level down to `want` whose other cores are all down.
 */
static int64_t pd_level(unsigned cpu, unsigned want, enum pd_call call, unsigned *level)
{
	MON_ASSERT(lock_holder == cpu);
	int64_t ret = SECMON_PSCI_SUCCESS;

	*level = want;
	if (call == PD_SYSTEM_SUSPEND)
		return system_others_off(cpu) ? ret : SECMON_PSCI_DENIED;
	if (want > LEVEL_CORE && suspend_mode == SECMON_PSCI_MODE_OSI)
		return osi_domain_check(cpu, want);
	while (*level > LEVEL_CORE && !domain_others_down(cpu, *level))
		(*level)--;
	return ret;
}

static int64_t powerdown(struct mon_call *c, unsigned stat, uint64_t pc, uint64_t ctx,
			 enum pd_call call)
{
	struct psci_cpu *p = &cpus[c->cpu];
	unsigned level;
	int64_t ret;
	bool by_default = call == PD_DEFAULT;

	if (!psci_entry_ok(pc))
		return SECMON_PSCI_INVALID_ADDRESS;
	lock(c->cpu);
	ret = pd_level(c->cpu, states[stat].level, call, &level);
	if (ret) {
		unlock(c->cpu);
		return ret;
	}
	if (!by_default)
		suspended_since_mode_change = true;
	p->by_default = by_default;
	p->entry = (struct mon_ns_entry){
		.pc = pc, .context_id = ctx, .mode = plat_ns_entry_mode(c->caller)
	};
	set_state(p, CPU_POWERDOWN);
	p->level = level;
	stat_begin(p, pd_state_of_level[level]);
	unlock(c->cpu);
	if (call == PD_SYSTEM_SUSPEND)
		trace_event(c->cpu, SECMON_TRACE_EV_SYSTEM_SUSPEND, 0, 0, 0, 0, 0);
	else
		trace_event(c->cpu, SECMON_TRACE_EV_POWERDOWN, 0, 2, states[stat].power_state, level, 0);
	plat_cpu_suspend(c->cpu, level);
}

int64_t psci_cpu_suspend(struct mon_call *c, uint32_t power_state, uint64_t pc, uint64_t ctx)
{
	int s = find_state(power_state);

	if (s < 0)
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (!suspend_pd[s])
		return standby(c, (unsigned)s);
	return powerdown(c, (unsigned)s, pc, ctx, PD_CPU_SUSPEND);
}

int64_t psci_cpu_standby(struct mon_call *c)
{
	return standby(c, state_core_standby);
}

static int64_t cpu_suspend(struct mon_call *c)
{
	return psci_cpu_suspend(c, (uint32_t)mon_arg(c, 1), mon_arg(c, 2), mon_arg(c, 3));
}

static int64_t cpu_default_suspend(struct mon_call *c)
{
	return powerdown(c, STATE_CORE_PD, mon_arg(c, 1), mon_arg(c, 2), PD_DEFAULT);
}

int64_t psci_system_suspend(struct mon_call *c, uint64_t pc, uint64_t ctx)
{
	return powerdown(c, STATE_SYSTEM, pc, ctx, PD_SYSTEM_SUSPEND);
}

static int64_t system_suspend(struct mon_call *c)
{
	return psci_system_suspend(c, mon_arg(c, 1), mon_arg(c, 2));
}

static unsigned cluster_hw_state(unsigned cpu);

/*
 * CPU_OFF powers the core down like a power-down suspend, and the
 * statistics count it so (as TF-A does, and Arm's TFTF expects: a CPU_OFF
 * then CPU_ON adds one to the core power-down state's count): under the
 * state the core's domain reaches, its cluster's when the cluster is down
 * with it (NODE_HW_STATE's view), counted when the core comes back. Never
 * the system state: a system whose every core is off does not come back.
 */
int64_t psci_cpu_off(struct mon_call *c)
{
	struct psci_cpu *p = &cpus[c->cpu];

	lock(c->cpu);
	set_state(p, CPU_OFF);
	stat_begin(p, pd_state_of_level[cluster_hw_state(c->cpu) == SECMON_PSCI_HW_OFF ?
						LEVEL_CLUSTER : LEVEL_CORE]);
	unlock(c->cpu);
	trace_event(c->cpu, SECMON_TRACE_EV_CPU_OFF, 0, 0, 0, 0, 0);
	plat_cpu_off(c->cpu);
}

static int64_t cpu_off(struct mon_call *c)
{
	return psci_cpu_off(c);
}

/*
 * A refused CPU_ON must leave the target's entry point and context ID as
 * they were: they belong to whichever call is already bringing it up.
 */
int64_t psci_cpu_on(struct mon_call *c, uint64_t target, uint64_t pc, uint64_t ctx)
{
	int cpu = target_cpu(target);
	struct psci_cpu *p;
	int64_t ret = SECMON_PSCI_SUCCESS;
	uint64_t t_on = 0;

	if (cpu < 0)
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (!psci_entry_ok(pc))
		return SECMON_PSCI_INVALID_ADDRESS;
	p = &cpus[cpu];
	lock(c->cpu);
	switch (p->state) {
	case CPU_OFF:
		p->entry = (struct mon_ns_entry){
			.pc = pc, .context_id = ctx, .mode = plat_ns_entry_mode(c->caller)
		};
		/* The event's time: before the target can run and record its warm boot. */
		if (mon_tracing())
			t_on = plat_counter();
		set_state(p, CPU_ON_PENDING);
		if (plat_cpu_on((unsigned)cpu) != 0) {
			set_state(p, CPU_OFF);
			ret = SECMON_PSCI_INTERNAL_FAILURE;
		}
		break;
	case CPU_ON_PENDING:
		ret = SECMON_PSCI_ON_PENDING;
		break;
	default:
		ret = SECMON_PSCI_ALREADY_ON;
		break;
	}
	unlock(c->cpu);
	if (ret == SECMON_PSCI_SUCCESS)
		trace_event(c->cpu, SECMON_TRACE_EV_CPU_ON, t_on, 3, (unsigned)cpu, pc, ctx);
	return ret;
}

static int64_t cpu_on(struct mon_call *c)
{
	return psci_cpu_on(c, mon_arg(c, 1), mon_arg(c, 2), mon_arg(c, 3));
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
	switch (__atomic_load_n(&cpus[cpu].state, __ATOMIC_ACQUIRE)) {
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

static int64_t affinity_info(struct mon_call *c)
{
	return affinity_of(mon_arg(c, 1), mon_arg(c, 2));
}

static int64_t migrate_info_type(struct mon_call *c)
{
	(void)c;
	return SECMON_PSCI_TOS_NOT_PRESENT;
}

/*
 * Records the SYSTEM_OFF or SYSTEM_RESET event with how it was asked for
 * (enum secmon_trace_asked: a warm SYSTEM_RESET2 resets as SYSTEM_RESET
 * does, and its record must not read as a cold reset), then goes down: a
 * SYSTEM_RESET2 of a vendor type through plat_system_reset2().
 */
static _Noreturn void system_down(unsigned cpu, uint32_t event, unsigned nargs, uint64_t how,
				  uint64_t type, uint64_t cookie)
{
	trace_event(cpu, event, 0, nargs, how, type, cookie);
	if (event == SECMON_TRACE_EV_SYSTEM_OFF)
		plat_system_off();
	if (how == SECMON_TRACE_ASKED_CALL2 && type != SECMON_PSCI_RESET2_WARM)
		plat_system_reset2((uint32_t)type, cookie);
	plat_system_reset();
}

int64_t psci_system_off(struct mon_call *c)
{
	system_down(c->cpu, SECMON_TRACE_EV_SYSTEM_OFF, 1, SECMON_TRACE_ASKED_CALL, 0, 0);
}

/* PSCI 1.3: the one type is HIBERNATE_OFF (written 1 or 0); it powers off as SYSTEM_OFF. */
static int64_t system_off2(struct mon_call *c)
{
	uint32_t type = (uint32_t)mon_arg(c, 1);

	if ((type != SECMON_PSCI_OFF2_HIBERNATE && type != SECMON_PSCI_OFF2_HIBERNATE_ALT) ||
	    mon_arg(c, 2) != 0)
		return SECMON_PSCI_INVALID_PARAMETERS;
	system_down(c->cpu, SECMON_TRACE_EV_SYSTEM_OFF, 2, SECMON_TRACE_ASKED_CALL2, type, 0);
}

int64_t psci_system_reset(struct mon_call *c)
{
	system_down(c->cpu, SECMON_TRACE_EV_SYSTEM_RESET, 1, SECMON_TRACE_ASKED_CALL, 0, 0);
}

/* A warm reset is SYSTEM_RESET; a vendor type the platform knows is recorded before it resets. */
static int64_t system_reset2(struct mon_call *c)
{
	uint32_t type = (uint32_t)mon_arg(c, 1);
	uint64_t cookie = mon_arg(c, 2);
	int ret;

	if (type != SECMON_PSCI_RESET2_WARM) {
		if (!(type & SECMON_PSCI_RESET2_VENDOR))
			return SECMON_PSCI_INVALID_PARAMETERS;
		ret = plat_system_reset2_check(type, cookie);
		if (ret)
			return ret;
	}
	system_down(c->cpu, SECMON_TRACE_EV_SYSTEM_RESET, 3, SECMON_TRACE_ASKED_CALL2, type, cookie);
}

_Noreturn void mon_system_asked(unsigned cpu, bool reset)
{
	system_down(cpu, reset ? SECMON_TRACE_EV_SYSTEM_RESET : SECMON_TRACE_EV_SYSTEM_OFF, 1,
		    SECMON_TRACE_ASKED_PLATFORM, 0, 0);
}

/*
 * A cluster is off once every core in it is down at cluster level; in
 * OS-initiated mode, once its last core took it down (osi_cluster_down()),
 * whatever level the others sleep at.
 */
static unsigned cluster_hw_state(unsigned cpu)
{
	unsigned i, cl = plat_cpu_cluster(cpu);

	if (suspend_mode == SECMON_PSCI_MODE_OSI)
		return osi_cluster_down(cpu) ? SECMON_PSCI_HW_OFF : SECMON_PSCI_HW_ON;
	for (i = 0; i < ncpus(); i++)
		if (plat_cpu_cluster(i) == cl && !cpu_is_down(i, LEVEL_CLUSTER))
			return SECMON_PSCI_HW_ON;
	return SECMON_PSCI_HW_OFF;
}

static int64_t node_hw_state(struct mon_call *c)
{
	int cpu = target_cpu(mon_arg(c, 1));
	uint64_t level = mon_arg(c, 2);
	int64_t ret;

	if (cpu < 0 || level > LEVEL_SYSTEM)
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (level == LEVEL_SYSTEM)
		return SECMON_PSCI_HW_ON;
	lock(c->cpu);
	if (level == LEVEL_CLUSTER)
		ret = cluster_hw_state((unsigned)cpu);
	else if (cpus[cpu].state == CPU_STANDBY)
		ret = SECMON_PSCI_HW_STANDBY;
	else if (cpus[cpu].state == CPU_OFF || cpus[cpu].state == CPU_POWERDOWN)
		ret = SECMON_PSCI_HW_OFF;
	else
		ret = SECMON_PSCI_HW_ON;
	unlock(c->cpu);
	return ret;
}

/*
 * DEN0022's rules: to OS-initiated mode only while every core runs, is off
 * or sits in CPU_DEFAULT_SUSPEND, and none has called CPU_SUSPEND since
 * boot or the last change; back to platform-coordinated only while every
 * other core is off.
 */
static bool mode_change_allowed(unsigned caller, unsigned to)
{
	for (unsigned i = 0; i < ncpus(); i++) {
		enum cpu_state st = cpus[i].state;

		if (to == SECMON_PSCI_MODE_PC && i != caller && st != CPU_OFF)
			return false;
		if (to == SECMON_PSCI_MODE_OSI && (st == CPU_STANDBY || st == CPU_POWERDOWN) &&
		    !cpus[i].by_default)
			return false;
	}
	return to == SECMON_PSCI_MODE_PC || !suspended_since_mode_change;
}

static int64_t set_suspend_mode(struct mon_call *c)
{
	uint64_t mode = mon_arg(c, 1);
	int64_t ret = SECMON_PSCI_SUCCESS;

	if (mode != SECMON_PSCI_MODE_PC && mode != SECMON_PSCI_MODE_OSI)
		return SECMON_PSCI_INVALID_PARAMETERS;
	lock(c->cpu);
	if (mode != suspend_mode && !mode_change_allowed(c->cpu, (unsigned)mode)) {
		ret = SECMON_PSCI_DENIED;
	} else if (mode != suspend_mode) {
		suspend_mode = (unsigned)mode;
		suspended_since_mode_change = false;
	}
	unlock(c->cpu);
	return ret;
}

/* The statistics have no error codes: anything unknown counts zero. */
static int64_t stat(struct mon_call *c, bool residency)
{
	int cpu = target_cpu(mon_arg(c, 1));
	int s = find_state((uint32_t)mon_arg(c, 2));
	int64_t ret;

	if (cpu < 0 || s < 0)
		return 0;
	lock(c->cpu);
	ret = (int64_t)(residency ? cpus[cpu].residency_us[s] : cpus[cpu].count[s]);
	unlock(c->cpu);
	return ret;
}

static int64_t stat_residency(struct mon_call *c)
{
	return stat(c, true);
}

static int64_t stat_count(struct mon_call *c)
{
	return stat(c, false);
}

static int64_t psci_features(struct mon_call *c);

typedef int64_t (*psci_fn)(struct mon_call *c);

static const psci_fn fns[SECMON_PSCI_FN_COUNT] = {
	[SECMON_PSCI_FN_VERSION] = psci_version,
	[SECMON_PSCI_FN_CPU_SUSPEND] = cpu_suspend,
	[SECMON_PSCI_FN_CPU_OFF] = cpu_off,
	[SECMON_PSCI_FN_CPU_ON] = cpu_on,
	[SECMON_PSCI_FN_AFFINITY_INFO] = affinity_info,
	[SECMON_PSCI_FN_MIGRATE_INFO_TYPE] = migrate_info_type,
	[SECMON_PSCI_FN_SYSTEM_OFF] = psci_system_off,
	[SECMON_PSCI_FN_SYSTEM_RESET] = psci_system_reset,
	[SECMON_PSCI_FN_FEATURES] = psci_features,
	[SECMON_PSCI_FN_CPU_DEFAULT_SUSPEND] = cpu_default_suspend,
	[SECMON_PSCI_FN_NODE_HW_STATE] = node_hw_state,
	[SECMON_PSCI_FN_SYSTEM_SUSPEND] = system_suspend,
	[SECMON_PSCI_FN_SET_SUSPEND_MODE] = set_suspend_mode,
	[SECMON_PSCI_FN_STAT_RESIDENCY] = stat_residency,
	[SECMON_PSCI_FN_STAT_COUNT] = stat_count,
	[SECMON_PSCI_FN_SYSTEM_RESET2] = system_reset2,
	[SECMON_PSCI_FN_SYSTEM_OFF2] = system_off2,
};

/* Does this monitor offer fid to such a caller? (offer() fills offered[].) */
static inline bool offers(uint32_t fid, bool aarch32)
{
	unsigned fn = secmon_fid_num(fid);
	bool smc64 = secmon_fid_is_smc64(fid);

	return secmon_fid_oen(fid) == SECMON_OEN_STD && fn < 32 && !(smc64 && aarch32) &&
	       ((offered[smc64] >> fn) & 1);
}

/* The handler for fid, or NULL when this monitor does not offer it. */
static psci_fn lookup(uint32_t fid, bool aarch32)
{
	return offers(fid, aarch32) ? fns[secmon_fid_num(fid)] : 0;
}

bool psci_has(uint32_t fid)
{
	return lookup(fid, false) != 0;
}

/*
 * PSCI_FEATURES' answer for fid. A fast PSCI ID without must-be-zero bits
 * and with a function number below 32 (in either width, SVE hint or not)
 * is looked up in features_answer[smc64][fn] (offer() fills it).
 */
#define FEATURES_ID_MASK 0xbffeffe0u	/* all but SMC64, the SVE hint, fn 4:0 */
#define FEATURES_ID	 0x84000000u	/* fast, standard service, fn < 32 */

static uint32_t features_answer[2][32];	/* as a 32-bit result */

static inline int32_t features_of(uint32_t fid, bool aarch32)
{
	bool smc64 = secmon_fid_is_smc64(fid);

	if ((fid & FEATURES_ID_MASK) == FEATURES_ID && !(smc64 && aarch32))
		return (int32_t)features_answer[smc64][fid & 31];
	return fid == SECMON_SMCCC_VERSION ? SECMON_PSCI_SUCCESS : SECMON_PSCI_NOT_SUPPORTED;
}

static int64_t psci_features(struct mon_call *c)
{
	return features_of((uint32_t)mon_arg(c, 1), c->caller->aarch32);
}

/*
 * mon_smc_fast()'s PSCI calls, for an AArch64 caller: the queries whose
 * arguments are x1-x2 and whose answer is x0 alone. The same answers as
 * psci_handle(), without a struct mon_call: fast_table[smc64][fn] is the
 * handler when function fn is one of them and offered in that width.
 */
typedef bool (*psci_fast_fn)(uint32_t fid, struct secmon_regs *r);

static bool fast_version(uint32_t fid, struct secmon_regs *r)
{
	(void)fid;
	r->x[0] = mon_ret32(psci_version(0));
	return true;
}

static bool fast_migrate_info_type(uint32_t fid, struct secmon_regs *r)
{
	(void)fid;
	r->x[0] = mon_ret32(migrate_info_type(0));
	return true;
}

static bool fast_features(uint32_t fid, struct secmon_regs *r)
{
	(void)fid;
	r->x[0] = mon_ret32(features_of((uint32_t)r->x[1], false));
	return true;
}

static bool fast_affinity(uint32_t fid, struct secmon_regs *r)
{
	uint64_t width = secmon_fid_is_smc64(fid) ? ~0ull : 0xffffffffull;
	int64_t v = affinity_of(r->x[1] & width, r->x[2] & width);

	r->x[0] = secmon_fid_is_smc64(fid) ? (uint64_t)v : mon_ret32(v);
	return true;
}

static const psci_fast_fn fast_fns[SECMON_PSCI_FN_COUNT] = {
	[SECMON_PSCI_FN_VERSION] = fast_version,
	[SECMON_PSCI_FN_AFFINITY_INFO] = fast_affinity,
	[SECMON_PSCI_FN_MIGRATE_INFO_TYPE] = fast_migrate_info_type,
	[SECMON_PSCI_FN_FEATURES] = fast_features,
};

static psci_fast_fn fast_table[2][32];

/*
 * The functions PSCI 1.0 and later make mandatory (DEN0022, the function
 * table); 1.3 adds none (SYSTEM_OFF2 is optional). PSCI_VERSION says 1.3
 * only while all of them are offered; a configuration that hides one
 * (mon_cfg.psci_unsupported) keeps the answer it had before, 1.1.
 */
#define PSCI_MANDATORY                                                                         \
	((1u << SECMON_PSCI_FN_VERSION) | (1u << SECMON_PSCI_FN_CPU_SUSPEND) |                    \
	 (1u << SECMON_PSCI_FN_CPU_OFF) | (1u << SECMON_PSCI_FN_CPU_ON) |                        \
	 (1u << SECMON_PSCI_FN_AFFINITY_INFO) | (1u << SECMON_PSCI_FN_SYSTEM_OFF) |              \
	 (1u << SECMON_PSCI_FN_SYSTEM_RESET) | (1u << SECMON_PSCI_FN_FEATURES))

/* PSCI_FEATURES' answer for an offered function. */
static uint32_t feature_flags(unsigned fn)
{
	/* OS-initiated mode is offered when it can be entered. */
	bool osi = !(mon_cfg.psci_unsupported & (1u << SECMON_PSCI_FN_SET_SUSPEND_MODE));

	if (fn == SECMON_PSCI_FN_CPU_SUSPEND && osi)
		return SECMON_PSCI_FEAT_OSI;
	if (fn == SECMON_PSCI_FN_SYSTEM_OFF2)
		return SECMON_PSCI_OFF2_HIBERNATE;	/* the off types offered */
	return SECMON_PSCI_SUCCESS;
}

static void offer(void)
{
	_Static_assert(SECMON_PSCI_FN_COUNT <= 32, "one bit per function");

	offered[0] = offered[1] = 0;
	for (unsigned fn = 0; fn < 32; fn++) {
		uint32_t answer = feature_flags(fn);

		fast_table[0][fn] = fast_table[1][fn] = 0;
		features_answer[0][fn] = features_answer[1][fn] = (uint32_t)SECMON_PSCI_NOT_SUPPORTED;
		if (fn >= SECMON_PSCI_FN_COUNT || !fns[fn] ||
		    (mon_cfg.psci_unsupported & (1u << fn)))
			continue;
		offered[0] |= 1u << fn;
		fast_table[0][fn] = fast_fns[fn];
		features_answer[0][fn] = answer;
		if (secmon_psci_fn_has_smc64(fn)) {
			offered[1] |= 1u << fn;
			fast_table[1][fn] = fast_fns[fn];
			features_answer[1][fn] = answer;
		}
	}
	version = (offered[0] & PSCI_MANDATORY) == PSCI_MANDATORY ? PSCI_VERSION_1_3
								  : PSCI_VERSION_1_1;
}

/*
 * How the fast path answers fid (fast_init.c puts it beside the filter's
 * IDs): PSCI_VERSION and MIGRATE_INFO_TYPE with their constant, PSCI_FEATURES
 * by a lookup of w1 among the IDs the monitor answers (psci_features_about()
 * of each, the same features_of() as below), and NOT_SUPPORTED for an ID
 * that is none of them, which features_of() answers for every ID outside
 * PSCI's offered functions and SMCCC_VERSION. CPU_SUSPEND is refused with
 * INVALID_PARAMETERS when w1 is none of the power_states find_state()
 * accepts, the platform's table (its first check, before anything else is
 * looked at); an accepted one goes on to mon_smc(). The rest: psci_fast().
 */
MON_COLD_BOOT unsigned psci_answer(uint32_t fid, struct mon_answer_spec *a)
{
	unsigned fn = secmon_fid_num(fid);
	bool smc64 = secmon_fid_is_smc64(fid);

	if (fn == SECMON_PSCI_FN_CPU_SUSPEND && (offered[smc64] >> fn & 1)) {
		a->value = SECMON_PSCI_INVALID_PARAMETERS;
		a->accepted = suspend_ps;
		a->naccepted = nsuspend;
		return MON_ANSWER_CHECK;
	}
	if (fn >= 32 || !fast_table[smc64][fn])
		return MON_ANSWER_FAST;
	switch (fn) {
	case SECMON_PSCI_FN_VERSION:
		a->value = (int32_t)psci_version(0);
		return MON_ANSWER_VALUE;
	case SECMON_PSCI_FN_MIGRATE_INFO_TYPE:
		a->value = (int32_t)migrate_info_type(0);
		return MON_ANSWER_VALUE;
	case SECMON_PSCI_FN_FEATURES:
		a->value = SECMON_PSCI_NOT_SUPPORTED;
		return MON_ANSWER_LOOKUP;
	}
	return MON_ANSWER_FAST;
}

MON_COLD_BOOT int32_t psci_features_about(uint32_t id)
{
	return features_of(id, false);
}

bool psci_fast(uint32_t fid, struct secmon_regs *r)
{
	unsigned fn = secmon_fid_num(fid);
	psci_fast_fn f;

	if (fn >= 32)
		return false;
	f = fast_table[secmon_fid_is_smc64(fid)][fn];
	return f && f(fid, r);
}

bool psci_handle(struct mon_call *c)
{
	psci_fn fn = lookup(c->fid, c->caller->aarch32);

	if (!fn)
		return false;
	mon_ret(c, 0, fn(c));
	return true;
}

/*
 * OS-initiated mode: a node is down while the state its last core asked for
 * holds. A core that wakes or starts brings its cluster and the system back
 * up, so the cores still powered down stay down only at the levels that do
 * not hold it: the core level in its cluster, the cluster level elsewhere.
 */
static void osi_nodes_woken(unsigned cpu)
{
	MON_ASSERT(lock_holder == cpu);
	if (suspend_mode != SECMON_PSCI_MODE_OSI)
		return;
	for (unsigned i = 0; i < ncpus(); i++) {
		unsigned up = plat_cpu_cluster(i) == plat_cpu_cluster(cpu) ? LEVEL_CORE
									     : LEVEL_CLUSTER;

		if (i != cpu && cpus[i].state == CPU_POWERDOWN && cpus[i].level > up)
			cpus[i].level = up;
	}
}

bool psci_wakeup(unsigned cpu, struct mon_ns_entry *e)
{
	struct psci_cpu *p = &cpus[cpu];
	bool ok = true;

	lock(cpu);
	/* ON_PENDING: off by CPU_OFF since stat_begin(), or never started (since_us 0). */
	if (p->state == CPU_POWERDOWN || (p->state == CPU_ON_PENDING && p->since_us))
		stat_end(p);
	else if (p->state != CPU_ON_PENDING)
		ok = false;
	if (ok) {
		*e = p->entry;
		osi_nodes_woken(cpu);
		set_state(p, CPU_ON);
		errata_cpu_reset(cpu);
	}
	unlock(cpu);
	if (ok)
		trace_event(cpu, SECMON_TRACE_EV_WARM_BOOT, 0, 1, e->pc, 0, 0);
	return ok;
}

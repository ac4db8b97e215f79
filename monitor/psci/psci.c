// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI 1.1 over a three-level power-domain tree: cores, clusters, system.
 * Every state change happens under plat_lock(); AFFINITY_INFO and the other
 * readers take the lock too, so an answer is always a state that existed.
 *
 * CPU_SUSPEND uses the original power_state format. The states offered are
 * in `states` below; platform-coordinated and OS-initiated modes are both
 * supported.
 */
#include <secmon/psci.h>
#include "../core/service.h"
#include "../plat.h"

#define PSCI_VERSION_1_1 SECMON_PSCI_VERSION_MAKE(1, 1)

/* MPIDR affinity fields: Aff3 39:32, Aff2..Aff0 23:0. */
#define MPIDR_AFF_MASK 0xff00ffffffull

enum cpu_state {
	CPU_OFF,
	CPU_ON_PENDING,
	CPU_ON,
	CPU_STANDBY,		/* retention suspend: AFFINITY_INFO says ON */
	CPU_POWERDOWN,		/* power-down suspend, woken by its interrupts */
};

/* The CPU_SUSPEND states this monitor offers, and SYSTEM_SUSPEND's. */
struct psci_state {
	uint32_t power_state;
	unsigned type;
	unsigned level;
};

enum { LEVEL_CORE, LEVEL_CLUSTER, LEVEL_SYSTEM };

static const struct psci_state states[] = {
	{ 0x00000000u, 0, LEVEL_CORE },		/* core standby */
	{ 0x00010000u, 1, LEVEL_CORE },		/* core power-down */
	{ 0x01010000u, 1, LEVEL_CLUSTER },	/* cluster power-down */
	{ 0x02010000u, 1, LEVEL_SYSTEM },	/* system suspend (not via CPU_SUSPEND) */
};
#define NSTATES (sizeof(states) / sizeof(states[0]))
#define STATE_CORE_PD 1
#define STATE_SYSTEM 3

struct psci_cpu {
	enum cpu_state state;
	unsigned level;		/* power level actually entered while suspended */
	unsigned stat;		/* index in states[] while suspended */
	uint64_t since_us;
	struct mon_ns_entry entry;
	uint64_t count[NSTATES];
	uint64_t residency_us[NSTATES];
};

static struct psci_cpu cpus[MON_MAX_CPUS];
static unsigned suspend_mode;

void psci_init(unsigned boot_cpu)
{
	unsigned i, n = plat_cpu_count();

	for (i = 0; i < n && i < MON_MAX_CPUS; i++)
		cpus[i] = (struct psci_cpu){ .state = i == boot_cpu ? CPU_ON : CPU_OFF };
	suspend_mode = SECMON_PSCI_MODE_PC;
}

static unsigned ncpus(void)
{
	unsigned n = plat_cpu_count();

	return n < MON_MAX_CPUS ? n : MON_MAX_CPUS;
}

/* The CPU index named by an MPIDR argument, or -1. */
static int target_cpu(uint64_t mpidr)
{
	int cpu;

	if (mpidr & ~MPIDR_AFF_MASK)
		return -1;
	cpu = plat_cpu_index(mpidr);
	return cpu >= 0 && (unsigned)cpu < ncpus() ? cpu : -1;
}

bool psci_entry_ok(uint64_t pc, const struct mon_caller *caller)
{
	/* A32 code may start on a halfword boundary (Thumb); A64 needs 4. */
	if (!caller->aarch32 && (pc & 3))
		return false;
	return plat_ns_range_ok(pc, 4);
}

static bool cpu_is_down(unsigned cpu, unsigned level)
{
	return cpus[cpu].state == CPU_OFF ||
	       (cpus[cpu].state == CPU_POWERDOWN && cpus[cpu].level >= level);
}

/* True when every core of cpu's cluster other than cpu is down to `level`. */
static bool cluster_others_down(unsigned cpu, unsigned level)
{
	unsigned i, cl = plat_cpu_cluster(cpu);

	for (i = 0; i < ncpus(); i++)
		if (i != cpu && plat_cpu_cluster(i) == cl && !cpu_is_down(i, level))
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

static const struct psci_state *find_state(uint32_t power_state)
{
	unsigned i;

	for (i = 0; i < STATE_SYSTEM; i++)
		if (states[i].power_state == power_state)
			return &states[i];
	return 0;
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
	return PSCI_VERSION_1_1;
}

static int64_t standby(struct mon_call *c, unsigned stat)
{
	struct psci_cpu *p = &cpus[c->cpu];

	plat_lock();
	p->state = CPU_STANDBY;
	stat_begin(p, stat);
	plat_unlock();
	plat_cpu_standby(c->cpu);
	plat_lock();
	stat_end(p);
	p->state = CPU_ON;
	plat_unlock();
	return SECMON_PSCI_SUCCESS;
}

/* Power-down suspend to `want` (a level), coordinated with the other cores. */
static int64_t powerdown(struct mon_call *c, unsigned stat, uint64_t pc, uint64_t ctx)
{
	struct psci_cpu *p = &cpus[c->cpu];
	unsigned want = states[stat].level, level = LEVEL_CORE;

	if (!psci_entry_ok(pc, c->caller))
		return SECMON_PSCI_INVALID_ADDRESS;
	plat_lock();
	if (want == LEVEL_SYSTEM) {
		if (!system_others_off(c->cpu)) {
			plat_unlock();
			return SECMON_PSCI_DENIED;
		}
		level = LEVEL_SYSTEM;
	} else if (want == LEVEL_CLUSTER) {
		bool last = cluster_others_down(c->cpu, LEVEL_CLUSTER);

		/* In OS-initiated mode the OS must only ask as the last core. */
		if (!last && suspend_mode == SECMON_PSCI_MODE_OSI) {
			plat_unlock();
			return SECMON_PSCI_DENIED;
		}
		level = last ? LEVEL_CLUSTER : LEVEL_CORE;
	}
	p->entry = (struct mon_ns_entry){ .pc = pc, .context_id = ctx, .mode = c->caller->mode };
	p->state = CPU_POWERDOWN;
	p->level = level;
	stat_begin(p, stat);
	plat_unlock();
	plat_cpu_suspend(c->cpu, level);
}

int64_t psci_cpu_suspend(struct mon_call *c, uint32_t power_state, uint64_t pc, uint64_t ctx)
{
	const struct psci_state *s = find_state(power_state);

	if (!s)
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (s->type == 0)
		return standby(c, (unsigned)(s - states));
	return powerdown(c, (unsigned)(s - states), pc, ctx);
}

static int64_t cpu_suspend(struct mon_call *c)
{
	return psci_cpu_suspend(c, (uint32_t)mon_arg(c, 1), mon_arg(c, 2), mon_arg(c, 3));
}

static int64_t cpu_default_suspend(struct mon_call *c)
{
	return powerdown(c, STATE_CORE_PD, mon_arg(c, 1), mon_arg(c, 2));
}

int64_t psci_system_suspend(struct mon_call *c, uint64_t pc, uint64_t ctx)
{
	return powerdown(c, STATE_SYSTEM, pc, ctx);
}

static int64_t system_suspend(struct mon_call *c)
{
	return psci_system_suspend(c, mon_arg(c, 1), mon_arg(c, 2));
}

int64_t psci_cpu_off(struct mon_call *c)
{
	plat_lock();
	cpus[c->cpu].state = CPU_OFF;
	plat_unlock();
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

	if (cpu < 0)
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (!psci_entry_ok(pc, c->caller))
		return SECMON_PSCI_INVALID_ADDRESS;
	p = &cpus[cpu];
	plat_lock();
	switch (p->state) {
	case CPU_OFF:
		p->entry = (struct mon_ns_entry){
			.pc = pc, .context_id = ctx, .mode = c->caller->mode
		};
		p->state = CPU_ON_PENDING;
		if (plat_cpu_on((unsigned)cpu) != 0) {
			p->state = CPU_OFF;
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
	plat_unlock();
	return ret;
}

static int64_t cpu_on(struct mon_call *c)
{
	return psci_cpu_on(c, mon_arg(c, 1), mon_arg(c, 2), mon_arg(c, 3));
}

static int64_t affinity_info(struct mon_call *c)
{
	int cpu = target_cpu(mon_arg(c, 1));
	int64_t ret;

	/* Levels above 0 are optional since PSCI 1.0 and not offered. */
	if (cpu < 0 || mon_arg(c, 2) != 0)
		return SECMON_PSCI_INVALID_PARAMETERS;
	plat_lock();
	switch (cpus[cpu].state) {
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
	plat_unlock();
	return ret;
}

static int64_t migrate_info_type(struct mon_call *c)
{
	(void)c;
	return SECMON_PSCI_TOS_NOT_PRESENT;
}

static int64_t system_off(struct mon_call *c)
{
	(void)c;
	plat_system_off();
}

static int64_t system_reset(struct mon_call *c)
{
	(void)c;
	plat_system_reset();
}

static int64_t system_reset2(struct mon_call *c)
{
	uint32_t type = (uint32_t)mon_arg(c, 1);

	if (type == SECMON_PSCI_RESET2_WARM)
		plat_system_reset();
	if (!(type & SECMON_PSCI_RESET2_VENDOR))
		return SECMON_PSCI_INVALID_PARAMETERS;
	return plat_system_reset2(type, mon_arg(c, 2));
}

static unsigned cluster_hw_state(unsigned cpu)
{
	unsigned i, cl = plat_cpu_cluster(cpu);
	bool standby = false;

	for (i = 0; i < ncpus(); i++) {
		if (plat_cpu_cluster(i) != cl || cpu_is_down(i, LEVEL_CLUSTER))
			continue;
		if (cpus[i].state != CPU_STANDBY && cpus[i].state != CPU_POWERDOWN)
			return SECMON_PSCI_HW_ON;
		standby = true;
	}
	return standby ? SECMON_PSCI_HW_STANDBY : SECMON_PSCI_HW_OFF;
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
	plat_lock();
	if (level == LEVEL_CLUSTER)
		ret = cluster_hw_state((unsigned)cpu);
	else if (cpus[cpu].state == CPU_STANDBY)
		ret = SECMON_PSCI_HW_STANDBY;
	else if (cpus[cpu].state == CPU_OFF || cpus[cpu].state == CPU_POWERDOWN)
		ret = SECMON_PSCI_HW_OFF;
	else
		ret = SECMON_PSCI_HW_ON;
	plat_unlock();
	return ret;
}

/* The mode may change only while no core is suspended. */
static int64_t set_suspend_mode(struct mon_call *c)
{
	uint64_t mode = mon_arg(c, 1);
	unsigned i;

	if (mode != SECMON_PSCI_MODE_PC && mode != SECMON_PSCI_MODE_OSI)
		return SECMON_PSCI_INVALID_PARAMETERS;
	plat_lock();
	for (i = 0; i < ncpus(); i++) {
		if (cpus[i].state == CPU_STANDBY || cpus[i].state == CPU_POWERDOWN) {
			plat_unlock();
			return SECMON_PSCI_DENIED;
		}
	}
	suspend_mode = (unsigned)mode;
	plat_unlock();
	return SECMON_PSCI_SUCCESS;
}

/* The statistics have no error codes: anything unknown counts zero. */
static int64_t stat(struct mon_call *c, bool residency)
{
	int cpu = target_cpu(mon_arg(c, 1));
	const struct psci_state *s = find_state((uint32_t)mon_arg(c, 2));
	int64_t ret;

	if (cpu < 0 || !s)
		return 0;
	plat_lock();
	ret = (int64_t)(residency ? cpus[cpu].residency_us[s - states] : cpus[cpu].count[s - states]);
	plat_unlock();
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
	[SECMON_PSCI_FN_SYSTEM_OFF] = system_off,
	[SECMON_PSCI_FN_SYSTEM_RESET] = system_reset,
	[SECMON_PSCI_FN_FEATURES] = psci_features,
	[SECMON_PSCI_FN_CPU_DEFAULT_SUSPEND] = cpu_default_suspend,
	[SECMON_PSCI_FN_NODE_HW_STATE] = node_hw_state,
	[SECMON_PSCI_FN_SYSTEM_SUSPEND] = system_suspend,
	[SECMON_PSCI_FN_SET_SUSPEND_MODE] = set_suspend_mode,
	[SECMON_PSCI_FN_STAT_RESIDENCY] = stat_residency,
	[SECMON_PSCI_FN_STAT_COUNT] = stat_count,
	[SECMON_PSCI_FN_SYSTEM_RESET2] = system_reset2,
};

/* The handler for fid, or NULL when this monitor does not offer it. */
static psci_fn lookup(uint32_t fid, bool aarch32)
{
	unsigned fn = secmon_fid_num(fid);

	if (secmon_fid_oen(fid) != SECMON_OEN_STD || fn >= SECMON_PSCI_FN_COUNT ||
	    (mon_cfg.psci_unsupported & (1u << fn)))
		return 0;
	if (secmon_fid_is_smc64(fid) && (aarch32 || !secmon_psci_fn_has_smc64(fn)))
		return 0;
	return fns[fn];
}

bool psci_has(uint32_t fid)
{
	return lookup(fid, false) != 0;
}

static int64_t psci_features(struct mon_call *c)
{
	uint32_t fid = (uint32_t)mon_arg(c, 1);

	if (fid == SECMON_SMCCC_VERSION)
		return SECMON_PSCI_SUCCESS;
	if (!secmon_fid_is_fast(fid) || (fid & SECMON_FID_MBZ) || !lookup(fid, c->caller->aarch32))
		return SECMON_PSCI_NOT_SUPPORTED;
	if (secmon_fid_num(fid) == SECMON_PSCI_FN_CPU_SUSPEND)
		return SECMON_PSCI_FEAT_OSI;
	return SECMON_PSCI_SUCCESS;
}

bool psci_handle(struct mon_call *c)
{
	psci_fn fn = lookup(c->fid, c->caller->aarch32);

	if (!fn)
		return false;
	mon_ret(c, 0, fn(c));
	return true;
}

bool psci_wakeup(unsigned cpu, struct mon_ns_entry *e)
{
	struct psci_cpu *p = &cpus[cpu];
	bool ok = true;

	plat_lock();
	if (p->state == CPU_POWERDOWN)
		stat_end(p);
	else if (p->state != CPU_ON_PENDING)
		ok = false;
	if (ok) {
		*e = p->entry;
		p->state = CPU_ON;
		errata_cpu_reset(cpu);
	}
	plat_unlock();
	return ok;
}

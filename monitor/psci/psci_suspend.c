// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI's power-down and standby: CPU_SUSPEND, CPU_DEFAULT_SUSPEND,
 * SYSTEM_SUSPEND, and the coordination of the levels they reach in
 * platform-coordinated and OS-initiated mode.
 */
#include "internal.h"

/* True when every other core of cpu's domain at `level` is down to it. */
static bool domain_others_down(unsigned cpu, unsigned level)
{
	unsigned i;

	for (i = 0; i < psci_ncpu; i++)
		if (i != cpu && same_domain(cpu, i, level) && !cpu_is_down(i, level))
			return false;
	return true;
}

static bool system_others_off(unsigned cpu)
{
	unsigned i;

	for (i = 0; i < psci_ncpu; i++)
		if (i != cpu && psci_cpus[i].state != CPU_OFF)
			return false;
	return true;
}

static int64_t standby(struct mon_call *c, unsigned stat)
{
	struct psci_cpu *p = &psci_cpus[c->cpu];
	uint64_t t = mon_power_wanted(MON_POWER_STANDBY) ? plat_counter() : 0;

	lock(c->cpu);
	psci_suspended_since_mode_change = true;
	p->by_default = false;
	set_state(p, CPU_STANDBY);
	stat_begin(p, stat);
	unlock(c->cpu);
	plat_cpu_standby(c->cpu);
	lock(c->cpu);
	stat_end(p);
	set_state(p, CPU_ON);
	unlock(c->cpu);
	if (mon_power_wanted(MON_POWER_STANDBY))
		mon_power(&(struct mon_power_event){
			.what = MON_POWER_STANDBY, .cpu = c->cpu, .t = t,
			.power_state = psci_states[stat].power_state,
		});
	return SECMON_PSCI_SUCCESS;
}

/*
 * OS-initiated mode: is core i's cluster down? Every core of it is off or
 * powered down, and unless all are off, one of them (its last) took the
 * cluster down with it.
 */
bool psci_osi_cluster_down(unsigned i)
{
	bool all_off = true, taken = false;

	for (unsigned j = 0; j < psci_ncpu; j++) {
		if (plat_cpu_cluster(j) != plat_cpu_cluster(i) || psci_cpus[j].state == CPU_OFF)
			continue;
		if (psci_cpus[j].state != CPU_POWERDOWN)
			return false;
		all_off = false;
		taken |= psci_cpus[j].level >= LEVEL_CLUSTER;
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

	for (i = 0; i < psci_ncpu; i++) {
		if (i == cpu || !same_domain(cpu, i, level) || cpu_is_down(i, LEVEL_CORE))
			continue;
		if (psci_cpus[i].state != CPU_STANDBY)
			return SECMON_PSCI_DENIED;
		ret = SECMON_PSCI_INVALID_PARAMETERS;
	}
	for (i = 0; i < psci_ncpu && level == LEVEL_SYSTEM; i++)
		if (plat_cpu_cluster(i) != plat_cpu_cluster(cpu) && !psci_osi_cluster_down(i))
			ret = SECMON_PSCI_INVALID_PARAMETERS;
	return ret;
}

/* Which call asks for a power-down. */
enum pd_call {
	PD_CPU_SUSPEND,
	PD_DEFAULT,		/* CPU_DEFAULT_SUSPEND */
	PD_SYSTEM_SUSPEND,
	PD_COORDINATED,		/* a vendor ABI's power-down (psci_cpu_powerdown) */
};

/*
 * The level a power-down to `want` enters now, or an error. SYSTEM_SUSPEND
 * needs every other core OFF. In OS-initiated
 * mode the caller gets what it asked for or an error; in platform-coordinated
 * mode, the deepest level down to `want` whose other cores are all down.
 */
static int64_t pd_level(unsigned cpu, unsigned want, enum pd_call call, unsigned *level)
{
	MON_ASSERT(psci_lock_holder == cpu);
	int64_t ret = SECMON_PSCI_SUCCESS;

	*level = want;
	if (call == PD_SYSTEM_SUSPEND)
		return system_others_off(cpu) ? ret : SECMON_PSCI_DENIED;
	if (want > LEVEL_CORE && psci_suspend_mode == SECMON_PSCI_MODE_OSI &&
	    call != PD_COORDINATED)
		return osi_domain_check(cpu, want);
	while (*level > LEVEL_CORE && !domain_others_down(cpu, *level))
		(*level)--;
	return ret;
}

static int64_t powerdown(struct mon_call *c, unsigned stat, uint64_t pc, uint64_t ctx,
			 enum pd_call call)
{
	struct psci_cpu *p = &psci_cpus[c->cpu];
	unsigned level;
	int64_t ret;
	bool by_default = call == PD_DEFAULT;

	if (!entry_ok(pc))
		return SECMON_PSCI_INVALID_ADDRESS;
	lock(c->cpu);
	ret = pd_level(c->cpu, psci_states[stat].level, call, &level);
	if (ret) {
		unlock(c->cpu);
		return ret;
	}
	if (!by_default)
		psci_suspended_since_mode_change = true;
	p->by_default = by_default;
	p->entry = (struct mon_ns_entry){
		.pc = pc, .context_id = ctx, .mode = plat_ns_entry_mode(c->caller)
	};
	set_state(p, CPU_POWERDOWN);
	p->level = level;
	stat_begin(p, psci_pd_state_of_level[level]);
	unlock(c->cpu);
	if (mon_power_wanted(MON_POWER_SUSPEND))
		mon_power(&(struct mon_power_event){
			.what = MON_POWER_SUSPEND, .cpu = c->cpu,
			.kind = call == PD_SYSTEM_SUSPEND ? MON_POWER_SYSTEM_SUSPEND
							  : MON_POWER_POWERDOWN,
			.power_state = psci_states[stat].power_state, .level = level,
		});
	plat_cpu_suspend(c->cpu, level);
}

int64_t psci_cpu_suspend(struct mon_call *c, uint32_t power_state, uint64_t pc, uint64_t ctx)
{
	int s = find_state(power_state);

	if (s < 0)
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (!psci_states[s].powerdown)
		return standby(c, (unsigned)s);
	return powerdown(c, (unsigned)s, pc, ctx, PD_CPU_SUSPEND);
}

int64_t psci_cpu_standby(struct mon_call *c)
{
	return standby(c, psci_state_core_standby);
}

int64_t psci_call_cpu_suspend(struct mon_call *c)
{
	return psci_cpu_suspend(c, (uint32_t)mon_arg(c, 1), mon_arg(c, 2), mon_arg(c, 3));
}

int64_t psci_call_cpu_default_suspend(struct mon_call *c)
{
	return powerdown(c, STATE_CORE_PD, mon_arg(c, 1), mon_arg(c, 2), PD_DEFAULT);
}

int64_t psci_system_suspend(struct mon_call *c, uint64_t pc, uint64_t ctx)
{
	return powerdown(c, STATE_SYSTEM, pc, ctx, PD_SYSTEM_SUSPEND);
}

int64_t psci_cpu_powerdown(struct mon_call *c, unsigned level, uint64_t pc, uint64_t ctx)
{
	return powerdown(c, psci_pd_state_of_level[level], pc, ctx, PD_COORDINATED);
}

int64_t psci_call_system_suspend(struct mon_call *c)
{
	return psci_system_suspend(c, mon_arg(c, 1), mon_arg(c, 2));
}

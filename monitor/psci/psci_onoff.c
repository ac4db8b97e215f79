// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI's CPU_ON, CPU_OFF and AFFINITY_INFO, and the warm boot of a CPU
 * that CPU_ON started or that wakes from a power-down (psci_wakeup()).
 */
#include "internal.h"

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
	struct psci_cpu *p = &psci_cpus[c->cpu];
	int32_t ret = 0;

	if (mon_power_wanted(MON_POWER_CPU_OFF))
		ret = mon_power(&(struct mon_power_event){ .what = MON_POWER_CPU_OFF, .cpu = c->cpu });
	if (ret)
		return ret;
	lock(c->cpu);
	set_state(p, CPU_OFF);
	stat_begin(p, psci_pd_state_of_level[psci_cluster_hw_state(c->cpu) == SECMON_PSCI_HW_OFF
						      ? LEVEL_CLUSTER : LEVEL_CORE]);
	unlock(c->cpu);
	plat_cpu_off(c->cpu);
}

/*
 * A refused CPU_ON must leave the target's entry point and context ID as
 * they were: they belong to whichever call is already bringing it up.
 */
int64_t psci_cpu_on(struct mon_call *c, uint64_t target, uint64_t pc, uint64_t ctx)
{
	int cpu = psci_target_cpu(target);
	struct psci_cpu *p;
	int64_t ret = SECMON_PSCI_SUCCESS;
	uint64_t t = 0;

	if (cpu < 0)
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (!entry_ok(pc))
		return SECMON_PSCI_INVALID_ADDRESS;
	p = &psci_cpus[cpu];
	lock(c->cpu);
	switch (p->state) {
	case CPU_OFF:
		p->entry = (struct mon_ns_entry){
			.pc = pc, .context_id = ctx, .mode = plat_ns_entry_mode(c->caller)
		};
		/* The event's time: before the target can run and tell its warm boot. */
		if (mon_power_wanted(MON_POWER_CPU_ON))
			t = plat_counter();
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
	if (ret == SECMON_PSCI_SUCCESS && mon_power_wanted(MON_POWER_CPU_ON))
		mon_power(&(struct mon_power_event){
			.what = MON_POWER_CPU_ON, .cpu = c->cpu, .target = (unsigned)cpu, .t = t,
			.entry = &(struct mon_ns_entry){
				.pc = pc, .context_id = ctx, .mode = plat_ns_entry_mode(c->caller) },
		});
	return ret;
}

int64_t psci_call_cpu_on(struct mon_call *c)
{
	return psci_cpu_on(c, mon_arg(c, 1), mon_arg(c, 2), mon_arg(c, 3));
}

int64_t psci_affinity_info(struct mon_call *c)
{
	return affinity_of(mon_arg(c, 1), mon_arg(c, 2));
}

/*
 * OS-initiated mode: a node is down while the state its last core asked for
 * holds. A core that wakes or starts brings its cluster and the system back
 * up, so the cores still powered down stay down only at the levels that do
 * not hold it: the core level in its cluster, the cluster level elsewhere.
 */
static void osi_nodes_woken(unsigned cpu)
{
	MON_ASSERT(psci_lock_holder == cpu);
	if (psci_suspend_mode != SECMON_PSCI_MODE_OSI)
		return;
	for (unsigned i = 0; i < psci_ncpu; i++) {
		unsigned up = plat_cpu_cluster(i) == plat_cpu_cluster(cpu) ? LEVEL_CORE
									     : LEVEL_CLUSTER;

		if (i != cpu && psci_cpus[i].state == CPU_POWERDOWN && psci_cpus[i].level > up)
			psci_cpus[i].level = up;
	}
}

bool psci_wakeup(unsigned cpu, struct mon_ns_entry *e)
{
	struct psci_cpu *p = &psci_cpus[cpu];
	enum cpu_state was;
	unsigned level;
	bool ok = true;

	lock(cpu);
	was = p->state;
	level = p->level;
	/* ON_PENDING: off by CPU_OFF since stat_begin(), or never started (since_us 0). */
	if (was == CPU_POWERDOWN || (was == CPU_ON_PENDING && p->since_us))
		stat_end(p);
	else if (was != CPU_ON_PENDING)
		ok = false;
	if (ok) {
		*e = p->entry;
		osi_nodes_woken(cpu);
		set_state(p, CPU_ON);
	}
	unlock(cpu);
	if (ok && mon_power_wanted(MON_POWER_RESUME))
		mon_power(&(struct mon_power_event){
			.what = MON_POWER_RESUME, .cpu = cpu, .entry = e,
			.kind = was == CPU_ON_PENDING ? MON_POWER_ON : MON_POWER_POWERDOWN,
			.level = was == CPU_ON_PENDING ? 0 : level,
		});
	return ok;
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI's coordination state outside the suspend calls: NODE_HW_STATE reads
 * it, PSCI_SET_SUSPEND_MODE switches between platform-coordinated and
 * OS-initiated mode. No measured path runs them: built for size.
 */
#include "internal.h"

/*
 * A cluster is off once every core in it is down at cluster level; in
 * OS-initiated mode, once its last core took it down (psci_osi_cluster_down()),
 * whatever level the others sleep at.
 */
unsigned psci_cluster_hw_state(unsigned cpu)
{
	unsigned i, cl = plat_cpu_cluster(cpu);

	if (psci_suspend_mode == SECMON_PSCI_MODE_OSI)
		return psci_osi_cluster_down(cpu) ? SECMON_PSCI_HW_OFF : SECMON_PSCI_HW_ON;
	for (i = 0; i < psci_ncpu; i++)
		if (plat_cpu_cluster(i) == cl && !cpu_is_down(i, LEVEL_CLUSTER))
			return SECMON_PSCI_HW_ON;
	return SECMON_PSCI_HW_OFF;
}

int64_t psci_node_hw_state(struct mon_call *c)
{
	int cpu = psci_target_cpu(mon_arg(c, 1));
	uint64_t level = mon_arg(c, 2);
	int64_t ret;

	if (cpu < 0 || level > LEVEL_SYSTEM)
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (level == LEVEL_SYSTEM)
		return SECMON_PSCI_HW_ON;
	lock(c->cpu);
	if (level == LEVEL_CLUSTER)
		ret = psci_cluster_hw_state((unsigned)cpu);
	else if (psci_cpus[cpu].state == CPU_STANDBY)
		ret = SECMON_PSCI_HW_STANDBY;
	else if (psci_cpus[cpu].state == CPU_OFF || psci_cpus[cpu].state == CPU_POWERDOWN)
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
	for (unsigned i = 0; i < psci_ncpu; i++) {
		enum cpu_state st = psci_cpus[i].state;

		if (to == SECMON_PSCI_MODE_PC && i != caller && st != CPU_OFF)
			return false;
		if (to == SECMON_PSCI_MODE_OSI && (st == CPU_STANDBY || st == CPU_POWERDOWN) &&
		    !psci_cpus[i].by_default)
			return false;
	}
	return to == SECMON_PSCI_MODE_PC || !psci_suspended_since_mode_change;
}

int64_t psci_set_suspend_mode(struct mon_call *c)
{
	uint64_t mode = mon_arg(c, 1);
	int64_t ret = SECMON_PSCI_SUCCESS;

	if (mode != SECMON_PSCI_MODE_PC && mode != SECMON_PSCI_MODE_OSI)
		return SECMON_PSCI_INVALID_PARAMETERS;
	lock(c->cpu);
	if (mode != psci_suspend_mode && !mode_change_allowed(c->cpu, (unsigned)mode)) {
		ret = SECMON_PSCI_DENIED;
	} else if (mode != psci_suspend_mode) {
		psci_suspend_mode = (unsigned)mode;
		psci_suspended_since_mode_change = false;
	}
	unlock(c->cpu);
	return ret;
}


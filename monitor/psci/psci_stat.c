// SPDX-License-Identifier: BSD-3-Clause
/* PSCI_STAT_RESIDENCY and PSCI_STAT_COUNT: per CPU and power state, kept as the CPUs wake. */
#include "internal.h"

/* The statistics have no error codes: anything unknown counts zero. */
static int64_t stat(struct mon_call *c, bool residency)
{
	int cpu = psci_target_cpu(mon_arg(c, 1));
	int s = find_state((uint32_t)mon_arg(c, 2));
	int64_t ret;

	if (cpu < 0 || s < 0)
		return 0;
	lock(c->cpu);
	ret = (int64_t)(residency ? psci_cpus[cpu].residency_us[s] : psci_cpus[cpu].count[s]);
	unlock(c->cpu);
	return ret;
}

int64_t psci_stat_residency(struct mon_call *c)
{
	return stat(c, true);
}

int64_t psci_stat_count(struct mon_call *c)
{
	return stat(c, false);
}

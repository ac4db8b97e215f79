// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI's part of the DT handed to the OS (core/os_dt.c): the /psci node
 * (the board's, or a standard one), the idle states of the platform's power
 * states that CPU_SUSPEND accepts, and, when the monitor offers
 * OS-initiated mode and wrote /psci itself, the power-domain hierarchy
 * Linux's cpuidle-psci-domain needs. Cold boot only.
 */
#include <libfdt.h>
#include "internal.h"

/* The board's own /psci node as it is, or a standard PSCI 1.1 one. */
static int psci_node(void *fdt, const void *board)
{
	static const char compat[] = "arm,psci-1.0\0arm,psci-0.2";
	int node = board ? mon_dt_board_psci(board) : -1;
	int dst, err;

	if (node >= 0)
		return mon_dt_copy_node(fdt, 0, board, node);
	dst = fdt_subnode_offset(fdt, 0, "psci");
	if (dst >= 0 && (err = fdt_del_node(fdt, dst)) < 0)
		return err;
	dst = fdt_add_subnode(fdt, 0, "psci");
	if (dst < 0)
		return dst;
	err = fdt_setprop(fdt, dst, "compatible", compat, sizeof(compat));
	return err ? err : fdt_setprop_string(fdt, dst, "method", "smc");
}

/*
 * Can the OS reach CPU_SUSPEND through the DT's /psci? PSCI 0.2 and later:
 * when it is offered; PSCI 0.1: when the node names a cpu_suspend ID. The
 * OS needs the idle states either way: the platform's StateIDs are not 0.
 */
static bool cpu_suspend_reachable(const void *fdt, int psci)
{
	if (fdt_node_check_compatible(fdt, psci, "arm,psci-0.2") == 0 ||
	    fdt_node_check_compatible(fdt, psci, "arm,psci-1.0") == 0)
		return offered(SECMON_PSCI_FN_CPU_SUSPEND, false);
	return fdt_getprop(fdt, psci, "cpu_suspend", 0) != 0;
}

/*
 * One idle-state node for s under PARENT (Documentation/devicetree/
 * bindings/cpu/idle-states.yaml); *phandle gets its phandle.
 */
static int state_node(void *fdt, int parent, const struct plat_power_state *s,
		      const char *compat, uint32_t *phandle)
{
	int node = mon_dt_new_node(fdt, parent, s->name), err;

	if (node < 0)
		return node;
	err = fdt_setprop_string(fdt, node, "compatible", compat);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "arm,psci-suspend-param", s->power_state);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "entry-latency-us", s->entry_latency_us);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "exit-latency-us", s->exit_latency_us);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "min-residency-us", s->min_residency_us);
	if (!err && s->timer_stops)
		err = fdt_setprop(fdt, node, "local-timer-stop", 0, 0);
	if (!err && !s->powerdown)
		err = fdt_setprop_string(fdt, node, "idle-state-name", "retention");
	return err ? err : mon_dt_set_phandle(fdt, node, phandle);
}

/* The platform's CPU index of a /cpus child, or -1 (not a CPU, unknown MPIDR). */
static int cpu_of_node(const void *fdt, int cpus, int node)
{
	int len, cells = fdt_address_cells(fdt, cpus);
	const char *type = fdt_getprop(fdt, node, "device_type", &len);
	const fdt32_t *reg;
	uint64_t mpidr;

	if (!type || fdt_stringlist_contains(type, len, "cpu") != 1)
		return -1;
	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || cells < 1 || cells > 2 || len < cells * (int)sizeof(*reg))
		return -1;
	mpidr = fdt32_to_cpu(reg[0]);
	if (cells == 2)
		mpidr = mpidr << 32 | fdt32_to_cpu(reg[1]);
	return plat_cpu_index(mpidr);
}

/*
 * A PSCI power domain /psci/NAME (OS-initiated mode's hierarchy, as in
 * Linux's arm,psci binding), NAME ending in "00" replaced by n's two digits
 * when n >= 0: its idle states (fdt32 phandles) and its parent domain (0:
 * none). *phandle gets its phandle.
 */
static int psci_domain(void *fdt, char *name, int n, const fdt32_t *idle, unsigned nidle,
		       uint32_t parent, uint32_t *phandle)
{
	int psci = fdt_subnode_offset(fdt, 0, "psci"), node, err;
	unsigned end = 0;

	while (name[end])
		end++;
	if (n >= 0 && end >= 2) {
		name[end - 2] = (char)('0' + n / 10 % 10);
		name[end - 1] = (char)('0' + n % 10);
	}
	node = psci < 0 ? psci : mon_dt_new_node(fdt, psci, name);
	if (node < 0)
		return node;
	err = fdt_setprop_u32(fdt, node, "#power-domain-cells", 0);
	if (!err && nidle)
		err = fdt_setprop(fdt, node, "domain-idle-states", idle, (int)(nidle * sizeof(*idle)));
	if (!err && parent)
		err = fdt_setprop_u32(fdt, node, "power-domains", parent);
	return err ? err : mon_dt_set_phandle(fdt, node, phandle);
}

/*
 * CPU `cpu`'s node: its idle states, and in OS-initiated mode its power
 * domain (pd != 0). Nothing when the DT has no node for it.
 */
static int cpu_props(void *fdt, unsigned cpu, const fdt32_t *idle, unsigned nidle, uint32_t pd)
{
	int cpus = fdt_subnode_offset(fdt, 0, "cpus"), node, err = 0;

	fdt_for_each_subnode(node, fdt, cpus) {
		if (cpu_of_node(fdt, cpus, node) != (int)cpu)
			continue;
		err = fdt_setprop(fdt, node, "cpu-idle-states", idle, (int)(nidle * sizeof(*idle)));
		if (!err && pd)
			err = fdt_setprop_u32(fdt, node, "power-domains", pd);
		if (!err && pd)
			err = fdt_setprop_string(fdt, node, "power-domain-names", "psci");
		break;
	}
	return err;
}

#define MAX_CLUSTERS 16

/*
 * /cpus/idle-states from plat_power_states() and cpu-idle-states on every
 * CPU. When OS-initiated mode is offered and the monitor wrote /psci
 * itself, /psci also gets the hierarchy Linux's cpuidle-psci-domain needs:
 * a domain per CPU (its core states, which Linux then reads there) under a
 * domain per cluster (the cluster state, /cpus/domain-idle-states), and,
 * when the platform has a system power-down state (which CPU_SUSPEND
 * accepts from the last core), the clusters under one system domain with
 * that state; the cluster state leaves the CPUs' own list. Nothing when the
 * OS cannot reach CPU_SUSPEND through /psci (cpu_suspend_reachable()).
 */
static int idle_states(void *fdt, bool own_psci)
{
	unsigned n = psci_nstates, i, ncl = plat_cluster_count(), ncpu = plat_cpu_count();
	const struct plat_power_state *st = psci_states;
	int cpus = fdt_subnode_offset(fdt, 0, "cpus"), psci = fdt_subnode_offset(fdt, 0, "psci");
	int parent, err = 0;
	uint32_t ph[PLAT_MAX_POWER_STATES] = { 0 }, pd[MAX_CLUSTERS] = { 0 }, sys_pd = 0;
	fdt32_t list[PLAT_MAX_POWER_STATES], cl_list[1] = { 0 }, sys_list[1] = { 0 };
	char cpu_name[] = "cpu-pd00", cluster_name[] = "cluster-pd00", system_name[] = "system-pd";
	unsigned nlist = 0;
	int cluster_state = -1, system_state = -1;
	bool osi;

	if (cpus < 0 || psci < 0 || !cpu_suspend_reachable(fdt, psci))
		return 0;
	for (i = 0; i < n; i++) {
		if (st[i].level == PLAT_LEVEL_CLUSTER && st[i].powerdown)
			cluster_state = (int)i;
		if (st[i].level == PLAT_LEVEL_SYSTEM && st[i].powerdown)
			system_state = (int)i;
	}
	osi = own_psci && offered(SECMON_PSCI_FN_SET_SUSPEND_MODE, false) && cluster_state >= 0 &&
	      ncl <= MAX_CLUSTERS;
	if (!osi)
		system_state = -1;
	parent = mon_dt_new_node(fdt, cpus, "idle-states");
	if (parent < 0)
		return parent;
	err = fdt_setprop_string(fdt, parent, "entry-method", "psci");
	for (i = n; !err && i-- > 0;) {
		if (st[i].level == PLAT_LEVEL_SYSTEM || (osi && st[i].level != PLAT_LEVEL_CORE))
			continue;
		err = state_node(fdt, parent, &st[i], "arm,idle-state", &ph[i]);
	}
	for (i = 0; i < n; i++)
		if (st[i].level == PLAT_LEVEL_CORE || (!osi && st[i].level == PLAT_LEVEL_CLUSTER))
			list[nlist++] = cpu_to_fdt32(ph[i]);
	if (!err && osi) {
		cpus = fdt_subnode_offset(fdt, 0, "cpus");
		parent = mon_dt_new_node(fdt, cpus, "domain-idle-states");
		err = parent;
		if (parent >= 0 && system_state >= 0)
			err = state_node(fdt, parent, &st[system_state], "domain-idle-state",
					 &ph[system_state]);
		if (parent >= 0 && err >= 0)
			err = state_node(fdt, parent, &st[cluster_state], "domain-idle-state",
					 &ph[cluster_state]);
		cl_list[0] = cpu_to_fdt32(ph[cluster_state]);
		if (system_state >= 0)
			sys_list[0] = cpu_to_fdt32(ph[system_state]);
	}
	/* libfdt puts a new node ahead of its siblings: the last first. */
	if (!err && system_state >= 0)
		err = psci_domain(fdt, system_name, -1, sys_list, 1, 0, &sys_pd);
	for (i = osi ? ncl : 0; !err && i-- > 0;)
		err = psci_domain(fdt, cluster_name, (int)i, cl_list, 1, sys_pd, &pd[i]);
	for (i = ncpu; !err && i-- > 0;) {
		uint32_t cpd = 0;

		if (osi)
			err = psci_domain(fdt, cpu_name, (int)i, list, nlist, pd[plat_cpu_cluster(i)],
					  &cpd);
		if (!err)
			err = cpu_props(fdt, i, list, nlist, cpd);
	}
	return err;
}

int psci_os_dt(const struct mon_os_dt *o)
{
	int err = psci_node(o->fdt, o->board);

	return err ? err : idle_states(o->fdt, !o->board_psci);
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * The idle states the monitor describes to the OS (mon_dt_fixup(), through
 * the simulator's normal-world DT): every state of plat_power_states() with
 * its encoding and figures, on every CPU, and OS-initiated mode's cluster
 * and system hierarchy under /psci unless the board's own /psci wins.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <libfdt.h>
#include "../../monitor/plat.h"
#include "../../monitor/plat/host/sim.h"
#include "dtc.h"

static char buf[65536];

static uint32_t u32(int node, const char *prop)
{
	int len;
	const fdt32_t *v = fdt_getprop(buf, node, prop, &len);

	assert_non_null(v);
	assert_int_equal(len, 4);
	return fdt32_to_cpu(*v);
}

static const struct plat_power_state *state(const char *name)
{
	unsigned n, i;
	const struct plat_power_state *s = plat_power_states(&n);

	for (i = 0; i < n; i++)
		if (strcmp(s[i].name, name) == 0)
			return &s[i];
	fail_msg("no platform state %s", name);
	return 0;
}

/* A state node says what the platform's table says. */
static void expect_state(int node, const char *compat)
{
	const struct plat_power_state *s = state(fdt_get_name(buf, node, 0));

	assert_int_equal(fdt_node_check_compatible(buf, node, compat), 0);
	assert_int_equal(u32(node, "arm,psci-suspend-param"), s->power_state);
	assert_int_equal(u32(node, "entry-latency-us"), s->entry_latency_us);
	assert_int_equal(u32(node, "exit-latency-us"), s->exit_latency_us);
	assert_int_equal(u32(node, "min-residency-us"), s->min_residency_us);
	assert_int_equal(fdt_getprop(buf, node, "local-timer-stop", 0) != 0, s->timer_stops);
	assert_true(s->entry_latency_us + s->exit_latency_us <= s->min_residency_us);
}

/* The names of the states CPU node `cpu` lists, joined by spaces. */
static void cpu_states(int cpu, char *out, size_t size)
{
	int len, i;
	const fdt32_t *ph = fdt_getprop(buf, cpu, "cpu-idle-states", &len);

	assert_non_null(ph);
	out[0] = 0;
	for (i = 0; i < len / 4; i++) {
		int s = fdt_node_offset_by_phandle(buf, fdt32_to_cpu(ph[i]));

		assert_true(s >= 0);
		expect_state(s, "arm,idle-state");
		snprintf(out + strlen(out), size - strlen(out), "%s%s", i ? " " : "",
			 fdt_get_name(buf, s, 0));
	}
}

static int cpu_node(unsigned i)
{
	char path[32];
	int node;

	snprintf(path, sizeof(path), "/cpus/cpu@%x", (unsigned)sim_mpidr(i));
	node = fdt_path_offset(buf, path);
	assert_true(node >= 0);
	return node;
}

static void osi_hierarchy_for_every_cpu(void **st)
{
	char names[128];
	int node, pd;

	(void)st;
	assert_int_equal(sim_ns_dt(buf, sizeof(buf), 8, 0), 0);
	node = fdt_path_offset(buf, "/cpus/idle-states");
	assert_true(node >= 0);
	assert_string_equal(fdt_getprop(buf, node, "entry-method", 0), "psci");
	for (unsigned i = 0; i < 8; i++) {
		node = cpu_node(i);
		cpu_states(node, names, sizeof(names));
		assert_string_equal(names, "cpu-retention cpu-power-down");
		assert_string_equal(fdt_getprop(buf, node, "power-domain-names", 0), "psci");
		/* Linux reads a CPU's states from its domain when it has one. */
		pd = fdt_node_offset_by_phandle(buf, u32(node, "power-domains"));
		assert_true(pd >= 0);
		snprintf(names, sizeof(names), "cpu-pd%02u", i);
		assert_string_equal(fdt_get_name(buf, pd, 0), names);
		assert_int_equal(fdt_parent_offset(buf, pd), fdt_path_offset(buf, "/psci"));
		assert_int_equal(u32(pd, "#power-domain-cells"), 0);
		assert_memory_equal(fdt_getprop(buf, pd, "domain-idle-states", 0),
				    fdt_getprop(buf, node, "cpu-idle-states", 0), 8);
		pd = fdt_node_offset_by_phandle(buf, u32(pd, "power-domains"));
		assert_true(pd >= 0);
		assert_string_equal(fdt_get_name(buf, pd, 0), i < 4 ? "cluster-pd00" : "cluster-pd01");
		assert_int_equal(fdt_parent_offset(buf, pd), fdt_path_offset(buf, "/psci"));
		assert_int_equal(u32(pd, "#power-domain-cells"), 0);
		node = fdt_node_offset_by_phandle(buf, u32(pd, "domain-idle-states"));
		assert_true(node >= 0);
		assert_string_equal(fdt_get_name(buf, node, 0), "cluster-power-down");
		expect_state(node, "domain-idle-state");
		/* Both clusters under one system domain, with the system state. */
		pd = fdt_node_offset_by_phandle(buf, u32(pd, "power-domains"));
		assert_true(pd >= 0);
		assert_string_equal(fdt_get_name(buf, pd, 0), "system-pd");
		assert_int_equal(fdt_parent_offset(buf, pd), fdt_path_offset(buf, "/psci"));
		assert_int_equal(u32(pd, "#power-domain-cells"), 0);
		assert_null(fdt_getprop(buf, pd, "power-domains", 0));
		node = fdt_node_offset_by_phandle(buf, u32(pd, "domain-idle-states"));
		assert_true(node >= 0);
		assert_string_equal(fdt_get_name(buf, node, 0), "system-power-down");
		assert_int_equal(fdt_parent_offset(buf, node),
				 fdt_path_offset(buf, "/cpus/domain-idle-states"));
		expect_state(node, "domain-idle-state");
	}
	/* SYSTEM_SUSPEND's state is no CPU's own idle state. */
	assert_true(fdt_path_offset(buf, "/cpus/idle-states/system-power-down") < 0);
}

static void board_psci_wins_flat_states(void **st)
{
	static char board[4096];
	char names[128];

	(void)st;
	simtest_dtc("/dts-v1/; / { psci { compatible = \"arm,psci-1.0\", \"arm,psci-0.2\";"
		    " method = \"smc\"; }; };", board, sizeof(board));
	assert_int_equal(sim_ns_dt(buf, sizeof(buf), 4, board), 0);
	for (unsigned i = 0; i < 4; i++) {
		int node = cpu_node(i);

		cpu_states(node, names, sizeof(names));
		assert_string_equal(names, "cpu-retention cpu-power-down cluster-power-down");
		assert_null(fdt_getprop(buf, node, "power-domains", 0));
	}
	assert_true(fdt_path_offset(buf, "/psci/cluster-pd00") < 0);
	assert_true(fdt_path_offset(buf, "/psci/system-pd") < 0);
	assert_true(fdt_path_offset(buf, "/cpus/domain-idle-states") < 0);
}

/*
 * PSCI 0.1 with a cpu_suspend ID: the OS needs the states' power_state
 * values as much as under PSCI 1.0 (the platform's StateIDs are not 0), so
 * it gets the flat list; without a cpu_suspend ID, none.
 */
static void psci01_board_gets_flat_states(void **st)
{
	static char board[4096];
	char names[128];

	(void)st;
	simtest_dtc("/dts-v1/; / { psci { compatible = \"arm,psci\"; method = \"smc\";"
		    " cpu_suspend = <0x95c1ba5e>; cpu_off = <0x95c1ba5f>; cpu_on = <0x95c1ba60>;"
		    " migrate = <0x95c1ba61>; }; };", board, sizeof(board));
	assert_int_equal(sim_ns_dt(buf, sizeof(buf), 2, board), 0);
	for (unsigned i = 0; i < 2; i++) {
		cpu_states(cpu_node(i), names, sizeof(names));
		assert_string_equal(names, "cpu-retention cpu-power-down cluster-power-down");
		assert_null(fdt_getprop(buf, cpu_node(i), "power-domains", 0));
	}
	assert_true(fdt_path_offset(buf, "/cpus/domain-idle-states") < 0);
	simtest_dtc("/dts-v1/; / { psci { compatible = \"arm,psci\"; method = \"smc\";"
		    " cpu_off = <0x95c1ba5f>; cpu_on = <0x95c1ba60>; }; };", board, sizeof(board));
	assert_int_equal(sim_ns_dt(buf, sizeof(buf), 2, board), 0);
	assert_true(fdt_path_offset(buf, "/cpus/idle-states") < 0);
	assert_null(fdt_getprop(buf, cpu_node(0), "cpu-idle-states", 0));
}

/*
 * A board DT's phandles name its own nodes, not the OS DT's: a call table
 * copied into the OS DT keeps none, or a board whose table dtc gave phandle
 * 1 (a label referred to) clashed with the first idle state's.
 */
static void board_phandles_not_copied(void **st)
{
	static char board[4096];
	uint32_t seen[64];
	unsigned n = 0;
	int node;

	(void)st;
	simtest_dtc("/dts-v1/; / { firmware { mon { compatible = \"secmon,call-table\";"
		    " method = \"smc\"; abi = \"legacy\"; phandle = <1>;"
		    " system-off { function-id = <0xffffffe0>; phandle = <2>; }; }; }; };",
		    board, sizeof(board));
	assert_int_equal(sim_ns_dt(buf, sizeof(buf), 2, board), 0);
	assert_true(fdt_path_offset(buf, "/firmware/mon/system-off") >= 0);
	for (node = fdt_next_node(buf, -1, 0); node >= 0; node = fdt_next_node(buf, node, 0)) {
		uint32_t ph = fdt_get_phandle(buf, node);

		if (!ph)
			continue;
		for (unsigned i = 0; i < n; i++)
			if (seen[i] == ph)
				fail_msg("phandle %u twice in the OS DT (node %s)", ph,
					 fdt_get_name(buf, node, 0));
		assert_true(n < 64);
		seen[n++] = ph;
	}
	assert_true(n > 0);
	assert_null(fdt_getprop(buf, fdt_path_offset(buf, "/firmware/mon"), "phandle", 0));
	assert_null(fdt_getprop(buf, fdt_path_offset(buf, "/firmware/mon/system-off"), "phandle", 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(osi_hierarchy_for_every_cpu),
		cmocka_unit_test(board_psci_wins_flat_states),
		cmocka_unit_test(psci01_board_gets_flat_states),
		cmocka_unit_test(board_phandles_not_copied),
	};

	return cmocka_run_group_tests(tests, 0, 0);
}

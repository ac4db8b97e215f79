// SPDX-License-Identifier: BSD-3-Clause
/* Runs the conformance suite on the host simulator in several shapes. */
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "../../monitor/plat/host/sim.h"
#include "conf.h"

#define BOOT_PC 0x80000000u
#define SECONDARY_PC 0x80001000u

static struct conf_env env;

static unsigned self(void)
{
	return (unsigned)sim_self();
}

static void put(const char *s)
{
	fputs(s, stdout);
	fflush(stdout);
}

static void relax(void)
{
	sched_yield();
}

static int failures;

static void entry(unsigned cpu, uint64_t pc, uint64_t ctx, void *arg)
{
	(void)cpu;
	(void)arg;
	if (pc == BOOT_PC)
		failures += conf_run(&env);
	else if (pc == SECONDARY_PC)
		conf_secondary(ctx);
}

static void run(const char *name, unsigned ncpus, bool aarch32)
{
	struct sim_config cfg = {
		.ncpus = ncpus,
		.ns_base = 0x80000000u,
		.ns_size = 0x40000000u,
		.aarch32 = aarch32,
		.entry = entry,
	};
	unsigned i;
	int end;

	memset(&env, 0, sizeof(env));
	env.name = name;
	env.c = aarch32 ? &secmon_conduit_sim32 : &secmon_conduit_sim;
	env.ncpus = ncpus;
	env.self = self;
	env.secondary_pc = SECONDARY_PC;
	env.bad_pc[0] = 0x0e000000u;	/* secure RAM on QEMU virt */
	env.bad_pc[1] = 0x09000000u;	/* a device */
	env.bad_pc[2] = 0xc0000000u;	/* just past normal-world memory */
	env.bad_pc[3] = aarch32 ? 0xfffffffcu : 0xfffffffffffffffcull;
	env.nbad_pc = 4;
	env.puts = put;
	env.relax = relax;
	env.has_standby = true;
	env.standby_state = 0x00000001u;
	env.has_powerdown = true;
	env.powerdown_state = 0x00010002u;
	env.has_system_state = true;
	env.system_state = 0x02010222u;
	env.race_starts = 400;
	env.scmi_fid = SECMON_SCMI_SMC;
	env.scmi_shmem = sim_phys(SIM_SCMI_BASE, SIM_SCMI_SIZE);
	env.scmi_shmem_size = SIM_SCMI_SIZE;
	/* The simulator's topology: four cores per cluster. */
	for (i = 0; i < ncpus; i++)
		env.mpidr[i] = sim_mpidr(i);
	end = sim_run(&cfg, BOOT_PC, 0);
	if (end != SIM_END_ALL_OFF) {
		printf("not ok - %s: simulation ended with %d, want all CPUs off\n", name, end);
		failures++;
	}
}

int main(void)
{
	run("sim 8 cpus", 8, false);
	run("sim 1 cpu", 1, false);
	run("sim aarch32 4 cpus", 4, true);
	return failures ? 1 : 0;
}

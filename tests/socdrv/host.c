// SPDX-License-Identifier: BSD-3-Clause
/*
 * Runs the test SoC driver on the simulator against each example board
 * given on the command line (DTBs), with the board's DT given to the
 * monitor as well as, fixed up, to the driver.
 */
#include <libfdt.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../monitor/plat/host/sim.h"
#include "../../monitor/services/described.h"
#include "socdrv.h"

#define BOOT_PC 0x80000000u
#define SECONDARY_PC 0x80001000u
#define NCPUS 4

static struct socdrv_env env;
static const void *board;
static char ns_dt[16384];
static int failures;

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

static void entry(unsigned cpu, uint64_t pc, uint64_t ctx, void *arg)
{
	(void)cpu;
	(void)ctx;
	(void)arg;
	if (pc == SECONDARY_PC) {
		socdrv_secondary();
		return;
	}
	if (sim_ns_dt(ns_dt, sizeof(ns_dt), NCPUS, board) != 0) {
		printf("not ok - %s: building the normal world's DT\n", env.name);
		failures++;
		return;
	}
	failures += socdrv_run(&env);
}

static void *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	static char buf[65536];
	size_t n;

	if (!f)
		return 0;
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	return n ? memcpy(malloc(n), buf, n) : 0;
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		struct sim_config cfg = { .ncpus = NCPUS, .entry = entry };
		struct mon_described_stats st;
		const char *name = strrchr(argv[i], '/');
		void *dtb = slurp(argv[i]);

		name = name ? name + 1 : argv[i];
		if (!dtb) {
			printf("not ok - %s: cannot read it\n", argv[i]);
			failures++;
			continue;
		}
		board = dtb;
		cfg.board_dtb = dtb;
		env = (struct socdrv_env){
			.name = name, .fdt = ns_dt, .cs = { &secmon_conduit_sim, &secmon_conduit_sim },
			.self = self, .secondary_pc = SECONDARY_PC, .buffer = 0x90000000u,
			.bad_addr = 0x0e000000u, .puts = put, .relax = relax,
			.erratum_needed = SIM_ERRATUM_NEEDED,
			.erratum_not_needed = SIM_ERRATUM_NOT_NEEDED,
		};
		if (sim_run(&cfg, BOOT_PC, 0) != SIM_END_ALL_OFF) {
			printf("not ok - %s: simulation did not end with every CPU off\n", name);
			failures++;
		}
		described_stats(&st);
		printf("# %s: %u L2 set-ups in %u steps\n", name, st.l2x0_inits, st.l2x0_steps);
		/* The monitor saw the board's whole L2 sequence, exactly once. */
		if (fdt_path_offset(dtb, "/firmware/secure-monitor/l2x0-init") >= 0)
			printf("%s - %s: the monitor received one complete L2 set-up\n",
			       st.l2x0_inits == 1 ? "ok" : "not ok", name);
		free(dtb);
	}
	return failures ? 1 : 0;
}

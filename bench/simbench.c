// SPDX-License-Identifier: BSD-3-Clause
/*
 * simbench: calls per second through the host simulator's `sim` conduit
 * (the portable monitor in-process: mon_smc() on a simulated CPU's thread)
 * next to a plain indirect call through a struct secmon_conduit whose invoke
 * only answers, so the ratio is the price of the monitor and the simulator.
 * Linked with the release host build (build/host-rel: -O2, no sanitizers).
 *
 *   simbench [calls]      prints `SIMBENCH key=value` lines
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <secmon/psci.h>
#include "sim.h"

struct job {
	unsigned long n;
	uint32_t fid;
	double ns_per_call;
	uint64_t x0;
};

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* The best of three runs of n calls through c, in ns per call. */
static double time_calls(const struct secmon_conduit *c, unsigned long n, uint32_t fid,
			 uint64_t *x0)
{
	struct secmon_regs in = { .x = { fid } }, out;
	double best = 0;

	for (int rep = 0; rep < 3; rep++) {
		double t = now_ns();

		for (unsigned long i = 0; i < n; i++) {
			__asm__ volatile("" : : "r"(&in) : "memory");
			c->invoke(c, &in, &out);
		}
		t = (now_ns() - t) / (double)n;
		if (rep == 0 || t < best)
			best = t;
	}
	*x0 = out.x[0];
	return best;
}

static void entry(unsigned cpu, uint64_t pc, uint64_t ctx, void *arg)
{
	struct job *j = arg;
	struct secmon_regs in = { .x = { SECMON_PSCI_FN32(SECMON_PSCI_FN_SYSTEM_OFF) } }, out;

	(void)cpu, (void)pc, (void)ctx;
	for (; j->n; j++)
		j->ns_per_call = time_calls(&secmon_conduit_sim, j->n, j->fid, &j->x0);
	secmon_conduit_sim.invoke(&secmon_conduit_sim, &in, &out);
}

/* The baseline: an indirect call that only answers, as a conduit would. */
static void answer(const struct secmon_conduit *c, const struct secmon_regs *in,
		   struct secmon_regs *out)
{
	(void)c;
	*out = *in;
	out->x[0] = SECMON_SMCCC_VERSION_1_2;
}

static struct secmon_conduit plain = { .name = "indirect", .invoke = answer };

static void quiet(char c, void *arg)
{
	(void)c, (void)arg;
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], 0, 0) : 2000000;
	struct job jobs[] = {
		{ n, SECMON_SMCCC_VERSION, 0, 0 },
		{ n, SECMON_PSCI_FN32(SECMON_PSCI_FN_VERSION), 0, 0 },
		{ n, SECMON_PSCI_FN64(SECMON_PSCI_FN_AFFINITY_INFO), 0, 0 },
		{ 0, 0, 0, 0 },
	};
	static const char *const names[] = { "smccc_version", "psci_version", "affinity_info" };
	struct sim_config cfg = { .ncpus = 2, .entry = entry, .arg = jobs, .console = quiet };
	const struct secmon_conduit *volatile pc = &plain;
	uint64_t x0;
	double ind;

	ind = time_calls(pc, n, SECMON_SMCCC_VERSION, &x0);
	if (sim_run(&cfg, 0x80000000ull, 0) != SIM_END_SYSTEM_OFF) {
		fprintf(stderr, "simbench: the simulation did not end with SYSTEM_OFF\n");
		return 1;
	}
	printf("SIMBENCH calls=%lu indirect_ns=%.2f\n", n, ind);
	for (unsigned i = 0; jobs[i].n; i++)
		printf("SIMBENCH call=%s sim_ns=%.2f x0=0x%llx\n", names[i], jobs[i].ns_per_call,
		       (unsigned long long)jobs[i].x0);
	return 0;
}

// SPDX-License-Identifier: BSD-3-Clause
/* The simulator test harness: see simtest.h. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "simtest.h"

#define MAX_NOTES 48

static pthread_mutex_t note_mu = PTHREAD_MUTEX_INITIALIZER;
static unsigned nnotes;
static char notes[MAX_NOTES][240];

struct simtest_state S;
char console[4096];
static size_t console_len;
const struct secmon_conduit *cd;

void note(int line, const char *fmt, ...)
{
	va_list ap;

	pthread_mutex_lock(&note_mu);
	if (nnotes < MAX_NOTES) {
		char *s = notes[nnotes];
		int n = snprintf(s, sizeof(notes[0]), "line %d, CPU %d: ", line, sim_self());

		va_start(ap, fmt);
		vsnprintf(s + n, sizeof(notes[0]) - (size_t)n, fmt, ap);
		va_end(ap);
	}
	nnotes++;
	pthread_mutex_unlock(&note_mu);
}

bool expect_eq(int line, const char *what, uint64_t got, uint64_t want)
{
	if (got == want)
		return true;
	note(line, "%s = %#llx, want %#llx", what, (unsigned long long)got,
	     (unsigned long long)want);
	return false;
}

unsigned notes_so_far(void)
{
	unsigned n;

	pthread_mutex_lock(&note_mu);
	n = nnotes;
	pthread_mutex_unlock(&note_mu);
	return n;
}

void assert_clean(void)
{
	unsigned i;

	for (i = 0; i < nnotes && i < MAX_NOTES; i++)
		print_error("# %s\n", notes[i]);
	if (nnotes > MAX_NOTES)
		print_error("# ... and %u more\n", nnotes - MAX_NOTES);
	assert_int_equal(nnotes, 0);
}

static void console_put(char c, void *arg)
{
	(void)arg;
	if (console_len + 1 < sizeof(console))
		console[console_len++] = c;
}

uint64_t junk(int line, unsigned i)
{
	return ((uint64_t)(0xa500u + i) << 48) | ((uint64_t)(unsigned)line << 16) | (0xc0u + i);
}

uint64_t smc_regs(int line, uint32_t results, struct secmon_regs *r)
{
	struct secmon_regs in = *r, out;
	unsigned i, n = cd->aarch32 ? 8 : SECMON_NREGS;

	memset(&out, 0x5a, sizeof(out));
	secmon_invoke(cd, &in, &out);
	if (cd->aarch32 && out.x[0] > 0xffffffffu)
		note(line, "call %#x: r0 = %#llx does not fit 32 bits", (unsigned)in.x[0],
		     (unsigned long long)out.x[0]);
	for (i = 1; i < n; i++) {
		uint64_t want = cd->aarch32 ? (uint32_t)in.x[i] : in.x[i];

		if (!(results & (1u << i)) && out.x[i] != want)
			note(line, "call %#x: x%u clobbered: %#llx -> %#llx", (unsigned)in.x[0], i,
			     (unsigned long long)want, (unsigned long long)out.x[i]);
	}
	*r = out;
	return out.x[0];
}

void fill(int line, struct secmon_regs *r, uint64_t fid)
{
	unsigned i;

	r->x[0] = fid;
	for (i = 1; i < SECMON_NREGS; i++)
		r->x[i] = junk(line, i);
}

uint64_t smc_at(int line, uint64_t fid, unsigned nargs, uint64_t a1, uint64_t a2, uint64_t a3)
{
	struct secmon_regs r;

	fill(line, &r, fid);
	if (nargs > 0)
		r.x[1] = a1;
	if (nargs > 1)
		r.x[2] = a2;
	if (nargs > 2)
		r.x[3] = a3;
	return smc_regs(line, 1, &r);
}

uint64_t smc(uint32_t fid, uint64_t a1, uint64_t a2, uint64_t a3)
{
	struct secmon_regs in = { .x = { fid, a1, a2, a3 } }, out;

	secmon_invoke(cd, &in, &out);
	return out.x[0];
}

uint64_t m(unsigned cpu)
{
	return sim_mpidr(cpu);
}

uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

bool wait_flag_at(int line, atomic_int *v, int want)
{
	uint64_t end = now_ms() + WAIT_MS;

	while (atomic_load(v) < want) {
		if (now_ms() > end) {
			note(line, "timed out waiting for a flag to reach %d (at %d)", want,
			     atomic_load(v));
			return false;
		}
		sched_yield();
	}
	return true;
}

bool wait_psci_at(int line, uint32_t fid, uint64_t mpidr, uint64_t level, uint32_t want)
{
	uint64_t end = now_ms() + WAIT_MS, got;

	for (;;) {
		got = smc_at(line, fid, 2, mpidr, level, 0);
		if (got == want)
			return true;
		if (now_ms() > end) {
			note(line, "timed out: call %#x(%#llx, %llu) still answers %#llx, want %#x",
			     fid, (unsigned long long)mpidr, (unsigned long long)level,
			     (unsigned long long)got, want);
			return false;
		}
		sched_yield();
	}
}

bool wait_aff_at(int line, unsigned cpu, uint64_t want)
{
	return wait_psci_at(line, P32(AFFINITY_INFO), m(cpu), 0, (uint32_t)want);
}

bool wait_hw_at(int line, unsigned cpu, uint64_t want)
{
	return wait_psci_at(line, P32(NODE_HW_STATE), m(cpu), 0, (uint32_t)want);
}

void park(unsigned cpu)
{
	WAIT_FLAG(&S.release[cpu], atomic_load(&S.starts[cpu]));
}

void unpark(unsigned cpu)
{
	atomic_fetch_add(&S.release[cpu], 1);
}

static scenario_fn scenario;

static void sim_entry(unsigned cpu, uint64_t pc, uint64_t ctx, void *arg)
{
	unsigned i = atomic_fetch_add(&S.nlog, 1);

	(void)arg;
	if (i < MAX_STARTS)
		S.log[i] = (struct start){ cpu, pc, ctx };
	S.pc[cpu] = pc;
	S.ctx[cpu] = ctx;
	atomic_fetch_add(&S.starts[cpu], 1);
	scenario(cpu, pc, ctx);
}

struct sim_config run_prepare(scenario_fn fn, const struct sim_config *base)
{
	struct sim_config cfg = *base;

	cfg.entry = sim_entry;
	cfg.console = console_put;
	cfg.arg = 0;
	scenario = fn;
	cd = cfg.aarch32 ? &secmon_conduit_sim32 : &secmon_conduit_sim;
	memset(&S, 0, sizeof(S));
	memset(console, 0, sizeof(console));
	console_len = 0;
	nnotes = 0;
	return cfg;
}

int run_sim(scenario_fn fn, const struct sim_config *base)
{
	struct sim_config cfg = run_prepare(fn, base);

	return sim_run(&cfg, BOOT_PC, BOOT_CTX);
}

void run(scenario_fn fn, struct sim_config cfg, int end)
{
	assert_int_equal(run_sim(fn, &cfg), end);
	assert_clean();
	assert_int_equal(atomic_load(&S.returned), 0);
}

void run_clean(scenario_fn fn, unsigned ncpus, unsigned tick_us)
{
	struct sim_config cfg = { .ncpus = ncpus, .tick_us = tick_us };

	assert_int_equal(run_sim(fn, &cfg), SIM_END_ALL_OFF);
	assert_clean();
}

void assert_start(unsigned i, unsigned cpu, uint64_t pc, uint64_t ctx)
{
	assert_true(i < atomic_load(&S.nlog));
	assert_int_equal(S.log[i].cpu, cpu);
	assert_int_equal(S.log[i].pc, pc);
	assert_int_equal(S.log[i].ctx, ctx);
}

size_t simtest_dtc(const char *dts, void *out, size_t size)
{
	char src[] = "/tmp/secmon-test-XXXXXX", cmd[128];
	int fd = mkstemp(src);
	FILE *f, *p;
	size_t n;

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fputs(dts, f);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "dtc -q -I dts -O dtb %s", src);
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(out, 1, size, p);
	assert_int_equal(pclose(p), 0);
	unlink(src);
	assert_true(n > 0);
	return n;
}

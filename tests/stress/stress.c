// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI under concurrency: the host simulator with 8 CPUs (two clusters),
 * every running CPU making random PSCI calls at once until a budget of
 * operations is spent: CPU_ON (good and bad entry points, any target),
 * CPU_OFF, AFFINITY_INFO, NODE_HW_STATE, CPU_SUSPEND standby and core or
 * cluster power-down, interrupts to random CPUs, PSCI_VERSION/FEATURES.
 *
 * Checked, with TAP output:
 *   - the simulation ends cleanly: every CPU off, none lost or stuck;
 *   - each successful CPU_ON's context ID starts its target exactly once,
 *     and a refused CPU_ON's context never starts anything;
 *   - a power-down suspend resumes at its own entry point with its own
 *     context ID, and CPU_OFF and a power-down suspend never return;
 *   - every answer is one the spec allows for that call, sign-extended in
 *     x0, with x1-x17 preserved;
 *   - a CPU known to run through the whole of a call (it is inside its
 *     normal-world code before and after, with no transition between) is
 *     ON for AFFINITY_INFO, ALREADY_ON for CPU_ON, and ON or STANDBY for
 *     NODE_HW_STATE at level 0.
 *
 * With -x NEGATIVE_DTB (boards/legacy-negative.dts, compiled) the monitor also
 * serves that board's legacy calls and the secure-media service, and the
 * CPUs mix them in: set-cpu-boot-addr / cpu-boot / get-cpu-boot-addr on
 * random CPUs (each boot address names the CPU it was set for, so a CPU
 * started at another's address is caught), and protect / unprotect /
 * status of media buffers (handles unique, at most 8 buffers).
 *
 * With -o the run ends differently: the first CPU to finish calls SYSTEM_OFF
 * while the others keep calling, and the simulation must end with SYSTEM_OFF
 * (the simulator's shutdown path under concurrent SMCs).
 *
 * Usage: stress [-n OPERATIONS] [-o] [-s SEED] [-t TICK_US] [-x NEGATIVE_DTB]
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <secmon/psci.h>
#include <secmon/smccc.h>

#include "../../monitor/plat/host/sim.h"

#define NCPUS 8
#define CLUSTER 4
#define NS_BASE 0x80000000ull
#define NS_SIZE 0x40000000ull
#define BOOT_PC (NS_BASE + 0x0000)
#define SECONDARY_PC (NS_BASE + 0x1000)
#define RESUME_PC (NS_BASE + 0x2000)
#define BAD_PC 0x0e000000ull		/* secure RAM on QEMU virt: never normal-world */
/* Legacy boot addresses: LEGACY_PC + 4 * (n * NCPUS + cpu). */
#define LEGACY_PC (NS_BASE + 0x10000000ull)
#define LEGACY_SPAN 0x10000000ull

/* boards/legacy-negative.dts and boards/secure-media.dtsi. */
#define EX_CPU_BOOT 0xfffffffcu
#define EX_SET_BOOT_ADDR 0xffffff9bu
#define EX_GET_BOOT_ADDR 0xffffff9au
#define MEDIA_PROTECT 0xc2000101u
#define MEDIA_UNPROTECT 0x82000102u
#define MEDIA_STATUS 0x82000103u

#define CTX_ON (1ull << 63)		/* CPU_ON context: CTX_ON | attempt */
#define CTX_SUSPEND (1ull << 62)	/* power-down context: CTX_SUSPEND | cpu << 32 | n */

#define PS_STANDBY 0x00000001u
#define PS_CORE_PD 0x00010002u
#define PS_CLUSTER_PD 0x01010022u

enum { ATT_ISSUED, ATT_SUCCESS, ATT_REFUSED };

struct attempt {
	uint8_t target;
	uint8_t state;
	uint8_t started;
};

static uint64_t budget = 1000000;
static uint64_t ops;			/* operations made so far, all CPUs */
static struct attempt *attempts;
static uint64_t nattempts;
static int live;			/* CPUs inside their normal-world code */
/* Odd while the CPU is inside its normal-world code, with no transition under way. */
static unsigned run_gen[NCPUS];
static uint64_t suspend_ctx[NCPUS];
static uint64_t rng_state[NCPUS];

/* Counters for the report. */
static const void *board;
static bool end_with_system_off;	/* -o */
static int system_off_taken;
static uint64_t n_legacy, n_legacy_started, n_media;
static uint64_t live_sum, n_on_ok, n_on_refused, n_affinity, n_aff_running, n_hw, n_standby, n_pd,
	n_pd_resumed, n_off, n_irq, n_bad_entry, n_other;

static pthread_mutex_t fail_mu = PTHREAD_MUTEX_INITIALIZER;
static char failures[16][240];
static unsigned nfailures;

static void failed(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void failed(const char *fmt, ...)
{
	va_list ap;

	pthread_mutex_lock(&fail_mu);
	if (nfailures < 16) {
		va_start(ap, fmt);
		vsnprintf(failures[nfailures], sizeof(failures[0]), fmt, ap);
		va_end(ap);
	}
	nfailures++;
	pthread_mutex_unlock(&fail_mu);
}

static uint64_t ld(uint64_t *p)
{
	return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

static void count(uint64_t *c)
{
	__atomic_fetch_add(c, 1, __ATOMIC_RELAXED);
}

static uint64_t rnd(unsigned cpu)
{
	uint64_t x = rng_state[cpu];

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	rng_state[cpu] = x;
	return x;
}

static void gen_step(unsigned cpu)
{
	__atomic_fetch_add(&run_gen[cpu], 1, __ATOMIC_ACQ_REL);
}

static unsigned gen(unsigned cpu)
{
	return __atomic_load_n(&run_gen[cpu], __ATOMIC_ACQUIRE);
}

/* One SMC64-width call through the simulator, with junk to be preserved. */
static int64_t call(unsigned cpu, uint32_t fid, uint64_t a1, uint64_t a2, uint64_t a3)
{
	struct secmon_regs in = { .x = { fid, a1, a2, a3 } }, out;
	int64_t v;

	for (unsigned i = 4; i < SECMON_NREGS; i++)
		in.x[i] = rnd(cpu);
	secmon_invoke(&secmon_conduit_sim, &in, &out);
	for (unsigned i = 1; i < SECMON_NREGS; i++)
		if (out.x[i] != in.x[i])
			failed("CPU %u: call %#x clobbered x%u (%#llx -> %#llx)", cpu, fid, i,
			       (unsigned long long)in.x[i], (unsigned long long)out.x[i]);
	v = (int32_t)out.x[0];
	if (secmon_fid_is_smc64(fid) ? out.x[0] != (uint64_t)v : out.x[0] != (uint32_t)v)
		failed("CPU %u: call %#x answered x0 = %#llx, not a %s 32-bit value", cpu, fid,
		       (unsigned long long)out.x[0],
		       secmon_fid_is_smc64(fid) ? "sign-extended" : "zero-extended");
	return v;
}

/* A legacy call: x0 = fid, x1.. = args; returns the answer registers. */
static void raw(unsigned cpu, uint32_t fid, uint64_t a1, uint64_t a2, struct secmon_regs *out)
{
	struct secmon_regs in = { .x = { fid, a1, a2 } };

	for (unsigned i = 3; i < SECMON_NREGS; i++)
		in.x[i] = rnd(cpu);
	secmon_invoke(&secmon_conduit_sim, &in, out);
	for (unsigned i = 3; i < SECMON_NREGS; i++)
		if (out->x[i] != in.x[i])
			failed("CPU %u: legacy call %#x clobbered x%u", cpu, fid, i);
}

static bool legacy_pc_ok(uint64_t pc, unsigned cpu)
{
	return pc >= LEGACY_PC && pc < LEGACY_PC + LEGACY_SPAN && !(pc & 3) &&
	       ((pc - LEGACY_PC) / 4) % NCPUS == cpu;
}

static void op_legacy(unsigned cpu)
{
	unsigned t = (unsigned)(rnd(cpu) % NCPUS), r = (unsigned)(rnd(cpu) % 3);
	uint64_t pc = LEGACY_PC + 4 * (((rnd(cpu) % (LEGACY_SPAN / 4 / NCPUS)) * NCPUS) + t);
	struct secmon_regs out;

	count(&n_legacy);
	if (r == 0) {
		raw(cpu, EX_SET_BOOT_ADDR, t, pc, &out);
		if (out.x[0] != 0 || out.x[1] != t)
			failed("CPU %u: set-cpu-boot-addr(CPU %u) = %#llx", cpu, t,
			       (unsigned long long)out.x[0]);
	} else if (r == 1) {
		/* No result registers: x0 keeps the ID, whatever happened. */
		raw(cpu, EX_CPU_BOOT, t, 0, &out);
		if (out.x[0] != EX_CPU_BOOT || out.x[1] != t)
			failed("CPU %u: cpu-boot(CPU %u) changed x0/x1", cpu, t);
	} else {
		raw(cpu, EX_GET_BOOT_ADDR, t, 0, &out);
		if (out.x[0] == 0 && !legacy_pc_ok(out.x[1], t))
			failed("CPU %u: get-cpu-boot-addr(CPU %u) = %#llx, set for another CPU", cpu,
			       t, (unsigned long long)out.x[1]);
		else if (out.x[0] != 0 &&
			 out.x[0] != (uint64_t)(int64_t)SECMON_PSCI_NOT_PRESENT)	/* sign-extended */
			failed("CPU %u: get-cpu-boot-addr(CPU %u) status %#llx", cpu, t,
			       (unsigned long long)out.x[0]);
	}
}

/* Media buffers: CPU n protects pages of its own 1 MiB, at most 2 at a time. */
static uint32_t media_handles[NCPUS][2];

static void op_media(unsigned cpu)
{
	unsigned slot = (unsigned)(rnd(cpu) % 2);
	uint32_t *h = &media_handles[cpu][slot];
	struct secmon_regs out;

	count(&n_media);
	if (*h) {
		raw(cpu, MEDIA_UNPROTECT, *h, 0, &out);
		if (out.x[0] != 0)
			failed("CPU %u: unprotect-buffer(%#x) = %#llx", cpu, *h,
			       (unsigned long long)out.x[0]);
		*h = 0;
	} else if (rnd(cpu) % 4) {
		uint64_t addr = NS_BASE + 0x20000000ull + cpu * 0x100000ull + slot * 0x1000ull;

		raw(cpu, MEDIA_PROTECT, addr, 0x1000, &out);
		/* DENIED when the other CPUs hold the 8 buffers. */
		if (out.x[0] == 0 && out.x[1] && out.x[1] <= 0xffffff)
			*h = (uint32_t)out.x[1];
		else if (out.x[0] != (uint64_t)(int64_t)SECMON_PSCI_DENIED)
			failed("CPU %u: protect-buffer = %#llx handle %#llx", cpu,
			       (unsigned long long)out.x[0], (unsigned long long)out.x[1]);
	} else {
		raw(cpu, MEDIA_STATUS, 0, 0, &out);
		if (out.x[0] != 0 || out.x[2] > 8)
			failed("CPU %u: get-status = %#llx, %llu buffers", cpu,
			       (unsigned long long)out.x[0], (unsigned long long)out.x[2]);
	}
}

static unsigned target_of(unsigned cpu, uint64_t *mpidr)
{
	uint64_t r = rnd(cpu);
	unsigned t = (unsigned)(r % NCPUS);

	*mpidr = sim_mpidr(t);
	if (r % 97 == 0) {
		*mpidr = sim_mpidr(NCPUS) | 0x10000;	/* no such CPU */
		return NCPUS;
	}
	return t;
}

static void op_affinity(unsigned cpu)
{
	uint64_t mpidr;
	unsigned t = target_of(cpu, &mpidr), g1 = t < NCPUS ? gen(t) : 0, g2;
	int64_t v = call(cpu, SECMON_PSCI_FN64(SECMON_PSCI_FN_AFFINITY_INFO), mpidr, 0, 0);

	count(&n_affinity);
	if (t == NCPUS) {
		if (v != SECMON_PSCI_INVALID_PARAMETERS)
			failed("AFFINITY_INFO(no such CPU) = %lld", (long long)v);
		return;
	}
	g2 = gen(t);
	if (v != SECMON_PSCI_AFF_ON && v != SECMON_PSCI_AFF_OFF && v != SECMON_PSCI_AFF_ON_PENDING)
		failed("CPU %u: AFFINITY_INFO(CPU %u) = %lld", cpu, t, (long long)v);
	if ((t == cpu || (g1 == g2 && (g1 & 1))) && v != SECMON_PSCI_AFF_ON)
		failed("CPU %u: AFFINITY_INFO(CPU %u) = %lld while that CPU runs", cpu, t,
		       (long long)v);
	if (t != cpu && g1 == g2 && (g1 & 1))
		count(&n_aff_running);
}

static void op_cpu_on(unsigned cpu)
{
	uint64_t mpidr, a = __atomic_fetch_add(&nattempts, 1, __ATOMIC_ACQ_REL);
	unsigned t = target_of(cpu, &mpidr), g1 = t < NCPUS ? gen(t) : 0, g2;
	bool bad = rnd(cpu) % 20 == 0;
	int64_t v;

	if (a >= budget) {
		failed("more CPU_ON attempts than operations");
		return;
	}
	attempts[a].target = (uint8_t)t;
	__atomic_store_n(&attempts[a].state, ATT_ISSUED, __ATOMIC_RELEASE);
	v = call(cpu, SECMON_PSCI_FN64(SECMON_PSCI_FN_CPU_ON), mpidr, bad ? BAD_PC : SECONDARY_PC,
		 CTX_ON | a);
	g2 = t < NCPUS ? gen(t) : 0;
	__atomic_store_n(&attempts[a].state, v == 0 ? ATT_SUCCESS : ATT_REFUSED, __ATOMIC_RELEASE);
	if (v == 0)
		count(&n_on_ok);
	else
		count(&n_on_refused);
	if (t == NCPUS) {
		if (v != SECMON_PSCI_INVALID_PARAMETERS)
			failed("CPU_ON(no such CPU) = %lld", (long long)v);
	} else if (bad) {
		count(&n_bad_entry);
		if (v != SECMON_PSCI_INVALID_ADDRESS)
			failed("CPU_ON(CPU %u, secure entry point) = %lld", t, (long long)v);
	} else if (v != 0 && v != SECMON_PSCI_ALREADY_ON && v != SECMON_PSCI_ON_PENDING) {
		failed("CPU %u: CPU_ON(CPU %u) = %lld", cpu, t, (long long)v);
	} else if ((t == cpu || (g1 == g2 && (g1 & 1))) && v != SECMON_PSCI_ALREADY_ON) {
		failed("CPU %u: CPU_ON(CPU %u) = %lld while that CPU runs", cpu, t, (long long)v);
	}
}

static void op_node_hw_state(unsigned cpu)
{
	uint64_t mpidr, level = rnd(cpu) % 4;
	unsigned t = target_of(cpu, &mpidr), g1 = t < NCPUS ? gen(t) : 0, g2;
	int64_t v = call(cpu, SECMON_PSCI_FN64(SECMON_PSCI_FN_NODE_HW_STATE), mpidr, level, 0);

	count(&n_hw);
	g2 = t < NCPUS ? gen(t) : 0;
	if (t == NCPUS || level > 2) {
		if (v != SECMON_PSCI_INVALID_PARAMETERS)
			failed("NODE_HW_STATE(bad target or level %llu) = %lld",
			       (unsigned long long)level, (long long)v);
		return;
	}
	if (v != SECMON_PSCI_HW_ON && v != SECMON_PSCI_HW_OFF && v != SECMON_PSCI_HW_STANDBY)
		failed("NODE_HW_STATE(CPU %u, level %llu) = %lld", t, (unsigned long long)level,
		       (long long)v);
	/* The caller's own core, cluster and system are on. */
	if ((t == cpu || (level == 1 && t / CLUSTER == cpu / CLUSTER) || level == 2) &&
	    v != SECMON_PSCI_HW_ON)
		failed("CPU %u: NODE_HW_STATE(CPU %u, level %llu) = %lld, its own node is on", cpu,
		       t, (unsigned long long)level, (long long)v);
	if (level == 0 && g1 == g2 && (g1 & 1) && v == SECMON_PSCI_HW_OFF)
		failed("CPU %u: NODE_HW_STATE(CPU %u, 0) = OFF while that CPU runs", cpu, t);
}

/* Leaves `live`, unless this is the last CPU in it. */
static bool leave_live(void)
{
	int l = __atomic_load_n(&live, __ATOMIC_ACQUIRE);

	while (l > 1)
		if (__atomic_compare_exchange_n(&live, &l, l - 1, false, __ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE))
			return true;
	return false;
}

static void op_powerdown(unsigned cpu)
{
	uint32_t ps = rnd(cpu) % 3 ? PS_CORE_PD : PS_CLUSTER_PD;
	uint64_t ctx = CTX_SUSPEND | (uint64_t)cpu << 32 | (rnd(cpu) & 0xffffffffu);
	int64_t v;

	count(&n_pd);
	suspend_ctx[cpu] = ctx;
	__atomic_fetch_sub(&live, 1, __ATOMIC_ACQ_REL);
	gen_step(cpu);
	v = call(cpu, SECMON_PSCI_FN64(SECMON_PSCI_FN_CPU_SUSPEND), ps, RESUME_PC, ctx);
	/* Only reached when the monitor refused to power down. */
	gen_step(cpu);
	__atomic_fetch_add(&live, 1, __ATOMIC_ACQ_REL);
	failed("CPU %u: power-down CPU_SUSPEND(%#x) returned %lld", cpu, ps, (long long)v);
}

static void op_cpu_off(unsigned cpu)
{
	if (!leave_live())
		return;
	count(&n_off);
	gen_step(cpu);
	call(cpu, SECMON_PSCI_FN32(SECMON_PSCI_FN_CPU_OFF), 0, 0, 0);
	gen_step(cpu);
	__atomic_fetch_add(&live, 1, __ATOMIC_ACQ_REL);
	failed("CPU %u: CPU_OFF returned", cpu);
}

static void op_other(unsigned cpu)
{
	int64_t v;

	count(&n_other);
	if (rnd(cpu) & 1) {
		v = call(cpu, SECMON_PSCI_FN32(SECMON_PSCI_FN_VERSION), 0, 0, 0);
		if (v != (int64_t)SECMON_PSCI_VERSION_MAKE(1, 3))
			failed("PSCI_VERSION = %#llx", (unsigned long long)v);
	} else {
		v = call(cpu, SECMON_PSCI_FN32(SECMON_PSCI_FN_FEATURES),
			 SECMON_PSCI_FN64(SECMON_PSCI_FN_CPU_ON), 0, 0);
		if (v != 0)
			failed("PSCI_FEATURES(CPU_ON) = %lld", (long long)v);
	}
}

/*
 * With -o: the first CPU done powers the system off while the others go on
 * calling, until the simulator stops each at its next SMC.
 */
static void system_off(unsigned cpu)
{
	int none = 0;

	if (__atomic_compare_exchange_n(&system_off_taken, &none, 1, false, __ATOMIC_ACQ_REL,
					__ATOMIC_ACQUIRE)) {
		call(cpu, SECMON_PSCI_FN32(SECMON_PSCI_FN_SYSTEM_OFF), 0, 0, 0);
		failed("CPU %u: SYSTEM_OFF returned", cpu);
		return;
	}
	for (;;)
		op_affinity(cpu);
}

/* The normal world on every CPU: random operations until the budget is spent. */
static void run(unsigned cpu)
{
	int64_t v;

	while (__atomic_fetch_add(&ops, 1, __ATOMIC_ACQ_REL) < budget) {
		unsigned r = (unsigned)(rnd(cpu) % 100);

		/* With a board, a third of the operations are its own calls. */
		if (board && rnd(cpu) % 3 == 0) {
			if (rnd(cpu) % 3)
				op_legacy(cpu);
			else
				op_media(cpu);
			continue;
		}

		__atomic_fetch_add(&live_sum, (uint64_t)__atomic_load_n(&live, __ATOMIC_RELAXED),
				   __ATOMIC_RELAXED);
		if (r < 30) {
			op_affinity(cpu);
		} else if (r < 52) {
			op_cpu_on(cpu);
		} else if (r < 62) {
			op_node_hw_state(cpu);
		} else if (r < 72) {
			count(&n_standby);
			v = call(cpu, SECMON_PSCI_FN64(SECMON_PSCI_FN_CPU_SUSPEND), PS_STANDBY,
				 RESUME_PC, 0);
			if (v != 0)
				failed("CPU %u: standby CPU_SUSPEND = %lld", cpu, (long long)v);
		} else if (r < 78) {
			op_powerdown(cpu);
		} else if (r < 84) {
			op_cpu_off(cpu);
		} else if (r < 90) {
			count(&n_irq);
			sim_wake((unsigned)(rnd(cpu) % NCPUS));
		} else {
			op_other(cpu);
		}
	}
}

static void entry(unsigned cpu, uint64_t pc, uint64_t ctx, void *arg)
{
	(void)arg;
	if (cpu >= NCPUS || sim_self() != (int)cpu) {
		failed("entry on CPU %u from thread of CPU %d", cpu, sim_self());
		return;
	}
	if (pc == SECONDARY_PC) {
		uint64_t a = ctx & ~CTX_ON;
		uint8_t st;

		if (!(ctx & CTX_ON) || a >= ld(&nattempts)) {
			failed("CPU %u started with context %#llx, which no CPU_ON gave", cpu,
			       (unsigned long long)ctx);
			return;
		}
		st = __atomic_load_n(&attempts[a].state, __ATOMIC_ACQUIRE);
		if (attempts[a].target != cpu)
			failed("CPU %u started with the context of a CPU_ON for CPU %u", cpu,
			       attempts[a].target);
		if (st == ATT_REFUSED)
			failed("CPU %u started with the context of a refused CPU_ON", cpu);
		if (__atomic_fetch_add(&attempts[a].started, 1, __ATOMIC_ACQ_REL))
			failed("CPU %u started twice with the context of one CPU_ON", cpu);
	} else if (pc == RESUME_PC) {
		count(&n_pd_resumed);
		if (ctx != suspend_ctx[cpu])
			failed("CPU %u resumed with context %#llx, its suspend gave %#llx", cpu,
			       (unsigned long long)ctx, (unsigned long long)suspend_ctx[cpu]);
		suspend_ctx[cpu] = 0;
	} else if (board && pc >= LEGACY_PC && pc < LEGACY_PC + LEGACY_SPAN) {
		count(&n_legacy_started);
		if (ctx != 0 || !legacy_pc_ok(pc, cpu))
			failed("CPU %u started at %#llx with context %#llx: a boot address set for "
			       "CPU %llu", cpu, (unsigned long long)pc, (unsigned long long)ctx,
			       (unsigned long long)(((pc - LEGACY_PC) / 4) % NCPUS));
	} else if (pc != BOOT_PC || cpu != 0) {
		failed("CPU %u entered at %#llx", cpu, (unsigned long long)pc);
		return;
	}
	__atomic_fetch_add(&live, 1, __ATOMIC_ACQ_REL);
	gen_step(cpu);
	run(cpu);
	if (end_with_system_off)
		system_off(cpu);
	/* Returning is the simulator's implicit CPU_OFF. */
	gen_step(cpu);
	__atomic_fetch_sub(&live, 1, __ATOMIC_ACQ_REL);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static unsigned ntest, nfail;

static void tap(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void tap(bool ok, const char *fmt, ...)
{
	va_list ap;

	printf("%s %u - stress: ", ok ? "ok" : "not ok", ++ntest);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	nfail += !ok;
}

int main(int argc, char **argv)
{
	struct sim_config cfg = {
		.ncpus = NCPUS,
		.cluster_size = CLUSTER,
		.ns_base = NS_BASE,
		.ns_size = NS_SIZE,
		.tick_us = 200,
		.entry = entry,
	};
	uint64_t seed = 0x5ec057e55ull, lost = 0, twice = 0, refused_started = 0;
	double t0, secs;
	int end, opt;

	while ((opt = getopt(argc, argv, "n:os:t:x:")) != -1) {
		if (opt == 'o') {
			end_with_system_off = true;
		} else if (opt == 'x') {
			static char dtb[65536];
			FILE *f = fopen(optarg, "rb");

			if (!f || !fread(dtb, 1, sizeof(dtb), f)) {
				fprintf(stderr, "%s: cannot read %s\n", argv[0], optarg);
				return 2;
			}
			fclose(f);
			board = dtb;
			cfg.board_dtb = dtb;
		} else if (opt == 'n')
			budget = strtoull(optarg, 0, 0);
		else if (opt == 's')
			seed = strtoull(optarg, 0, 0);
		else if (opt == 't')
			cfg.tick_us = (unsigned)strtoul(optarg, 0, 0);
		else {
			fprintf(stderr, "usage: %s [-n OPERATIONS] [-o] [-s SEED] [-t TICK_US] "
				"[-x NEGATIVE_DTB]\n", argv[0]);
			return 2;
		}
	}
	attempts = calloc(budget ? budget : 1, sizeof(*attempts));
	if (!attempts)
		return 2;
	for (unsigned i = 0; i < NCPUS; i++)
		rng_state[i] = (seed + 1) * 0x9e3779b97f4a7c15ull + i * 0x632be59bd9b4e019ull + 1;
	printf("# %llu operations, %u CPUs, seed %#llx, tick %u us%s%s\n",
	       (unsigned long long)budget, (unsigned)NCPUS, (unsigned long long)seed, cfg.tick_us,
	       board ? ", with the negative-ID example board's legacy calls" : "",
	       end_with_system_off ? ", ending with SYSTEM_OFF" : "");
	fflush(stdout);

	t0 = now();
	end = sim_run(&cfg, BOOT_PC, 0);
	secs = now() - t0;

	for (uint64_t a = 0; a < nattempts; a++) {
		if (attempts[a].state == ATT_SUCCESS && attempts[a].started == 0)
			lost++;
		if (attempts[a].started > 1)
			twice++;
		if (attempts[a].state != ATT_SUCCESS && attempts[a].started)
			refused_started++;
	}
	if (end_with_system_off)
		tap(end == SIM_END_SYSTEM_OFF, "the simulation ended with SYSTEM_OFF while the other "
		    "CPUs kept calling (end %d)", end);
	else
		tap(end == SIM_END_ALL_OFF, "the simulation ended with every CPU off (end %d)", end);
	/* A system power-off may leave started CPUs never running. */
	if (end_with_system_off)
		lost = 0;
	tap(ops >= budget, "%llu operations from %u CPUs in %.1f s (%.0f/s, %.1f CPUs running "
	    "on average)", (unsigned long long)(ops < budget ? ops : budget), (unsigned)NCPUS, secs,
	    (double)(ops < budget ? ops : budget) / secs, (double)live_sum / (double)(budget + 1));
	tap(!lost && !twice, "%llu successful CPU_ONs each started their target once "
	    "(%llu never started, %llu more than once)", (unsigned long long)n_on_ok,
	    (unsigned long long)lost, (unsigned long long)twice);
	tap(!refused_started, "%llu refused CPU_ONs (%llu with a secure entry point) started "
	    "nothing (%llu did)", (unsigned long long)n_on_refused,
	    (unsigned long long)n_bad_entry, (unsigned long long)refused_started);
	tap(n_pd_resumed > 0 && n_pd_resumed <= n_pd, "%llu power-down suspends, %llu resumed at "
	    "their entry point", (unsigned long long)n_pd, (unsigned long long)n_pd_resumed);
	tap(n_off > 0 && n_standby > 0 && n_irq > 0 && n_hw > 0,
	    "%llu CPU_OFF, %llu standby, %llu interrupts, %llu NODE_HW_STATE, %llu other calls",
	    (unsigned long long)n_off, (unsigned long long)n_standby, (unsigned long long)n_irq,
	    (unsigned long long)n_hw, (unsigned long long)n_other);
	tap(n_aff_running > 0, "%llu AFFINITY_INFO answers, %llu about a CPU known to run",
	    (unsigned long long)n_affinity, (unsigned long long)n_aff_running);
	if (board)
		tap(n_legacy > 0 && n_media > 0, "%llu legacy boot calls (%llu CPUs started at a "
		    "boot address), %llu media calls", (unsigned long long)n_legacy,
		    (unsigned long long)n_legacy_started, (unsigned long long)n_media);
	tap(!nfailures, "every answer valid, registers preserved (%u violations)", nfailures);
	for (unsigned i = 0; i < nfailures && i < 16; i++)
		printf("#   %s\n", failures[i]);
	printf("1..%u\n", ntest);
	free(attempts);
	return nfail ? 1 : 0;
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * The host platform: implements monitor/plat.h with one thread per
 * simulated CPU. A CPU that powers down longjmps back to its thread's loop
 * and waits there for a start token (CPU_ON) or an interrupt (sim_wake, the
 * tick).
 */
#include <errno.h>
#include <libfdt.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "../../monitor.h"
#include "../../plat.h"
#include "sim.h"
#include <secmon/fwops.h>
#include <secmon/psci.h>
#include <secmon/trace.h>

/* Vendor SYSTEM_RESET2 type the simulator accepts. */
#define SIM_RESET2_VENDOR 0x80000001u

struct sim_cpu {
	pthread_t thread;
	jmp_buf down;		/* where a powered-down CPU returns to */
	bool token;		/* start (or wake) pending */
	bool running;		/* in normal-world code or the monitor */
	bool cold;		/* boot CPU's first start: no PSCI entry */
	bool suspended;		/* powered down in a suspend: the tick wakes it */
};

static struct {
	struct sim_config cfg;
	pthread_mutex_t mu;	/* guards everything below and sim_cpu */
	pthread_cond_t cv;
	struct sim_cpu cpu[MON_MAX_CPUS];
	bool ending;
	enum sim_end end;
	uint64_t boot_pc, boot_ctx;
	uint32_t reset2_type;
	uint64_t reset2_cookie;
	unsigned long entropy_words;
} sim;

static pthread_mutex_t psci_lock = PTHREAD_MUTEX_INITIALIZER;
static __thread int self = -1;
/* The calling thread's caller mode (sim_caller()): 0, an OS at EL1. */
static __thread uint64_t caller_mode;

unsigned plat_cpu_count(void)
{
	return sim.cfg.ncpus;
}

unsigned plat_cluster_count(void)
{
	return (sim.cfg.ncpus + sim.cfg.cluster_size - 1) / sim.cfg.cluster_size;
}

unsigned plat_cpu_cluster(unsigned cpu)
{
	return cpu / sim.cfg.cluster_size;
}

uint64_t sim_mpidr(unsigned cpu)
{
	/* Callable before sim_run: the default shape is four cores a cluster. */
	unsigned n = sim.cfg.cluster_size ? sim.cfg.cluster_size : 4;

	return ((uint64_t)(cpu / n) << 8) | (cpu % n);
}

uint64_t plat_cpu_mpidr(unsigned cpu)
{
	return sim_mpidr(cpu);
}

int plat_cpu_index(uint64_t mpidr)
{
	uint64_t core = mpidr & 0xff, cluster = (mpidr >> 8) & 0xff;

	if (mpidr & ~0xffffull || core >= sim.cfg.cluster_size)
		return -1;
	if (cluster * sim.cfg.cluster_size + core >= sim.cfg.ncpus)
		return -1;
	return (int)(cluster * sim.cfg.cluster_size + core);
}

void plat_lock(void)
{
	pthread_mutex_lock(&psci_lock);
}

void plat_unlock(void)
{
	pthread_mutex_unlock(&psci_lock);
}

int sim_self(void)
{
	return self;
}

static void give_token(unsigned cpu)
{
	pthread_mutex_lock(&sim.mu);
	sim.cpu[cpu].token = true;
	pthread_cond_broadcast(&sim.cv);
	pthread_mutex_unlock(&sim.mu);
}

int plat_cpu_on(unsigned cpu)
{
	give_token(cpu);
	return 0;
}

void sim_wake(unsigned cpu)
{
	if (cpu < sim.cfg.ncpus)
		give_token(cpu);
}

static _Noreturn void go_down(unsigned cpu)
{
	if (self != (int)cpu) {
		fprintf(stderr, "sim: CPU %u powered down from thread of CPU %d\n", cpu, self);
		abort();
	}
	longjmp(sim.cpu[cpu].down, 1);
}

void plat_cpu_off(unsigned cpu)
{
	go_down(cpu);
}

void plat_cpu_suspend(unsigned cpu, unsigned level)
{
	(void)level;
	pthread_mutex_lock(&sim.mu);
	sim.cpu[cpu].suspended = true;
	pthread_mutex_unlock(&sim.mu);
	go_down(cpu);
}

bool sim_suspended(unsigned cpu)
{
	bool s;

	pthread_mutex_lock(&sim.mu);
	s = cpu < sim.cfg.ncpus && sim.cpu[cpu].suspended;
	pthread_mutex_unlock(&sim.mu);
	return s;
}

static void deadline(struct timespec *ts, unsigned us)
{
	clock_gettime(CLOCK_REALTIME, ts);
	ts->tv_nsec += (long)us * 1000;
	ts->tv_sec += ts->tv_nsec / 1000000000;
	ts->tv_nsec %= 1000000000;
}

/* Standby: until an interrupt (a token) or the next tick. */
void plat_cpu_standby(unsigned cpu)
{
	struct timespec ts;

	deadline(&ts, sim.cfg.tick_us);
	pthread_mutex_lock(&sim.mu);
	while (!sim.cpu[cpu].token && !sim.ending)
		if (pthread_cond_timedwait(&sim.cv, &sim.mu, &ts) == ETIMEDOUT)
			break;
	sim.cpu[cpu].token = false;
	pthread_mutex_unlock(&sim.mu);
}

static _Noreturn void end_sim(enum sim_end why)
{
	pthread_mutex_lock(&sim.mu);
	if (!sim.ending) {
		__atomic_store_n(&sim.ending, true, __ATOMIC_RELEASE);
		sim.end = why;
	}
	pthread_cond_broadcast(&sim.cv);
	pthread_mutex_unlock(&sim.mu);
	go_down((unsigned)self);
}

void plat_system_off(void)
{
	end_sim(SIM_END_SYSTEM_OFF);
}

void plat_system_reset(void)
{
	end_sim(SIM_END_SYSTEM_RESET);
}

int plat_system_reset2_check(uint32_t reset_type, uint64_t cookie)
{
	(void)cookie;
	return reset_type == SIM_RESET2_VENDOR ? 0 : -2; /* PSCI INVALID_PARAMETERS */
}

void plat_system_reset2(uint32_t reset_type, uint64_t cookie)
{
	sim.reset2_type = reset_type;
	sim.reset2_cookie = cookie;
	end_sim(SIM_END_RESET2);
}

void sim_last_reset2(uint32_t *type, uint64_t *cookie)
{
	*type = sim.reset2_type;
	*cookie = sim.reset2_cookie;
}

bool plat_ns_range_ok(uint64_t base, uint64_t size)
{
	uint64_t lo = sim.cfg.ns_base, hi = sim.cfg.ns_base + sim.cfg.ns_size;

	return size != 0 && base >= lo && base < hi && size <= hi - base;
}

bool plat_ns_entry_aarch32(void)
{
	return sim.cfg.aarch32;
}

uint64_t plat_time_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* The simulator's generic counter: the host's monotonic clock in nanoseconds. */
uint64_t plat_counter(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t plat_counter_hz(void)
{
	return 1000000000u;
}

void *plat_ns_map(uint64_t pa, uint64_t size)
{
	return sim_phys(pa, size);
}

/*
 * Simulated callers are an OS at EL1 unless the thread said otherwise
 * (sim_caller()): the EL in bits 1:0 of the caller's mode, bit 2 a guest.
 */
#define SIM_MODE_EL	3u
#define SIM_MODE_GUEST	4u

unsigned plat_caller_el(const struct mon_caller *caller)
{
	return caller->mode & SIM_MODE_EL ? (unsigned)(caller->mode & SIM_MODE_EL) : 1;
}

bool plat_caller_is_guest(const struct mon_caller *caller)
{
	return (caller->mode & SIM_MODE_GUEST) != 0;
}

/* Simulated CPUs have no endianness to keep. */
uint64_t plat_ns_entry_mode(const struct mon_caller *caller)
{
	return caller->mode;
}

/* The trace rings, one per CPU the simulator can run. */
static struct secmon_trace_record trace_records[SIM_MAX_CPUS * MON_TRACE_RECORDS];

struct secmon_trace_record *plat_trace_records(unsigned *rings, unsigned *len)
{
	*rings = SIM_MAX_CPUS;
	*len = MON_TRACE_RECORDS;
	return trace_records;
}

unsigned (*sim_tos)(unsigned cpu, uint64_t pc, unsigned flags, uint64_t x[8]);
unsigned sim_tos_kicks[SIM_MAX_CPUS];

unsigned plat_tos_enter(unsigned cpu, uint64_t pc, unsigned flags, uint64_t x[8])
{
	if (sim_tos)
		return sim_tos(cpu, pc, flags, x);
	x[0] = 0;
	x[1] = 0;
	return PLAT_TOS_EXCEPTION;
}

bool plat_tos_prepare(void)
{
	return true;
}

void plat_tos_fiq_drop(void)
{
}

/* The simulator's trusted OS is entered through the dispatcher alone. */
void plat_tos_fast_watch(uint64_t *watch, unsigned n, uint64_t late)
{
	(void)watch;
	(void)n;
	(void)late;
}

void plat_tos_fast_entry(unsigned cpu, uint64_t pc)
{
	(void)cpu;
	(void)pc;
}

void plat_tos_kick(unsigned cpu)
{
	if (cpu < SIM_MAX_CPUS)
		__atomic_fetch_add(&sim_tos_kicks[cpu], 1, __ATOMIC_RELAXED);
}

uint64_t sim_tos_boot_timer;
unsigned sim_tos_boot_timer_starts;

void plat_tos_boot_timer(uint64_t ticks)
{
	sim_tos_boot_timer = ticks;
	if (ticks)
		sim_tos_boot_timer_starts++;
}

/* mon_smc() is the simulator's only way in: nothing to redirect. */
void plat_trace_switched(bool on, bool workarounds)
{
	(void)on;
	(void)workarounds;
}

/* The simulated CPU has no speculation to work around. */
int32_t plat_arch_workaround_state(unsigned n)
{
	return n == 1 ? 1 : -1;
}

void plat_arch_workaround(unsigned n, uint64_t arg)
{
	(void)n;
	(void)arg;
}

/*
 * The simulated CPU as a Cortex-A57 (an Armv8.0 core with FP, PMUv3 and
 * self-hosted debug, no RAS, AMU, trace system registers, trace filter or
 * FGT), set up as the QEMU port sets one up, with its answers: the trap
 * bits of what it has reported inverted (none of it trapped), those of
 * what it lacks 0, EnPM2 1 (docs/smccc.md), no MPAM.
 */
static const struct {
	uint32_t reg;
	uint64_t mask;
} sim_feature_masks[] = {
	{ SECMON_FEAT_AVAIL_SCR_EL3, 0 },
	{ SECMON_FEAT_AVAIL_CPTR_EL3, (1ull << 10) | (1ull << 31) },	/* TFP, TCPAC */
	{ SECMON_FEAT_AVAIL_MDCR_EL3, (1ull << 6) | (1ull << 7) |	/* TPM, EnPM2 */
				      (1ull << 9) | (1ull << 10) },	/* TDA, TDOSA */
};

int32_t plat_feature_availability(uint64_t reg, uint64_t *mask)
{
	for (unsigned i = 0; i < sizeof(sim_feature_masks) / sizeof(sim_feature_masks[0]); i++) {
		if (sim_feature_masks[i].reg == reg) {
			*mask = sim_feature_masks[i].mask;
			return SECMON_SMCCC_SUCCESS;
		}
	}
	return SECMON_SMCCC_INVALID_PARAMETER;
}

int plat_entropy(uint64_t *out, unsigned n)
{
	size_t len = n * sizeof(*out);

	switch (sim.cfg.entropy) {
	case SIM_ENTROPY_NONE:
		return PLAT_ENTROPY_NONE;
	case SIM_ENTROPY_EMPTY:
		return n ? PLAT_ENTROPY_EMPTY : PLAT_ENTROPY_OK;
	case SIM_ENTROPY_ONES:
		for (unsigned i = 0; i < n; i++)
			out[i] = ~0ull;
		break;
	default:
		if (len && getrandom(out, len, 0) != (ssize_t)len)
			return PLAT_ENTROPY_EMPTY;
		break;
	}
	__atomic_add_fetch(&sim.entropy_words, n, __ATOMIC_RELAXED);
	return PLAT_ENTROPY_OK;
}

unsigned long sim_entropy_words(void)
{
	return __atomic_load_n(&sim.entropy_words, __ATOMIC_RELAXED);
}

/* Before sim_run (no configuration yet) the console is stderr too. */
void plat_putc(char c)
{
	if (sim.cfg.console)
		sim.cfg.console(c, sim.cfg.arg);
	else
		fputc(c, stderr);
}

/*
 * With sim.mu held: ends the simulation once no CPU can run again, i.e. none
 * is running, has a token, or is suspended (the tick wakes those).
 */
static void check_all_off(void)
{
	unsigned i;

	for (i = 0; i < sim.cfg.ncpus; i++) {
		const struct sim_cpu *c = &sim.cpu[i];

		if (c->running || c->token || c->suspended)
			return;
	}
	if (!sim.ending) {
		__atomic_store_n(&sim.ending, true, __ATOMIC_RELEASE);
		sim.end = SIM_END_ALL_OFF;
		pthread_cond_broadcast(&sim.cv);
	}
}

static void set_running(unsigned cpu, bool running)
{
	pthread_mutex_lock(&sim.mu);
	sim.cpu[cpu].running = running;
	if (!running)
		check_all_off();
	pthread_mutex_unlock(&sim.mu);
}

/* Waits for a token, or the tick when suspended. False once the simulation ends. */
static bool wait_token(struct sim_cpu *c)
{
	struct timespec ts;
	bool ok;

	pthread_mutex_lock(&sim.mu);
	deadline(&ts, sim.cfg.tick_us);
	while (!c->token && !sim.ending) {
		if (!c->suspended)
			pthread_cond_wait(&sim.cv, &sim.mu);
		else if (pthread_cond_timedwait(&sim.cv, &sim.mu, &ts) == ETIMEDOUT)
			break;
	}
	ok = !sim.ending;
	c->token = false;
	c->suspended = false;
	c->running = ok;
	pthread_mutex_unlock(&sim.mu);
	return ok;
}

/*
 * Where `cpu` starts next; false when the simulation ends. A wake-up with no
 * PSCI entry behind it (an interrupt while off) leaves the CPU off.
 */
static bool wait_start(unsigned cpu, struct mon_ns_entry *e)
{
	struct sim_cpu *c = &sim.cpu[cpu];

	while (wait_token(c)) {
		if (c->cold) {
			c->cold = false;
			*e = (struct mon_ns_entry){ .pc = sim.boot_pc, .context_id = sim.boot_ctx };
			return true;
		}
		if (mon_cpu_wakeup(cpu, e))
			return true;
		set_running(cpu, false);
	}
	return false;
}

static void sim_invoke(const struct secmon_conduit *c, const struct secmon_regs *in,
		       struct secmon_regs *out);

static void *cpu_thread(void *arg)
{
	unsigned cpu = (unsigned)(uintptr_t)arg;
	const struct secmon_conduit *conduit =
		sim.cfg.aarch32 ? &secmon_conduit_sim32 : &secmon_conduit_sim;
	/* Returning from normal-world code is a CPU_OFF. */
	const struct secmon_regs cpu_off = { .x = { SECMON_PSCI_FN32(SECMON_PSCI_FN_CPU_OFF) } };
	struct secmon_regs out;
	struct mon_ns_entry e;

	self = (int)cpu;
	while (wait_start(cpu, &e)) {
		if (setjmp(sim.cpu[cpu].down) == 0) {
			sim.cfg.entry(cpu, e.pc, e.context_id, sim.cfg.arg);
			sim_invoke(conduit, &cpu_off, &out);
		}
		set_running(cpu, false);
	}
	return 0;
}

static void sim_invoke(const struct secmon_conduit *c, const struct secmon_regs *in,
		       struct secmon_regs *out)
{
	struct mon_caller caller = { .aarch32 = c->aarch32, .mode = caller_mode };
	unsigned i;

	*out = *in;
	if (self < 0) {
		out->x[0] = SECMON_SMC_UNK32;
		return;
	}
	if (__atomic_load_n(&sim.ending, __ATOMIC_ACQUIRE))
		go_down((unsigned)self);
	if (c->aarch32)
		for (i = 0; i < SECMON_NREGS; i++)
			out->x[i] = i < 13 ? (uint32_t)out->x[i] : 0;
	mon_smc((unsigned)self, out, &caller);
	if (sim.cfg.trace)
		sim.cfg.trace((unsigned)self, in, out, sim.cfg.arg);
}

void sim_caller(unsigned el, bool guest)
{
	caller_mode = (el & SIM_MODE_EL) | (guest ? SIM_MODE_GUEST : 0);
}

const struct secmon_conduit secmon_conduit_sim = { .name = "sim", .invoke = sim_invoke };
const struct secmon_conduit secmon_conduit_sim32 = {
	.name = "sim32", .invoke = sim_invoke, .aarch32 = true
};

/* Two made-up errata: one every simulated CPU needs, one none does. */
static bool never(unsigned cpu)
{
	(void)cpu;
	return false;
}

static const struct mon_erratum sim_errata[] = {
	{ .id = SIM_ERRATUM_NEEDED },
	{ .id = SIM_ERRATUM_NOT_NEEDED, .needed = never },
};

/* The configuration's zeros that stand for a default. */
static void set_defaults(struct sim_config *c)
{
	if (!c->cluster_size)
		c->cluster_size = 4;
	if (!c->ns_size) {
		c->ns_base = 0x80000000ull;
		c->ns_size = 0x40000000ull;
	}
	if (!c->tick_us)
		c->tick_us = 1000;
}

/* mon_init() has run: sim_ns_dt() describes that monitor. */
static bool monitor_set_up;

/* The monitor's configuration for a simulation of cfg. */
static struct mon_config mon_config_of(const struct sim_config *cfg)
{
	return (struct mon_config){
		.boot_cpu = 0,
		.psci_unsupported = cfg->psci_unsupported,
		.soc_version = secmon_soc_id_version(MON_SOC_JEP106_BANK, MON_SOC_JEP106_CODE,
						     MON_SOC_ID),
		.soc_revision = 1,
		.soc_name = cfg->soc_name ? cfg->soc_name : "secmon host simulator",
		.board_dtb = cfg->board_dtb,
		.errata = sim_errata,
		.nerrata = sizeof(sim_errata) / sizeof(sim_errata[0]),
	};
}

int sim_run(const struct sim_config *cfg, uint64_t boot_pc, uint64_t boot_ctx)
{
	struct mon_config mc = mon_config_of(cfg);
	unsigned i;

	/* The CPU limits (monitor.h). */
	_Static_assert(SIM_MAX_CPUS <= MON_MAX_CPUS, "the monitor sizes the simulator");
	_Static_assert(SIM_MAX_CPUS <= SECMON_FWOPS_MAX_CPUS, "the library drives every simulated CPU");
	if (!cfg->entry || cfg->ncpus == 0 || cfg->ncpus > SIM_MAX_CPUS)
		return -1;
	memset(&sim, 0, sizeof(sim));
	sim.cfg = *cfg;
	set_defaults(&sim.cfg);
	if (sim.cfg.cluster_size > 256)
		return -1;
	pthread_mutex_init(&sim.mu, 0);
	pthread_cond_init(&sim.cv, 0);
	sim.boot_pc = boot_pc;
	sim.boot_ctx = boot_ctx;
	monitor_set_up = true;
	if (mon_init(&mc) != 0) {
		pthread_cond_destroy(&sim.cv);
		pthread_mutex_destroy(&sim.mu);
		return -1;
	}
	sim.cpu[0].token = true;
	sim.cpu[0].cold = true;
	for (i = 0; i < cfg->ncpus; i++)
		pthread_create(&sim.cpu[i].thread, 0, cpu_thread, (void *)(uintptr_t)i);
	for (i = 0; i < cfg->ncpus; i++)
		pthread_join(sim.cpu[i].thread, 0);
	pthread_cond_destroy(&sim.cv);
	pthread_mutex_destroy(&sim.mu);
	return (int)sim.end;
}

int sim_ns_dt(void *buf, int size, unsigned ncpus, const void *board_dtb)
{
	int err = fdt_create_empty_tree(buf, size), cpus;
	struct sim_config saved;
	struct mon_config mc;

	if (!err)
		err = fdt_setprop_u32(buf, 0, "#address-cells", 2);
	if (!err)
		err = fdt_setprop_u32(buf, 0, "#size-cells", 2);
	cpus = err ? err : fdt_add_subnode(buf, 0, "cpus");
	if (cpus < 0)
		return cpus;
	err = fdt_setprop_u32(buf, cpus, "#address-cells", 1);
	if (!err)
		err = fdt_setprop_u32(buf, cpus, "#size-cells", 0);
	/* Added last first: libfdt puts each new node ahead of its siblings. */
	for (unsigned i = ncpus; !err && i-- > 0;) {
		char name[16];
		int cpu;

		snprintf(name, sizeof(name), "cpu@%x", (unsigned)sim_mpidr(i));
		cpu = fdt_add_subnode(buf, cpus, name);
		if (cpu < 0)
			return cpu;
		err = fdt_setprop_string(buf, cpu, "device_type", "cpu");
		if (!err)
			err = fdt_setprop_u32(buf, cpu, "reg", (uint32_t)sim_mpidr(i));
	}
	if (err)
		return err;
	/*
	 * mon_dt_fixup() describes the monitor as mon_init() set it up, on the
	 * platform's topology. A simulated CPU asking (a driver reading its DT)
	 * gets the running simulation's, which its other CPUs are reading;
	 * otherwise, for the time of the call, this one, and the monitor as the
	 * last sim_run() left it or, before the first, as sim_run() would set
	 * it up for this board DT (a refusal, which the log explains, leaves
	 * what it had set up).
	 */
	if (sim_self() >= 0)
		return mon_dt_fixup(buf, board_dtb);
	saved = sim.cfg;
	sim.cfg.ncpus = ncpus;
	set_defaults(&sim.cfg);
	if (!monitor_set_up) {
		sim.cfg.board_dtb = board_dtb;
		mc = mon_config_of(&sim.cfg);
		monitor_set_up = mon_init(&mc) == 0;
	}
	err = mon_dt_fixup(buf, board_dtb);
	sim.cfg = saved;
	return err;
}

/* The simulated SoC has no L2 cache controller: nothing to program. */
int plat_l2x0_call(uint32_t fid, uint64_t a1, uint64_t a2, uint64_t a3)
{
	(void)fid;
	(void)a1;
	(void)a2;
	(void)a3;
	return 0;
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * monitor/plat.h for the fuzz harnesses: no threads, no time, no hardware.
 * Power-downs longjmp to the harness; everything the monitor asks of the
 * platform is checked against the topology the harness declared.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <secmon/trace.h>

#include "../../monitor/plat.h"
#include "../../monitor/scmi_backend.h"
#include "fplat.h"

struct fp_state fp;
void (*fp_on_fail)(void);

void fp_fail(const char *fmt, ...)
{
	va_list ap;

	fputs("\n*** secmon fuzz invariant violated: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (fp_on_fail)
		fp_on_fail();
	if (fp.log_len) {
		fp.log[fp.log_len < sizeof(fp.log) ? fp.log_len : sizeof(fp.log) - 1] = '\0';
		fprintf(stderr, "monitor log:\n%s\n", fp.log);
	}
	abort();
}

bool fp_allowed(const char *id)
{
	static const char *list;
	static bool read;
	size_t n = strlen(id);
	const char *l;

	if (!read) {
		list = getenv("SECMON_FUZZ_ALLOW");
		read = true;
	}
	for (l = list; l && *l; l = strchr(l, ',') ? strchr(l, ',') + 1 : 0)
		if (!strncmp(l, id, n) && (l[n] == ',' || !l[n]))
			return true;
	return false;
}

static uint32_t mailbox[FP_MAILBOX_SIZE / 4];

void fp_reset(const struct fp_topology *t)
{
	memset(&fp, 0, sizeof(fp));
	fp.topo = *t;
	fp.cur = -1;
	fp.how = FP_UP;
	fp.quiet = true;
	fp.wa_state[1] = 1;
	fp.wa_state[2] = fp.wa_state[3] = fp.wa_state[4] = -1;
	for (unsigned i = 0; i < FP_MAILBOX_SIZE / 4; i++)
		mailbox[i] = (uint32_t)(t->ns_base + 0x1000);
}

unsigned fp_cluster(unsigned cpu)
{
	return cpu / fp.topo.cluster_size;
}

uint64_t fp_mpidr(unsigned cpu)
{
	return ((uint64_t)fp_cluster(cpu) << fp.topo.cluster_shift) | (cpu % fp.topo.cluster_size);
}

static bool in_range(uint64_t base, uint64_t size, uint64_t lo, uint64_t hi)
{
	return size != 0 && base >= lo && base < hi && size <= hi - base;
}

static bool in_mailbox(uint64_t base, uint64_t size)
{
	return in_range(base, size, FP_MAILBOX_BASE, FP_MAILBOX_BASE + FP_MAILBOX_SIZE);
}

bool fp_ns_range_ok(uint64_t base, uint64_t size)
{
	return in_range(base, size, fp.topo.ns_base, fp.topo.ns_base + fp.topo.ns_size) ||
	       in_mailbox(base, size);
}

uint32_t fp_mailbox_word(uint64_t addr)
{
	return in_mailbox(addr, 4) && !(addr & 3) ? mailbox[(addr - FP_MAILBOX_BASE) / 4] : 0;
}

static void check_cpu(const char *fn, unsigned cpu)
{
	if (cpu >= fp.topo.ncpus)
		fp_fail("%s(%u): CPU index out of range (%u CPUs)", fn, cpu, fp.topo.ncpus);
}

/* For the calls that act on the calling CPU. */
static void check_self(const char *fn, unsigned cpu)
{
	check_cpu(fn, cpu);
	if (fp.cur < 0 || (unsigned)fp.cur != cpu)
		fp_fail("%s(%u) called while CPU %d is in the monitor", fn, cpu, fp.cur);
}

static void check_unlocked(const char *fn)
{
	if (fp.lock)
		fp_fail("%s with the monitor's lock held: the other CPUs would deadlock", fn);
}

static _Noreturn void go_down(enum fp_down how)
{
	fp.how = how;
	if (!fp.down)
		fp_fail("power-down outside an SMC");
	longjmp(*fp.down, 1);
}

unsigned plat_cpu_count(void)
{
	return fp.topo.ncpus;
}

unsigned plat_cluster_count(void)
{
	return (fp.topo.ncpus + fp.topo.cluster_size - 1) / fp.topo.cluster_size;
}

unsigned plat_cpu_cluster(unsigned cpu)
{
	check_cpu("plat_cpu_cluster", cpu);
	return fp_cluster(cpu);
}

uint64_t plat_cpu_mpidr(unsigned cpu)
{
	check_cpu("plat_cpu_mpidr", cpu);
	return fp_mpidr(cpu);
}

int plat_cpu_index(uint64_t mpidr)
{
	for (unsigned i = 0; i < fp.topo.ncpus; i++)
		if (fp_mpidr(i) == mpidr)
			return (int)i;
	return -1;
}

void plat_lock(void)
{
	if (fp.lock)
		fp_fail("plat_lock() taken twice: deadlock");
	fp.lock = 1;
}

void plat_unlock(void)
{
	if (!fp.lock)
		fp_fail("plat_unlock() without plat_lock()");
	fp.lock = 0;
}

int plat_cpu_on(unsigned cpu)
{
	check_cpu("plat_cpu_on", cpu);
	if (fp.cur >= 0 && (unsigned)fp.cur == cpu)
		fp_fail("plat_cpu_on(%u) from that CPU itself", cpu);
	fp.on_calls[cpu]++;
	if (fp.fail_next_on) {
		fp.fail_next_on = false;
		return -6;
	}
	return 0;
}

void plat_cpu_off(unsigned cpu)
{
	check_self("plat_cpu_off", cpu);
	check_unlocked("plat_cpu_off");
	go_down(FP_CPU_OFF);
}

void plat_cpu_suspend(unsigned cpu, unsigned level)
{
	check_self("plat_cpu_suspend", cpu);
	check_unlocked("plat_cpu_suspend");
	if (level > 2)
		fp_fail("plat_cpu_suspend(%u, %u): no such power level", cpu, level);
	fp.level = level;
	go_down(FP_CPU_SUSPEND);
}

void plat_cpu_standby(unsigned cpu)
{
	check_self("plat_cpu_standby", cpu);
	check_unlocked("plat_cpu_standby");
	fp.standby_calls++;
}

void plat_system_off(void)
{
	check_unlocked("plat_system_off");
	go_down(FP_SYSTEM_OFF);
}

void plat_system_reset(void)
{
	check_unlocked("plat_system_reset");
	go_down(FP_SYSTEM_RESET);
}

int plat_system_reset2_check(uint32_t reset_type, uint64_t cookie)
{
	(void)cookie;
	check_unlocked("plat_system_reset2_check");
	if (!(reset_type & 0x80000000u))
		fp_fail("plat_system_reset2_check(%#x): not a vendor reset type", reset_type);
	return reset_type == FP_RESET2_TYPE ? 0 : -2;
}

void plat_system_reset2(uint32_t reset_type, uint64_t cookie)
{
	check_unlocked("plat_system_reset2");
	if (reset_type != FP_RESET2_TYPE)
		fp_fail("plat_system_reset2(%#x): a type the check refused", reset_type);
	fp.reset2_type = reset_type;
	fp.reset2_cookie = cookie;
	go_down(FP_SYSTEM_RESET2);
}

bool plat_ns_range_ok(uint64_t base, uint64_t size)
{
	return fp_ns_range_ok(base, size);
}

bool plat_ns_entry_aarch32(void)
{
	return fp.topo.entry_a32;
}

bool scmi_be_channel(struct scmi_be_channel *ch)
{
	ch->base = fp.scmi_base;
	ch->size = fp.scmi_size;
	return fp.scmi_size != 0;
}

volatile uint32_t *scmi_be_shmem(uint64_t base, uint32_t size)
{
	if (fp.lock != 1 && fp.cur >= 0)
		fp_fail("scmi_be_shmem() outside the monitor's lock");
	if (base != fp.scmi_base || size != fp.scmi_size || !fp_ns_range_ok(base, size))
		fp_fail("scmi_be_shmem(%llx, %x): not the channel the platform gave",
			(unsigned long long)base, size);
	return fp.shm;
}

uint64_t plat_counter(void)
{
	return fp.time_us * 16;
}

uint64_t plat_counter_hz(void)
{
	return 16000000u;
}

/* Recording's readout: the harness gives no normal-world memory to write. */
void *plat_ns_map(uint64_t base, uint64_t size)
{
	if (!fp_ns_range_ok(base, size))
		fp_fail("plat_ns_map(%llx, %llx): not normal-world memory",
			(unsigned long long)base, (unsigned long long)size);
	/* One word of the mailbox, as entry-address reads it; nothing larger. */
	if (in_mailbox(base, size) && size == 4 && !(base & 3))
		return (uint8_t *)mailbox + (base - FP_MAILBOX_BASE);
	return NULL;
}

unsigned plat_caller_el(const struct mon_caller *caller)
{
	(void)caller;
	return 1;
}

/* The trace rings: one per CPU the harness may declare. */
static struct secmon_trace_record trace_records[MON_MAX_CPUS * MON_TRACE_RECORDS];

struct secmon_trace_record *plat_trace_records(unsigned *rings, unsigned *len)
{
	*rings = MON_MAX_CPUS;
	*len = MON_TRACE_RECORDS;
	return trace_records;
}

/* No trusted OS here: none is ever booted, so it is never entered. */
unsigned plat_tos_enter(unsigned cpu, uint64_t pc, unsigned flags, uint64_t x[8])
{
	(void)cpu;
	(void)pc;
	(void)flags;
	x[0] = 0;
	x[1] = 0;
	return PLAT_TOS_EXCEPTION;
}

void plat_tos_kick(unsigned cpu)
{
	(void)cpu;
}

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

bool plat_tos_prepare(void)
{
	return false;
}

void plat_tos_fiq_drop(void)
{
}

void plat_tos_boot_timer(uint64_t ticks)
{
	(void)ticks;
}

bool plat_caller_is_guest(const struct mon_caller *caller)
{
	(void)caller;
	return false;
}

uint64_t plat_ns_entry_mode(const struct mon_caller *caller)
{
	return caller->mode;
}

void plat_trace_switched(bool on, bool workarounds)
{
	(void)on;
	(void)workarounds;
}

uint64_t plat_time_us(void)
{
	return fp.time_us += 7;
}

int32_t plat_arch_workaround_state(unsigned n)
{
	if (n < 1 || n > 4)
		fp_fail("plat_arch_workaround_state(%u): no such workaround", n);
	return fp.wa_state[n];
}

void plat_arch_workaround(unsigned n, uint64_t arg)
{
	(void)arg;
	if (n < 1 || n > 4)
		fp_fail("plat_arch_workaround(%u): no such workaround", n);
	if (fp.wa_state[n] < 0)
		fp_fail("plat_arch_workaround(%u) although the platform answers %d for it", n,
			fp.wa_state[n]);
	fp.wa_calls[n]++;
}

/* FEATURE_AVAILABILITY: SCR_EL3 alone, with a fixed mask (FP_FEAT_SCR, fplat.h). */
int32_t plat_feature_availability(uint64_t reg, uint64_t *mask)
{
	if (reg != SECMON_FEAT_AVAIL_SCR_EL3)
		return SECMON_SMCCC_INVALID_PARAMETER;
	*mask = FP_FEAT_SCR;
	return SECMON_SMCCC_SUCCESS;
}

/* A source that gives a fixed pattern: the fuzzer looks at registers, not randomness. */
int plat_entropy(uint64_t *out, unsigned n)
{
	if (n > 3)
		fp_fail("plat_entropy(%u words): TRNG asks for at most 192 bits", n);
	if (n && !out)
		fp_fail("plat_entropy(NULL, %u)", n);
	if (fp.entropy == PLAT_ENTROPY_NONE)
		return PLAT_ENTROPY_NONE;
	if (!n)
		return PLAT_ENTROPY_OK;
	if (fp.entropy != PLAT_ENTROPY_OK)
		return fp.entropy;
	for (unsigned i = 0; i < n; i++)
		out[i] = 0xa5a5a5a5a5a5a5a5ull ^ ((uint64_t)fp.entropy_words++ << 56);
	return PLAT_ENTROPY_OK;
}

void plat_putc(char c)
{
	if (fp.log_len < sizeof(fp.log) - 1)
		fp.log[fp.log_len++] = c;
	if (!fp.quiet)
		fputc(c, stderr);
}

/* The simulator's states: the fuzzers' expectations (fuzz_dispatch.c) name them. */
static const struct plat_power_state fp_states[] = {
	{ "cpu-retention", 0x00000001u, false, PLAT_LEVEL_CORE, 1, 1, 2, false },
	{ "cpu-power-down", 0x00010002u, true, PLAT_LEVEL_CORE, 2, 2, 4, true },
	{ "cluster-power-down", 0x01010022u, true, PLAT_LEVEL_CLUSTER, 3, 3, 6, true },
	{ "system-power-down", 0x02010222u, true, PLAT_LEVEL_SYSTEM, 4, 4, 8, true },
};

const struct plat_power_state *plat_power_states(unsigned *n)
{
	*n = sizeof(fp_states) / sizeof(fp_states[0]);
	return fp_states;
}

int plat_l2x0_call(uint32_t fid, uint64_t a1, uint64_t a2, uint64_t a3)
{
	(void)fid;
	(void)a1;
	(void)a2;
	(void)a3;
	return 0;
}

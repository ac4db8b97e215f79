// SPDX-License-Identifier: BSD-3-Clause
/*
 * libFuzzer target: the monitor's SMC dispatch as the normal world sees it.
 *
 * One input is a machine and a sequence of events on it. The harness runs
 * the portable monitor (core, psci, services) single-threaded on the fuzz
 * platform (fplat.c), plays each simulated CPU in turn, and keeps its own
 * model of what the monitor must answer: every register of every call that
 * returns, every power-down, every plat_* request and every wake-up's entry
 * point and context ID. Any difference is a finding. Where the model
 * states the specification rather than the code, the check has an id that
 * SECMON_FUZZ_ALLOW can silence (see fp_allowed()): psci01-width,
 * osi-flag, fid-implemented, workaround-callable, a32-features, osi-to-pc.
 *
 * Input layout (bytes; reads past the end give zero):
 *   0  CPUs: 1 + b % 16
 *   1  topology: cores per cluster 1 + (b & 7); cluster field at MPIDR bit
 *      8/16/32/8 by (b >> 3) & 3; normal-world memory range by (b >> 5) & 3;
 *      0x80 woken CPUs enter an AArch32 normal world (plat_ns_entry_aarch32)
 *   2  board DT: 0 none, n the n-th embedded board (boards/NAME.dts, then
 *      tests/fuzz/boards/NAME.dts, then boards/soc/NAME.dts)
 *   3  boot CPU (b % CPUs); b >> 4 the entropy source: 14 empty (NO_ENTROPY),
 *      15 none (no TRNG), else one that delivers
 *   4  flags: 1 SoC version, 2 SoC name, 0x0c which name, 0x10 a PSCI
 *      "unsupported" mask follows (4 bytes), 0xe0 how many of the 4 errata
 *      the platform lists
 *   5  ARCH_WORKAROUND_1..4 platform answers, 2 bits each: 0, 1, -1, -2
 *   then events, each starting with a byte e:
 *     e % 16 < 12  an SMC: CPU byte, flags byte (1 AArch32 caller, 6 mode,
 *                  0x38 how many of x1.. the input gives, 0x40 the platform
 *                  tries mon_smc_fast() first), value generators
 *                  for the given registers (the others hold junk that must
 *                  come back unchanged), then the x0 generator
 *     12, 13       an interrupt for CPU (next byte % CPUs)
 *     14           the next plat_cpu_on() fails
 *     15           AFFINITY_INFO sweep over every CPU
 */
#include <libfdt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secmon/calltab.h>
#include <secmon/early.h>
#include <secmon/fwops.h>
#include <secmon/psci.h>
#include <secmon/trace.h>
#include <secmon/smccc.h>
#include <secmon/trng.h>

#include "../../monitor/core/service.h"
#include "../../monitor/plat.h"
#include "boards.h"
#include "fplat.h"

#define MAX_EVENTS 128
#define MAX_TABLES 4
#define AFF_MASK 0xff00ffffffull
#define NREGS SECMON_NREGS
#define PAGE 0x1000u

/* ---- input ---- */

static const uint8_t *in_p;
static size_t in_n;

static uint8_t u8(void)
{
	if (!in_n)
		return 0;
	in_n--;
	return *in_p++;
}

static uint16_t u16(void)
{
	uint16_t lo = u8();

	return (uint16_t)(lo | (uint16_t)u8() << 8);
}

static uint32_t u32(void)
{
	uint32_t lo = u16();

	return lo | (uint32_t)u16() << 16;
}

static uint64_t u64(void)
{
	uint64_t lo = u32();

	return lo | (uint64_t)u32() << 32;
}

/* Register contents the input does not choose: deterministic junk. */
static uint64_t junk_seed;

static uint64_t junk(void)
{
	uint64_t z = (junk_seed += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* ---- the machine ---- */

static const struct {
	uint64_t base, size;
} ns_ranges[4] = {
	{ 0x80000000ull, 0x40000000ull },	/* the host simulator's */
	{ 0x40000000ull, 0x40000000ull },	/* QEMU virt's first GiB of RAM */
	{ 0x880000000ull, 0x80000000ull },	/* above 4 GiB */
	{ 0x1000ull, 0xffffe000ull },		/* nearly all of the low 4 GiB */
};

static const char long_name[] =
	"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	"0123456789abcdef0123456789abcdef";	/* 160: longer than x1-x17 hold */
static const char *const soc_names[4] = { "secmon fuzz", "", long_name, "x" };

enum mstate { M_OFF, M_PENDING, M_ON, M_SUSPENDED };

struct mcpu {
	enum mstate st;
	struct mon_ns_entry entry;	/* while PENDING or SUSPENDED */
	unsigned level, stat;		/* while SUSPENDED */
	unsigned off_stat;		/* off by CPU_OFF: its state (1 core, 2 cluster), else 0 */
	uint64_t count[4];		/* PSCI_STAT_COUNT per CPU_SUSPEND state */
};

/* A handle is the slot's use count (bits 23:8) and its number + 1 (7:0). */
struct mbuf {
	uint64_t addr, size;
	uint32_t handle;
	uint16_t uses;
};

/* The harness's model of the monitor. */
static struct {
	struct mcpu cpu[MON_MAX_CPUS];
	bool osi;
	uint32_t unsupported;
	uint32_t soc_version, soc_revision;
	const char *soc_name;
	uint64_t boot_addr[MON_MAX_CPUS];
	bool boot_set[MON_MAX_CPUS];
	uint64_t format;
	struct mbuf buf[8];
	uint32_t errata_applied[MON_MAX_CPUS];
	unsigned nerrata;
	bool trace_on;		/* recording (TRACE_CTL) */
	bool trace_wa;		/* the workaround calls recorded too (TRACE_CTL x2 bit 1) */
} m;

/*
 * The platform's errata (secmon's SiP errata service): one every CPU needs,
 * one only even-numbered CPUs need, one no CPU needs, one with nothing to do.
 */
#define ERRATUM_ID(i) (0x5ec00001u + (i))
static unsigned errata_applies[MON_MAX_CPUS][4];

static bool even_cpu(unsigned cpu)
{
	if (cpu >= fp.topo.ncpus || fp.cur < 0 || (unsigned)fp.cur != cpu)
		fp_fail("erratum check for CPU %u from CPU %d", cpu, fp.cur);
	return cpu % 2 == 0;
}

static bool no_cpu(unsigned cpu)
{
	(void)cpu;
	return false;
}

static void apply_erratum(unsigned cpu, unsigned i)
{
	if (cpu >= fp.topo.ncpus || fp.cur < 0 || (unsigned)fp.cur != cpu)
		fp_fail("erratum %u applied for CPU %u from CPU %d", i, cpu, fp.cur);
	errata_applies[cpu][i]++;
}

static void apply0(unsigned cpu)
{
	apply_erratum(cpu, 0);
}

static void apply1(unsigned cpu)
{
	apply_erratum(cpu, 1);
}

static void apply2(unsigned cpu)
{
	apply_erratum(cpu, 2);
}

static const struct mon_erratum errata[4] = {
	{ .id = ERRATUM_ID(0), .apply = apply0 },
	{ .id = ERRATUM_ID(1), .needed = even_cpu, .apply = apply1 },
	{ .id = ERRATUM_ID(2), .needed = no_cpu, .apply = apply2 },
	{ .id = ERRATUM_ID(3) },
};

static bool erratum_needed(unsigned i, unsigned cpu)
{
	return i == 0 || i == 3 || (i == 1 && cpu % 2 == 0);
}

/* The board's call tables, parsed the way the monitor parses them. */
static struct secmon_calltab tabs[MAX_TABLES];
static bool tab_psci01[MAX_TABLES];
static unsigned ntabs;
static const struct fuzz_board *board;

static unsigned ncpus(void)
{
	return fp.topo.ncpus;
}

/* ---- failure context ---- */

static char trace[16][160];
static unsigned ntrace;
static bool verbose;	/* SECMON_FUZZ_VERBOSE=1: print every event */

static void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(trace[ntrace % 16], sizeof(trace[0]), fmt, ap);
	va_end(ap);
	if (verbose)
		fprintf(stderr, "  %3u: %s\n", ntrace, trace[ntrace % 16]);
	ntrace++;
}

static void print_trace(void)
{
	unsigned first = ntrace > 16 ? ntrace - 16 : 0;

	fprintf(stderr, "machine: %u CPUs, %u per cluster, cluster at MPIDR bit %u, normal world "
		"[%#llx, +%#llx), board %s\nlast events:\n", fp.topo.ncpus, fp.topo.cluster_size,
		fp.topo.cluster_shift, (unsigned long long)fp.topo.ns_base,
		(unsigned long long)fp.topo.ns_size, board ? board->name : "none");
	for (unsigned i = first; i < ntrace; i++)
		fprintf(stderr, "  %3u: %s\n", i, trace[i % 16]);
}

/* ---- the model ---- */

/* What one call must do. */
struct expect {
	struct secmon_regs r;		/* the registers it must return */
	uint64_t mask[NREGS];		/* the bits of each result that are predicted */
	uint32_t results;		/* registers the call may write */
	bool unknown;			/* SMC_UNK */
	bool smc64;			/* the width of the call */
	enum fp_down down;		/* FP_UP: the call returns */
	unsigned level;			/* for FP_CPU_SUSPEND */
	int on_target;			/* plat_cpu_on() for this CPU, or -1 */
	unsigned standby;		/* plat_cpu_standby() calls */
	unsigned wa;			/* plat_arch_workaround(n) */
	bool wa_optional;		/* ... or not: not needed on this CPU */
	int suspend_mode;		/* PSCI_SET_SUSPEND_MODE to this mode, or -1 */
	bool must_deny;			/* ... and it must be refused */
	int erratum;			/* applied (callback) on the calling CPU, or -1 */
	const char *what;
	uint64_t reset2_cookie;
};

struct call {
	unsigned cpu;
	bool a32;
	uint64_t mode;
	const struct secmon_regs *in;
	struct expect *e;
	bool w64;			/* arguments and results are 64-bit */
	uint64_t status_mask;
};

/*
 * An SMC32 result is a 32-bit value: a negative one (a status) reaches an
 * AArch64 caller sign-extended to 64 bits, data words zero-extended; an
 * AArch32 caller's registers have no upper half.
 */
static uint64_t word32(const struct call *c, int64_t v)
{
	return v < 0 && !c->a32 ? (uint64_t)(int64_t)(int32_t)v : (uint32_t)v;
}

static void ret(struct call *c, unsigned n, int64_t v)
{
	c->e->r.x[n] = c->w64 ? (uint64_t)v : word32(c, v);
	c->e->mask[n] = ~0ull;
	c->e->results |= 1u << n;
}

static uint64_t arg(const struct call *c, unsigned n)
{
	return c->w64 ? c->in->x[n] : (uint32_t)c->in->x[n];
}

static int target_cpu(uint64_t mpidr)
{
	if (mpidr & ~AFF_MASK)
		return -1;
	for (unsigned i = 0; i < ncpus(); i++)
		if (fp_mpidr(i) == mpidr)
			return (int)i;
	return -1;
}

/*
 * A64 and ARM entry points are word aligned, Thumb ones (bit 0) halfword,
 * AArch32 ones below 4 GiB: by the width the woken CPU runs in, which the
 * platform says, never the caller's.
 */
static bool entry_ok(uint64_t pc)
{
	if (fp.topo.entry_a32 ? (pc & 3) == 2 || pc > 0xffffffffu : (pc & 3) != 0)
		return false;
	return fp_ns_range_ok(pc, 4);
}

static int64_t cpu_on(struct call *c, uint64_t target, uint64_t pc, uint64_t ctx)
{
	int t = target_cpu(target);
	struct mcpu *p;

	if (t < 0)
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (!entry_ok(pc))
		return SECMON_PSCI_INVALID_ADDRESS;
	p = &m.cpu[t];
	switch (p->st) {
	case M_OFF:
		c->e->on_target = t;
		if (fp.fail_next_on)
			return SECMON_PSCI_INTERNAL_FAILURE;
		p->st = M_PENDING;
		p->entry = (struct mon_ns_entry){ .pc = pc, .context_id = ctx, .mode = c->mode };
		return SECMON_PSCI_SUCCESS;
	case M_PENDING:
		return SECMON_PSCI_ON_PENDING;
	default:
		return SECMON_PSCI_ALREADY_ON;
	}
}

/* Is every core but cpu of its cluster (level 1) or the system (2) down to `level`? */
static bool others_down(unsigned cpu, unsigned level)
{
	for (unsigned i = 0; i < ncpus(); i++) {
		if (i == cpu || (level < 2 && fp_cluster(i) != fp_cluster(cpu)))
			continue;
		if (m.cpu[i].st == M_OFF)
			continue;
		if (m.cpu[i].st == M_SUSPENDED && m.cpu[i].level >= level)
			continue;
		return false;
	}
	return true;
}

/*
 * DENIED while another core of the cluster (level 1) or the system (2) runs
 * (standby returns at once here, so no other core is ever seen in it). For
 * the system, INVALID_PARAMETERS while another cluster is up: one of its
 * cores suspended, none of them at cluster level.
 */
static int64_t osi_check(unsigned cpu, unsigned level)
{
	unsigned up = 0;

	for (unsigned i = 0; i < ncpus(); i++) {
		if (i == cpu || (level < 2 && fp_cluster(i) != fp_cluster(cpu)) ||
		    m.cpu[i].st == M_OFF || m.cpu[i].st == M_SUSPENDED)
			continue;
		return SECMON_PSCI_DENIED;
	}
	for (unsigned cl = 0; level == 2 && cl < ncpus(); cl++) {
		bool suspended = false, cluster_down = false;

		for (unsigned i = 0; i < ncpus(); i++) {
			if (fp_cluster(i) != cl || cl == fp_cluster(cpu) || m.cpu[i].st == M_OFF)
				continue;
			suspended = true;
			cluster_down |= m.cpu[i].level >= 1;
		}
		up += suspended && !cluster_down;
	}
	return up ? SECMON_PSCI_INVALID_PARAMETERS : 0;
}

/*
 * Power-down suspend in CPU_SUSPEND state `stat` (1 core, 2 cluster, 3
 * system), by `how`: PD_SYSTEM_SUSPEND needs every other core OFF;
 * platform-coordinated CPU_SUSPEND enters the deepest level the other cores
 * allow, OS-initiated the level asked for by the last running core; a
 * vendor ABI's power-down (PD_COORDINATED: a described call with a resume
 * word) is platform-coordinated whatever the suspend mode.
 */
enum pd_how { PD_CPU_SUSPEND, PD_SYSTEM_SUSPEND, PD_COORDINATED };

static int64_t powerdown(struct call *c, unsigned stat, uint64_t pc, uint64_t ctx,
			 enum pd_how how)
{
	struct mcpu *p = &m.cpu[c->cpu];
	unsigned level = stat >= 2 ? stat - 1 : 0;

	if (!entry_ok(pc))
		return SECMON_PSCI_INVALID_ADDRESS;
	if (how == PD_SYSTEM_SUSPEND) {
		for (unsigned i = 0; i < ncpus(); i++)
			if (i != c->cpu && m.cpu[i].st != M_OFF)
				return SECMON_PSCI_DENIED;
	} else if (level > 0 && m.osi && how != PD_COORDINATED) {
		int64_t ret = osi_check(c->cpu, level);

		if (ret)
			return ret;
	} else {
		while (level > 0 && !others_down(c->cpu, level))
			level--;
	}
	c->e->down = FP_CPU_SUSPEND;
	c->e->level = level;
	p->st = M_SUSPENDED;
	p->level = level;
	p->stat = level + 1;	/* PSCI_STAT_COUNT counts the state entered */
	p->entry = (struct mon_ns_entry){ .pc = pc, .context_id = ctx, .mode = c->mode };
	return 0;
}

static int64_t standby(struct call *c)
{
	c->e->standby++;
	m.cpu[c->cpu].count[0]++;
	return SECMON_PSCI_SUCCESS;
}

static int64_t cpu_suspend(struct call *c, uint32_t ps, uint64_t pc, uint64_t ctx)
{
	switch (ps) {
	case 0x00000001u:
		return standby(c);
	case 0x00010002u:
		return powerdown(c, 1, pc, ctx, PD_CPU_SUSPEND);
	case 0x01010022u:
		return powerdown(c, 2, pc, ctx, PD_CPU_SUSPEND);
	case 0x02010222u:
		return powerdown(c, 3, pc, ctx, PD_CPU_SUSPEND);
	default:
		return SECMON_PSCI_INVALID_PARAMETERS;
	}
}

/* Counted when the CPU comes back: its cluster's state when the others are down. */
static void cpu_off(struct call *c)
{
	c->e->down = FP_CPU_OFF;
	m.cpu[c->cpu].off_stat = others_down(c->cpu, 1) ? 2 : 1;
	m.cpu[c->cpu].st = M_OFF;
}

/* PSCI functions this monitor offers (the others answer SMC_UNK). */
static bool psci_offered(unsigned fn)
{
	switch (fn) {
	case SECMON_PSCI_FN_MIGRATE:
	case SECMON_PSCI_FN_MIGRATE_INFO_UP_CPU:
	case SECMON_PSCI_FN_CPU_FREEZE:
	case SECMON_PSCI_FN_MEM_PROTECT:
	case SECMON_PSCI_FN_MEM_PROTECT_CHECK_RANGE:
		return false;
	default:
		return fn < SECMON_PSCI_FN_COUNT;
	}
}

static bool psci_lookup(uint32_t fid, bool a32)
{
	unsigned fn = fid & 0xffff;

	if (secmon_fid_oen(fid) != SECMON_OEN_STD || !psci_offered(fn) ||
	    (m.unsupported & (1u << fn)))
		return false;
	return !((fid & SECMON_FID_SMC64) && (a32 || !secmon_psci_fn_has_smc64(fn)));
}

static int64_t psci_features(const struct call *c, uint32_t f)
{
	if (f == SECMON_SMCCC_VERSION)
		return 0;
	if (!(f & SECMON_FID_FAST) || (f & SECMON_FID_MBZ) || !psci_lookup(f, c->a32))
		return SECMON_PSCI_NOT_SUPPORTED;
	if ((f & 0xffff) == SECMON_PSCI_FN_CPU_SUSPEND)
		/* OS-initiated mode only where PSCI_SET_SUSPEND_MODE is offered. */
		return (m.unsupported & (1u << SECMON_PSCI_FN_SET_SUSPEND_MODE)) &&
				       !fp_allowed("osi-flag") ? 0 : SECMON_PSCI_FEAT_OSI;
	if ((f & 0xffff) == SECMON_PSCI_FN_SYSTEM_OFF2)
		return SECMON_PSCI_OFF2_HIBERNATE;	/* the off types offered */
	return 0;
}

/* PSCI 1.3 while every function it makes mandatory is offered, else 1.1. */
static int64_t psci_version(void)
{
	static const unsigned mandatory[] = {
		SECMON_PSCI_FN_VERSION,	      SECMON_PSCI_FN_CPU_SUSPEND,   SECMON_PSCI_FN_CPU_OFF,
		SECMON_PSCI_FN_CPU_ON,	      SECMON_PSCI_FN_AFFINITY_INFO, SECMON_PSCI_FN_SYSTEM_OFF,
		SECMON_PSCI_FN_SYSTEM_RESET, SECMON_PSCI_FN_FEATURES,
	};

	for (unsigned i = 0; i < sizeof(mandatory) / sizeof(mandatory[0]); i++)
		if (m.unsupported & (1u << mandatory[i]))
			return SECMON_PSCI_VERSION_MAKE(1, 1);
	return SECMON_PSCI_VERSION_MAKE(1, 3);
}

/*
 * Level 1: the cluster is off once each of its cores is off or suspended at
 * cluster level; in OS-initiated mode, once each is off or suspended and
 * one of them (its last) took the cluster down with it (or all are off).
 * This platform has no cluster retention state (stat_index():
 * core standby, core power-down, cluster power-down), so a cluster whose
 * cores sleep at core level only is still on, never HW_STANDBY.
 */
static int64_t node_hw_state(const struct call *c)
{
	int t = target_cpu(arg(c, 1));
	uint64_t level = arg(c, 2);
	bool all_off = true, taken = false;

	if (t < 0 || level > 2)
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (level == 2)
		return SECMON_PSCI_HW_ON;
	if (level == 0)
		return m.cpu[t].st == M_OFF || m.cpu[t].st == M_SUSPENDED ? SECMON_PSCI_HW_OFF :
									   SECMON_PSCI_HW_ON;
	for (unsigned i = 0; i < ncpus(); i++) {
		const struct mcpu *p = &m.cpu[i];

		if (fp_cluster(i) != fp_cluster((unsigned)t) || p->st == M_OFF)
			continue;
		/* OS-initiated: one suspended core at cluster level took it down for all. */
		if (p->st != M_SUSPENDED || (!m.osi && p->level < 1))
			return SECMON_PSCI_HW_ON;
		taken |= p->level >= 1;
		all_off = false;
	}
	return !m.osi || all_off || taken ? SECMON_PSCI_HW_OFF : SECMON_PSCI_HW_ON;
}

static int stat_index(uint32_t ps)
{
	switch (ps) {
	case 0x00000001u:
		return 0;
	case 0x00010002u:
		return 1;
	case 0x01010022u:
		return 2;
	case 0x02010222u:
		return 3;
	default:
		return -1;
	}
}

static bool model_psci(struct call *c, uint32_t fid)
{
	unsigned fn = fid & 0xffff;
	int t, s;
	uint64_t v;

	if (!psci_lookup(fid, c->a32))
		return false;
	c->e->what = "PSCI";
	switch (fn) {
	case SECMON_PSCI_FN_VERSION:
		ret(c, 0, psci_version());
		break;
	case SECMON_PSCI_FN_CPU_SUSPEND:
		ret(c, 0, cpu_suspend(c, (uint32_t)arg(c, 1), arg(c, 2), arg(c, 3)));
		break;
	case SECMON_PSCI_FN_CPU_OFF:
		cpu_off(c);
		break;
	case SECMON_PSCI_FN_CPU_ON:
		ret(c, 0, cpu_on(c, arg(c, 1), arg(c, 2), arg(c, 3)));
		break;
	case SECMON_PSCI_FN_AFFINITY_INFO:
		t = target_cpu(arg(c, 1));
		if (t < 0 || arg(c, 2) != 0)
			ret(c, 0, SECMON_PSCI_INVALID_PARAMETERS);
		else
			ret(c, 0, m.cpu[t].st == M_OFF ? SECMON_PSCI_AFF_OFF :
				  m.cpu[t].st == M_PENDING ? SECMON_PSCI_AFF_ON_PENDING :
							     SECMON_PSCI_AFF_ON);
		break;
	case SECMON_PSCI_FN_MIGRATE_INFO_TYPE:
		ret(c, 0, SECMON_PSCI_TOS_NOT_PRESENT);
		break;
	case SECMON_PSCI_FN_SYSTEM_OFF:
		c->e->down = FP_SYSTEM_OFF;
		break;
	case SECMON_PSCI_FN_SYSTEM_RESET:
		c->e->down = FP_SYSTEM_RESET;
		break;
	case SECMON_PSCI_FN_FEATURES:
		ret(c, 0, psci_features(c, (uint32_t)arg(c, 1)));
		break;
	case SECMON_PSCI_FN_CPU_DEFAULT_SUSPEND:
		ret(c, 0, powerdown(c, 1, arg(c, 1), arg(c, 2), PD_CPU_SUSPEND));
		break;
	case SECMON_PSCI_FN_NODE_HW_STATE:
		ret(c, 0, node_hw_state(c));
		break;
	case SECMON_PSCI_FN_SYSTEM_SUSPEND:
		ret(c, 0, powerdown(c, 3, arg(c, 1), arg(c, 2), PD_SYSTEM_SUSPEND));
		break;
	case SECMON_PSCI_FN_SET_SUSPEND_MODE:
		v = arg(c, 1);
		if (v > 1) {
			ret(c, 0, SECMON_PSCI_INVALID_PARAMETERS);
			break;
		}
		/*
		 * SUCCESS or DENIED, settled in smc(): when each is right is
		 * not pinned down here, but for one rule of DEN0022: back to
		 * platform-coordinated mode only when every other core is OFF.
		 */
		ret(c, 0, 0);
		c->e->mask[0] = 0;
		c->e->suspend_mode = (int)v;
		for (unsigned i = 0; i < ncpus(); i++)
			if (i != c->cpu && m.cpu[i].st != M_OFF && m.osi && v == 0 &&
			    !fp_allowed("osi-to-pc"))
				c->e->must_deny = true;
		break;
	case SECMON_PSCI_FN_STAT_RESIDENCY:
	case SECMON_PSCI_FN_STAT_COUNT:
		t = target_cpu(arg(c, 1));
		s = stat_index((uint32_t)arg(c, 2));
		if (t < 0 || s < 0)
			ret(c, 0, 0);
		else if (fn == SECMON_PSCI_FN_STAT_COUNT)
			ret(c, 0, (int64_t)m.cpu[t].count[s]);
		else {
			ret(c, 0, 0);
			c->e->mask[0] = 0;	/* a time: not predicted */
		}
		break;
	case SECMON_PSCI_FN_SYSTEM_OFF2:
		/* HIBERNATE_OFF, as 1 or 0; the cookie zero. */
		v = (uint32_t)arg(c, 1);
		if (v > SECMON_PSCI_OFF2_HIBERNATE || arg(c, 2) != 0)
			ret(c, 0, SECMON_PSCI_INVALID_PARAMETERS);
		else
			c->e->down = FP_SYSTEM_OFF;
		break;
	case SECMON_PSCI_FN_SYSTEM_RESET2:
		v = (uint32_t)arg(c, 1);
		if (v == 0)
			c->e->down = FP_SYSTEM_RESET;
		else if (!(v & 0x80000000u) || v != FP_RESET2_TYPE)
			ret(c, 0, SECMON_PSCI_INVALID_PARAMETERS);
		else {
			c->e->down = FP_SYSTEM_RESET2;
			c->e->reset2_cookie = arg(c, 2);
		}
		break;
	default:
		return false;
	}
	return true;
}

/* ARCH_WORKAROUND_n's n, or 0. */
static unsigned workaround(uint32_t fid)
{
	switch (fid) {
	case SECMON_SMCCC_ARCH_WORKAROUND_1:
		return 1;
	case SECMON_SMCCC_ARCH_WORKAROUND_2:
		return 2;
	case SECMON_SMCCC_ARCH_WORKAROUND_3:
		return 3;
	case SECMON_SMCCC_ARCH_WORKAROUND_4:
		return 4;
	default:
		return 0;
	}
}

#define SOC_ID_NAME_FID (SECMON_SMCCC_ARCH_SOC_ID | SECMON_FID_SMC64)
#define FEAT_AVAIL_FID (SECMON_SMCCC_ARCH_FEATURE_AVAILABILITY | SECMON_FID_SMC64)

static int64_t arch_features(const struct call *c, uint32_t q)
{
	unsigned wa = workaround(q);

	/* An AArch32 caller cannot make an SMC64 call: not implemented for it. */
	if (c->a32 && (q & SECMON_FID_SMC64) && !fp_allowed("a32-features"))
		return SECMON_SMCCC_NOT_SUPPORTED;
	if (wa)
		return fp.wa_state[wa];
	switch (q) {
	case SECMON_SMCCC_VERSION:
	case SECMON_SMCCC_ARCH_FEATURES:
		return 0;
	case SECMON_SMCCC_ARCH_SOC_ID:
		return m.soc_version ? 0 : SECMON_SMCCC_NOT_SUPPORTED;
	case SOC_ID_NAME_FID:
		return m.soc_name ? 0 : SECMON_SMCCC_NOT_SUPPORTED;
	case FEAT_AVAIL_FID:
		return 0;
	default:
		return SECMON_SMCCC_NOT_SUPPORTED;
	}
}

static bool model_arch(struct call *c, uint32_t fid)
{
	unsigned wa = workaround(fid);
	uint64_t which = arg(c, 1);

	c->e->what = "Arm architecture";
	switch (fid) {
	case SECMON_SMCCC_VERSION:
		ret(c, 0, SECMON_SMCCC_VERSION_1_5);
		return true;
	case SECMON_SMCCC_ARCH_FEATURES:
		ret(c, 0, arch_features(c, (uint32_t)arg(c, 1)));
		return true;
	case SECMON_SMCCC_ARCH_SOC_ID:
		if (!m.soc_version)
			return false;
		ret(c, 0, which == 0 ? (int64_t)m.soc_version :
			  which == 1 ? (int64_t)m.soc_revision : SECMON_SMCCC_INVALID_PARAMETER);
		return true;
	case FEAT_AVAIL_FID:
		/* fplat.c reports SCR_EL3 alone; x1 is 0 on an error. */
		ret(c, 0, which == SECMON_FEAT_AVAIL_SCR_EL3 ? 0 : SECMON_SMCCC_INVALID_PARAMETER);
		ret(c, 1, which == SECMON_FEAT_AVAIL_SCR_EL3 ? (int64_t)FP_FEAT_SCR : 0);
		return true;
	case SOC_ID_NAME_FID:
		if (!m.soc_name)
			return false;
		if (which != 2) {
			ret(c, 0, SECMON_SMCCC_INVALID_PARAMETER);
			return true;
		}
		for (unsigned n = 1; n < NREGS; n++)
			ret(c, n, 0);
		for (unsigned i = 0; i < 8 * (NREGS - 1) - 1 && m.soc_name[i]; i++)
			c->e->r.x[1 + i / 8] |= (uint64_t)(uint8_t)m.soc_name[i] << (8 * (i % 8));
		ret(c, 0, 0);
		c->e->what = "SOC_ID name";
		return true;
	}
	/*
	 * ARCH_FEATURES answers 0 (needed here) or 1 (not needed on this CPU)
	 * for a workaround call that is implemented, so either way the call
	 * returns, with every register as it was (it has no result). Only
	 * with 0 must the platform carry the workaround out.
	 */
	if (!wa || fp.wa_state[wa] < 0 ||
	    (fp.wa_state[wa] == 1 && fp_allowed("workaround-callable")))
		return false;
	c->e->wa = wa;
	c->e->wa_optional = fp.wa_state[wa] == 1;
	c->e->what = "ARCH_WORKAROUND";
	return true;
}

/*
 * SMCCC: every range the monitor serves answers its general queries (SMC32
 * only): the Arm architecture service and secmon's SiP calls with secmon's
 * UID, the standard service with Arm's. Any other range's are not the
 * monitor's: they go on to the described calls or SMC_UNK.
 */
static bool model_general_query(struct call *c, unsigned oen, unsigned fn)
{
	static const uint32_t std_uid[4] = { 0x108d905bu, 0x47e8f863u, 0xfbc02daeu, 0xe2f64156u };
	static const uint32_t secmon_uid[4] = { 0x5ec0a5e1u, 0x4d2b9c17u, 0x8e6f3a42u,
						0x1b7d0c95u };
	const uint32_t *uid = oen == SECMON_OEN_STD ? std_uid : secmon_uid;

	if (c->w64 || (fn != SECMON_FN_CALL_COUNT && fn != SECMON_FN_CALL_UID &&
		       fn != SECMON_FN_REVISION))
		return false;
	if (oen != SECMON_OEN_ARCH && oen != SECMON_OEN_SIP && oen != SECMON_OEN_STD)
		return false;
	c->e->what = "general query";
	switch (fn) {
	case SECMON_FN_CALL_COUNT:
		ret(c, 0, 0);
		c->e->mask[0] = 0;	/* deprecated, and not predicted */
		return true;
	case SECMON_FN_CALL_UID:
		for (unsigned i = 0; i < 4; i++)
			ret(c, i, uid[i]);
		return true;
	case SECMON_FN_REVISION:
		ret(c, 0, 0);
		ret(c, 1, 1);
		return true;
	default:
		return false;
	}
}

/*
 * secmon's trace calls (monitor/core/trace.c). The fuzz platform maps no
 * normal-world buffer (plat_ns_map() gives NULL but for one word of the
 * mailbox page, fplat.h), so TRACE_READ is refused
 * whatever its buffer; recording itself runs on every call while it is on.
 */
static bool model_trace(struct call *c, uint32_t fid)
{
	switch (fid & ~SECMON_FID_SMC64) {
	case SECMON_SIP_TRACE_INFO:
		c->e->what = "trace info";
		ret(c, 0, 0);
		ret(c, 1, m.trace_on | (uint64_t)m.trace_wa << 1);
		ret(c, 2, 16000000);
		ret(c, 3, fp.topo.ncpus | (uint32_t)MON_TRACE_RECORDS << 16);
		return true;
	case SECMON_SIP_TRACE_READ:
		c->e->what = "trace read";
		ret(c, 0, SECMON_PSCI_INVALID_PARAMETERS);
		return true;
	case SECMON_SIP_TRACE_CTL:
		c->e->what = "trace ctl";
		if (arg(c, 1) > 1) {
			ret(c, 0, SECMON_PSCI_INVALID_PARAMETERS);
			return true;
		}
		m.trace_on = arg(c, 1) == 1;
		m.trace_wa = arg(c, 2) & SECMON_TRACE_CTL_WORKAROUNDS;
		ret(c, 0, 0);
		return true;
	default:
		return false;
	}
}

static bool model_errata(struct call *c, uint32_t fid)
{
	uint64_t id = arg(c, 1);
	uint32_t *applied = &m.errata_applied[c->cpu];
	int i = -1;
	bool was;

	if (c->w64 || (fid != SECMON_SIP_ERRATA_APPLY && fid != SECMON_SIP_ERRATA_STATUS))
		return false;
	c->e->what = "errata";
	for (unsigned k = 0; k < m.nerrata; k++)
		if (errata[k].id == id)
			i = (int)k;
	if (i < 0) {
		ret(c, 0, SECMON_ERRATUM_UNKNOWN);
		return true;
	}
	if (!erratum_needed((unsigned)i, c->cpu)) {
		ret(c, 0, SECMON_ERRATUM_NOT_REQUIRED);
		return true;
	}
	was = *applied & (1u << i);
	if (fid == SECMON_SIP_ERRATA_APPLY && !was) {
		if (errata[i].apply)
			c->e->erratum = i;
		*applied |= 1u << i;
	}
	ret(c, 0, was ? SECMON_ERRATUM_WAS_APPLIED : SECMON_ERRATUM_APPLIED);
	return true;
}

/*
 * TRNG (DEN0098): the entropy itself is not predicted, only that every bit
 * above the count asked for is zero and that errors leave x1-x3 zero.
 */
static bool model_trng(struct call *c, uint32_t fid)
{
	static const uint32_t uuid[4] = { 0x3ed228fcu, 0x5c47f61eu, 0x87d113bcu, 0x24f6800cu };
	unsigned width = c->w64 ? 64 : 32;
	uint64_t bits = arg(c, 1), q = (uint32_t)arg(c, 1);
	int64_t status = SECMON_TRNG_SUCCESS;

	if (fp.entropy == PLAT_ENTROPY_NONE)
		return false;
	c->e->what = "TRNG";
	switch (fid) {
	case SECMON_TRNG_VERSION:
		ret(c, 0, SECMON_TRNG_VERSION_1_0);
		return true;
	case SECMON_TRNG_FEATURES:
		ret(c, 0, (q >= SECMON_TRNG_VERSION && q <= SECMON_TRNG_RND32) ||
				  (q == SECMON_TRNG_RND64 && !c->a32) ? 0 : SECMON_TRNG_NOT_SUPPORTED);
		return true;
	case SECMON_TRNG_GET_UUID:
		for (unsigned i = 0; i < 4; i++)
			ret(c, i, uuid[i]);
		return true;
	case SECMON_TRNG_RND32:
	case SECMON_TRNG_RND64:
		break;
	default:
		return false;
	}
	if (bits == 0 || bits > 3 * width)
		status = SECMON_TRNG_INVALID_PARAMETERS;
	else if (fp.entropy != PLAT_ENTROPY_OK)
		status = SECMON_TRNG_NO_ENTROPY;
	ret(c, 0, status);
	for (unsigned i = 0; i < 3; i++) {
		unsigned lo = i * width;

		ret(c, 3 - i, 0);
		if (status == SECMON_TRNG_SUCCESS && bits > lo)
			c->e->mask[3 - i] = bits - lo >= width ? ~0ull << (width - 1) << 1
							       : ~0ull << (bits - lo);
	}
	return true;
}

/* ---- described calls ---- */

struct dcall {
	struct call *c;
	const struct secmon_calltab *t;
	const struct secmon_ct_op *op;
	const struct secmon_ct_call *call;
};

/* The address of the operation's resume-word, 0 without one. */
static uint64_t d_resume_word(const struct dcall *d)
{
	return d->op->resume_word ? d->t->words[d->op->first_word + d->op->resume_word - 1].addr : 0;
}

static bool base_is(const char *name, const char *want)
{
	size_t n = strcspn(name, "@");

	return strlen(want) == n && !strncmp(name, want, n);
}

static bool d_arg(const struct dcall *d, const char *name, uint64_t *v)
{
	for (unsigned i = 0; i < d->call->nargs; i++) {
		const struct secmon_ct_reg *r = &d->t->regs[d->call->first + i];

		if (r->name && !strcmp(r->name, name)) {
			*v = d->c->w64 ? d->c->in->x[r->reg] : (uint32_t)d->c->in->x[r->reg];
			return true;
		}
	}
	return false;
}

/* A described result; `status` is the status (negative: sign-extended, word32()). */
static void d_set(const struct dcall *d, const char *name, uint64_t v, uint64_t mask)
{
	bool status = !strcmp(name, "status");

	for (unsigned i = 0; i < d->call->nresults; i++) {
		const struct secmon_ct_reg *r = &d->t->regs[d->call->first + d->call->nargs + i];

		if (!strcmp(r->name, name)) {
			d->c->e->r.x[r->reg] = d->c->w64 ? v
					       : status ? word32(d->c, (int64_t)v) : (uint32_t)v;
			d->c->e->mask[r->reg] = mask;
			d->c->e->results |= 1u << r->reg;
		}
	}
}

static int d_target(const struct dcall *d)
{
	uint64_t v;

	if (d_arg(d, "mpidr", &v)) {
		for (unsigned i = 0; i < ncpus(); i++)
			if (fp_mpidr(i) == v)
				return (int)i;
		return -1;
	}
	if (d_arg(d, "cpu", &v))
		return v < ncpus() ? (int)v : -1;
	return -1;
}

static int64_t media_protect(const struct dcall *d)
{
	uint64_t addr = 0, size = 0;
	struct mbuf *free_buf = 0;

	d_arg(d, "addr", &addr);
	d_arg(d, "size", &size);
	if (!size || ((addr | size) & (PAGE - 1)))
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (!fp_ns_range_ok(addr, size))
		return SECMON_PSCI_INVALID_ADDRESS;
	for (unsigned i = 0; i < 8; i++) {
		struct mbuf *b = &m.buf[i];

		if (b->handle && addr < b->addr + b->size && b->addr < addr + size)
			return SECMON_PSCI_DENIED;
		if (!b->handle && !free_buf)
			free_buf = b;
	}
	if (!free_buf)
		return SECMON_PSCI_DENIED;
	free_buf->addr = addr;
	free_buf->size = size;
	free_buf->handle = (uint32_t)free_buf->uses++ << 8 | (uint32_t)(free_buf - m.buf + 1);
	d_set(d, "handle", free_buf->handle, ~0ull);
	return 0;
}

/* The operation a described call belongs to; false: it does not return. */
static bool d_run(const struct dcall *d, const char *op, int64_t *status)
{
	struct call *c = d->c;
	uint64_t pc = 0, ctx = 0, v = 0, any;
	int t = d_target(d);

	if (base_is(op, "cpu-boot")) {
		if (t < 0) {
			*status = SECMON_PSCI_INVALID_PARAMETERS;
			return true;
		}
		if (!d_arg(d, "entry", &pc) && d->call->entry_addr) {
			pc = fp_mailbox_word(d->call->entry_addr);
		} else if (!d_arg(d, "entry", &pc)) {
			if (!m.boot_set[t]) {
				*status = SECMON_PSCI_INVALID_ADDRESS;
				return true;
			}
			pc = m.boot_addr[t];
		}
		d_arg(d, "context", &ctx);
		*status = cpu_on(c, fp_mpidr((unsigned)t), pc, ctx);
	} else if (base_is(op, "set-cpu-boot-addr")) {
		if (!d_arg(d, "entry", &pc) ||
		    (t < 0 && (d_arg(d, "cpu", &any) || d_arg(d, "mpidr", &any))))
			*status = SECMON_PSCI_INVALID_PARAMETERS;
		else if (!entry_ok(pc))
			*status = SECMON_PSCI_INVALID_ADDRESS;
		else {
			for (unsigned i = 0; i < ncpus(); i++) {
				if (t >= 0 && (unsigned)t != i)
					continue;
				m.boot_addr[i] = pc;
				m.boot_set[i] = true;
			}
			*status = 0;
		}
	} else if (base_is(op, "get-cpu-boot-addr")) {
		if (t < 0)
			*status = SECMON_PSCI_INVALID_PARAMETERS;
		else if (!m.boot_set[t])
			*status = SECMON_PSCI_NOT_PRESENT;
		else {
			d_set(d, "entry", m.boot_addr[t], ~0ull);
			*status = 0;
		}
	} else if (base_is(op, "do-idle") && d_resume_word(d)) {
		/* resume-word: the core powers down, to resume at the word's address. */
		*status = powerdown(c, 1, fp_mailbox_word(d_resume_word(d)), 0, PD_COORDINATED);
	} else if (base_is(op, "do-idle")) {
		*status = standby(c);
	} else if (base_is(op, "suspend") && d_resume_word(d)) {
		*status = powerdown(c, 3, fp_mailbox_word(d_resume_word(d)), 0, PD_COORDINATED);
	} else if (base_is(op, "suspend")) {
		if (!d_arg(d, "entry", &pc)) {
			*status = SECMON_PSCI_NOT_SUPPORTED;
			return true;
		}
		d_arg(d, "context", &ctx);
		*status = powerdown(c, 3, pc, ctx, PD_SYSTEM_SUSPEND);
	} else if (base_is(op, "resume") || base_is(op, "l2x0-init")) {
		*status = 0;
	} else if (base_is(op, "c15resume")) {
		*status = d_arg(d, "regs", &v) && !fp_ns_range_ok(v, 64) ?
				  SECMON_PSCI_INVALID_ADDRESS : 0;
	} else if (base_is(op, "cpu-on")) {
		d_arg(d, "mpidr", &v);
		d_arg(d, "entry", &pc);
		d_arg(d, "context", &ctx);
		*status = cpu_on(c, v, pc, ctx);
	} else if (base_is(op, "cpu-off")) {
		cpu_off(c);
	} else if (base_is(op, "cpu-suspend")) {
		d_arg(d, "power-state", &v);
		d_arg(d, "entry", &pc);
		d_arg(d, "context", &ctx);
		*status = cpu_suspend(c, (uint32_t)v, pc, ctx);
	} else if (base_is(op, "migrate")) {
		*status = SECMON_PSCI_NOT_SUPPORTED;
	} else if (base_is(op, "system-off")) {
		c->e->down = FP_SYSTEM_OFF;
	} else if (base_is(op, "system-reset")) {
		c->e->down = FP_SYSTEM_RESET;
	} else if (base_is(op, "set-format")) {
		d_arg(d, "format", &v);
		if (v > 3)
			*status = SECMON_PSCI_INVALID_PARAMETERS;
		else {
			m.format = v;
			*status = 0;
		}
	} else if (base_is(op, "protect-buffer")) {
		*status = media_protect(d);
	} else if (base_is(op, "unprotect-buffer")) {
		d_arg(d, "handle", &v);
		*status = SECMON_PSCI_INVALID_PARAMETERS;
		for (unsigned i = 0; v && i < 8; i++) {
			if (m.buf[i].handle == v) {
				m.buf[i].handle = 0;
				*status = 0;
			}
		}
	} else if (base_is(op, "get-status")) {
		v = 0;
		for (unsigned i = 0; i < 8; i++)
			v += m.buf[i].handle != 0;
		d_set(d, "format", m.format, ~0ull);
		d_set(d, "buffers", v, ~0ull);
		*status = 0;
	} else {
		fp_fail("the board has an operation %s the model does not know", op);
	}
	return c->e->down == FP_UP;
}

static bool model_described(struct call *c)
{
	const struct secmon_ct_call *call = 0;
	const struct secmon_ct_op *op = 0;
	unsigned tab = 0;
	struct dcall d;
	int64_t status = 0;

	for (unsigned i = 0; i < ntabs && !call; i++) {
		for (unsigned o = 0; o < tabs[i].nops && !call; o++) {
			for (unsigned s = 0; s < tabs[i].ops[o].ncalls; s++) {
				const struct secmon_ct_call *k =
					&tabs[i].calls[tabs[i].ops[o].first_call + s];

				if ((uint32_t)c->in->x[k->id_reg] == k->fid) {
					call = k;
					op = &tabs[i].ops[o];
					tab = i;
					break;
				}
			}
		}
	}
	if (!call || (call->smc64 && c->a32))
		return false;
	/*
	 * PSCI 0.1's IDs have no SMC32/SMC64 form: a caller passes its
	 * arguments in its native width (Linux's psci_0_1_cpu_on() passes
	 * 64-bit entry points and MPIDRs). The status is an int, read in 32 bits.
	 */
	c->w64 = call->smc64 || (tab_psci01[tab] && !c->a32 && !fp_allowed("psci01-width"));
	c->status_mask = tab_psci01[tab] ? 0xffffffffull : ~0ull;
	c->e->what = op->name;
	c->e->smc64 = c->w64;
	d = (struct dcall){ .c = c, .t = &tabs[tab], .op = op, .call = call };
	if (d_run(&d, op->name, &status))
		d_set(&d, "status", (uint64_t)status, c->status_mask);
	return true;
}

/* What the monitor must do with the call `in` from CPU `cpu`. */
static void predict(struct call *c)
{
	uint32_t fid = (uint32_t)c->in->x[0] & ~SECMON_FID_SVE_HINT;
	unsigned oen = secmon_fid_oen(fid), fn = fid & 0xffff;
	bool valid = (fid & SECMON_FID_FAST) && !(fid & SECMON_FID_MBZ) &&
		     !((fid & SECMON_FID_SMC64) && c->a32);

	c->e->r = *c->in;
	c->e->on_target = -1;
	c->e->erratum = -1;
	c->e->suspend_mode = -1;
	c->e->smc64 = c->w64 = (fid & SECMON_FID_SMC64) && !c->a32;
	c->e->what = "unknown";
	if (valid) {
		if (fn >= SECMON_FN_CALL_COUNT && model_general_query(c, oen, fn))
			return;
		if (oen == SECMON_OEN_ARCH && fn <= 0xfeff && model_arch(c, fid))
			return;
		if (oen == SECMON_OEN_STD && fn <= 0x1f && model_psci(c, fid))
			return;
		if (oen == SECMON_OEN_SIP && fn >= 0x20 && fn <= 0x21 && model_errata(c, fid))
			return;
		if (oen == SECMON_OEN_SIP && fn >= 0x30 && fn <= 0x32 && model_trace(c, fid))
			return;
		if (oen == SECMON_OEN_STD && fn >= 0x50 && fn <= 0x53 && model_trng(c, fid))
			return;
	}
	c->w64 = c->e->smc64;
	if (model_described(c))
		return;
	c->w64 = c->e->smc64;
	c->e->unknown = true;
	c->e->what = "unknown";
	ret(c, 0, -1);
	if (valid && !c->a32 && mon_fid_implemented(fid) && !(fn >= SECMON_FN_CALL_COUNT) &&
	    !fp_allowed("fid-implemented"))
		fp_fail("mon_fid_implemented(%#x) is true but the call answers SMC_UNK", fid);
}

/* ---- running the monitor ---- */

static const char *down_name(enum fp_down d)
{
	static const char *const names[] = { "returned", "CPU_OFF", "CPU_SUSPEND", "SYSTEM_OFF",
					     "SYSTEM_RESET", "SYSTEM_RESET2" };

	return names[d];
}

static void check_entry(unsigned cpu, const struct mon_ns_entry *got, const struct mcpu *p)
{
	if (!fp_ns_range_ok(got->pc, 4))
		fp_fail("CPU %u wakes at %#llx, outside normal-world memory", cpu,
			(unsigned long long)got->pc);
	if (fp.topo.entry_a32 ? (got->pc & 3) == 2 || got->pc > 0xffffffffu : (got->pc & 3) != 0)
		fp_fail("CPU %u wakes in %s at %#llx, which it cannot execute", cpu,
			fp.topo.entry_a32 ? "AArch32" : "AArch64",
			(unsigned long long)got->pc);
	if (got->pc != p->entry.pc || got->context_id != p->entry.context_id ||
	    got->mode != p->entry.mode)
		fp_fail("CPU %u wakes at pc %#llx context %#llx mode %#llx; the call that set them "
			"gave pc %#llx context %#llx mode %#llx", cpu, (unsigned long long)got->pc,
			(unsigned long long)got->context_id, (unsigned long long)got->mode,
			(unsigned long long)p->entry.pc, (unsigned long long)p->entry.context_id,
			(unsigned long long)p->entry.mode);
}

/* The platform brings CPU `cpu` up: started by CPU_ON, or an interrupt. */
static void wake(unsigned cpu)
{
	struct mcpu *p = &m.cpu[cpu];
	struct mon_ns_entry e = { 0 };
	bool ok;

	if (p->st == M_ON)
		return;	/* an interrupt for a running CPU is not a wake-up */
	fp.cur = (int)cpu;
	fp.down = 0;
	ok = mon_cpu_wakeup(cpu, &e);
	fp.cur = -1;
	if (fp.lock)
		fp_fail("mon_cpu_wakeup(%u) returned holding the lock", cpu);
	note("wake-up of CPU %u (model: %s): %s", cpu,
	     p->st == M_OFF ? "off" : p->st == M_PENDING ? "pending" : p->st == M_ON ? "on" :
									   "suspended",
	     ok ? "enters the normal world" : "spurious");
	switch (p->st) {
	case M_OFF:
		if (ok)
			fp_fail("an interrupt started CPU %u, which is OFF, at %#llx", cpu,
				(unsigned long long)e.pc);
		return;
	case M_ON:
		return;
	case M_PENDING:
	case M_SUSPENDED:
		if (!ok)
			fp_fail("mon_cpu_wakeup(%u) refuses a CPU that is %s", cpu,
				p->st == M_PENDING ? "ON_PENDING" : "suspended");
		check_entry(cpu, &e, p);
		if (p->st == M_SUSPENDED)
			p->count[p->stat]++;
		else if (p->off_stat)
			p->count[p->off_stat]++;
		p->off_stat = 0;
		p->st = M_ON;
		m.errata_applied[cpu] = 0;	/* a core loses its workarounds with power */
		/* OS-initiated: its cluster and the system are up again. */
		for (unsigned i = 0; m.osi && i < ncpus(); i++) {
			unsigned keep = fp_cluster(i) == fp_cluster(cpu) ? 0 : 1;

			if (m.cpu[i].st == M_SUSPENDED && m.cpu[i].level > keep)
				m.cpu[i].level = keep;
		}
		return;
	}
}

#define MISMATCH(...) do { if (fatal) fp_fail(__VA_ARGS__); return false; } while (0)

/* Do the registers match the expectation? A mismatch is a finding when fatal. */
static bool check_regs(const struct call *c, const struct secmon_regs *out, bool fatal)
{
	const struct expect *e = c->e;
	uint64_t unk = e->smc64 || !c->a32 ? SECMON_SMC_UNK64 : SECMON_SMC_UNK32;

	if (e->unknown && out->x[0] != unk)
		MISMATCH("unknown call %#llx (%s caller) answered x0 = %#llx, want SMC_UNK %#llx",
			 (unsigned long long)c->in->x[0], c->a32 ? "AArch32" : "AArch64",
			 (unsigned long long)out->x[0], (unsigned long long)unk);
	for (unsigned i = 0; i < NREGS; i++) {
		if (!(e->results & (1u << i)) && out->x[i] != c->in->x[i])
			MISMATCH("%s call %#llx: x%u = %#llx, not preserved (was %#llx)", e->what,
				 (unsigned long long)c->in->x[0], i, (unsigned long long)out->x[i],
				 (unsigned long long)c->in->x[i]);
		/*
		 * SMC32 results: upper half zero, or for an AArch64 caller the
		 * sign extension of a negative 32-bit status.
		 */
		if (!e->smc64 && out->x[i] != c->in->x[i] && (out->x[i] >> 32) &&
		    (c->a32 || out->x[i] != (uint64_t)(int64_t)(int32_t)out->x[i]))
			MISMATCH("SMC32 %s call %#llx: result x%u = %#llx is neither a 32-bit "
				 "value nor a sign-extended negative status", e->what,
				 (unsigned long long)c->in->x[0], i, (unsigned long long)out->x[i]);
		if ((out->x[i] & e->mask[i]) != (e->r.x[i] & e->mask[i]))
			MISMATCH("%s call %#llx (%s caller, CPU %u): x%u = %#llx, want %#llx%s",
				 e->what, (unsigned long long)c->in->x[0],
				 c->a32 ? "AArch32" : "AArch64", c->cpu, i,
				 (unsigned long long)out->x[i],
				 (unsigned long long)(e->r.x[i] & e->mask[i]),
				 e->mask[i] == 0xffffffffull ? " in the low 32 bits" : "");
	}
	return true;
}

/*
 * The fast path a platform's SMC entry may take first (monitor.h): weak, so
 * that the harness builds against a monitor without one.
 */
extern bool mon_smc_fast(struct secmon_regs *regs) __attribute__((weak));
extern bool mon_fid_filtered(uint32_t fid) __attribute__((weak));

/*
 * As a platform uses it: only x0-x3 are given (the other registers are not
 * there); on true the platform returns x0 with every other register as the
 * caller left it; on false nothing may have changed and mon_smc() follows.
 */
static bool try_fast_path(struct secmon_regs *r)
{
	struct secmon_regs f = { .x = { r->x[0], r->x[1], r->x[2], r->x[3] } }, before = f;

	if (!mon_smc_fast)
		return false;
	for (unsigned i = 4; i < NREGS; i++)
		f.x[i] = before.x[i] = 0xfa57fa57fa57fa57ull;
	if (!mon_smc_fast(&f)) {
		if (memcmp(&f, &before, sizeof(f)) != 0)
			fp_fail("mon_smc_fast(%#llx) returned false having changed the registers",
				(unsigned long long)r->x[0]);
		return false;
	}
	note("  answered by mon_smc_fast(): x0=%#llx", (unsigned long long)f.x[0]);
	r->x[0] = f.x[0];
	return true;
}

/* Becomes true when the machine is powered off or reset: the input ends. */
static bool machine_down;

static void smc(unsigned cpu, struct secmon_regs *regs, bool a32, uint64_t mode, bool fast)
{
	static struct secmon_regs in_regs, out_regs;
	static struct expect e;
	static struct call c;
	static jmp_buf jb;
	static unsigned on_before[MON_MAX_CPUS], standby_before, wa_before[5];
	static unsigned errata_before[4];
	static bool fail_on_before;
	struct mon_caller caller = { .aarch32 = a32, .mode = mode };

	in_regs = *regs;
	out_regs = *regs;
	memset(&e, 0, sizeof(e));
	e.suspend_mode = -1;
	c = (struct call){ .cpu = cpu, .a32 = a32, .mode = mode, .in = &in_regs, .e = &e };
	fail_on_before = fp.fail_next_on;
	predict(&c);
	if (!a32 && mon_fid_filtered && mon_fid_filtered((uint32_t)in_regs.x[0]) && !e.unknown)
		fp_fail("mon_fid_filtered(%#x) says SMC_UNK, but the call is %s",
			(uint32_t)in_regs.x[0], e.what);
	note("CPU %u %s x0=%#llx x1=%#llx x2=%#llx x3=%#llx: %s, want %s", cpu,
	     a32 ? "A32" : "A64", (unsigned long long)in_regs.x[0],
	     (unsigned long long)in_regs.x[1], (unsigned long long)in_regs.x[2],
	     (unsigned long long)in_regs.x[3], e.what, down_name(e.down));
	memcpy(on_before, fp.on_calls, sizeof(on_before));
	standby_before = fp.standby_calls;
	memcpy(wa_before, fp.wa_calls, sizeof(wa_before));
	memcpy(errata_before, errata_applies[cpu], sizeof(errata_before));
	fp.how = FP_UP;
	fp.cur = (int)cpu;
	fp.down = &jb;
	if (setjmp(jb) == 0) {
		if (!fast || !try_fast_path(&out_regs))
			mon_smc(cpu, &out_regs, &caller);
	}
	fp.cur = -1;
	fp.down = 0;
	if (fp.lock)
		fp_fail("%s call %#llx returned holding the lock", e.what,
			(unsigned long long)in_regs.x[0]);
	if (e.down == FP_CPU_SUSPEND && fp.level != e.level)
		fp_fail("CPU_SUSPEND on CPU %u powered down level %u, want level %u", cpu, fp.level,
			e.level);
	if (e.down == FP_SYSTEM_RESET2 && fp.reset2_cookie != e.reset2_cookie)
		fp_fail("SYSTEM_RESET2 cookie %#llx, want %#llx",
			(unsigned long long)fp.reset2_cookie, (unsigned long long)e.reset2_cookie);
	if (fp.how != e.down) {
		fp_fail("%s call %#llx on CPU %u (%s caller): %s, want %s", e.what,
			(unsigned long long)in_regs.x[0], cpu, a32 ? "AArch32" : "AArch64",
			down_name(fp.how), down_name(e.down));
	} else if (e.down == FP_UP) {
		check_regs(&c, &out_regs, true);
	}
	if (e.suspend_mode >= 0 && fp.how == FP_UP) {
		if (out_regs.x[0] != 0 && out_regs.x[0] != word32(&c, SECMON_PSCI_DENIED))
			fp_fail("PSCI_SET_SUSPEND_MODE(%d) = %#llx, neither SUCCESS nor DENIED",
				e.suspend_mode, (unsigned long long)out_regs.x[0]);
		if (e.must_deny && out_regs.x[0] == 0)
			fp_fail("PSCI_SET_SUSPEND_MODE(platform-coordinated) from OS-initiated "
				"succeeded on CPU %u while another core is not OFF", cpu);
		if (out_regs.x[0] == 0)
			m.osi = e.suspend_mode == 1;
	}
	for (unsigned i = 0; i < ncpus(); i++) {
		unsigned want = on_before[i] + ((int)i == e.on_target);

		if (fp.on_calls[i] != want)
			fp_fail("%s call %#llx: plat_cpu_on(%u) called %u times, want %u", e.what,
				(unsigned long long)in_regs.x[0], i, fp.on_calls[i] - on_before[i],
				want - on_before[i]);
	}
	if (e.on_target >= 0 && fail_on_before)
		fp.fail_next_on = false;
	if (fp.fail_next_on != (fail_on_before && e.on_target < 0))
		fp_fail("plat_cpu_on failure injection consumed without a plat_cpu_on call");
	if (fp.standby_calls - standby_before != e.standby)
		fp_fail("%s call %#llx: %u standby entries, want %u", e.what,
			(unsigned long long)in_regs.x[0], fp.standby_calls - standby_before,
			e.standby);
	for (unsigned n = 1; n <= 4; n++)
		if (fp.wa_calls[n] - wa_before[n] != (e.wa == n) &&
		    !(e.wa == n && e.wa_optional && fp.wa_calls[n] == wa_before[n]))
			fp_fail("ARCH_WORKAROUND_%u carried out %u times, want %u", n,
				fp.wa_calls[n] - wa_before[n], e.wa == n);
	for (unsigned i = 0; i < 4; i++)
		if (errata_applies[cpu][i] - errata_before[i] != (e.erratum == (int)i))
			fp_fail("erratum %#x applied %u times on CPU %u, want %u", ERRATUM_ID(i),
				errata_applies[cpu][i] - errata_before[i], cpu, e.erratum == (int)i);
	if (e.down == FP_SYSTEM_OFF || e.down == FP_SYSTEM_RESET || e.down == FP_SYSTEM_RESET2)
		machine_down = true;
	*regs = out_regs;
}

/* ---- generating calls ---- */

static uint32_t std_fids[96];
static unsigned nstd;

static void init_fids(void)
{
	static const uint32_t extra[] = {
		SECMON_SMCCC_VERSION, SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_SOC_ID,
		SOC_ID_NAME_FID, SECMON_SMCCC_ARCH_FEATURE_AVAILABILITY, FEAT_AVAIL_FID,
		SECMON_SMCCC_ARCH_WORKAROUND_1, SECMON_SMCCC_ARCH_WORKAROUND_2,
		SECMON_SMCCC_ARCH_WORKAROUND_3, SECMON_SMCCC_ARCH_WORKAROUND_4,
		0x8400ff00u, 0x8400ff01u, 0x8400ff02u, 0x8400ff03u, 0xc400ff01u, 0x8000ff01u,
		0x84000050u, 0x84000051u, 0x84000052u, 0x84000053u, 0xc4000053u, 0x82000000u,
		0xc2000010u, 0x82000100u, 0xc2000101u, 0xbf00ff01u, 0x8400001fu, 0xc0000000u,
		SECMON_SIP_ERRATA_APPLY, SECMON_SIP_ERRATA_STATUS,
		SECMON_SIP_ERRATA_APPLY | SECMON_FID_SMC64, 0x82000022u,
		SECMON_SIP_TRACE_INFO, SECMON_SIP_TRACE_READ, SECMON_SIP_TRACE_CTL,
		SECMON_SIP_TRACE_READ | SECMON_FID_SMC64, SECMON_SIP_TRACE_CTL | SECMON_FID_SMC64,
		0x82000033u,
	};

	nstd = 0;
	for (unsigned fn = 0; fn <= SECMON_PSCI_FN_COUNT; fn++) {
		std_fids[nstd++] = SECMON_PSCI_FN32(fn);
		std_fids[nstd++] = SECMON_PSCI_FN64(fn);
	}
	for (unsigned i = 0; i < sizeof(extra) / sizeof(extra[0]); i++)
		std_fids[nstd++] = extra[i];
}

static uint64_t ctx_counter;

static uint64_t gen_value(void)
{
	/* Power states, then FEATURE_AVAILABILITY's register selectors. */
	static const uint32_t states[12] = { 0x1u, 0x10002u, 0x1010022u, 0x2010222u,
					     0x10000u, 0x40000000u, 0x1000022u, 0x3010222u,
					     SECMON_FEAT_AVAIL_SCR_EL3, SECMON_FEAT_AVAIL_CPTR_EL3,
					     SECMON_FEAT_AVAIL_MDCR_EL3, SECMON_FEAT_AVAIL_MPAM3_EL3 };
	uint8_t s = u8();
	uint64_t base = fp.topo.ns_base, size = fp.topo.ns_size;
	uint64_t edges[8] = { base - 4, base + size - 4, base + size, base + size - 2,
			      base + 2, ~0ull - 3, 0, base };

	switch (s & 15) {
	case 0:
		return u64();
	case 1:
		return u32();
	case 2:
		return s >> 4;
	case 3:
		return fp_mpidr(u8() % ncpus());
	case 4: {
		uint8_t k = u8();

		return (((uint64_t)(k % 32 / fp.topo.cluster_size) << fp.topo.cluster_shift) |
			(k % 32 % fp.topo.cluster_size)) ^ ((s & 0x80) ? 1ull << (u8() & 63) : 0);
	}
	case 5:
		return base + 4ull * u16();
	case 6:
		return edges[u8() & 7];
	case 7:
		return states[u8() % 12];
	case 8:
		return std_fids[u8() % nstd];
	case 9:
		return (uint64_t)(int64_t)(int8_t)u8();
	case 10:
		return ((uint64_t)u8() << 56) | (0x5ec000000ull + ++ctx_counter);
	case 11:
		return base + (uint64_t)PAGE * u8();
	case 12:
		return (uint64_t)PAGE * (s >> 4);
	case 13:
		return ERRATUM_ID(s >> 4) | ((s & 0x80) ? junk() << 32 : 0);
	default:
		return junk();
	}
}

/* x0 (and the ID register of a described call, when that is not x0). */
static void gen_fid(struct secmon_regs *r, bool a32)
{
	uint8_t s = u8();
	unsigned total = 0, pick;
	uint32_t f;

	switch (s & 7) {
	case 3:
		for (unsigned i = 0; i < ntabs; i++)
			total += tabs[i].ncalls;
		if (total) {
			pick = u8() % total;
			/* What x0 holds when the ID register is another one. */
			r->x[0] = std_fids[u8() % nstd];
			for (unsigned i = 0; i < ntabs; i++) {
				if (pick < tabs[i].ncalls) {
					const struct secmon_ct_call *k = &tabs[i].calls[pick];

					r->x[k->id_reg] = k->fid;
					return;
				}
				pick -= tabs[i].ncalls;
			}
		}
		f = std_fids[u8() % nstd];
		break;
	case 4:
		f = u32();
		break;
	case 5:
		f = std_fids[u8() % nstd] ^ (1u << (u8() & 31));
		break;
	case 6:
		f = std_fids[u8() % nstd] | SECMON_FID_SVE_HINT;
		break;
	case 7:
		f = std_fids[u8() % nstd] & ~SECMON_FID_FAST;
		break;
	default:
		f = std_fids[u8() % nstd];
		break;
	}
	r->x[0] = f;
	if ((s & 0x80) && !a32)
		r->x[0] |= junk() << 32;
}

/* The first CPU at or after `from` that can run (or be started), or -1. */
static int runnable(unsigned from)
{
	for (unsigned k = 0; k < ncpus(); k++) {
		unsigned cpu = (from + k) % ncpus();

		if (m.cpu[cpu].st != M_OFF)
			return (int)cpu;
	}
	return -1;
}

static bool smc_event(void)
{
	int cpu = runnable(u8());
	uint8_t flags = u8();
	bool a32 = flags & 1;
	uint64_t mode = (flags & 7) | 0x100;
	unsigned given = (flags >> 3) & 7;
	struct secmon_regs r;

	if (cpu < 0)
		return false;
	if (m.cpu[cpu].st != M_ON)
		wake((unsigned)cpu);
	for (unsigned i = 1; i < NREGS; i++)
		r.x[i] = i <= given ? gen_value() : junk();
	gen_fid(&r, a32);
	if (a32)
		for (unsigned i = 0; i < NREGS; i++)
			r.x[i] = i < 13 ? (uint32_t)r.x[i] : 0;
	smc((unsigned)cpu, &r, a32, mode, (flags & 0x40) && !a32);
	return !machine_down;
}

/* AFFINITY_INFO for every CPU, from a running one. */
static bool sweep(void)
{
	int cpu = runnable(0);

	if (cpu < 0)
		return false;
	if (m.cpu[cpu].st != M_ON)
		wake((unsigned)cpu);
	for (unsigned t = 0; t < ncpus(); t++) {
		struct secmon_regs r = { .x = { SECMON_PSCI_FN64(SECMON_PSCI_FN_AFFINITY_INFO),
						fp_mpidr(t), 0 } };

		for (unsigned i = 3; i < NREGS; i++)
			r.x[i] = junk();
		smc((unsigned)cpu, &r, false, 0x100, false);
	}
	return true;
}

/* ---- one input ---- */

static void load_tables(const void *fdt)
{
	struct secmon_ct_error err;
	int node = -1;

	ntabs = 0;
	while ((node = fdt_node_offset_by_compatible(fdt, node, "secmon,call-table")) >= 0) {
		if (ntabs >= MAX_TABLES || secmon_calltab_parse(fdt, node, &tabs[ntabs], &err))
			fp_fail("example board %s: its tables do not parse", board->name);
		tab_psci01[ntabs++] = false;
	}
	node = fdt_node_offset_by_compatible(fdt, -1, "arm,psci");
	if (node >= 0 && fdt_stringlist_count(fdt, node, "compatible") == 1) {
		if (ntabs >= MAX_TABLES || secmon_calltab_from_psci(fdt, node, &tabs[ntabs], &err))
			fp_fail("example board %s: its PSCI 0.1 node does not parse", board->name);
		tab_psci01[ntabs++] = true;
	}
}

static const int32_t wa_answers[4] = { 0, 1, -1, -2 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const unsigned shifts[4] = { 8, 16, 32, 8 };
	struct fp_topology topo;
	struct mon_config cfg = { 0 };
	uint8_t b, flags;
	unsigned events = 0;

	in_p = data;
	in_n = size;
	junk_seed = 0x5ec0f022;
	ctx_counter = 0;
	ntrace = 0;
	machine_down = false;
	if (!nstd) {
		init_fids();
		verbose = getenv("SECMON_FUZZ_VERBOSE") != 0;
	}
	fp_on_fail = print_trace;

	topo.ncpus = 1 + u8() % MON_MAX_CPUS;
	b = u8();
	topo.cluster_size = 1 + (b & 7);
	topo.cluster_shift = shifts[(b >> 3) & 3];
	topo.ns_base = ns_ranges[(b >> 5) & 3].base;
	topo.ns_size = ns_ranges[(b >> 5) & 3].size;
	topo.entry_a32 = (b & 0x80) != 0;
	fp_reset(&topo);

	b = u8() % (fuzz_nboards + 1);
	board = b ? &fuzz_boards[b - 1] : 0;
	memset(&m, 0, sizeof(m));
	b = u8();
	cfg.boot_cpu = b % topo.ncpus;
	fp.entropy = (b >> 4) == 15 ? PLAT_ENTROPY_NONE
		     : (b >> 4) == 14 ? PLAT_ENTROPY_EMPTY : PLAT_ENTROPY_OK;
	flags = u8();
	if (flags & 1)
		cfg.soc_version = secmon_soc_id_version(0x5e, 0x8c, 0x5ec0);
	cfg.soc_revision = 7;
	if (flags & 2)
		cfg.soc_name = soc_names[(flags >> 2) & 3];
	b = u8();
	for (unsigned n = 1; n <= 4; n++)
		fp.wa_state[n] = wa_answers[(b >> (2 * (n - 1))) & 3];
	if (flags & 0x10)
		cfg.psci_unsupported = u32() & 0x3fffffu;
	cfg.errata = errata;
	cfg.nerrata = (flags >> 5) & 7;
	if (cfg.nerrata > 4)
		cfg.nerrata = 4;
	memset(errata_applies, 0, sizeof(errata_applies));
	cfg.board_dtb = board ? board->dtb : 0;

	m.unsupported = cfg.psci_unsupported;
	m.soc_version = cfg.soc_version;
	m.soc_revision = cfg.soc_revision;
	m.soc_name = cfg.soc_name;
	m.nerrata = cfg.nerrata;
	m.cpu[cfg.boot_cpu].st = M_ON;
	ntabs = 0;
	if (board)
		load_tables(board->dtb);

	if (mon_init(&cfg) != 0)
		fp_fail("mon_init() refused the example board %s", board ? board->name : "none");
	note("boot CPU %u, SoC version %#x name %s, unsupported PSCI %#x", cfg.boot_cpu,
	     cfg.soc_version, cfg.soc_name ? "yes" : "no", cfg.psci_unsupported);

	while (in_n && events++ < MAX_EVENTS) {
		uint8_t e = u8() % 16;
		bool go_on = true;

		if (e < 12)
			go_on = smc_event();
		else if (e < 14)
			wake(u8() % ncpus());
		else if (e == 14)
			fp.fail_next_on = true;
		else
			go_on = sweep();
		if (!go_on)
			break;
	}
	if (!machine_down)
		sweep();
	return 0;
}

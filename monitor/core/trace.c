// SPDX-License-Identifier: BSD-3-Clause
/*
 * Recording (docs/trace.md): per CPU, a ring of struct secmon_trace_record
 * in secure memory, one record per SMC handled and per power event, and the
 * SiP calls that read it out. Off unless the board DT or TRACE_CTL turns it
 * on. The ARCH_WORKAROUND calls are left out unless asked for; the board DT
 * may also have the records printed on the console at SYSTEM_OFF and
 * SYSTEM_RESET. A CPU alone touches its own pending call; the rings
 * themselves (a CPU's own records, and the CLEARED record TRACE_CTL leaves
 * in any), the lost count, the switch count and the readout are under
 * plat_lock().
 */
#include <secmon/psci.h>
#include <secmon/trace.h>
#include "../plat.h"
#include "log.h"
#include "service.h"

#define RING_MAX MON_TRACE_RECORDS
/* At most this many records per TRACE_READ: bounds the time under the lock. */
#define READ_MAX 256
#define WORDS (sizeof(struct secmon_trace_record) / 8)

_Static_assert((RING_MAX & (RING_MAX - 1)) == 0 && RING_MAX <= 0xffff, "ring size a power of two");

/* The SMC a CPU is serving: what its record needs from the call's entry. */
struct pending {
	uint64_t t_entry;
	uint64_t arg[SECMON_TRACE_ARGS];
	uint32_t fid;
	uint32_t switches;	/* `switches` at the call's entry */
	uint8_t flags;
	bool open;		/* not yet written */
};

struct ring {
	uint32_t head, tail;	/* records written, records gone (read or lost) */
	uint32_t seq;
	uint32_t pd_at;		/* head when the open power-down's record was written */
	bool pd_open;
	struct pending call;
};

static struct ring rings[MON_MAX_CPUS];
/*
 * The records themselves (256 KiB a CPU): the platform's, nrings rings of
 * ring_len records (a power of two, at most MON_TRACE_RECORDS: less when
 * a trusted OS takes part of secure memory), as many as the CPUs it
 * drives (plat_trace_records()). They
 * are never read before they are written: slot() clears each one it hands
 * out and a read copies only [tail, head), so the platform need not zero
 * them.
 */
static struct secmon_trace_record *records;
static unsigned nrings, ring_len;
uint64_t mon_trace_lost;
static bool locked;
bool mon_trace_on;
/* The ARCH_WORKAROUND calls recorded too; the records printed at SYSTEM_OFF/RESET. */
static bool record_wa, readout;
/*
 * How often TRACE_CTL switched recording on or off. A call is recorded only
 * when recording stayed on from its entry to its end: one that does not
 * return (a power-down, CPU_OFF) and whose end went unrecorded while
 * recording was off must not be written by a later power event.
 */
static uint32_t switches;

MON_COLD_BOOT void mon_trace_setup(bool on, unsigned how)
{
	records = plat_trace_records(&nrings, &ring_len);
	MON_ASSERT(plat_cpu_count() <= nrings && nrings <= MON_MAX_CPUS);
	MON_ASSERT(ring_len && ring_len <= RING_MAX && !(ring_len & (ring_len - 1)));
	for (unsigned i = 0; i < MON_MAX_CPUS; i++) {
		rings[i].head = rings[i].tail = rings[i].seq = 0;
		rings[i].pd_open = rings[i].call.open = false;
	}
	mon_trace_lost = 0;
	switches = 0;
	locked = how & MON_TRACE_FIXED;
	readout = how & MON_TRACE_READOUT;
	__atomic_store_n(&record_wa, (how & MON_TRACE_WORKAROUNDS) != 0, __ATOMIC_RELAXED);
	__atomic_store_n(&mon_trace_on, on, __ATOMIC_RELEASE);
	mon_power_heard_update();
	plat_trace_switched(on, record_wa);
}

/*
 * Under plat_lock(): the next record of `cpu`, zeroed but for its header,
 * written in place (no copy); the oldest record goes when the ring is full.
 */
static struct secmon_trace_record *slot(unsigned cpu, uint8_t type, uint32_t fid)
{
	struct ring *g = &rings[cpu];
	struct secmon_trace_record *r;
	uint64_t *w;

	if (g->head - g->tail == ring_len) {
		g->tail++;
		mon_trace_lost++;
	}
	MON_ASSERT(cpu < nrings);
	r = &records[cpu * ring_len + (g->head++ & (ring_len - 1))];
	w = (uint64_t *)r;
	for (unsigned i = 0; i < WORDS; i++)
		w[i] = 0;
	r->seq = g->seq++;
	r->cpu = (uint16_t)cpu;
	r->type = type;
	r->fid = fid;
	return r;
}

/* The tracer's own calls are not recorded: a reader would never catch up. */
static bool is_trace_call(uint32_t fid)
{
	return (fid & ~SECMON_FID_SMC64) - SECMON_SIP_TRACE_INFO <=
	       SECMON_SIP_TRACE_CTL - SECMON_SIP_TRACE_INFO;
}

/*
 * SMCCC's ARCH_WORKAROUND_1..4: an OS or a hypervisor may make one on every
 * exception entry (Xen on a Cortex-A57 makes thousands in a boot). Left out
 * unless asked for, so that the rings keep the calls that decide something.
 */
static bool is_workaround(uint32_t fid)
{
	return fid == SECMON_SMCCC_ARCH_WORKAROUND_1 || fid == SECMON_SMCCC_ARCH_WORKAROUND_2 ||
	       fid == SECMON_SMCCC_ARCH_WORKAROUND_3 || fid == SECMON_SMCCC_ARCH_WORKAROUND_4;
}

void mon_trace_call(unsigned cpu, const struct secmon_regs *r, const struct mon_caller *caller)
{
	struct pending *p = &rings[cpu].call;
	uint32_t fid = (uint32_t)r->x[0];
	bool smc64 = secmon_fid_is_smc64(fid) && !caller->aarch32;

	p->open = !is_trace_call(fid & ~SECMON_FID_SVE_HINT) &&
		  (!is_workaround(fid & ~SECMON_FID_SVE_HINT) ||
		   __atomic_load_n(&record_wa, __ATOMIC_RELAXED));
	if (!p->open)
		return;
	p->switches = __atomic_load_n(&switches, __ATOMIC_RELAXED);
	p->t_entry = plat_counter();
	p->fid = fid;
	p->flags = (uint8_t)(caller->aarch32 | smc64 << 4 | plat_caller_el(caller) << 1);
	for (unsigned i = 0; i < SECMON_TRACE_ARGS; i++)
		p->arg[i] = smc64 ? r->x[i + 1] : (uint32_t)r->x[i + 1];
}

/*
 * The call's record: with its results (r), x0 alone when they are secret,
 * or none when it does not return. Nothing when recording was switched
 * since the call's entry.
 */
void mon_trace_return(unsigned cpu, const struct secmon_regs *r, bool secret)
{
	struct pending *p = &rings[cpu].call;
	struct secmon_trace_record *t;
	uint64_t now;

	if (!p->open)
		return;
	p->open = false;
	now = plat_counter();
	plat_lock();
	if (p->switches != switches) {
		plat_unlock();
		return;
	}
	t = slot(cpu, SECMON_TRACE_SMC, p->fid);
	t->t_entry = p->t_entry;
	t->t_exit = now;
	t->flags = p->flags;
	t->nargs = SECMON_TRACE_ARGS;
	for (unsigned i = 0; i < SECMON_TRACE_ARGS; i++)
		t->arg[i] = p->arg[i];
	if (r) {
		/* An AArch32 caller gets w0-w3: the record holds no more than it saw. */
		t->nres = secret ? 1 : SECMON_TRACE_RESULTS;
		for (unsigned i = 0; i < t->nres; i++)
			t->res[i] = p->flags & SECMON_TRACE_F_AARCH32 ? (uint32_t)r->x[i] : r->x[i];
	}
	plat_unlock();
}

/* A power event's record (enum secmon_trace_event); a time of 0 is "now". */
static void power_record(unsigned cpu, uint32_t event, uint64_t t_entry, unsigned nargs,
			 const uint64_t *arg)
{
	uint64_t now = plat_counter();
	struct ring *g = &rings[cpu];
	struct secmon_trace_record *t;
	bool down = event == SECMON_TRACE_EV_POWERDOWN ||
		    event == SECMON_TRACE_EV_SYSTEM_SUSPEND;

	/* A call that does not return (every event but these) is recorded before the CPU goes. */
	if (event != SECMON_TRACE_EV_CPU_ON && event != SECMON_TRACE_EV_STANDBY &&
	    event != SECMON_TRACE_EV_WARM_BOOT)
		mon_trace_return(cpu, 0, false);
	plat_lock();
	/* Back from a power-down: its exit time, while its record is still in the ring. */
	if (event == SECMON_TRACE_EV_WARM_BOOT && g->pd_open &&
	    g->pd_at - g->tail < g->head - g->tail)
		records[cpu * ring_len + (g->pd_at & (ring_len - 1))].t_exit = now;
	g->pd_open = down;
	g->pd_at = g->head;
	t = slot(cpu, SECMON_TRACE_POWER, event);
	t->t_entry = t_entry ? t_entry : now;
	t->t_exit = now;
	t->nargs = (uint8_t)nargs;
	for (unsigned i = 0; i < nargs; i++)
		t->arg[i] = arg[i];
	plat_unlock();
	/* SYSTEM_RESET, SYSTEM_OFF: the last events. */
	if (readout && event >= SECMON_TRACE_EV_SYSTEM_RESET)
		mon_trace_readout();
}

/*
 * Recording's power-event hook (core/power.h), which hears every event
 * while recording is on: a record each. A standby is one record, written
 * when it ends; a power-down's record gets its end at the warm boot.
 */
int32_t mon_trace_power(const struct mon_power_event *e)
{
	/* Each event's record and how many arguments it keeps. */
	static const struct {
		uint8_t event, nargs;
	} kinds[MON_POWER_EVENTS] = {
		[MON_POWER_CPU_ON] = { SECMON_TRACE_EV_CPU_ON, 3 },	/* target, entry, context */
		[MON_POWER_CPU_OFF] = { SECMON_TRACE_EV_CPU_OFF, 0 },
		[MON_POWER_SUSPEND] = { SECMON_TRACE_EV_POWERDOWN, 2 },	/* power_state, level */
		[MON_POWER_RESUME] = { SECMON_TRACE_EV_WARM_BOOT, 1 },	/* entry */
		[MON_POWER_STANDBY] = { SECMON_TRACE_EV_STANDBY, 1 },	/* power_state */
		/* how it was asked for; SYSTEM_OFF2's type; SYSTEM_RESET2's type, cookie */
		[MON_POWER_SYSTEM_OFF] = { SECMON_TRACE_EV_SYSTEM_OFF, 2 },
		[MON_POWER_SYSTEM_RESET] = { SECMON_TRACE_EV_SYSTEM_RESET, 3 },
	};
	uint32_t event = kinds[e->what].event;
	unsigned nargs = kinds[e->what].nargs;
	uint64_t a[SECMON_TRACE_ARGS] = { e->power_state, e->level };

	if (!mon_tracing())
		return 0;
	if (e->what == MON_POWER_CPU_ON) {
		a[0] = e->target;
		a[1] = e->entry->pc;
		a[2] = e->entry->context_id;
	} else if (e->what == MON_POWER_RESUME) {
		a[0] = e->entry->pc;
	} else if (e->what == MON_POWER_SYSTEM_OFF || e->what == MON_POWER_SYSTEM_RESET) {
		a[0] = e->asked;
		a[1] = e->type;
		a[2] = e->cookie;
		if (e->asked != SECMON_TRACE_ASKED_CALL2)
			nargs = 1;
	} else if (e->what == MON_POWER_SUSPEND && e->kind == MON_POWER_SYSTEM_SUSPEND) {
		event = SECMON_TRACE_EV_SYSTEM_SUSPEND;
		nargs = 0;
	}
	power_record(e->cpu, event, e->t, nargs, a);
	return 0;
}

/* x1..x3 of an answer, in the width of the call. */
static int64_t answer(struct mon_call *c, uint64_t x1, uint64_t x2, uint64_t x3)
{
	mon_ret(c, 1, (int64_t)x1);
	mon_ret(c, 2, (int64_t)x2);
	mon_ret(c, 3, (int64_t)x3);
	return SECMON_PSCI_SUCCESS;
}

static int64_t trace_info(struct mon_call *c)
{
	return answer(c, mon_tracing() | __atomic_load_n(&record_wa, __ATOMIC_RELAXED) << 1,
		      plat_counter_hz(), plat_cpu_count() | ring_len << 16);
}

unsigned mon_trace_drain(volatile uint64_t *dst, unsigned max, uint64_t lost_max,
			 uint64_t *lost_out, uint64_t *waiting)
{
	const uint64_t *src;
	unsigned n = 0;

	*waiting = 0;
	plat_lock();
	for (unsigned i = 0; i < plat_cpu_count() && i < nrings; i++) {
		struct ring *g = &rings[i];

		for (; n < max && g->tail != g->head; n++, g->tail++) {
			src = (const uint64_t *)&records[i * ring_len + (g->tail & (ring_len - 1))];
			for (unsigned w = 0; w < WORDS; w++)
				*dst++ = src[w];
		}
		*waiting += g->head - g->tail;
	}
	*lost_out = mon_trace_lost < lost_max ? mon_trace_lost : lost_max;
	mon_trace_lost -= *lost_out;
	plat_unlock();
	return n;
}

static int64_t trace_read(struct mon_call *c)
{
	uint64_t pa = mon_arg(c, 1), size = mon_arg(c, 2), max, gone, waiting, n;
	volatile uint64_t *dst;

	if ((pa & 7) || size < sizeof(struct secmon_trace_record) || !plat_ns_range_ok(pa, size))
		return SECMON_PSCI_INVALID_PARAMETERS;
	max = size / sizeof(struct secmon_trace_record);
	if (max > READ_MAX)
		max = READ_MAX;
	dst = plat_ns_map(pa, max * WORDS * 8);
	if (!dst)
		return SECMON_PSCI_INVALID_PARAMETERS;
	/*
	 * 64 bits at a time: normal-world memory is Device memory at EL3. An
	 * SMC32 caller's lost count is at most 0xffffffff a read, the rest
	 * left for its next reads.
	 */
	n = mon_trace_drain(dst, (unsigned)max, c->smc64 ? UINT64_MAX : UINT32_MAX, &gone, &waiting);
	return answer(c, n, gone, waiting);
}

static int64_t trace_ctl(struct mon_call *c)
{
	uint64_t on = mon_arg(c, 1);
	bool clear = mon_arg(c, 2) & SECMON_TRACE_CTL_CLEAR;
	bool wa = mon_arg(c, 2) & SECMON_TRACE_CTL_WORKAROUNDS;

	if (on > 1)
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (locked)
		return SECMON_PSCI_DENIED;
	plat_lock();
	for (unsigned i = 0; i < MON_MAX_CPUS; i++) {
		/*
		 * The records a clear discards leave a gap in their CPU's seq,
		 * which a reader must not take for records lost to overrun: a
		 * CLEARED record after it says how many went this way.
		 */
		if (clear && i < nrings && rings[i].head != rings[i].tail) {
			uint32_t gone = rings[i].head - rings[i].tail;
			struct secmon_trace_record *r;

			rings[i].tail = rings[i].head;
			r = slot(i, SECMON_TRACE_CLEARED, 0);
			r->t_entry = r->t_exit = plat_counter();
			r->nargs = 1;
			r->arg[0] = gone;
		}
		/*
		 * A CPU down now may wake unrecorded, and its next recorded
		 * warm boot end a later CPU_OFF: the power-down's end stays unknown.
		 */
		if (!on)
			rings[i].pd_open = false;
	}
	if (on != mon_tracing())
		__atomic_store_n(&switches, switches + 1, __ATOMIC_RELAXED);
	__atomic_store_n(&record_wa, wa, __ATOMIC_RELAXED);
	__atomic_store_n(&mon_trace_on, on == 1, __ATOMIC_RELEASE);
	mon_power_heard_update();
	plat_trace_switched(on == 1, wa);
	plat_unlock();
	return SECMON_PSCI_SUCCESS;
}

bool trace_has(uint32_t fid)
{
	return is_trace_call(fid);
}

/*
 * A guest of a hypervisor (plat_caller_is_guest()) may neither read nor
 * switch the recording: it holds every caller's calls, the hypervisor's
 * among them, and TRACE_READ writes to a physical address, which a guest's
 * addresses are not. Its trace calls are DENIED; its other calls are
 * recorded like anyone's.
 */
bool trace_handle(struct mon_call *c)
{
	unsigned fn = c->fid & SECMON_FID_NUM_MASK;

	if (!trace_has(c->fid))
		return false;
	if (plat_caller_is_guest(c->caller)) {
		mon_ret(c, 0, SECMON_PSCI_DENIED);
		return true;
	}
	mon_ret(c, 0, fn == (SECMON_SIP_TRACE_INFO & 0xffff)   ? trace_info(c)
		      : fn == (SECMON_SIP_TRACE_READ & 0xffff) ? trace_read(c)
							       : trace_ctl(c));
	return true;
}

/*
 * The readout at SYSTEM_OFF and SYSTEM_RESET (the board DT's
 * secmon,console-readout), for a normal world that cannot make the SiP calls
 * itself (a hypervisor's guest): on the monitor's console (the secure one on
 * the QEMU ports, which the normal world cannot read) a line
 * "SECMON-TRACE-READOUT cpus=N hz=F lost=L", then every record still in the
 * rings, each CPU's oldest first, one a line in upper-case hex (its 128
 * bytes as they lie in memory, little-endian), then "SECMON-TRACE-READOUT-END".
 * scripts/trace-readout.py makes a trace file of it. The rings stay as they
 * are; the lock is held throughout: one consistent snapshot.
 */
void mon_trace_readout(void)
{
	plat_lock();
	mon_log("SECMON-TRACE-READOUT cpus=%u hz=%llu lost=%llu\n", plat_cpu_count(),
		(unsigned long long)plat_counter_hz(), (unsigned long long)mon_trace_lost);
	for (unsigned i = 0; i < nrings; i++)
		for (uint32_t k = rings[i].tail; k != rings[i].head; k++) {
			const uint8_t *b = (const uint8_t *)&records[i * ring_len + (k & (ring_len - 1))];

			for (unsigned j = 0; j < 2 * sizeof(struct secmon_trace_record); j++)
				plat_putc("0123456789ABCDEF"[b[j / 2] >> (j & 1 ? 0 : 4) & 15]);
			plat_putc('\n');
		}
	mon_log("SECMON-TRACE-READOUT-END\n");
	plat_unlock();
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * The trusted-OS dispatcher (docs/trusted-os.md): a trusted OS in secure
 * EL1 that speaks OP-TEE's monitor ABI, as TF-A's opteed hosts it. It
 * owns the trusted-OS entities (50-63), fast and yielding calls alike,
 * which go to it with x0-x7 as sent and come back from its CALL_DONE with
 * its x1-x4 as the caller's x0-x3; a secure interrupt taken while the
 * normal world runs goes to its fiq entry; PSCI's power events reach its
 * hooks in TF-A's order. Each entry is synchronous (plat_tos_enter(): the
 * architecture switches the worlds and comes back at the trusted OS's
 * next SMC or exception), on the CPU it concerns, with no lock held, so a
 * trusted OS stuck on one CPU never holds up another.
 *
 * An SMC from the trusted OS outside its returns (OEN 62) is a call to the
 * monitor, answered and gone on from (tosd_run()). Every answer is
 * checked: anything but the return the entry expects (an unknown ID in
 * OEN 62, another entry's return, a hook that answers an error, an
 * exception taken to EL3, a vector table outside its memory) marks the
 * trusted OS dead: the console says what it did, the caller gets SMC_UNK,
 * and from then on its entities answer SMC_UNK and its hooks are skipped
 * on every CPU; it is never entered again, and a CPU still in a watched
 * entry is kicked out of it once late, as before.
 */
#include <secmon/psci.h>
#include "../core/log.h"
#include "../plat.h"
#include "arch_svc.h"
#include "tosd.h"

/* OP-TEE's vector table: nine branches, in this order (thread_optee_smc_a64.S). */
enum { VEC_YIELD, VEC_FAST, VEC_CPU_ON, VEC_CPU_OFF, VEC_CPU_RESUME, VEC_CPU_SUSPEND, VEC_FIQ,
       VEC_SYSTEM_OFF, VEC_SYSTEM_RESET, VEC_COUNT };
_Static_assert(VEC_COUNT == TOSD_VECTORS, "tosd.h");

/* Its returns, SMC32 fast IDs in OEN 62 (OP-TEE teesmc_opteed.h): 0xBE000000 + n. */
#define TOS_RETURN(n)	(TOSD_ENTRY_DONE + (n))
enum { RET_ENTRY, RET_ON, RET_OFF, RET_SUSPEND, RET_RESUME, RET_CALL, RET_FIQ, RET_SYSTEM_OFF,
       RET_SYSTEM_RESET };

/* Its returns' range: fast SMC32 calls of OEN 62. */
#define TOS_RETURN_MASK	0xffff0000u

/* Where each CPU is for the trusted OS (TF-A's OPTEE_PSTATE_*). */
enum { CPU_UNKNOWN, CPU_ON, CPU_OFF };

bool tosd_alive;
static uint64_t vectors;
static uint8_t cpu_state[MON_MAX_CPUS];

/*
 * Per CPU, while it is in a watched entry (every entry but a yielding
 * call, which the normal world's interrupts preempt): the counter when its
 * watch started (| 1, never 0; the architecture's fast path sets and clears
 * it for its own entries, plat_tos_fast_entry()), and the `since` of the
 * last watch another CPU found late and kicked (plat_tos_kick()): one kick
 * a watch.
 */
static uint64_t since_of[MON_MAX_CPUS];
static uint64_t kicked_of[MON_MAX_CPUS];
static uint64_t watch_limit;

_Static_assert(PLAT_TOS_CALL_DONE == TOSD_ENTRY_DONE + RET_CALL, "OP-TEE's CALL_DONE");

static const char entry_names[VEC_COUNT][8] = {
	"yield", "fast", "on", "off", "resume", "suspend", "fiq", "sysoff", "reset",
};

static unsigned cpus(void)
{
	unsigned n = plat_cpu_count();

	return n < MON_MAX_CPUS ? n : MON_MAX_CPUS;
}

/*
 * Where CPU `cpu` is for the trusted OS: only while it is on and the
 * trusted OS alive may the architecture enter its fast calls itself. Set
 * before alive is looked at again, which dead() clears before it takes
 * every CPU's fast entry away: one of the two sees the other.
 */
static void set_state(unsigned cpu, unsigned state)
{
	bool fast = state == CPU_ON;

	cpu_state[cpu] = (uint8_t)state;
	plat_tos_fast_entry(cpu, fast ? vectors + 4 * VEC_FAST : 0);
	if (fast && !__atomic_load_n(&tosd_alive, __ATOMIC_SEQ_CST))
		plat_tos_fast_entry(cpu, 0);
}

static void dead(unsigned cpu, unsigned vec, unsigned how, const uint64_t x[8])
{
	static const char *const what[] = {
		[PLAT_TOS_SMC] = "answered with SMC",
		[PLAT_TOS_EXCEPTION] = "took an exception to EL3, ESR/ELR",
		[PLAT_TOS_INTERRUPT] = "gave no answer in 3 x 500 ms, stopped at",
	};

	if (!__atomic_exchange_n(&tosd_alive, false, __ATOMIC_SEQ_CST))
		return;
	for (unsigned i = 0; i < cpus(); i++)
		plat_tos_fast_entry(i, 0);
	mon_log("trusted OS on CPU %u: its %s entry %s %lx %lx: it is dead, its calls answer "
		"SMC_UNK\n", cpu, entry_names[vec], what[how], (unsigned long)x[0],
		(unsigned long)x[1]);
	mon_power_heard_update();
}

/*
 * Another CPU in a watched entry for longer than it may be is kicked out
 * of it (once a watch): its entry ends with PLAT_TOS_INTERRUPT and it
 * finds its watch kicked. Every entry looks, on every CPU: a trusted OS
 * stuck on one CPU is found when another next calls it (a few loads a CPU).
 */
static void watch_others(unsigned self)
{
	uint64_t now = plat_counter();
	unsigned n = cpus();

	for (unsigned i = 0; i < n; i++) {
		uint64_t since = __atomic_load_n(&since_of[i], __ATOMIC_ACQUIRE);

		/* Signed: an entry that began after `now` was read is not late. */
		if (i == self || !since || (int64_t)(now - since) <= (int64_t)watch_limit)
			continue;
		if (__atomic_exchange_n(&kicked_of[i], since, __ATOMIC_ACQ_REL) != since)
			plat_tos_kick(i);
	}
}

/*
 * A call to the monitor from the trusted OS. OP-TEE makes three:
 * SMCCC_VERSION and ARCH_FEATURES(ARCH_WORKAROUND_1) as each CPU starts,
 * then ARCH_WORKAROUND_1 on every exception from its user mode where the
 * CPU needs it (Cortex-A57; OP-TEE thread.c get_excp_vect(),
 * thread_a64.S), which TF-A answers for either world. The Arm
 * architecture service's fast SMC32 calls are answered as for the normal
 * world; any other ID SMC_UNK: no other service of the monitor's is the
 * secure world's to call.
 */
static void monitor_call(unsigned cpu, uint64_t x[8])
{
	static const struct mon_caller secure_el1 = { .aarch32 = false, .mode = 0 };
	/* The calls answered here read x1 at most and write x0 alone. */
	struct secmon_regs r;
	struct mon_call c = {
		.r = &r, .fid = (uint32_t)x[0] & ~SECMON_FID_SVE_HINT, .cpu = cpu,
		.smc64 = false, .caller = &secure_el1,
	};

	r.x[0] = x[0];
	r.x[1] = x[1];
	if ((c.fid & 0xffff0000u) != SECMON_FID_FAST || !arch_svc_handle(&c))
		r.x[0] = SECMON_SMC_UNK64;
	x[0] = r.x[0];
}

unsigned tosd_run(unsigned cpu, uint64_t pc, unsigned flags, uint64_t x[8])
{
	unsigned how;

	for (;;) {
		how = plat_tos_enter(cpu, pc, flags, x);
		if (how != PLAT_TOS_SMC || ((uint32_t)x[0] & TOS_RETURN_MASK) == TOSD_ENTRY_DONE)
			return how;
		monitor_call(cpu, x);
		flags = (flags & PLAT_TOS_WATCH) | PLAT_TOS_RESUME | PLAT_TOS_ANSWER;
	}
}

/*
 * An entry other than a yielding call: watched, until it answers, or it is
 * kicked WATCH_STRIKES times in a row (once, if the trusted OS died
 * meanwhile on another CPU).
 */
static unsigned enter_watched(unsigned cpu, uint64_t pc, unsigned flags, uint64_t x[8])
{
	/* Begun by the architecture's fast path (its exit still to come), or now. */
	uint64_t since = __atomic_load_n(&since_of[cpu], __ATOMIC_ACQUIRE);
	unsigned how, strikes = 0;

	if (!since)
		since = plat_counter() | 1;
	__atomic_store_n(&since_of[cpu], since, __ATOMIC_RELEASE);
	for (;;) {
		how = tosd_run(cpu, pc, flags | PLAT_TOS_WATCH, x);
		if (how != PLAT_TOS_INTERRUPT)
			break;
		flags = PLAT_TOS_RESUME;	/* back to it */
		if (__atomic_load_n(&kicked_of[cpu], __ATOMIC_ACQUIRE) != since)
			continue;		/* a stray wake-up SGI */
		if (++strikes == WATCH_STRIKES || !__atomic_load_n(&tosd_alive, __ATOMIC_ACQUIRE))
			break;
		/* Late, perhaps only not run: watched again from now. */
		since = plat_counter() | 1;
		__atomic_store_n(&since_of[cpu], since, __ATOMIC_RELEASE);
	}
	__atomic_store_n(&since_of[cpu], 0, __ATOMIC_RELEASE);
	return how;
}

/*
 * One synchronous entry at vector `vec` with x[0..7] and plat.h's `flags`
 * (PLAT_TOS_FRESH, PLAT_TOS_ITS_FIQ); true when it answered with that
 * entry's return (and, for a hook, x1 = 0), its x0-x7 in x[].
 */
static bool enter(unsigned cpu, unsigned vec, unsigned flags, uint64_t x[8])
{
	static const uint8_t answer[VEC_COUNT] = {
		RET_CALL, RET_CALL, RET_ON, RET_OFF, RET_RESUME, RET_SUSPEND, RET_FIQ,
		RET_SYSTEM_OFF, RET_SYSTEM_RESET,
	};
	unsigned want = answer[vec];
	uint64_t pc = vectors + 4 * vec;
	unsigned how;

	watch_others(cpu);
	if (vec == VEC_YIELD)
		how = tosd_run(cpu, pc, flags, x);
	else
		how = enter_watched(cpu, pc, flags, x);

	if (how == PLAT_TOS_SMC && (uint32_t)x[0] == TOS_RETURN(want) &&
	    (want == RET_CALL || want == RET_FIQ || x[1] == 0))
		return true;
	dead(cpu, vec, how, x);
	return false;
}

static bool hook(unsigned cpu, unsigned vec, unsigned flags, uint64_t x0)
{
	uint64_t x[8] = { x0, 0, 0, 0, 0, 0, 0, 0 };

	return enter(cpu, vec, flags, x);
}

/* A CPU the trusted OS has not seen gets its cpu_on entry first (TF-A's opteed does the same). */
static bool seen(unsigned cpu)
{
	if (cpu_state[cpu] == CPU_ON)
		return true;
	if (!hook(cpu, VEC_CPU_ON, PLAT_TOS_FRESH, 0))
		return false;
	set_state(cpu, CPU_ON);
	return true;
}

bool mon_tos_running(void)
{
	return __atomic_load_n(&tosd_alive, __ATOMIC_ACQUIRE);
}

bool tosd_has(uint32_t fid)
{
	(void)fid;
	return mon_tos_running();
}

bool tosd_handle(struct mon_call *c)
{
	/* An AArch32 caller's registers have no upper halves. */
	uint64_t x[8], width = c->caller->aarch32 ? 0xffffffffu : ~0ull;
	unsigned i;

	/* Dead, it is entered no more: its calls still look for a CPU stuck in it. */
	if (!__atomic_load_n(&tosd_alive, __ATOMIC_ACQUIRE)) {
		/* A fast entry's watch the dispatcher will not end (plat_tos_fast_entry()). */
		__atomic_store_n(&since_of[c->cpu], 0, __ATOMIC_RELEASE);
		watch_others(c->cpu);
		return false;
	}
	for (i = 1; i < 8; i++)
		x[i] = c->r->x[i] & width;
	/* The ID as dispatched: without SMCCC 1.3's SVE hint, which no trusted OS takes for its own. */
	x[0] = c->fid;
	if (seen(c->cpu) && enter(c->cpu, secmon_fid_is_fast(c->fid) ? VEC_FAST : VEC_YIELD, 0, x)) {
		for (i = 0; i < 4; i++)
			c->r->x[i] = x[i + 1] & width;
		return true;
	}
	mon_ret(c, 0, -1);
	c->r->x[1] = c->r->x[2] = c->r->x[3] = 0;
	return true;
}

void mon_tos_fiq(unsigned cpu, uint64_t ns_pc)
{
	if (!__atomic_load_n(&tosd_alive, __ATOMIC_ACQUIRE) || cpu >= MON_MAX_CPUS ||
	    cpu_state[cpu] != CPU_ON) {
		plat_tos_fiq_drop();
		return;
	}
	(void)hook(cpu, VEC_FIQ, PLAT_TOS_ITS_FIQ, ns_pc);
}

/*
 * PSCI's events (core/power.h), heard while the trusted OS is alive, in
 * TF-A's order: cpu_on on the started CPU before the normal world runs
 * there, cpu_off and cpu_suspend (power-down states only: no hook for a
 * standby) before the CPU goes down, cpu_resume on its way back, and
 * system_off / system_reset before the platform acts. A CPU the trusted
 * OS has not seen skips cpu_off and the suspend hooks.
 */
int32_t tosd_power(const struct mon_power_event *e)
{
	unsigned cpu = e->cpu, vec, now = CPU_OFF;
	uint8_t *state;

	if (cpu >= MON_MAX_CPUS || !__atomic_load_n(&tosd_alive, __ATOMIC_ACQUIRE))
		return 0;
	state = &cpu_state[cpu];
	switch (e->what) {
	case MON_POWER_CPU_OFF:
		vec = VEC_CPU_OFF;
		break;
	case MON_POWER_SUSPEND:
		vec = VEC_CPU_SUSPEND;
		break;
	case MON_POWER_RESUME:
		if (e->kind == MON_POWER_ON) {
			if (hook(cpu, VEC_CPU_ON, PLAT_TOS_FRESH, 0))
				set_state(cpu, CPU_ON);
			return 0;
		}
		if (*state != CPU_OFF)
			return 0;
		*state = CPU_ON;	/* its cpu_resume entry may run */
		vec = VEC_CPU_RESUME;
		now = CPU_ON;
		break;
	case MON_POWER_SYSTEM_OFF:
		vec = VEC_SYSTEM_OFF;
		break;
	case MON_POWER_SYSTEM_RESET:
		vec = VEC_SYSTEM_RESET;
		break;
	default:
		return 0;
	}
	if (vec >= VEC_SYSTEM_OFF ? !seen(cpu) : *state != CPU_ON)
		return 0;
	if (hook(cpu, vec, 0, e->level) && vec <= VEC_CPU_SUSPEND)
		set_state(cpu, now);
	return 0;
}

MON_COLD_BOOT void tosd_start(uint64_t vector_table, unsigned cpu)
{
	vectors = vector_table;
	watch_limit = plat_counter_hz() / WATCH_DIVISOR;
	plat_tos_fast_watch(since_of, cpus(), watch_limit);
	for (unsigned i = 0; i < MON_MAX_CPUS; i++)
		cpu_state[i] = CPU_UNKNOWN;
	__atomic_store_n(&tosd_alive, true, __ATOMIC_SEQ_CST);
	set_state(cpu, CPU_ON);
	mon_power_heard_update();
	mon_fast_init();
}

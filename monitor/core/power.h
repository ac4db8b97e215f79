/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * PSCI's power events as the rest of the monitor hears them: the hooks of
 * the parts that keep state across a power change of a CPU or of the
 * system (the errata service, recording, a trusted OS). The list of hooks
 * is core/services.c's power_hooks[]; PSCI tells an event that some hook
 * hears to every hook of the list that hears it, in order, on the CPU
 * where it happens, never while it holds plat_lock().
 */
#ifndef SECMON_CORE_POWER_H
#define SECMON_CORE_POWER_H

#include <stdbool.h>
#include <stdint.h>
#include "../monitor.h"

enum mon_power_what {
	/* On the caller, once CPU_ON has started e->target (it may already run). */
	MON_POWER_CPU_ON,
	/*
	 * On a CPU about to power off (CPU_OFF): a hook that answers a PSCI
	 * error keeps it on (CPU_OFF answers that error), and the hooks after
	 * it in the list are not told.
	 */
	MON_POWER_CPU_OFF,
	/* On a CPU about to power down (e->kind, e->power_state, e->level). */
	MON_POWER_SUSPEND,
	/*
	 * On a CPU about to enter the normal world at *e->entry after a
	 * power-down (e->kind POWERDOWN, e->level) or as CPU_ON started it
	 * (ON): its warm boot.
	 */
	MON_POWER_RESUME,
	/* On a CPU back from a standby (retention) state: e->power_state, since e->t. */
	MON_POWER_STANDBY,
	/*
	 * On the calling CPU before the system powers off or resets: how it
	 * was asked for (e->asked; SYSTEM_OFF2's e->type, SYSTEM_RESET2's
	 * e->type and e->cookie).
	 */
	MON_POWER_SYSTEM_OFF,
	MON_POWER_SYSTEM_RESET,
};

/* What a suspend or a resume is. */
enum mon_power_kind {
	MON_POWER_POWERDOWN,		/* CPU_SUSPEND or CPU_DEFAULT_SUSPEND to a power-down state */
	MON_POWER_SYSTEM_SUSPEND,	/* suspend only: SYSTEM_SUSPEND (its resume: POWERDOWN) */
	MON_POWER_ON,			/* resume only: the first entry of a CPU that CPU_ON started */
};

/*
 * One event; each hook reads the fields its event sets (the others are 0).
 * The 64-bit fields first: clearing the rest takes a few aligned stores,
 * never a call of memset() (cold-boot code on the QEMU ports).
 */
struct mon_power_event {
	const struct mon_ns_entry *entry;	/* cpu_on: the target's; resume: the CPU's */
	uint64_t t;			/* plat_counter(): cpu_on before the target could run,
					   standby when it began */
	uint64_t cookie;		/* system_reset: SYSTEM_RESET2's cookie */
	enum mon_power_what what;
	unsigned cpu;			/* where the event happens and the hook runs */
	enum mon_power_kind kind;	/* suspend, resume */
	unsigned level;			/* suspend, resume: the deepest level powered down */
	uint32_t power_state;		/* suspend, standby: the state asked for */
	unsigned target;		/* cpu_on: the CPU it started */
	uint32_t asked;			/* system_off, system_reset: enum secmon_trace_asked */
	uint32_t type;			/* system_off, system_reset: the *2 call's type */
};

/* A hook: 0, or for MON_POWER_CPU_OFF a PSCI error that keeps the CPU on. */
typedef int32_t (*mon_power_fn)(const struct mon_power_event *e);

/* A hook of the list: the function, and the events it hears (bit n: enum
 * mon_power_what n) while *on is set (on NULL: always). */
struct mon_power_hook {
	mon_power_fn fn;
	uint32_t events;
	const bool *on;
};

#define MON_POWER_EVENTS (MON_POWER_SYSTEM_RESET + 1)
#define MON_POWER_MAX_HOOKS 4

/*
 * Per event, the hooks that hear it now, in the list's order and ended by
 * NULL: PSCI builds no event that no hook hears, and walks these without
 * asking each hook. mon_power_heard_update() (core/services.c) keeps them;
 * whoever switches a hook's *on calls it. A CPU telling an event while
 * another switches a hook sees the hook or not; each entry is a hook or
 * NULL at all times.
 */
extern mon_power_fn mon_power_calls[MON_POWER_EVENTS][MON_POWER_MAX_HOOKS + 1];
void mon_power_heard_update(void);

static inline bool mon_power_wanted(enum mon_power_what what)
{
	return __atomic_load_n(&mon_power_calls[what][0], __ATOMIC_RELAXED) != 0;
}

/*
 * Tells e to every hook that hears it, in order; 0, or the first refusal.
 * Inline: PSCI's call sites know e->what, and the walk costs a few
 * instructions on the paths make bench measures.
 */
static inline int32_t mon_power(const struct mon_power_event *e)
{
	const mon_power_fn *f = mon_power_calls[e->what];
	mon_power_fn fn;
	int32_t ret;

	while ((fn = __atomic_load_n(f++, __ATOMIC_RELAXED)) != 0)
		if ((ret = fn(e)) != 0)
			return ret;
	return 0;
}

#endif

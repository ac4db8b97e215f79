// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI 1.3 over a three-level power-domain tree: cores, clusters, system.
 * This file sets PSCI up at cold boot, says which functions it offers and
 * routes each call to its handler (the other psci_*.c files, internal.h).
 *
 * CPU_SUSPEND uses the original power_state format. The states offered are
 * the platform's (plat_power_states()), each reachable through CPU_SUSPEND
 * and counted by the statistics under its power_state; SYSTEM_SUSPEND
 * enters the system-level one (and is counted there). Platform-coordinated
 * and OS-initiated modes are both supported.
 */
#include "internal.h"

#define PSCI_VERSION_1_1 SECMON_PSCI_VERSION_MAKE(1, 1)
#define PSCI_VERSION_1_3 SECMON_PSCI_VERSION_MAKE(1, 3)

const struct plat_power_state *psci_states;
unsigned psci_nstates;
uint32_t psci_suspend_ps[NSTATES];
uint8_t psci_suspend_idx[NSTATES];
unsigned psci_nsuspend;
bool psci_suspend_pd[NSTATES];
unsigned psci_pd_state_of_level[LEVEL_SYSTEM + 1];
struct psci_cpu psci_cpus[MON_MAX_CPUS];
unsigned psci_ncpu;
uint64_t psci_cpu_mpidr[MON_MAX_CPUS];
unsigned psci_suspend_mode;
bool psci_suspended_since_mode_change;
/*
 * offered[smc64]: bit n set when function n is offered in that width
 * (psci_init(): fns[] less mon_cfg.psci_unsupported).
 */
static uint32_t psci_offered[2];
uint32_t psci_version_answer;
unsigned psci_lock_holder = MON_MAX_CPUS;
static void offer(void);

MON_COLD_BOOT void psci_init(unsigned boot_cpu)
{
	unsigned i, n = plat_cpu_count();

	psci_ncpu = n < MON_MAX_CPUS ? n : MON_MAX_CPUS;
	psci_states = plat_power_states(&psci_nstates);
	if (psci_nstates > NSTATES)
		psci_nstates = NSTATES;
	psci_nsuspend = 0;
	for (i = 0; i < psci_nstates; i++) {
		psci_suspend_pd[i] = psci_states[i].powerdown;
		psci_suspend_ps[psci_nsuspend] = psci_states[i].power_state;
		psci_suspend_idx[psci_nsuspend++] = (uint8_t)i;
	}
	for (unsigned level = LEVEL_CORE; level <= LEVEL_SYSTEM; level++) {
		psci_pd_state_of_level[level] = level ? psci_pd_state_of_level[level - 1] : 0;
		for (i = 0; i < psci_nstates; i++)
			if (psci_states[i].powerdown && psci_states[i].level == level)
				psci_pd_state_of_level[level] = i;
	}
	for (i = 0; i < n && i < MON_MAX_CPUS; i++) {
		psci_cpus[i] = (struct psci_cpu){ .state = i == boot_cpu ? CPU_ON : CPU_OFF };
		psci_cpu_mpidr[i] = plat_cpu_mpidr(i) & MON_MPIDR_AFF_MASK;
	}
	psci_suspend_mode = SECMON_PSCI_MODE_PC;
	psci_suspended_since_mode_change = false;
	offer();
}

int psci_target_cpu(uint64_t mpidr)
{
	return target_cpu_inline(mpidr);
}

bool psci_entry_ok(uint64_t pc)
{
	return entry_ok(pc);
}

/* A power event for the trace (core/trace.c), when recording is on. Out of line: small. */
__attribute__((noinline)) void psci_trace_event(unsigned cpu, uint32_t event, uint64_t t_entry,
						 unsigned nargs, uint64_t a0, uint64_t a1, uint64_t a2)
{
	if (mon_tracing())
		mon_trace_power(&(struct mon_trace_event){
			.cpu = cpu, .event = event, .t_entry = t_entry, .nargs = nargs,
			.arg = { a0, a1, a2 },
		});
}

static int64_t psci_features(struct mon_call *c);

static const psci_fn fns[SECMON_PSCI_FN_COUNT] = {
	[SECMON_PSCI_FN_VERSION] = psci_version,
	[SECMON_PSCI_FN_CPU_SUSPEND] = psci_call_cpu_suspend,
	[SECMON_PSCI_FN_CPU_OFF] = psci_call_cpu_off,
	[SECMON_PSCI_FN_CPU_ON] = psci_call_cpu_on,
	[SECMON_PSCI_FN_AFFINITY_INFO] = psci_affinity_info,
	[SECMON_PSCI_FN_MIGRATE_INFO_TYPE] = migrate_info_type,
	[SECMON_PSCI_FN_SYSTEM_OFF] = psci_system_off,
	[SECMON_PSCI_FN_SYSTEM_RESET] = psci_system_reset,
	[SECMON_PSCI_FN_FEATURES] = psci_features,
	[SECMON_PSCI_FN_CPU_DEFAULT_SUSPEND] = psci_call_cpu_default_suspend,
	[SECMON_PSCI_FN_NODE_HW_STATE] = psci_node_hw_state,
	[SECMON_PSCI_FN_SYSTEM_SUSPEND] = psci_call_system_suspend,
	[SECMON_PSCI_FN_SET_SUSPEND_MODE] = psci_set_suspend_mode,
	[SECMON_PSCI_FN_STAT_RESIDENCY] = psci_stat_residency,
	[SECMON_PSCI_FN_STAT_COUNT] = psci_stat_count,
	[SECMON_PSCI_FN_SYSTEM_RESET2] = psci_system_reset2,
	[SECMON_PSCI_FN_SYSTEM_OFF2] = psci_system_off2,
};

/* Does this monitor offer fid to such a caller? (offer() fills offered[].) */
static inline bool offers(uint32_t fid, bool aarch32)
{
	unsigned fn = secmon_fid_num(fid);
	bool smc64 = secmon_fid_is_smc64(fid);

	return secmon_fid_oen(fid) == SECMON_OEN_STD && fn < 32 && !(smc64 && aarch32) &&
	       ((psci_offered[smc64] >> fn) & 1);
}

/* The handler for fid, or NULL when this monitor does not offer it. */
static psci_fn lookup(uint32_t fid, bool aarch32)
{
	return offers(fid, aarch32) ? fns[secmon_fid_num(fid)] : 0;
}

bool psci_has(uint32_t fid)
{
	return lookup(fid, false) != 0;
}

uint32_t psci_features_answer[2][32];

static int64_t psci_features(struct mon_call *c)
{
	return features_of((uint32_t)mon_arg(c, 1), c->caller->aarch32);
}

/*
 * The functions PSCI 1.0 and later make mandatory (DEN0022, the function
 * table); 1.3 adds none (SYSTEM_OFF2 is optional). PSCI_VERSION says 1.3
 * only while all of them are offered; a configuration that hides one
 * (mon_cfg.psci_unsupported) keeps the answer it had before, 1.1.
 */
#define PSCI_MANDATORY                                                                         \
	((1u << SECMON_PSCI_FN_VERSION) | (1u << SECMON_PSCI_FN_CPU_SUSPEND) |                    \
	 (1u << SECMON_PSCI_FN_CPU_OFF) | (1u << SECMON_PSCI_FN_CPU_ON) |                        \
	 (1u << SECMON_PSCI_FN_AFFINITY_INFO) | (1u << SECMON_PSCI_FN_SYSTEM_OFF) |              \
	 (1u << SECMON_PSCI_FN_SYSTEM_RESET) | (1u << SECMON_PSCI_FN_FEATURES))

/* PSCI_FEATURES' answer for an offered function. */
static uint32_t feature_flags(unsigned fn)
{
	/* OS-initiated mode is offered when it can be entered. */
	bool osi = !(mon_cfg.psci_unsupported & (1u << SECMON_PSCI_FN_SET_SUSPEND_MODE));

	if (fn == SECMON_PSCI_FN_CPU_SUSPEND && osi)
		return SECMON_PSCI_FEAT_OSI;
	if (fn == SECMON_PSCI_FN_SYSTEM_OFF2)
		return SECMON_PSCI_OFF2_HIBERNATE;	/* the off types offered */
	return SECMON_PSCI_SUCCESS;
}

static void offer(void)
{
	_Static_assert(SECMON_PSCI_FN_COUNT <= 32, "one bit per function");

	psci_offered[0] = psci_offered[1] = 0;
	for (unsigned fn = 0; fn < 32; fn++) {
		uint32_t answer = feature_flags(fn);

		psci_fast_table[0][fn] = psci_fast_table[1][fn] = 0;
		psci_features_answer[0][fn] = psci_features_answer[1][fn] =
			(uint32_t)SECMON_PSCI_NOT_SUPPORTED;
		if (fn >= SECMON_PSCI_FN_COUNT || !fns[fn] ||
		    (mon_cfg.psci_unsupported & (1u << fn)))
			continue;
		psci_offered[0] |= 1u << fn;
		psci_fast_table[0][fn] = psci_fast_fns[fn];
		psci_features_answer[0][fn] = answer;
		if (secmon_psci_fn_has_smc64(fn)) {
			psci_offered[1] |= 1u << fn;
			psci_fast_table[1][fn] = psci_fast_fns[fn];
			psci_features_answer[1][fn] = answer;
		}
	}
	psci_version_answer = (psci_offered[0] & PSCI_MANDATORY) == PSCI_MANDATORY
				      ? PSCI_VERSION_1_3
				      : PSCI_VERSION_1_1;
}

bool psci_handle(struct mon_call *c)
{
	psci_fn fn = lookup(c->fid, c->caller->aarch32);

	if (!fn)
		return false;
	mon_ret(c, 0, fn(c));
	return true;
}

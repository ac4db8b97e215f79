// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI 1.3 over a three-level power-domain tree: cores, clusters, system.
 * This file sets PSCI up at cold boot, states which functions it offers
 * (functions[] below) and routes each call to its handler (the other
 * psci_*.c files, internal.h).
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
unsigned psci_pd_state_of_level[LEVEL_SYSTEM + 1];
unsigned psci_state_core_standby;
struct psci_cpu psci_cpus[MON_MAX_CPUS];
unsigned psci_ncpu;
uint64_t psci_cpu_mpidr[MON_MAX_CPUS];
unsigned psci_suspend_mode;
bool psci_suspended_since_mode_change;
uint32_t psci_offered[2];
uint32_t psci_version_answer;
uint32_t psci_features_answer[2][32];
unsigned psci_lock_holder = MON_MAX_CPUS;

static int64_t psci_features(struct mon_call *c)
{
	return features_of((uint32_t)mon_arg(c, 1), c->caller->aarch32);
}

/*
 * The functions this monitor implements, by function number: the one
 * statement of what PSCI offers. A function is offered when it is here and
 * the platform can do it (mon_cfg.psci_unsupported), in SMC64 too where
 * PSCI defines that form (secmon_psci_fn_has_smc64()); psci_init() turns
 * that into psci_offered[], from which the dispatch, PSCI_FEATURES, the
 * fast path, PSCI_VERSION and the OS's DT all answer. .fast: the fast
 * path's handler (psci_fast.c) of a query that takes x1-x2 and answers in
 * x0 alone.
 */
static const struct {
	psci_fn handle;
	psci_fast_fn fast;
} functions[SECMON_PSCI_FN_COUNT] = {
	[SECMON_PSCI_FN_VERSION] = { .handle = psci_version, .fast = psci_fast_version },
	[SECMON_PSCI_FN_CPU_SUSPEND] = { .handle = psci_call_cpu_suspend },
	[SECMON_PSCI_FN_CPU_OFF] = { .handle = psci_cpu_off },
	[SECMON_PSCI_FN_CPU_ON] = { .handle = psci_call_cpu_on },
	[SECMON_PSCI_FN_AFFINITY_INFO] = { .handle = psci_affinity_info,
					   .fast = psci_fast_affinity },
	[SECMON_PSCI_FN_MIGRATE_INFO_TYPE] = { .handle = migrate_info_type,
					       .fast = psci_fast_migrate_info_type },
	[SECMON_PSCI_FN_SYSTEM_OFF] = { .handle = psci_system_off },
	[SECMON_PSCI_FN_SYSTEM_RESET] = { .handle = psci_system_reset },
	[SECMON_PSCI_FN_FEATURES] = { .handle = psci_features, .fast = psci_fast_features },
	[SECMON_PSCI_FN_CPU_DEFAULT_SUSPEND] = { .handle = psci_call_cpu_default_suspend },
	[SECMON_PSCI_FN_NODE_HW_STATE] = { .handle = psci_node_hw_state },
	[SECMON_PSCI_FN_SYSTEM_SUSPEND] = { .handle = psci_call_system_suspend },
	[SECMON_PSCI_FN_SET_SUSPEND_MODE] = { .handle = psci_set_suspend_mode },
	[SECMON_PSCI_FN_STAT_RESIDENCY] = { .handle = psci_stat_residency },
	[SECMON_PSCI_FN_STAT_COUNT] = { .handle = psci_stat_count },
	[SECMON_PSCI_FN_SYSTEM_RESET2] = { .handle = psci_system_reset2 },
	[SECMON_PSCI_FN_SYSTEM_OFF2] = { .handle = psci_system_off2 },
};

/*
 * The functions PSCI 1.0 and later require (DEN0022, the function table;
 * 1.3 adds none: SYSTEM_OFF2 is optional). PSCI_VERSION says 1.3 only
 * while all of them are offered; a configuration that hides one keeps the
 * answer it had before, 1.1.
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
	if (fn == SECMON_PSCI_FN_CPU_SUSPEND && offered(SECMON_PSCI_FN_SET_SUSPEND_MODE, false))
		return SECMON_PSCI_FEAT_OSI;
	if (fn == SECMON_PSCI_FN_SYSTEM_OFF2)
		return SECMON_PSCI_OFF2_HIBERNATE;	/* the off types offered */
	return SECMON_PSCI_SUCCESS;
}

/* psci_offered[] from functions[], and what the fast path and PSCI_VERSION derive from it. */
static MON_COLD_BOOT void offer(void)
{
	unsigned fn, w;

	_Static_assert(SECMON_PSCI_FN_COUNT <= 32, "one bit per function");
	psci_offered[0] = psci_offered[1] = 0;
	for (fn = 0; fn < SECMON_PSCI_FN_COUNT; fn++) {
		if (!functions[fn].handle || (mon_cfg.psci_unsupported & (1u << fn)))
			continue;
		psci_offered[0] |= 1u << fn;
		if (secmon_psci_fn_has_smc64(fn))
			psci_offered[1] |= 1u << fn;
	}
	for (fn = 0; fn < 32; fn++)
		for (w = 0; w < 2; w++) {
			bool on = offered(fn, w);

			psci_fast_table[w][fn] = on ? functions[fn].fast : 0;
			psci_features_answer[w][fn] =
				on ? feature_flags(fn) : (uint32_t)SECMON_PSCI_NOT_SUPPORTED;
		}
	psci_version_answer = (psci_offered[0] & PSCI_MANDATORY) == PSCI_MANDATORY
				      ? PSCI_VERSION_1_3
				      : PSCI_VERSION_1_1;
}

MON_COLD_BOOT void psci_init(unsigned boot_cpu)
{
	unsigned i, n = plat_cpu_count();

	psci_ncpu = n < MON_MAX_CPUS ? n : MON_MAX_CPUS;
	psci_states = plat_power_states(&psci_nstates);
	if (psci_nstates > NSTATES)
		psci_nstates = NSTATES;
	for (i = 0; i < psci_nstates; i++)
		psci_suspend_ps[i] = psci_states[i].power_state;
	for (i = psci_nstates; i-- > 0;)
		if (!psci_states[i].powerdown && psci_states[i].level == LEVEL_CORE)
			psci_state_core_standby = i;
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

/* The handler for fid when this monitor offers it to such a caller, else NULL. */
static psci_fn lookup(uint32_t fid, bool aarch32)
{
	unsigned fn = secmon_fid_num(fid);
	bool smc64 = secmon_fid_is_smc64(fid);

	if (secmon_fid_oen(fid) != SECMON_OEN_STD || (smc64 && aarch32) || !offered(fn, smc64))
		return 0;
	return functions[fn].handle;
}

bool psci_has(uint32_t fid)
{
	return lookup(fid, false) != 0;
}

bool psci_handle(struct mon_call *c)
{
	psci_fn fn = lookup(c->fid, c->caller->aarch32);

	if (!fn)
		return false;
	mon_ret(c, 0, fn(c));
	return true;
}

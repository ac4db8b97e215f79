// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI's share of the SMC fast path (struct mon_route, monitor.h): the
 * handlers of the queries answered in x0 alone, and the answers that need
 * no code.
 */
#include "internal.h"

/*
 * mon_smc_fast()'s PSCI calls, for an AArch64 caller: the queries whose
 * arguments are x1-x2 and whose answer is x0 alone. The same answers as
 * psci_handle(), without a struct mon_call: psci_fast_table[smc64][fn] is
 * the handler when function fn is one of them and offered in that width.
 */
bool psci_fast_version(uint32_t fid, struct secmon_regs *r)
{
	(void)fid;
	r->x[0] = mon_ret32(psci_version(0));
	return true;
}

bool psci_fast_migrate_info_type(uint32_t fid, struct secmon_regs *r)
{
	(void)fid;
	r->x[0] = mon_ret32(migrate_info_type(0));
	return true;
}

bool psci_fast_features(uint32_t fid, struct secmon_regs *r)
{
	(void)fid;
	r->x[0] = mon_ret32(features_of((uint32_t)r->x[1], false));
	return true;
}

bool psci_fast_affinity(uint32_t fid, struct secmon_regs *r)
{
	uint64_t width = secmon_fid_is_smc64(fid) ? ~0ull : 0xffffffffull;
	int64_t v = affinity_of(r->x[1] & width, r->x[2] & width);

	r->x[0] = secmon_fid_is_smc64(fid) ? (uint64_t)v : mon_ret32(v);
	return true;
}

psci_fast_fn psci_fast_table[2][32];

/*
 * How the fast path answers fid (fast_init.c puts it beside the filter's
 * IDs, at cold boot): PSCI_VERSION and MIGRATE_INFO_TYPE with their
 * constant, PSCI_FEATURES by a lookup of w1 among the IDs the monitor
 * answers (psci_features_about() of each, the same features_of() as below),
 * and NOT_SUPPORTED for an ID that is none of them, which features_of()
 * answers for every ID outside PSCI's offered functions and SMCCC_VERSION.
 * CPU_SUSPEND is refused with INVALID_PARAMETERS when w1 is none of the
 * power_states find_state() accepts, the platform's table (its first
 * check, before anything else is looked at); an accepted one goes on to
 * mon_smc(). The rest: psci_fast().
 */
MON_COLD_BOOT unsigned psci_answer(uint32_t fid, struct mon_answer_spec *a)
{
	unsigned fn = secmon_fid_num(fid);

	if (!offered(fn, secmon_fid_is_smc64(fid)))
		return MON_ANSWER_FAST;
	switch (fn) {
	case SECMON_PSCI_FN_CPU_SUSPEND:
		a->value = SECMON_PSCI_INVALID_PARAMETERS;
		a->accepted = psci_suspend_ps;
		a->naccepted = psci_nstates;
		return MON_ANSWER_CHECK;
	case SECMON_PSCI_FN_VERSION:
		a->value = (int32_t)psci_version(0);
		return MON_ANSWER_VALUE;
	case SECMON_PSCI_FN_MIGRATE_INFO_TYPE:
		a->value = (int32_t)migrate_info_type(0);
		return MON_ANSWER_VALUE;
	case SECMON_PSCI_FN_FEATURES:
		a->value = SECMON_PSCI_NOT_SUPPORTED;
		return MON_ANSWER_LOOKUP;
	}
	return MON_ANSWER_FAST;
}

MON_COLD_BOOT int32_t psci_features_about(uint32_t id)
{
	return features_of(id, false);
}

bool psci_fast(uint32_t fid, struct secmon_regs *r)
{
	unsigned fn = secmon_fid_num(fid);
	psci_fast_fn f;

	if (fn >= 32)
		return false;
	f = psci_fast_table[secmon_fid_is_smc64(fid)][fn];
	return f && f(fid, r);
}

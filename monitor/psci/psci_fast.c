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
 * IDs): PSCI_VERSION and MIGRATE_INFO_TYPE with their constant, PSCI_FEATURES
 * by a lookup of w1 among the IDs the monitor answers (features_about()
 * of each, the same features_of() as below), and NOT_SUPPORTED for an ID
 * that is none of them, which features_of() answers for every ID outside
 * PSCI's offered functions and SMCCC_VERSION. The rest: fast().
 */
static unsigned answer(uint32_t fid, int32_t *value)
{
	unsigned fn = secmon_fid_num(fid);

	if (!offered(fn, secmon_fid_is_smc64(fid)))
		return MON_ANSWER_FAST;
	switch (fn) {
	case SECMON_PSCI_FN_VERSION:
		*value = (int32_t)psci_version(0);
		return MON_ANSWER_VALUE;
	case SECMON_PSCI_FN_MIGRATE_INFO_TYPE:
		*value = (int32_t)migrate_info_type(0);
		return MON_ANSWER_VALUE;
	case SECMON_PSCI_FN_FEATURES:
		*value = SECMON_PSCI_NOT_SUPPORTED;
		return MON_ANSWER_LOOKUP;
	}
	return MON_ANSWER_FAST;
}

static int32_t features_about(uint32_t id)
{
	return features_of(id, false);
}

static bool fast(uint32_t fid, struct secmon_regs *r)
{
	unsigned fn = secmon_fid_num(fid);
	psci_fast_fn f;

	if (fn >= 32)
		return false;
	f = psci_fast_table[secmon_fid_is_smc64(fid)][fn];
	return f && f(fid, r);
}

const struct mon_fast_hook psci_fast_hook = {
	.handle = fast,
	.answer = answer,
	.about = features_about,
};

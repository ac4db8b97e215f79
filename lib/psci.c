// SPDX-License-Identifier: BSD-3-Clause
#include <secmon/client.h>

uint32_t secmon_psci_fid(const struct secmon_conduit *c, unsigned fn)
{
	if (!c->aarch32 && secmon_psci_fn_has_smc64(fn))
		return SECMON_PSCI_FN64(fn);
	return SECMON_PSCI_FN32(fn);
}

/* PSCI's error codes are the library's -1..-9; anything else is off-spec. */
static int psci_err(int32_t v)
{
	if (v >= SECMON_PSCI_INVALID_ADDRESS && v <= SECMON_PSCI_NOT_SUPPORTED)
		return v;
	return v == 0 ? SECMON_OK : SECMON_E_BAD_ANSWER;
}

static int32_t call(const struct secmon_conduit *c, unsigned fn, uint64_t a1, uint64_t a2,
		    uint64_t a3)
{
	return (int32_t)secmon_call3(c, secmon_psci_fid(c, fn), a1, a2, a3);
}

/* A call whose only answer is a status. */
static int status(const struct secmon_conduit *c, unsigned fn, uint64_t a1, uint64_t a2,
		  uint64_t a3)
{
	return psci_err(call(c, fn, a1, a2, a3));
}

/* A call that answers a non-negative value or an error. */
static int value(const struct secmon_conduit *c, unsigned fn, uint64_t a1, uint64_t a2, int *out)
{
	int32_t v = call(c, fn, a1, a2, 0);

	if (v < 0)
		return psci_err(v);
	*out = v;
	return SECMON_OK;
}

int secmon_psci_version(const struct secmon_conduit *c, uint32_t *version)
{
	int32_t v = call(c, SECMON_PSCI_FN_VERSION, 0, 0, 0);

	if (v < 0)
		return psci_err(v);
	*version = (uint32_t)v;
	return SECMON_OK;
}

int secmon_psci_cpu_suspend(const struct secmon_conduit *c, uint32_t power_state, uint64_t entry,
			    uint64_t context_id)
{
	return status(c, SECMON_PSCI_FN_CPU_SUSPEND, power_state, entry, context_id);
}

int secmon_psci_cpu_off(const struct secmon_conduit *c)
{
	return status(c, SECMON_PSCI_FN_CPU_OFF, 0, 0, 0);
}

int secmon_psci_cpu_on(const struct secmon_conduit *c, uint64_t target, uint64_t entry,
		       uint64_t context_id)
{
	return status(c, SECMON_PSCI_FN_CPU_ON, target, entry, context_id);
}

int secmon_psci_affinity_info(const struct secmon_conduit *c, uint64_t target,
			      unsigned lowest_level, int *state)
{
	return value(c, SECMON_PSCI_FN_AFFINITY_INFO, target, lowest_level, state);
}

int secmon_psci_migrate(const struct secmon_conduit *c, uint64_t target)
{
	return status(c, SECMON_PSCI_FN_MIGRATE, target, 0, 0);
}

int secmon_psci_migrate_info_type(const struct secmon_conduit *c, int *type)
{
	return value(c, SECMON_PSCI_FN_MIGRATE_INFO_TYPE, 0, 0, type);
}

int secmon_psci_migrate_info_up_cpu(const struct secmon_conduit *c, uint64_t *target)
{
	uint64_t v = secmon_call3(c, secmon_psci_fid(c, SECMON_PSCI_FN_MIGRATE_INFO_UP_CPU), 0, 0,
				  0);

	/* The answer is an MPIDR; only -1 and -2 in the low word are errors. */
	if ((int32_t)v == SECMON_PSCI_NOT_SUPPORTED || (int32_t)v == SECMON_PSCI_INVALID_PARAMETERS)
		return (int32_t)v;
	*target = c->aarch32 ? (uint32_t)v : v;
	return SECMON_OK;
}

int secmon_psci_system_off(const struct secmon_conduit *c)
{
	return status(c, SECMON_PSCI_FN_SYSTEM_OFF, 0, 0, 0);
}

int secmon_psci_system_reset(const struct secmon_conduit *c)
{
	return status(c, SECMON_PSCI_FN_SYSTEM_RESET, 0, 0, 0);
}

int secmon_psci_features(const struct secmon_conduit *c, uint32_t fid, uint32_t *flags)
{
	int32_t v = call(c, SECMON_PSCI_FN_FEATURES, fid, 0, 0);

	if (v < 0)
		return psci_err(v);
	*flags = (uint32_t)v;
	return SECMON_OK;
}

int secmon_psci_cpu_freeze(const struct secmon_conduit *c)
{
	return status(c, SECMON_PSCI_FN_CPU_FREEZE, 0, 0, 0);
}

int secmon_psci_cpu_default_suspend(const struct secmon_conduit *c, uint64_t entry,
				    uint64_t context_id)
{
	return status(c, SECMON_PSCI_FN_CPU_DEFAULT_SUSPEND, entry, context_id, 0);
}

int secmon_psci_node_hw_state(const struct secmon_conduit *c, uint64_t target, unsigned level,
			      int *state)
{
	return value(c, SECMON_PSCI_FN_NODE_HW_STATE, target, level, state);
}

int secmon_psci_system_suspend(const struct secmon_conduit *c, uint64_t entry,
			       uint64_t context_id)
{
	return status(c, SECMON_PSCI_FN_SYSTEM_SUSPEND, entry, context_id, 0);
}

int secmon_psci_set_suspend_mode(const struct secmon_conduit *c, unsigned mode)
{
	return status(c, SECMON_PSCI_FN_SET_SUSPEND_MODE, mode, 0, 0);
}

/*
 * The statistics calls answer an unsigned count and define no error codes,
 * but firmware without them answers NOT_SUPPORTED, -1 in the call's width:
 * a count no firmware reaches, taken as NOT_SUPPORTED.
 */
static int stat(const struct secmon_conduit *c, unsigned fn, uint64_t target,
		uint32_t power_state, uint64_t *out)
{
	uint64_t v = secmon_call3(c, secmon_psci_fid(c, fn), target, power_state, 0);

	if (c->aarch32)
		v = (uint32_t)v;
	if (v == (c->aarch32 ? SECMON_SMC_UNK32 : SECMON_SMC_UNK64))
		return SECMON_E_NOT_SUPPORTED;
	*out = v;
	return SECMON_OK;
}

int secmon_psci_stat_residency(const struct secmon_conduit *c, uint64_t target,
			       uint32_t power_state, uint64_t *residency)
{
	return stat(c, SECMON_PSCI_FN_STAT_RESIDENCY, target, power_state, residency);
}

int secmon_psci_stat_count(const struct secmon_conduit *c, uint64_t target, uint32_t power_state,
			   uint64_t *count)
{
	return stat(c, SECMON_PSCI_FN_STAT_COUNT, target, power_state, count);
}

int secmon_psci_system_reset2(const struct secmon_conduit *c, uint32_t reset_type,
			      uint64_t cookie)
{
	return status(c, SECMON_PSCI_FN_SYSTEM_RESET2, reset_type, cookie, 0);
}

int secmon_psci_system_off2(const struct secmon_conduit *c, uint32_t off_type, uint64_t cookie)
{
	return status(c, SECMON_PSCI_FN_SYSTEM_OFF2, off_type, cookie, 0);
}

int secmon_psci_mem_protect(const struct secmon_conduit *c, bool enable, bool *was_enabled)
{
	int32_t v = call(c, SECMON_PSCI_FN_MEM_PROTECT, enable, 0, 0);

	if (v < 0)
		return psci_err(v);
	*was_enabled = v != 0;
	return SECMON_OK;
}

int secmon_psci_mem_protect_check_range(const struct secmon_conduit *c, uint64_t base,
					uint64_t length)
{
	return status(c, SECMON_PSCI_FN_MEM_PROTECT_CHECK_RANGE, base, length, 0);
}

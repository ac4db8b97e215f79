// SPDX-License-Identifier: BSD-3-Clause
/*
 * The Arm architecture service (OEN 0): SMCCC_VERSION, ARCH_FEATURES,
 * ARCH_SOC_ID and the CPU errata workarounds.
 */
#include "../plat.h"
#include "arch_svc.h"

/*
 * SMCCC v1.5: x1-x17 arguments and results with everything else preserved
 * (v1.2), the SVE-live hint bit ignored rather than refused (v1.3), FP, SIMD,
 * SVE and SME state never touched (the monitor is general-registers only),
 * ARCH_FEATURE_AVAILABILITY (v1.5, SMC64 only) where the platform has EL3
 * registers. SOC_ID and the workarounds 3 and 4 are served as the platform
 * has them (docs/smccc.md).
 */
#define MON_SMCCC_VERSION SECMON_SMCCC_VERSION_MAKE(1, 5)

/* The same, for a platform's SMC fast path (it answers SMCCC_VERSION itself). */
const uint32_t mon_smccc_version = MON_SMCCC_VERSION;

#define SOC_ID_NAME_FID (SECMON_SMCCC_ARCH_SOC_ID | SECMON_FID_SMC64)
#define FEAT_AVAIL_FID (SECMON_SMCCC_ARCH_FEATURE_AVAILABILITY | SECMON_FID_SMC64)

/* ARCH_WORKAROUND_n's ID for n = 1..4. */
static const uint32_t workaround_fids[] = {
	SECMON_SMCCC_ARCH_WORKAROUND_1,
	SECMON_SMCCC_ARCH_WORKAROUND_2,
	SECMON_SMCCC_ARCH_WORKAROUND_3,
	SECMON_SMCCC_ARCH_WORKAROUND_4,
};

static unsigned workaround_index(uint32_t fid)
{
	unsigned i;

	for (i = 0; i < 4; i++)
		if (workaround_fids[i] == fid)
			return i + 1;
	return 0;
}

/* The platform's answer, the mask 0 on an error. */
static int32_t feature_availability(uint64_t reg, uint64_t *mask)
{
	int32_t ret;

	*mask = 0;
	ret = plat_feature_availability(reg, mask);
	if (ret != SECMON_SMCCC_SUCCESS)
		*mask = 0;
	return ret;
}

/* ARCH_FEATURES' answer for fid; an AArch32 caller has no SMC64 calls. */
static int32_t features(uint32_t fid, bool aarch32)
{
	unsigned wa = workaround_index(fid);
	uint64_t mask;

	if (aarch32 && secmon_fid_is_smc64(fid))
		return SECMON_SMCCC_NOT_SUPPORTED;
	if (wa)
		return plat_arch_workaround_state(wa);
	switch (fid) {
	case SECMON_SMCCC_VERSION:
	case SECMON_SMCCC_ARCH_FEATURES:
		return SECMON_SMCCC_SUCCESS;
	case SECMON_SMCCC_ARCH_SOC_ID:
		return mon_cfg.soc_version ? SECMON_SMCCC_SUCCESS : SECMON_SMCCC_NOT_SUPPORTED;
	case SOC_ID_NAME_FID:
		return mon_cfg.soc_name ? SECMON_SMCCC_SUCCESS : SECMON_SMCCC_NOT_SUPPORTED;
	case FEAT_AVAIL_FID:
		/* Offered where the platform has EL3 registers: SCR_EL3 it must report. */
		return feature_availability(SECMON_FEAT_AVAIL_SCR_EL3, &mask) ==
		       SECMON_SMCCC_NOT_SUPPORTED ? SECMON_SMCCC_NOT_SUPPORTED : SECMON_SMCCC_SUCCESS;
	default:
		return SECMON_SMCCC_NOT_SUPPORTED;
	}
}

bool arch_svc_has(uint32_t fid)
{
	return features(fid, false) >= 0;
}

/* The SoC name as SOC_ID returns it: NUL-padded, at most 135 characters. */
static char soc_name_copy[8 * (SECMON_NREGS - 1)];

MON_COLD_BOOT void arch_svc_init(void)
{
	const char *s = mon_cfg.soc_name;
	unsigned i;

	if (!s)
		return;
	for (i = 0; i < sizeof(soc_name_copy) - 1 && s[i]; i++)
		soc_name_copy[i] = s[i];
	for (; i < sizeof(soc_name_copy); i++)
		soc_name_copy[i] = 0;
	mon_cfg.soc_name = soc_name_copy;
}

/* The SoC name, 8 bytes per register in x1-x17. */
static void soc_name(struct mon_call *c)
{
	const char *s = soc_name_copy;

	for (unsigned n = 1; n < SECMON_NREGS; n++)
		c->r->x[n] = 0;
	for (unsigned i = 0; i < sizeof(soc_name_copy) && s[i]; i++)
		c->r->x[1 + i / 8] |= (uint64_t)(uint8_t)s[i] << (8 * (i % 8));
	mon_ret(c, 0, SECMON_SMCCC_SUCCESS);
}

static bool soc_id(struct mon_call *c)
{
	uint64_t which = mon_arg(c, 1);

	if (c->smc64) {
		if (!mon_cfg.soc_name)
			return false;
		if (which != SECMON_SOC_ID_NAME) {
			mon_ret(c, 0, SECMON_SMCCC_INVALID_PARAMETER);
			return true;
		}
		soc_name(c);
		return true;
	}
	if (!mon_cfg.soc_version)
		return false;
	if (which == SECMON_SOC_ID_VERSION)
		mon_ret(c, 0, mon_cfg.soc_version);
	else if (which == SECMON_SOC_ID_REVISION)
		mon_ret(c, 0, mon_cfg.soc_revision);
	else
		mon_ret(c, 0, SECMON_SMCCC_INVALID_PARAMETER);
	return true;
}

/* ARCH_FEATURE_AVAILABILITY: x0 the status, x1 the bitmask (0 on an error). */
static bool feature_availability_call(struct mon_call *c)
{
	uint64_t mask;
	int32_t ret = feature_availability(mon_arg(c, 1), &mask);

	if (ret == SECMON_SMCCC_NOT_SUPPORTED)
		return false;
	mon_ret(c, 0, ret);
	mon_ret(c, 1, (int64_t)mask);
	return true;
}

/*
 * ARCH_WORKAROUND_n; false when it is not offered. On a CPU that does not
 * need it (ARCH_FEATURES answers 1) the call is offered and does nothing.
 */
static bool workaround(uint32_t fid, uint64_t arg)
{
	unsigned wa = workaround_index(fid);
	int32_t state;

	if (!wa)
		return false;
	state = plat_arch_workaround_state(wa);
	if (state < 0)
		return false;
	if (state == SECMON_SMCCC_SUCCESS)
		plat_arch_workaround(wa, arg);
	return true;
}

/*
 * mon_smc_fast()'s share: ARCH_FEATURES and the workarounds, whose only
 * result is x0 (the workarounds have none: x0 comes back as it was).
 */
bool arch_svc_fast(uint32_t fid, struct secmon_regs *r)
{
	fid &= ~SECMON_FID_SVE_HINT;
	if (fid == SECMON_SMCCC_ARCH_FEATURES) {
		r->x[0] = mon_ret32(features((uint32_t)r->x[1], false));
		return true;
	}
	return workaround(fid, (uint32_t)r->x[1]);
}

bool arch_svc_handle(struct mon_call *c)
{
	switch (c->fid) {
	case SECMON_SMCCC_VERSION:
		mon_ret(c, 0, MON_SMCCC_VERSION);
		return true;
	case SECMON_SMCCC_ARCH_FEATURES:
		mon_ret(c, 0, features((uint32_t)mon_arg(c, 1), c->caller->aarch32));
		return true;
	case SECMON_SMCCC_ARCH_SOC_ID:
	case SOC_ID_NAME_FID:
		return soc_id(c);
	case FEAT_AVAIL_FID:
		return feature_availability_call(c);
	}
	/* The workaround calls have no result: every register is preserved. */
	return workaround(c->fid, mon_arg(c, 1));
}

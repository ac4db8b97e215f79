// SPDX-License-Identifier: BSD-3-Clause
#include <secmon/client.h>

uint64_t secmon_call3(const struct secmon_conduit *c, uint32_t fid, uint64_t a1, uint64_t a2,
		      uint64_t a3)
{
	struct secmon_regs in = { .x = { fid, a1, a2, a3 } };
	struct secmon_regs out;

	secmon_invoke(c, &in, &out);
	return out.x[0];
}

/* Maps an SMCCC architecture-call answer onto the library's error type. */
static int arch_err(int32_t v)
{
	switch (v) {
	case SECMON_SMCCC_NOT_SUPPORTED:
		return SECMON_E_NOT_SUPPORTED;
	case SECMON_SMCCC_NOT_REQUIRED:
		return SECMON_E_NOT_REQUIRED;
	case SECMON_SMCCC_INVALID_PARAMETER:
		return SECMON_E_INVALID_PARAMETERS;
	default:
		return SECMON_E_BAD_ANSWER;
	}
}

int secmon_smccc_version(const struct secmon_conduit *c, uint32_t *version)
{
	int32_t v = (int32_t)secmon_call3(c, SECMON_SMCCC_VERSION, 0, 0, 0);

	if (v == SECMON_SMCCC_NOT_SUPPORTED) {
		*version = SECMON_SMCCC_VERSION_1_0;
		return SECMON_OK;
	}
	if (v < (int32_t)SECMON_SMCCC_VERSION_1_1)
		return SECMON_E_BAD_ANSWER;
	*version = (uint32_t)v;
	return SECMON_OK;
}

int secmon_smccc_arch_features(const struct secmon_conduit *c, uint32_t fid, uint32_t *answer)
{
	int32_t v = (int32_t)secmon_call3(c, SECMON_SMCCC_ARCH_FEATURES, fid, 0, 0);

	if (v < 0)
		return arch_err(v);
	*answer = (uint32_t)v;
	return SECMON_OK;
}

static int soc_id_word(const struct secmon_conduit *c, unsigned which, uint32_t *out)
{
	int32_t v = (int32_t)secmon_call3(c, SECMON_SMCCC_ARCH_SOC_ID, which, 0, 0);

	if (v < 0)
		return arch_err(v);
	*out = (uint32_t)v;
	return SECMON_OK;
}

/* The name comes NUL-padded in x1-x17 of the SMC64 call, 8 bytes each. */
static void soc_id_name(const struct secmon_conduit *c, struct secmon_soc_id *id)
{
	struct secmon_regs in = { .x = { SECMON_SMCCC_ARCH_SOC_ID | SECMON_FID_SMC64,
					 SECMON_SOC_ID_NAME } };
	struct secmon_regs out;
	unsigned i;

	id->has_name = false;
	id->name[0] = '\0';
	if (c->aarch32)
		return;
	secmon_invoke(c, &in, &out);
	if ((uint32_t)out.x[0] != 0)
		return;
	for (i = 0; i < SECMON_SOC_NAME_MAX; i++)
		id->name[i] = (char)(out.x[1 + i / 8] >> (8 * (i % 8)));
	id->name[SECMON_SOC_NAME_MAX] = '\0';
	for (i = 0; i < SECMON_SOC_NAME_MAX; i++)
		if (id->name[i] == '\0')
			break;
	/* An unterminated or empty name is not a name. */
	id->has_name = i > 0 && i < SECMON_SOC_NAME_MAX;
	if (!id->has_name)
		id->name[0] = '\0';
}

int secmon_smccc_soc_id(const struct secmon_conduit *c, struct secmon_soc_id *id)
{
	int err = soc_id_word(c, SECMON_SOC_ID_VERSION, &id->version);

	if (!err)
		err = soc_id_word(c, SECMON_SOC_ID_REVISION, &id->revision);
	if (err)
		return err;
	soc_id_name(c, id);
	return SECMON_OK;
}

int secmon_probe(const struct secmon_conduit *c, struct secmon_fw_info *info)
{
	uint32_t flags;
	int err;

	info->psci_version = 0;
	info->smccc_version = SECMON_SMCCC_VERSION_1_0;
	info->has_soc_id = false;

	if (secmon_psci_version(c, &info->psci_version) != SECMON_OK)
		info->psci_version = 0;
	/* SMCCC_VERSION may only be called once PSCI_FEATURES says it exists. */
	if (info->psci_version < SECMON_PSCI_VERSION_MAKE(1, 0) ||
	    secmon_psci_features(c, SECMON_SMCCC_VERSION, &flags) != SECMON_OK)
		return SECMON_OK;
	err = secmon_smccc_version(c, &info->smccc_version);
	if (err)
		return err;
	if (info->smccc_version < SECMON_SMCCC_VERSION_1_2 ||
	    secmon_smccc_arch_features(c, SECMON_SMCCC_ARCH_SOC_ID, &flags) != SECMON_OK)
		return SECMON_OK;
	err = secmon_smccc_soc_id(c, &info->soc_id);
	if (err)
		return err;
	info->has_soc_id = true;
	return SECMON_OK;
}

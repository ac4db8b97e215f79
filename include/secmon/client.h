/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The calling side: SMCCC discovery and typed PSCI 1.1 wrappers over any
 * conduit. Every function returns SECMON_OK or a negative SECMON_E_* value
 * and writes its answer through an out pointer.
 */
#ifndef SECMON_CLIENT_H
#define SECMON_CLIENT_H

#include <stdbool.h>
#include <stdint.h>
#include <secmon/conduit.h>
#include <secmon/error.h>
#include <secmon/psci.h>
#include <secmon/smccc.h>

/* One call with up to three arguments; x0 of the answer is returned. */
uint64_t secmon_call3(const struct secmon_conduit *c, uint32_t fid, uint64_t a1, uint64_t a2,
		      uint64_t a3);

/* SMCCC discovery. */
int secmon_smccc_version(const struct secmon_conduit *c, uint32_t *version);
int secmon_smccc_arch_features(const struct secmon_conduit *c, uint32_t fid, uint32_t *answer);

#define SECMON_SOC_NAME_MAX 136

struct secmon_soc_id {
	uint32_t version;	/* JEP-106 bank 30:24, JEP-106 code 23:16, SoC 15:0 */
	uint32_t revision;
	bool has_name;
	char name[SECMON_SOC_NAME_MAX + 1];
};

int secmon_smccc_soc_id(const struct secmon_conduit *c, struct secmon_soc_id *id);

/*
 * TRNG (DEN0098). The version: SECMON_E_NOT_SUPPORTED when the firmware has
 * no TRNG. Entropy: `bits` (1..192; 1..96 on an AArch32 conduit, which makes
 * TRNG_RND32) into out[0..2], the least significant 64 bits in out[0], every
 * bit above `bits` zero. SECMON_E_NO_ENTROPY: the source had none to give
 * now; SECMON_E_BAD_ANSWER: the firmware set bits above the count, or
 * answered a status TRNG does not have.
 */
int secmon_trng_version(const struct secmon_conduit *c, uint32_t *version);
int secmon_trng_rnd(const struct secmon_conduit *c, unsigned bits, uint64_t out[3]);

/*
 * What the firmware offers, found in the order Linux uses:
 * PSCI_VERSION, PSCI_FEATURES(SMCCC_VERSION), SMCCC_VERSION,
 * SMCCC_ARCH_FEATURES(SOC_ID), SOC_ID.
 */
struct secmon_fw_info {
	uint32_t psci_version;	/* 0 when PSCI is absent */
	uint32_t smccc_version;	/* SECMON_SMCCC_VERSION_1_0 when not discoverable */
	bool has_soc_id;
	struct secmon_soc_id soc_id;
};

int secmon_probe(const struct secmon_conduit *c, struct secmon_fw_info *info);

/*
 * PSCI. On an AArch64 conduit the SMC64 form of a function is used where
 * one exists; on an AArch32 conduit the SMC32 form.
 */
uint32_t secmon_psci_fid(const struct secmon_conduit *c, unsigned fn);

int secmon_psci_version(const struct secmon_conduit *c, uint32_t *version);
int secmon_psci_cpu_suspend(const struct secmon_conduit *c, uint32_t power_state, uint64_t entry,
			    uint64_t context_id);
int secmon_psci_cpu_off(const struct secmon_conduit *c);
int secmon_psci_cpu_on(const struct secmon_conduit *c, uint64_t target, uint64_t entry,
		       uint64_t context_id);
int secmon_psci_affinity_info(const struct secmon_conduit *c, uint64_t target,
			      unsigned lowest_level, int *state);
int secmon_psci_migrate(const struct secmon_conduit *c, uint64_t target);
int secmon_psci_migrate_info_type(const struct secmon_conduit *c, int *type);
int secmon_psci_migrate_info_up_cpu(const struct secmon_conduit *c, uint64_t *target);
int secmon_psci_system_off(const struct secmon_conduit *c);
int secmon_psci_system_reset(const struct secmon_conduit *c);
int secmon_psci_features(const struct secmon_conduit *c, uint32_t fid, uint32_t *flags);
int secmon_psci_cpu_freeze(const struct secmon_conduit *c);
int secmon_psci_cpu_default_suspend(const struct secmon_conduit *c, uint64_t entry,
				    uint64_t context_id);
int secmon_psci_node_hw_state(const struct secmon_conduit *c, uint64_t target, unsigned level,
			      int *state);
int secmon_psci_system_suspend(const struct secmon_conduit *c, uint64_t entry,
			       uint64_t context_id);
int secmon_psci_set_suspend_mode(const struct secmon_conduit *c, unsigned mode);
int secmon_psci_stat_residency(const struct secmon_conduit *c, uint64_t target,
			       uint32_t power_state, uint64_t *residency);
int secmon_psci_stat_count(const struct secmon_conduit *c, uint64_t target, uint32_t power_state,
			   uint64_t *count);
int secmon_psci_system_reset2(const struct secmon_conduit *c, uint32_t reset_type,
			      uint64_t cookie);
int secmon_psci_mem_protect(const struct secmon_conduit *c, bool enable, bool *was_enabled);
int secmon_psci_mem_protect_check_range(const struct secmon_conduit *c, uint64_t base,
					uint64_t length);
/* PSCI 1.3: off_type SECMON_PSCI_OFF2_HIBERNATE; cookie 0. Returns only on an error. */
int secmon_psci_system_off2(const struct secmon_conduit *c, uint32_t off_type, uint64_t cookie);

#endif

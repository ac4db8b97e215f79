/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Arm SMC Calling Convention (DEN0028): function-ID layout, return codes and
 * the Arm architecture service. Shared by the calling library and the monitor.
 * Freestanding: needs only <stdint.h> and <stdbool.h>.
 */
#ifndef SECMON_SMCCC_H
#define SECMON_SMCCC_H

#include <stdbool.h>
#include <stdint.h>

/* x0-x17; an AArch32 caller has r0-r12 (low words) and the rest zero. */
#define SECMON_NREGS 18

struct secmon_regs {
	uint64_t x[SECMON_NREGS];
};

/* Function-ID fields. */
#define SECMON_FID_FAST		0x80000000u	/* bit 31: fast call */
#define SECMON_FID_SMC64	0x40000000u	/* bit 30: SMC64 */
#define SECMON_FID_OEN_SHIFT	24		/* bits 29:24 */
#define SECMON_FID_OEN_MASK	0x3fu
#define SECMON_FID_MBZ		0x00fe0000u	/* bits 23:17, zero in fast calls */
#define SECMON_FID_SVE_HINT	0x00010000u	/* bit 16: no live SVE state (v1.3) */
#define SECMON_FID_NUM_MASK	0xffffu

enum secmon_oen {
	SECMON_OEN_ARCH = 0,
	SECMON_OEN_CPU = 1,
	SECMON_OEN_SIP = 2,
	SECMON_OEN_OEM = 3,
	SECMON_OEN_STD = 4,
	SECMON_OEN_STD_HYP = 5,
	SECMON_OEN_VEN_HYP = 6,
	SECMON_OEN_VEN_EL3 = 7,
	SECMON_OEN_TAPP_FIRST = 48,
	SECMON_OEN_TAPP_LAST = 49,
	SECMON_OEN_TOS_FIRST = 50,
	SECMON_OEN_TOS_LAST = 63,
};

static inline uint32_t secmon_fid(bool fast, bool smc64, unsigned oen, unsigned num)
{
	return (fast ? SECMON_FID_FAST : 0) | (smc64 ? SECMON_FID_SMC64 : 0) |
	       ((oen & SECMON_FID_OEN_MASK) << SECMON_FID_OEN_SHIFT) |
	       (num & SECMON_FID_NUM_MASK);
}

static inline bool secmon_fid_is_fast(uint32_t fid)
{
	return (fid & SECMON_FID_FAST) != 0;
}

static inline bool secmon_fid_is_smc64(uint32_t fid)
{
	return (fid & SECMON_FID_SMC64) != 0;
}

static inline unsigned secmon_fid_oen(uint32_t fid)
{
	return (fid >> SECMON_FID_OEN_SHIFT) & SECMON_FID_OEN_MASK;
}

static inline unsigned secmon_fid_num(uint32_t fid)
{
	return fid & SECMON_FID_NUM_MASK;
}

/* Function numbers every service range answers. */
#define SECMON_FN_CALL_COUNT	0xff00u
#define SECMON_FN_CALL_UID	0xff01u
#define SECMON_FN_REVISION	0xff03u

/* Return codes. SMC_UNK is -1 in the width of the call. */
#define SECMON_SMC_UNK32	0xffffffffu
#define SECMON_SMC_UNK64	0xffffffffffffffffull
#define SECMON_SMCCC_SUCCESS		0
#define SECMON_SMCCC_NOT_SUPPORTED	(-1)
#define SECMON_SMCCC_NOT_REQUIRED	(-2)
#define SECMON_SMCCC_INVALID_PARAMETER	(-3)

/* Arm architecture service (OEN 0). */
#define SECMON_SMCCC_VERSION			0x80000000u
#define SECMON_SMCCC_ARCH_FEATURES		0x80000001u
#define SECMON_SMCCC_ARCH_SOC_ID		0x80000002u
#define SECMON_SMCCC_ARCH_FEATURE_AVAILABILITY	0x80000003u
#define SECMON_SMCCC_ARCH_WORKAROUND_1		0x80008000u
#define SECMON_SMCCC_ARCH_WORKAROUND_2		0x80007fffu
#define SECMON_SMCCC_ARCH_WORKAROUND_3		0x80003fffu
#define SECMON_SMCCC_ARCH_WORKAROUND_4		0x80000004u

#define SECMON_SOC_ID_VERSION	0
#define SECMON_SOC_ID_REVISION	1
#define SECMON_SOC_ID_NAME	2

/* SMCCC_VERSION answers: major in bits 30:16, minor in 15:0. */
#define SECMON_SMCCC_VERSION_MAKE(maj, min) ((uint32_t)(((maj) << 16) | (min)))
#define SECMON_SMCCC_VERSION_1_0 SECMON_SMCCC_VERSION_MAKE(1, 0)
#define SECMON_SMCCC_VERSION_1_1 SECMON_SMCCC_VERSION_MAKE(1, 1)
#define SECMON_SMCCC_VERSION_1_2 SECMON_SMCCC_VERSION_MAKE(1, 2)
#define SECMON_SMCCC_VERSION_1_5 SECMON_SMCCC_VERSION_MAKE(1, 5)

/* SOC_ID version word fields. */
static inline uint32_t secmon_soc_id_version(unsigned jep106_bank, unsigned jep106_id,
					     unsigned soc_id)
{
	return ((uint32_t)(jep106_bank & 0x7f) << 24) | ((uint32_t)(jep106_id & 0xff) << 16) |
	       (soc_id & 0xffffu);
}

#endif

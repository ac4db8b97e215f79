/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Arm SMC Calling Convention (DEN0028): function-ID layout, return codes and
 * the Arm architecture service. Shared by the calling library and the monitor.
 * Freestanding: needs only <stdint.h> and <stdbool.h>. Assembly may include
 * it for the constants.
 */
#ifndef SECMON_SMCCC_H
#define SECMON_SMCCC_H

/* An unsigned constant in C (as 0x...u), a plain number for the assembler. */
#ifdef __ASSEMBLER__
#define SECMON_U(x)	(x)
#define SECMON_ULL(x)	(x)
#else
#include <stdbool.h>
#include <stdint.h>
#define SECMON_U(x)	((unsigned)(x))
#define SECMON_ULL(x)	((unsigned long long)(x))
#endif

/* x0-x17; an AArch32 caller has r0-r12 (low words) and the rest zero. */
#define SECMON_NREGS 18

#ifndef __ASSEMBLER__
struct secmon_regs {
	uint64_t x[SECMON_NREGS];
};
#endif

/* Function-ID fields. */
#define SECMON_FID_FAST		SECMON_U(0x80000000)	/* bit 31: fast call */
#define SECMON_FID_SMC64	SECMON_U(0x40000000)	/* bit 30: SMC64 */
#define SECMON_FID_OEN_SHIFT	24		/* bits 29:24 */
#define SECMON_FID_OEN_MASK	SECMON_U(0x3f)
#define SECMON_FID_MBZ		SECMON_U(0x00fe0000)	/* bits 23:17, zero in fast calls */
#define SECMON_FID_SVE_HINT	SECMON_U(0x00010000)	/* bit 16: no live SVE state (v1.3) */
#define SECMON_FID_NUM_MASK	SECMON_U(0xffff)

#ifndef __ASSEMBLER__
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

#endif

/* Function numbers every service range answers. */
#define SECMON_FN_CALL_COUNT	SECMON_U(0xff00)
#define SECMON_FN_CALL_UID	SECMON_U(0xff01)
#define SECMON_FN_REVISION	SECMON_U(0xff03)

/* Return codes. SMC_UNK is -1 in the width of the call. */
#define SECMON_SMC_UNK32	SECMON_U(0xffffffff)
#define SECMON_SMC_UNK64	SECMON_ULL(0xffffffffffffffff)
#define SECMON_SMCCC_SUCCESS		0
#define SECMON_SMCCC_NOT_SUPPORTED	(-1)
#define SECMON_SMCCC_NOT_REQUIRED	(-2)
#define SECMON_SMCCC_INVALID_PARAMETER	(-3)

/* Arm architecture service (OEN 0). */
#define SECMON_SMCCC_VERSION			SECMON_U(0x80000000)
#define SECMON_SMCCC_ARCH_FEATURES		SECMON_U(0x80000001)
#define SECMON_SMCCC_ARCH_SOC_ID		SECMON_U(0x80000002)
#define SECMON_SMCCC_ARCH_FEATURE_AVAILABILITY	SECMON_U(0x80000003)
#define SECMON_SMCCC_ARCH_WORKAROUND_1		SECMON_U(0x80008000)
#define SECMON_SMCCC_ARCH_WORKAROUND_2		SECMON_U(0x80007fff)
#define SECMON_SMCCC_ARCH_WORKAROUND_3		SECMON_U(0x80003fff)
#define SECMON_SMCCC_ARCH_WORKAROUND_4		SECMON_U(0x80000004)

/*
 * SMCCC_ARCH_FEATURE_AVAILABILITY (SMCCC 1.5, DEN0028 7.8) exists as SMC64
 * only (ID 0xC0000003, the number above | SECMON_FID_SMC64). x1 names an EL3
 * system register by its MRS encoding, op0 << 19 | op1 << 16 | CRn << 12 |
 * CRm << 8 | op2 << 5; x1 returns the features that register enables for
 * the lower ELs, one bit per enable bit, 1 = enabled (trap bits inverted).
 */
#define SECMON_FEAT_AVAIL_SCR_EL3	SECMON_U(0x1e1100)	/* S3_6_C1_C1_0 */
#define SECMON_FEAT_AVAIL_CPTR_EL3	SECMON_U(0x1e1140)	/* S3_6_C1_C1_2 */
#define SECMON_FEAT_AVAIL_MDCR_EL3	SECMON_U(0x1e1320)	/* S3_6_C1_C3_1 */
#define SECMON_FEAT_AVAIL_MPAM3_EL3	SECMON_U(0x1ea500)	/* S3_6_C10_C5_0 */

#define SECMON_SOC_ID_VERSION	0
#define SECMON_SOC_ID_REVISION	1
#define SECMON_SOC_ID_NAME	2

/* SMCCC_VERSION answers: major in bits 30:16, minor in 15:0. */
#define SECMON_SMCCC_VERSION_MAKE(maj, min) ((uint32_t)(((maj) << 16) | (min)))
#define SECMON_SMCCC_VERSION_1_0 SECMON_SMCCC_VERSION_MAKE(1, 0)
#define SECMON_SMCCC_VERSION_1_1 SECMON_SMCCC_VERSION_MAKE(1, 1)
#define SECMON_SMCCC_VERSION_1_2 SECMON_SMCCC_VERSION_MAKE(1, 2)
#define SECMON_SMCCC_VERSION_1_5 SECMON_SMCCC_VERSION_MAKE(1, 5)

#ifndef __ASSEMBLER__
/* SOC_ID version word fields. */
static inline uint32_t secmon_soc_id_version(unsigned jep106_bank, unsigned jep106_id,
					     unsigned soc_id)
{
	return ((uint32_t)(jep106_bank & 0x7f) << 24) | ((uint32_t)(jep106_id & 0xff) << 16) |
	       (soc_id & 0xffffu);
}
#endif

#endif

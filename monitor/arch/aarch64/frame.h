/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The per-CPU frame that SP_EL3 points at while a CPU runs the normal world.
 * The SMC path saves the caller's x0-x17 straight into `regs` (which is the
 * struct secmon_regs that mon_smc() gets), so offsets are fixed here for the
 * assembly; frame.c checks them against the C layout.
 */
#ifndef SECMON_A64_FRAME_H
#define SECMON_A64_FRAME_H

#include <secmon/smccc.h>

#define FR_REGS		0	/* struct secmon_regs: x0..x17 */
#define FR_X30		144	/* caller's x30 across the C call */
#define FR_CPU		152	/* this CPU's index */
#define FR_CALLER	160	/* struct mon_caller for an AArch64 caller */
#define FR_CALLER_MODE	168	/* .mode of it: the caller's SPSR_EL3 */
#define FR_CALLER32	176	/* struct mon_caller for an AArch32 caller */
#define FR_CALLER32_MODE 184
#define FR_A32_SAVE	192	/* AArch32 caller's x13..x17 (banked SPs and LRs) */
#define FR_ROUTES	232	/* mon_routes, for the SMC fast path */
#define FR_WA1		240	/* ARCH_WORKAROUND_1 from the vector: its code (workaround.c) */
#define FR_WA3		248	/* ARCH_WORKAROUND_3 */
#define FR_PMCR		256	/* the caller's PMCR_EL0 while the monitor runs; 0: untouched */
#define FR_PMU_DP	264	/* nonzero: hide EL3 from the cycle counter with PMCR_EL0.DP */
#define FR_TRACE	272	/* nonzero: recording is on, every SMC goes to mon_smc() (trace.c) */
#define FR_TOS		280	/* this CPU's struct a64_tos_ctx while the fast path may enter a trusted OS (tos.c), else 0; beside FR_TRACE (one ldp) */
#define FR_WA_OWN	288	/* this CPU's own wa1, wa3 while recording switches them (trace.c) */
#define FR_END		304

/* The frame's room at the top of each CPU's stack: SP_EL3 points at its start. */
#define ARCH_FRAME_SIZE	0x130

#define FR_PMCR_DP	(1 << 5)

/* For the SMC fast path in vectors.S; frame.c checks them against the C side. */
#define FR_ROUTE_MULT	0		/* struct mon_route (monitor.h): .mult, .shift */
#define FR_ROUTE_SLOTS	8		/* .slots */
#define FR_ROUTE_FAST	16		/* .fast */
#define FR_ROUTE_ALL	24		/* .all */
#define FR_ROUTE_ANSWERS 32		/* .answers */
#define FR_ROUTE_SHIFT	6		/* its size, 1 << 6 */
#define FR_ANS_HOW	0		/* struct mon_answer: .how */
#define FR_ANS_VALUE	4		/* .value */
#define FR_ANS_ABOUT	8		/* .about */
#define FR_ANS_CHECK	12		/* .check */
#define FR_ANS_SHIFT	4		/* its size, 1 << 4 */
#define FR_HOW_FAST	0		/* MON_ANSWER_FAST, _VALUE, _LOOKUP, _CHECK */
#define FR_HOW_VALUE	2
#define FR_HOW_LOOKUP	3
#define FR_HOW_CHECK	4
#define FR_CHECK_MULT	0		/* struct mon_check: .mult, .shift */
#define FR_CHECK_SLOTS	8		/* .slots */
#define FR_CHECK_SHIFT	4		/* its size, 1 << 4 */
/* The function IDs vectors.S tests, stated in <secmon/smccc.h>. */
#define FR_FID_SMC64	SECMON_FID_SMC64
#define FR_FID_MBZ	SECMON_FID_MBZ
#define FR_FID_SMCCC_VERSION SECMON_SMCCC_VERSION
#define FR_FID_WA1	SECMON_SMCCC_ARCH_WORKAROUND_1
#define FR_FID_WA3	SECMON_SMCCC_ARCH_WORKAROUND_3
#define FR_OEN_TOS_FIRST 50		/* SECMON_OEN_TOS_FIRST (frame.c) */

#ifdef __ASSEMBLER__
/*
 * \op (stp or ldp) of x4-x17 and the frame's struct secmon_regs, SP the
 * frame: what a C call needs saved beyond x0-x3, and its reload.
 */
	.macro	frame_x4_x17 op
	\op	x4, x5, [sp, #FR_REGS + 32]
	\op	x6, x7, [sp, #FR_REGS + 48]
	\op	x8, x9, [sp, #FR_REGS + 64]
	\op	x10, x11, [sp, #FR_REGS + 80]
	\op	x12, x13, [sp, #FR_REGS + 96]
	\op	x14, x15, [sp, #FR_REGS + 112]
	\op	x16, x17, [sp, #FR_REGS + 128]
	.endm
#else
#include <stdint.h>
#include <secmon/smccc.h>
#include "../../monitor.h"

struct arch_frame {
	struct secmon_regs regs;
	uint64_t x30;
	uint64_t cpu;
	struct mon_caller caller;
	struct mon_caller caller32;
	uint64_t a32_save[5];
	struct mon_route *routes;
	uintptr_t wa1, wa3;
	uint64_t pmcr;
	uint64_t pmu_dp;
	uint64_t trace;
	void *tos;
	uintptr_t wa_own[2];
};
#endif

#endif

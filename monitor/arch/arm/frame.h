/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The per-CPU frame at the top of each CPU's secure stack; SP_mon points at
 * it while the CPU runs the normal world. An SMC (or a stray FIQ) saves the
 * caller's r0-r12 into `r` with one stm, and LR_mon and SPSR_mon beside
 * them; the C code below the frame uses the rest of the stack. Offsets are
 * fixed here for the assembly; frame.c checks them against the C layout.
 */
#ifndef QV_FRAME_H
#define QV_FRAME_H

#include <secmon/smccc.h>

#define FR_R		0	/* the caller's r0..r12 */
#define FR_LR		52	/* LR_mon: where the caller resumes */
#define FR_SPSR		56	/* SPSR_mon: the caller's CPSR */
#define FR_CPU		60	/* this CPU's index */
#define FR_CALLER	64	/* struct mon_caller: aarch32 (8), mode (8) */
#define FR_GIC_TARGET	80	/* GICv2 CPU-interface bit of this CPU */
#define FR_PMCR		84	/* the caller's PMCR while the monitor runs; 0: untouched */
#define FR_WA1		88	/* ARCH_WORKAROUND_1 from the vector: its code (workaround.c) */
#define FR_WA3		92	/* ARCH_WORKAROUND_3 */
#define FR_WA_OWN	96	/* this CPU's own wa1, wa3 while recording switches them (trace.c) */
#define FR_TRACE_READY	104	/* QV_TRACE_READY once this CPU's reset set the two up */
#define FR_END		112	/* a word of padding: struct mon_caller is 8-byte aligned */

#ifndef __ASSEMBLER__
#include <stdint.h>
#include "../../monitor.h"

struct qv_frame {
	uint32_t r[13];
	uint32_t lr;
	uint32_t spsr;
	uint32_t cpu;
	struct mon_caller caller;
	uint32_t gic_target;
	uint32_t pmcr;
	uint32_t wa1, wa3;
	uint32_t wa_own[2];
	uint32_t trace_ready;
	uint32_t pad;
};

struct qv_frame *qv_frame_of(unsigned cpu);
#endif

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The per-CPU frame at the top of each CPU's secure stack; SP_mon points at
 * it while the CPU runs the normal world. An SMC (or a stray FIQ) saves the
 * caller's r0-r12 into `r` with one stm, and LR_mon and SPSR_mon beside
 * them; the C code below the frame uses the rest of the stack. Offsets are
 * fixed here for the assembly; frame.c checks them against the C layout.
 */
#ifndef SECMON_A32_FRAME_H
#define SECMON_A32_FRAME_H

#include <secmon/smccc.h>

#define FR_R		0	/* the caller's r0..r12 */
#define FR_LR		52	/* LR_mon: where the caller resumes */
#define FR_SPSR		56	/* SPSR_mon: the caller's CPSR */
#define FR_CPU		60	/* this CPU's index */
#define FR_CALLER	64	/* struct mon_caller: aarch32 (8), mode (8) */
#define FR_PMCR		80	/* the caller's PMCR while the monitor runs; 0: untouched */
#define FR_WA1		84	/* ARCH_WORKAROUND_1 from the vector: its code (workaround.c) */
#define FR_WA3		88	/* ARCH_WORKAROUND_3 */
#define FR_WA_OWN	92	/* this CPU's own wa1, wa3 while recording switches them (trace.c) */
#define FR_END		104	/* a word of padding: struct mon_caller is 8-byte aligned */

/* The frame's room at the top of each CPU's stack: SP_mon points at its start. */
#define ARCH_FRAME_SIZE	0x80

#ifndef __ASSEMBLER__
#include <stdint.h>
#include "../../monitor.h"

struct arch_frame {
	uint32_t r[13];
	uint32_t lr;
	uint32_t spsr;
	uint32_t cpu;
	struct mon_caller caller;
	uint32_t pmcr;
	uintptr_t wa1, wa3;
	uintptr_t wa_own[2];
	uint32_t pad;
};
#endif

#endif

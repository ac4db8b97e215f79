/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SMCCC_ARCH_WORKAROUND_1..4 on the emulated ARMv7 cores, by MIDR (ARMv7
 * has no ID register fields for these); the decision and what runs are
 * monitor/arch/workaround.c's.
 * Cortex-A15: branch-target injection and branch history are mitigated by
 * ICIALLU, which invalidates the branch predictor because the monitor sets
 * ACTLR.IBE (cpu.c), after a loop of 8 taken branches for the history (the
 * sequence Linux uses on this core); no speculative store bypass.
 * Cortex-A7: none of these. Other parts: not supported.
 */
#ifndef SECMON_A32_WORKAROUND_H
#define SECMON_A32_WORKAROUND_H

#include <stdint.h>
#include "../arch.h"

/* The vector's code for WORKAROUND_1 and _3 (vectors.S). */
extern char a32_wa_a15_bp[], a32_wa_a15_bhb[];

#define IMPLEMENTED ARCH_WA_IMPLEMENTED
#define UNAFFECTED ARCH_WA_UNAFFECTED
#define NOT_SUPPORTED ARCH_WA_NOT_SUPPORTED

static const struct arch_cpu_part arch_cpu_parts[] = {
	{ MIDR_CORTEX_A7, { UNAFFECTED, UNAFFECTED, UNAFFECTED, NOT_SUPPORTED }, 0, 0, 0 },
	/* A15: a32_wa_a15_bhb's eight branches are bhb_loop. */
	{ MIDR_CORTEX_A15, { IMPLEMENTED, UNAFFECTED, IMPLEMENTED, NOT_SUPPORTED }, 8,
	  a32_wa_a15_bp, a32_wa_a15_bhb },
};

static inline int32_t arch_wa_unlisted(unsigned n)
{
	(void)n;
	return NOT_SUPPORTED;
}

#endif

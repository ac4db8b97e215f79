/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SMCCC_ARCH_WORKAROUND_1..4 on the emulated ARMv7 cores, by MIDR (ARMv7
 * has no ID register fields for these); the decision and what runs are
 * qemu-virt-common/workaround.c's.
 * Cortex-A15: branch-target injection and branch history are mitigated by
 * ICIALLU, which invalidates the branch predictor because the monitor sets
 * ACTLR.IBE (cpu.c), after a loop of 8 taken branches for the history (the
 * sequence Linux uses on this core); no speculative store bypass.
 * Cortex-A7: none of these. Other parts: not supported.
 */
#ifndef QV_WORKAROUND_H
#define QV_WORKAROUND_H

#include <stdint.h>
#include "arch.h"
#include "qv.h"

/* The vector's code for WORKAROUND_1 and _3 (vectors.S). */
extern char qv_wa_a15_bp[], qv_wa_a15_bhb[];

#define IMPLEMENTED QV_WA_IMPLEMENTED
#define UNAFFECTED QV_WA_UNAFFECTED
#define NOT_SUPPORTED QV_WA_NOT_SUPPORTED

static const struct qv_cpu_part qv_cpu_parts[] = {
	{ MIDR_CORTEX_A7, { UNAFFECTED, UNAFFECTED, UNAFFECTED, NOT_SUPPORTED }, 0, 0, 0 },
	/* A15: qv_wa_a15_bhb's eight branches are bhb_loop. */
	{ MIDR_CORTEX_A15, { IMPLEMENTED, UNAFFECTED, IMPLEMENTED, NOT_SUPPORTED }, 8,
	  qv_wa_a15_bp, qv_wa_a15_bhb },
};

static inline int32_t qv_wa_unlisted(unsigned n)
{
	(void)n;
	return NOT_SUPPORTED;
}

/* The ordinary path: 0, which vectors.S takes for "call mon_smc()". */
static inline uintptr_t qv_wa_ordinary_code(void)
{
	return 0;
}

#endif

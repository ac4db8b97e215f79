/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * While recording is on, every SMC goes to mon_smc(), which records it: the
 * Monitor vector answers ARCH_WORKAROUND_1 and _3 itself through the frame's
 * code pointers (vectors.S), which take the ordinary path while the
 * workaround calls are recorded too (by default they are not, and keep this
 * CPU's own code: docs/trace.md; ../trace_frames.c, which includes this,
 * switches them). The frame keeps the CPU's own code for when that stops.
 */
#ifndef SECMON_A32_TRACE_H
#define SECMON_A32_TRACE_H

#include <stdbool.h>
#include "frame.h"
#include "../arch.h"

/* Nothing for the frames to point at here. */
static inline void arch_trace_prepare(void)
{
}

/* The frame's code pointers as recording wants them (tr: ARCH_TRACE_*), each one store. */
static inline void arch_frame_trace(struct arch_frame *f, unsigned tr)
{
	bool wa = tr & ARCH_TRACE_WA;

	__atomic_store_n(&f->wa1, wa ? (uintptr_t)arch_wa_ordinary : f->wa_own[0], __ATOMIC_RELAXED);
	__atomic_store_n(&f->wa3, wa ? (uintptr_t)arch_wa_ordinary : f->wa_own[1], __ATOMIC_RELAXED);
}

#endif

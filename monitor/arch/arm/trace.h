/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * While recording is on, every SMC goes to mon_smc(), which records it: the
 * Monitor vector answers ARCH_WORKAROUND_1 and _3 itself through the frame's
 * code pointers (vectors.S), which take the ordinary path meanwhile
 * (../trace_frames.c, which includes this, switches them). The frame keeps
 * the CPU's own code for when recording stops.
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

/* The frame's code pointers as recording wants them, each one store. */
static inline void arch_frame_trace(struct arch_frame *f, bool on)
{
	__atomic_store_n(&f->wa1, on ? (uintptr_t)arch_wa_ordinary : f->wa_own[0], __ATOMIC_RELAXED);
	__atomic_store_n(&f->wa3, on ? (uintptr_t)arch_wa_ordinary : f->wa_own[1], __ATOMIC_RELAXED);
}

#endif

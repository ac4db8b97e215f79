/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * While recording is on, every SMC goes to mon_smc(), which records it: the
 * vector's own answers are switched off through the frame of each CPU
 * (vectors.S; ../trace_frames.c, which includes this, switches them). Its
 * fast path then costs nothing while recording is off: the workaround
 * calls' code and the routes are pointers the vector loads anyway; only
 * SMCCC_VERSION looks at the frame's trace flag.
 *  - FR_WA1/FR_WA3: arch_wa_ordinary, which takes the calls down the full path,
 *    only when the workaround calls are recorded too; by default (they are
 *    not: docs/trace.md) they keep this CPU's own code and cost what they
 *    cost with recording off;
 *  - FR_ROUTES: routes that filter nothing and have no fast handler, so an
 *    ID goes to mon_smc() whatever the filter would have said;
 *  - FR_TRACE: set, for SMCCC_VERSION.
 */
#ifndef SECMON_A64_TRACE_H
#define SECMON_A64_TRACE_H

#include <stdbool.h>
#include "frame.h"
#include "../arch.h"
#include "../../core/service.h"

static struct mon_route traced_routes[SECMON_FID_OEN_MASK + 1];
/* Each entity's one slot holds an ID of another entity: it never matches. */
static uint32_t no_slot[SECMON_FID_OEN_MASK + 1];
static const struct mon_answer full_path = { .how = MON_ANSWER_FULL };

/* What the frames point at while recording is on: before any frame does. */
static inline void arch_trace_prepare(void)
{
	for (unsigned i = 0; i <= SECMON_FID_OEN_MASK; i++) {
		no_slot[i] = secmon_fid(false, false, i ^ 1, 0);
		traced_routes[i].shift = 32;
		traced_routes[i].slots = &no_slot[i];
		traced_routes[i].answers = &full_path;
		traced_routes[i].fast = mon_no_fast_calls;
		traced_routes[i].all = 1;
	}
}

/* The frame's four words as recording wants them (tr: ARCH_TRACE_*), each one store. */
static inline void arch_frame_trace(struct arch_frame *f, unsigned tr)
{
	bool wa = tr & ARCH_TRACE_WA, on = tr & ARCH_TRACE_ON;

	__atomic_store_n(&f->wa1, wa ? (uintptr_t)arch_wa_ordinary : f->wa_own[0], __ATOMIC_RELAXED);
	__atomic_store_n(&f->wa3, wa ? (uintptr_t)arch_wa_ordinary : f->wa_own[1], __ATOMIC_RELAXED);
	__atomic_store_n(&f->routes, on ? traced_routes : mon_routes, __ATOMIC_RELAXED);
	__atomic_store_n(&f->trace, on, __ATOMIC_RELAXED);
}

#endif

// SPDX-License-Identifier: BSD-3-Clause
/*
 * While recording is on, every SMC goes to mon_smc(), which records it: the
 * vector's own answers are switched off through the frame of each CPU
 * (vectors.S). Its fast path then costs nothing while recording is off: the
 * workaround calls' code and the routes are pointers the vector loads anyway;
 * only SMCCC_VERSION looks at the frame's trace flag.
 *  - FR_WA1/FR_WA3: qv_wa_ordinary, which takes the calls down the full path;
 *  - FR_ROUTES: routes that filter nothing and have no fast handler, so an
 *    ID goes to mon_smc() whatever the filter would have said;
 *  - FR_TRACE: set, for SMCCC_VERSION.
 */
#include "frame.h"
#include "platform.h"
#include "qv.h"
#include "../../core/service.h"
#include "../../plat.h"

extern char qv_wa_ordinary[];

static bool tracing;
static struct mon_route traced_routes[SECMON_FID_OEN_MASK + 1];
/* Each entity's one slot holds an ID of another entity: it never matches. */
static uint32_t no_slot[SECMON_FID_OEN_MASK + 1];
static const struct mon_answer full_path = { .how = MON_ANSWER_FULL };

/*
 * A frame that has been through its CPU's reset (entry.S set its routes):
 * the others are set up at their reset, by qv_trace_frame().
 */
static void frame_set(struct qv_frame *f, bool on)
{
	if (f->routes != mon_routes && f->routes != traced_routes)
		return;
	f->wa1 = on ? (uintptr_t)qv_wa_ordinary : f->wa_own[0];
	f->wa3 = on ? (uintptr_t)qv_wa_ordinary : f->wa_own[1];
	f->routes = on ? traced_routes : mon_routes;
	f->trace = on;
}

/* At reset, after qv_wa_select(): the frame as recording wants it. */
void qv_trace_frame(struct qv_frame *f)
{
	f->wa_own[0] = f->wa1;
	f->wa_own[1] = f->wa3;
	frame_set(f, __atomic_load_n(&tracing, __ATOMIC_ACQUIRE));
}

/* Under plat_lock() (trace.c): two CPUs switching at once end as the last one said. */
void plat_trace_switched(bool on)
{
	for (unsigned i = 0; i <= SECMON_FID_OEN_MASK; i++) {
		no_slot[i] = secmon_fid(false, false, i ^ 1, 0);
		traced_routes[i].shift = 32;
		traced_routes[i].slots = &no_slot[i];
		traced_routes[i].answers = &full_path;
		traced_routes[i].fast = mon_no_fast_calls;
		traced_routes[i].all = 1;
	}
	__atomic_store_n(&tracing, on, __ATOMIC_RELEASE);
	for (unsigned i = 0; i < plat_cpu_count(); i++)
		frame_set(qv_frame_of(i), on);
}

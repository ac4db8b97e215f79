// SPDX-License-Identifier: BSD-3-Clause
/*
 * While recording is on, every SMC goes to mon_smc(), which records it: the
 * vector's own answers are switched off through the frame of each CPU
 * (vectors.S). Its fast path then costs nothing while recording is off: the
 * workaround calls' code and the routes are pointers the vector loads anyway;
 * only SMCCC_VERSION looks at the frame's trace flag.
 *  - FR_WA1/FR_WA3: qv_wa_ordinary, which takes the calls down the full path,
 *    only when the workaround calls are recorded too; by default (they are
 *    not: docs/trace.md) they keep this CPU's own code and cost what they
 *    cost with recording off;
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

/* What recording wants of the frames: TR_ON, and TR_WA with it for the workaround calls. */
enum { TR_ON = 1, TR_WA = 2 };
static unsigned tracing;
static struct mon_route traced_routes[SECMON_FID_OEN_MASK + 1];
/* Each entity's one slot holds an ID of another entity: it never matches. */
static uint32_t no_slot[SECMON_FID_OEN_MASK + 1];
static const struct mon_answer full_path = { .how = MON_ANSWER_FULL };

/*
 * The frame's four words as recording wants them, each one store (the
 * vector reads them without a lock: any mix of old and new words sends a
 * call either down the fast path or to mon_smc(), which records it whole
 * or not at all by one read of mon_trace_on).
 */
static void frame_set(struct qv_frame *f, unsigned tr)
{
	bool wa = tr & TR_WA;

	__atomic_store_n(&f->wa1, wa ? (uintptr_t)qv_wa_ordinary : f->wa_own[0], __ATOMIC_RELAXED);
	__atomic_store_n(&f->wa3, wa ? (uintptr_t)qv_wa_ordinary : f->wa_own[1], __ATOMIC_RELAXED);
	__atomic_store_n(&f->routes, tr & TR_ON ? traced_routes : mon_routes, __ATOMIC_RELAXED);
	__atomic_store_n(&f->trace, tr & TR_ON, __ATOMIC_RELAXED);
}

/*
 * At reset, on the CPU itself (qv_wa_select() gives its own code): the
 * frame as recording wants it, against a TRACE_CTL on another CPU at the
 * same time. wa_own[0] (never 0: code addresses) published last, with
 * release, tells plat_trace_switched() the frame is its to set too. Then
 * this CPU's frame writes, a full barrier and a second read of `tracing`:
 * with plat_trace_switched()'s barrier between its store of `tracing` and
 * its frame writes, either that second read sees the new value (and the
 * loop writes the frame again) or the switching CPU's writes come after
 * ours; a frame never keeps the state of a switch that was overtaken.
 */
void qv_trace_frame(struct qv_frame *f, uintptr_t wa1, uintptr_t wa3)
{
	unsigned on;

	f->wa_own[1] = wa3;
	__atomic_store_n(&f->wa_own[0], wa1, __ATOMIC_RELEASE);
	do {
		on = __atomic_load_n(&tracing, __ATOMIC_ACQUIRE);
		frame_set(f, on);
		__atomic_thread_fence(__ATOMIC_SEQ_CST);	/* dmb ish */
	} while (__atomic_load_n(&tracing, __ATOMIC_RELAXED) != on);
}

/*
 * Under plat_lock() (trace.c): two CPUs switching at once end as the last
 * one said. The barriers: traced_routes' contents are observed before any
 * frame points at them (a CPU must never follow the pointer to a table not
 * yet filled in); `tracing` before the frame writes (qv_trace_frame()'s
 * second read); and every frame write before anything this CPU does after
 * (its unlock, and the caller's own accesses once TRACE_CTL returns): a
 * call another CPU makes after it has seen TRACE_CTL return goes the new
 * way, so a CPU misses a switch by at most the call it has in flight.
 */
void plat_trace_switched(bool on, bool workarounds)
{
	unsigned tr = on ? TR_ON | (workarounds ? TR_WA : 0) : 0;

	for (unsigned i = 0; i <= SECMON_FID_OEN_MASK; i++) {
		no_slot[i] = secmon_fid(false, false, i ^ 1, 0);
		traced_routes[i].shift = 32;
		traced_routes[i].slots = &no_slot[i];
		traced_routes[i].answers = &full_path;
		traced_routes[i].fast = mon_no_fast_calls;
		traced_routes[i].all = 1;
	}
	__atomic_store_n(&tracing, tr, __ATOMIC_RELEASE);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);	/* dmb ish */
	for (unsigned i = 0; i < plat_cpu_count(); i++) {
		struct qv_frame *f = qv_frame_of(i);

		/* Not yet through its reset: qv_trace_frame() reads `tracing` then. */
		if (__atomic_load_n(&f->wa_own[0], __ATOMIC_ACQUIRE))
			frame_set(f, tr);
	}
	__atomic_thread_fence(__ATOMIC_SEQ_CST);	/* dmb ish */
}

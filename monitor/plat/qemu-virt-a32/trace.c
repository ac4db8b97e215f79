// SPDX-License-Identifier: BSD-3-Clause
/*
 * While recording is on, every SMC goes to mon_smc(), which records it: the
 * Monitor vector answers ARCH_WORKAROUND_1 and _3 itself through the frame's
 * code pointers (vectors.S), which are 0, the ordinary path, meanwhile. The
 * frame keeps the CPU's own code for when recording stops.
 */
#include "frame.h"
#include "platform.h"
#include "qv.h"
#include "../../plat.h"

#define QV_TRACE_READY 0x7ace5ec0u

static bool tracing;

/* A frame its CPU's reset has set up; the others will see `tracing` then. */
static void frame_set(struct qv_frame *f, bool on)
{
	if (f->trace_ready != QV_TRACE_READY)
		return;
	f->wa1 = on ? 0 : f->wa_own[0];
	f->wa3 = on ? 0 : f->wa_own[1];
}

/* At reset, after qv_wa_select(). */
void qv_trace_frame(struct qv_frame *f)
{
	f->wa_own[0] = f->wa1;
	f->wa_own[1] = f->wa3;
	f->trace_ready = QV_TRACE_READY;
	frame_set(f, __atomic_load_n(&tracing, __ATOMIC_ACQUIRE));
}

/* Under plat_lock() (trace.c): two CPUs switching at once end as the last one said. */
void plat_trace_switched(bool on)
{
	__atomic_store_n(&tracing, on, __ATOMIC_RELEASE);
	for (unsigned i = 0; i < plat_cpu_count(); i++)
		frame_set(qv_frame_of(i), on);
}

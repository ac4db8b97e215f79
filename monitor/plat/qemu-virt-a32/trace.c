// SPDX-License-Identifier: BSD-3-Clause
/*
 * While recording is on, every SMC goes to mon_smc(), which records it: the
 * Monitor vector answers ARCH_WORKAROUND_1 and _3 itself through the frame's
 * code pointers (vectors.S), which are 0, the ordinary path, while the
 * workaround calls are recorded too (by default they are not, and keep this
 * CPU's own code: docs/trace.md). The frame keeps the CPU's own code for
 * when that stops.
 */
#include "frame.h"
#include "platform.h"
#include "qv.h"
#include "../../plat.h"

#define QV_TRACE_READY 0x7ace5ec0u

/* Whether the workaround calls are recorded: the frames' code pointers 0. */
static bool tracing;

/* The frame's code pointers as recording wants them, each one store (the vector reads them unlocked). */
static void frame_set(struct qv_frame *f, bool on)
{
	__atomic_store_n(&f->wa1, on ? 0 : f->wa_own[0], __ATOMIC_RELAXED);
	__atomic_store_n(&f->wa3, on ? 0 : f->wa_own[1], __ATOMIC_RELAXED);
}

/*
 * At reset, on the CPU itself, with its own workaround code: as the AArch64
 * port's (qemu-virt/trace.c), trace_ready published with release once
 * wa_own holds this reset's code, then write, full barrier, read `tracing`
 * again: against plat_trace_switched()'s barrier between its store of
 * `tracing` and its frame writes, a frame never keeps an overtaken state.
 */
void qv_trace_frame(struct qv_frame *f, uint32_t wa1, uint32_t wa3)
{
	bool on;

	f->wa_own[0] = wa1;
	f->wa_own[1] = wa3;
	__atomic_store_n(&f->trace_ready, QV_TRACE_READY, __ATOMIC_RELEASE);
	do {
		on = __atomic_load_n(&tracing, __ATOMIC_ACQUIRE);
		frame_set(f, on);
		__atomic_thread_fence(__ATOMIC_SEQ_CST);	/* dmb ish */
	} while (__atomic_load_n(&tracing, __ATOMIC_RELAXED) != on);
}

/*
 * Under plat_lock() (trace.c): two CPUs switching at once end as the last
 * one said. The barriers: `tracing` is observed before the frame writes,
 * and the frame writes before anything this CPU does after (its unlock,
 * the caller's own accesses once TRACE_CTL returns), so a CPU misses a
 * switch by at most the call it has in flight.
 */
void plat_trace_switched(bool on, bool workarounds)
{
	on = on && workarounds;
	__atomic_store_n(&tracing, on, __ATOMIC_RELEASE);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);	/* dmb ish */
	for (unsigned i = 0; i < plat_cpu_count(); i++) {
		struct qv_frame *f = qv_frame_of(i);

		/* Not yet through its reset: qv_trace_frame() reads `tracing` then. */
		if (__atomic_load_n(&f->trace_ready, __ATOMIC_ACQUIRE) == QV_TRACE_READY)
			frame_set(f, on);
	}
	__atomic_thread_fence(__ATOMIC_SEQ_CST);	/* dmb ish */
}

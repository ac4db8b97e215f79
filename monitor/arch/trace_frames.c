// SPDX-License-Identifier: BSD-3-Clause
/*
 * Recording's switch of the SMC vectors' own answers (docs/trace.md), the
 * same on every architecture: while recording is on, every SMC goes to
 * mon_smc(), which records it (the ARCH_WORKAROUND calls only when they are
 * recorded too: by default they keep their fast answers), so the words each
 * CPU's vector reads in its frame (arch_frame_trace(), each architecture's
 * trace.h) are switched with recording, and set at each CPU's reset as
 * recording wants them. The vector reads them without a lock: any mix of
 * old and new words sends a call either down the vector's own path or to
 * mon_smc(), which records it whole or not at all by one read of
 * mon_trace_on.
 */
#include <stdbool.h>
#include <stdint.h>
#include "arch.h"
#include "frame.h"
#include "trace.h"
#include "../plat.h"

/* What recording wants of the frames: ARCH_TRACE_ON, with ARCH_TRACE_WA for the workaround calls. */
static unsigned tracing;

/*
 * At reset, on the CPU itself (arch_wa_select() gives its own code): the
 * frame as recording wants it, against a TRACE_CTL on another CPU at the
 * same time. wa_own[0] (never 0: code addresses) published last, with
 * release, tells plat_trace_switched() the frame is its to set too. Then
 * this CPU's frame writes, a full barrier and a second read of `tracing`:
 * with plat_trace_switched()'s barrier between its store of `tracing` and
 * its frame writes, either that second read sees the new value (and the
 * loop writes the frame again) or the switching CPU's writes come after
 * ours; a frame never keeps the state of a switch that was overtaken.
 */
void arch_trace_frame(struct arch_frame *f, uintptr_t wa1, uintptr_t wa3)
{
	unsigned tr;

	f->wa_own[1] = wa3;
	__atomic_store_n(&f->wa_own[0], wa1, __ATOMIC_RELEASE);
	do {
		tr = __atomic_load_n(&tracing, __ATOMIC_ACQUIRE);
		arch_frame_trace(f, tr);
		__atomic_thread_fence(__ATOMIC_SEQ_CST);	/* dmb ish */
	} while (__atomic_load_n(&tracing, __ATOMIC_RELAXED) != tr);
}

/*
 * Under plat_lock() (core/trace.c): two CPUs switching at once end as the
 * last one said. The barriers: what the frames will point at
 * (arch_trace_prepare()) is observed before any frame points at it (a CPU
 * must never follow a pointer to a table not yet filled in); `tracing`
 * before the frame writes (arch_trace_frame()'s second read); and every
 * frame write before anything this CPU does after (its unlock, and the
 * caller's own accesses once TRACE_CTL returns): a call another CPU makes
 * after it has seen TRACE_CTL return goes the new way, so a CPU misses a
 * switch by at most the call it has in flight.
 */
void plat_trace_switched(bool on, bool workarounds)
{
	unsigned tr = on ? ARCH_TRACE_ON | (workarounds ? ARCH_TRACE_WA : 0) : 0;

	arch_trace_prepare();
	__atomic_store_n(&tracing, tr, __ATOMIC_RELEASE);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);	/* dmb ish */
	for (unsigned i = 0; i < plat_cpu_count(); i++) {
		struct arch_frame *f = arch_frame_of(i);

		/* Not yet through its reset: arch_trace_frame() reads `tracing` then. */
		if (__atomic_load_n(&f->wa_own[0], __ATOMIC_ACQUIRE))
			arch_frame_trace(f, tr);
	}
	__atomic_thread_fence(__ATOMIC_SEQ_CST);	/* dmb ish */
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Internal interfaces of the QEMU virt AArch64 port; the shared ones in qv-common.h. */
#ifndef QV_QV_H
#define QV_QV_H

#include "../qemu-virt-common/qv-common.h"

/* entry.S / vectors.S */
_Noreturn void qv_enter_ns(uint64_t pc, uint64_t spsr, uint64_t x0);
void qv_fp_clear(void);

/* cpu.c: SPSR_EL3 for entering the normal world at the EL `caller_spsr` asks for. */
uint64_t qv_ns_entry_spsr(uint64_t caller_spsr);
/* In a struct mon_ns_entry's mode, beside the caller's SPSR: enter big-endian. */
#define QV_ENTRY_BIG_ENDIAN	(1ull << 63)

/* workaround.c: the SMC vector's ARCH_WORKAROUND_1/3 code in this CPU's frame. */
struct qv_frame;
void qv_wa_select(struct qv_frame *f);
/* trace.c: at reset, from qv_wa_select() with this CPU's own workaround code: the frame as recording wants it. */
void qv_trace_frame(struct qv_frame *f, uintptr_t wa1, uintptr_t wa3);
/* cpu.c: how this CPU hides EL3 from the normal world's cycle counter. */
void qv_pmu_select(struct qv_frame *f);

/* traps.c */
struct qv_trap {
	uint64_t x[31];
	uint64_t pad;
};
void qv_lower_exception(struct qv_trap *t, unsigned kind);

#endif

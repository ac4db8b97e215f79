/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Internal interfaces of the QEMU virt AArch32 port; the ones it shares with
 * the AArch64 port (monitor/plat/qemu-virt) are in qv-common.h.
 */
#ifndef QV_QV_H
#define QV_QV_H

#include "../qemu-virt-common/qv-common.h"

/* vectors.S: leave for the normal world with r0-r2 as given. */
_Noreturn void qv_enter_ns(uint32_t pc, uint32_t spsr, uint32_t r0, uint32_t r1, uint32_t r2);
/* FIQ mode's own r8-r12 (vectors.S), for an SMC made in FIQ mode. */
void qv_fiq_bank_read(uint32_t v[5]);
void qv_fiq_bank_write(const uint32_t v[5]);
/* The FPU on the secure side (libfdt is hard-float), cold boot only: qv_fp_cold_enable/disable(). */

/* workaround.c: the SMC vector's ARCH_WORKAROUND_1/3 code in this CPU's frame. */
struct qv_frame;
void qv_wa_select(struct qv_frame *f);
/* trace.c: at reset, from qv_wa_select() with this CPU's own workaround code: the frame as recording wants it. */
void qv_trace_frame(struct qv_frame *f, uint32_t wa1, uint32_t wa3);
/* cpu.c: SPSR for entering the normal world for a caller whose SPSR was `caller`. */
uint32_t qv_ns_entry_spsr(uint64_t caller);

/* traps.c: exceptions other than SMC. */
struct qv_frame;
void qv_smc(struct qv_frame *f);
void qv_fiq(struct qv_frame *f);
/* A fault in the monitor itself (kind: 1 undef, 3 prefetch abort, 4 data abort). */
_Noreturn void qv_secure_fault(uint32_t kind, uint32_t lr, uint32_t spsr);

#endif

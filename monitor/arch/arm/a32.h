/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The ARMv7 architecture layer's own interfaces, between its files; what it
 * gives a board is in ../arch.h.
 */
#ifndef SECMON_A32_H
#define SECMON_A32_H

#include <stdbool.h>
#include <stdint.h>
#include "../arch.h"

/* vectors.S: leave for the normal world with r0-r2 as given. */
_Noreturn void a32_enter_ns(uint32_t pc, uint32_t spsr, uint32_t r0, uint32_t r1, uint32_t r2);
/* FIQ mode's own r8-r12 (vectors.S), for an SMC made in FIQ mode. */
void a32_fiq_bank_read(uint32_t v[5]);
void a32_fiq_bank_write(const uint32_t v[5]);

/* cpu.c */
void a32_cpu_reset_init(unsigned cpu);
/* The CPU has the Virtualization Extensions: the normal world enters in Hyp mode. */
bool a32_has_hyp(void);
/* SPSR for entering the normal world for a caller whose SPSR was `caller`. */
uint32_t a32_ns_entry_spsr(uint64_t caller);
/*
 * Resets the system control of the mode `spsr` enters (and below): MMU and
 * caches off, data big-endian (the EE bits) when `big_endian`.
 */
void a32_ns_entry_prepare(uint32_t spsr, bool big_endian);

/* traps.c: what the Monitor vectors hand over. */
void a32_smc(struct arch_frame *f);
void a32_fiq(struct arch_frame *f);
/* A fault in the monitor itself (kind: 1 undef, 3 prefetch abort, 4 data abort, ...). */
_Noreturn void a32_secure_fault(uint32_t kind, uint32_t lr, uint32_t spsr);

#endif

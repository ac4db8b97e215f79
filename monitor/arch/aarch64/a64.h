/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The AArch64 architecture layer's own interfaces, between its files; what
 * it gives a board is in ../arch.h.
 */
#ifndef SECMON_A64_H
#define SECMON_A64_H

#include <stdbool.h>
#include <stdint.h>
#include "../arch.h"

/* vectors.S: leave for the normal world with x0 as given, every other register zero. */
_Noreturn void a64_enter_ns(uint64_t pc, uint64_t spsr, uint64_t x0);
/* vectors.S: zero every FP/SIMD register. */
void a64_fp_clear(void);

/* cpu.c */
void a64_cpu_reset_init(unsigned cpu);
/* cpu.c: the normal world's SVE vector length held to 128 bits (plat_tos_prepare(), tos.c). */
extern bool a64_sve_capped;
/* The CPU has EL2: the normal world enters there. */
bool a64_has_el2(void);
/* SPSR_EL3 for entering the normal world at the EL `caller_spsr` asks for. */
uint64_t a64_ns_entry_spsr(uint64_t caller_spsr);
/* In a struct mon_ns_entry's mode, beside the caller's SPSR: enter big-endian. */
#define A64_ENTRY_BIG_ENDIAN	(1ull << 63)
/*
 * Resets the system control of the EL `spsr` enters (and below): MMU and
 * caches off, data big-endian (the EE bits) when `big_endian`.
 */
void a64_ns_entry_prepare(uint64_t spsr, bool big_endian);
/* How this CPU hides EL3 from the normal world's cycle counter (entry.S, at reset). */
void a64_pmu_select(struct arch_frame *f);

/* traps.c: what vectors.S hands over for an exception other than an SMC. */
struct a64_trap {
	uint64_t x[31];
	uint64_t pad;
};
void a64_lower_exception(struct a64_trap *t, unsigned kind);

#endif

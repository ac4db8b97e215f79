/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SMCCC_ARCH_WORKAROUND_1..4 on the emulated AArch64 CPU, decided the way
 * Linux decides its own Spectre state: first the MIDR of parts whose status
 * is known, then the ID registers (CSV2 for branch-target injection, SSBS
 * for speculative store bypass, CSV2_3 or ECBHB for branch history). The
 * decision and what runs are monitor/arch/workaround.c's; NOT_REQUIRED:
 * the monitor mitigates statically, see cortex_a57_init().
 */
#ifndef SECMON_A64_WORKAROUND_H
#define SECMON_A64_WORKAROUND_H

#include <stdint.h>
#include "../arch.h"

/* The vector's code for WORKAROUND_1 and _3 (vectors.S). */
extern char a64_wa_a57_bp[], a64_wa_a57_bhb[];

#define IMPLEMENTED ARCH_WA_IMPLEMENTED
#define UNAFFECTED ARCH_WA_UNAFFECTED
#define NOT_SUPPORTED ARCH_WA_NOT_SUPPORTED
#define NOT_REQUIRED ARCH_WA_NOT_REQUIRED

static const struct arch_cpu_part arch_cpu_parts[] = {
	{ 0x4100d040, { UNAFFECTED, UNAFFECTED, UNAFFECTED, NOT_SUPPORTED }, 0, 0, 0 },	/* A35 */
	{ 0x4100d030, { UNAFFECTED, UNAFFECTED, UNAFFECTED, NOT_SUPPORTED }, 0, 0, 0 },	/* A53 */
	{ 0x4100d050, { UNAFFECTED, UNAFFECTED, UNAFFECTED, NOT_SUPPORTED }, 0, 0, 0 },	/* A55 */
	/* A57: a64_wa_a57_bhb's eight branches are bhb_loop. */
	{ 0x4100d070, { IMPLEMENTED, NOT_REQUIRED, IMPLEMENTED, NOT_SUPPORTED }, 8,
	  a64_wa_a57_bp, a64_wa_a57_bhb },
};

/* A part not in the table: only what the ID registers promise. */
static inline int32_t arch_wa_unlisted(unsigned n)
{
	unsigned csv2 = id_field(read_sysreg("id_aa64pfr0_el1"), PFR0_CSV2);
	unsigned ssbs = id_field(read_sysreg("id_aa64pfr1_el1"), PFR1_SSBS);
	unsigned ecbhb = id_field(read_sysreg("id_aa64mmfr1_el1"), 60);

	switch (n) {
	case 1:
		return csv2 ? UNAFFECTED : NOT_SUPPORTED;
	case 2:
		return ssbs ? UNAFFECTED : NOT_SUPPORTED;
	case 3:
		return (csv2 >= 3 || ecbhb) ? UNAFFECTED : NOT_SUPPORTED;
	default:
		return NOT_SUPPORTED;
	}
}

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The AArch64 layer's part of the cold boot: the OS's first entry, as
 * Linux's arm64 boot protocol asks (Documentation/arch/arm64/booting.rst:
 * at EL2 if the CPU has it, else EL1, MMU and caches off, interrupts
 * masked, x0 = the DT's address, every other register zero), and the FP
 * registers around libfdt. Only the boot CPU runs it, once.
 */
#include <stdbool.h>
#include <stdint.h>
#include "a64.h"
#include "tos.h"
#include "../../fwlib/fwlib.h"

const char *arch_ns_level_name(void)
{
	return a64_has_el2() ? "normal world at EL2" : "normal world at EL1";
}

/* The monitor and libfdt use no FP register: nothing to turn on. */
void arch_fp_cold_enable(void)
{
}

void arch_fp_cold_disable(void)
{
	a64_fp_clear();
}

_Noreturn void arch_enter_os(uint64_t entry, uint64_t dtb)
{
	uint64_t spsr = a64_ns_entry_spsr(0);

	a64_ns_entry_prepare(spsr, false);
	a64_enter_ns(entry, spsr, dtb);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The ARMv7 layer's part of the cold boot: the OS's first entry, as Linux's
 * ARM boot protocol asks (Documentation/arch/arm/booting.rst): Hyp mode if
 * the CPU has it, else SVC, MMU and caches off, A, I and F masked, r0 = 0,
 * r1 = ~0 (no machine type: the DT describes the board), r2 = the DT's
 * address. The FP unit around libfdt is vectors.S's. Only the boot CPU runs
 * it, once.
 */
#include <stdbool.h>
#include <stdint.h>
#include "a32.h"

const char *arch_ns_level_name(void)
{
	return a32_has_hyp() ? "normal world in Hyp mode" : "normal world in SVC mode";
}

_Noreturn void arch_enter_os(uint64_t entry, uint64_t dtb)
{
	uint32_t spsr = a32_ns_entry_spsr(0);

	a32_ns_entry_prepare(spsr, false);
	a32_enter_ns((uint32_t)entry, spsr, 0, ~0u, (uint32_t)dtb);
}

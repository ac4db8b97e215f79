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

/*
 * A trusted OS is offered: refused on a CPU with SME, as the world switch
 * does not keep streaming mode and ZA; else, on every CPU from now on, the
 * normal world's SVE vector length is 128 bits (cpu.c; here for the boot
 * CPU, before the OS runs), so that its z registers are the q registers
 * tos.S switches, and a fresh secure context's VBAR_EL1 table is filled.
 */
bool arch_tos_prepare(void)
{
	uint64_t pfr1 = read_sysreg("id_aa64pfr1_el1");

	if (id_field(pfr1, PFR1_SME)) {
		fw_err("trusted OS refused: the CPU has SME (ID_AA64PFR1_EL1 %lx), whose streaming "
		       "mode and ZA the world switch does not keep; booting without one\n",
		       (unsigned long)pfr1);
		return false;
	}
	a64_zcr_el3 = 0;
	if (id_field(read_sysreg("id_aa64pfr0_el1"), PFR0_SVE))
		write_sysreg(ZCR_EL3, 0);
	for (unsigned i = 0; i < 512; i += 32)
		a64_tos_no_vectors[i] = A64_SMC_1;
	__asm__ volatile("dsb sy\n\tisb" : : : "memory");
	return true;
}

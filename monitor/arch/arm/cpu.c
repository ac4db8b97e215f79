/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Per-CPU secure configuration of an ARMv7-A core with the Security (and,
 * when present, Virtualization) Extensions, and the state in which the
 * normal world is entered. Runs on every CPU at reset before any RAM other
 * than its stack is touched: it keeps no state.
 */
#include <stdbool.h>
#include <stdint.h>
#include "a32.h"
#include "../../fwlib/fwlib.h"
#include "../../monitor.h"
#include "../../plat.h"

#define ACTLR_SMP	(1u << 6)	/* Cortex-A7/A15: take part in coherency */
#define ACTLR_IBE	(1u << 0)	/* Cortex-A15: ICIALLU also invalidates the BTB */
#define NSACR_CP10_11	((1u << 10) | (1u << 11))
#define NSACR_NS_SMP	(1u << 18)	/* Cortex-A9: the normal world may write ACTLR.SMP */

static uint32_t midr_part(void)
{
	return read_cp15(CP15_MIDR) & MIDR_PART_MASK;
}

bool a32_has_hyp(void)
{
	return id_field(read_cp15(CP15_ID_PFR1), PFR1_VIRT) != 0;
}

/* HCR, which Monitor mode reaches only with SCR.NS = 1 (the monitor runs with it clear). */
static uint32_t read_hcr(void)
{
	uint32_t scr = read_cp15(CP15_SCR), hcr;

	write_cp15(CP15_SCR, scr | SCR_NS);
	isb();
	hcr = read_cp15(CP15_HCR);
	write_cp15(CP15_SCR, scr);
	isb();
	return hcr;
}

/* A caller in a PL1 mode while Hyp's HCR.VM is set. */
bool plat_caller_is_guest(const struct mon_caller *caller)
{
	return plat_caller_el(caller) == 1 && a32_has_hyp() && (read_hcr() & HCR_VM);
}

/*
 * SCR while the normal world runs, less NS: FIQs (the monitor's group-0
 * SGI) to Monitor mode, IRQs and external aborts to the normal world, which
 * may mask asynchronous aborts itself but not FIQs; no instruction fetch
 * from non-secure memory while secure; SMC enabled; HVC enabled when Hyp
 * mode exists.
 */
static uint32_t scr_value(void)
{
	return SCR_FIQ | SCR_AW | SCR_SIF | (a32_has_hyp() ? SCR_HCE : 0);
}

/*
 * CNTFRQ is writable only from the secure side. QEMU resets it to the
 * counter's real rate, so keep that; program the board's 62.5 MHz if it
 * reads zero.
 */
static void timer_init(void)
{
	if (id_field(read_cp15(CP15_ID_PFR1), PFR1_GENTIMER) && read_cp15(CP15_CNTFRQ) == 0)
		write_cp15(CP15_CNTFRQ, 62500000);
}

void a32_cpu_reset_init(unsigned cpu)
{
	uint32_t part = midr_part();

	(void)cpu;
	write_cp15(CP15_SCR, scr_value());
	/*
	 * The normal world may use the FPU and Advanced SIMD (cp10, cp11). On
	 * the Cortex-A9 it also owns ACTLR.SMP: Linux sets it itself at boot
	 * (__v7_ca9mp_setup) and clears and sets it around a CPU's hotplug
	 * (Exynos: v7_exit_coherency_flush(), cpu_leave_lowpower()).
	 */
	write_cp15(CP15_NSACR, NSACR_CP10_11 | (part == MIDR_CORTEX_A9 ? NSACR_NS_SMP : 0));
	write_cp15(CP15_CPACR, 0);
	/*
	 * Cortex-A7/A15: ACTLR.SMP is writable only from the secure side;
	 * Cortex-A15: ACTLR.IBE makes ICIALLU invalidate the branch predictor,
	 * which the OS's Spectre-v2 mitigation and ARCH_WORKAROUND_1 rely on.
	 * QEMU accepts and ignores these writes.
	 */
	if (part == MIDR_CORTEX_A15)
		write_cp15(CP15_ACTLR, read_cp15(CP15_ACTLR) | ACTLR_SMP | ACTLR_IBE);
	else if (part == MIDR_CORTEX_A7)
		write_cp15(CP15_ACTLR, read_cp15(CP15_ACTLR) | ACTLR_SMP);
	timer_init();
	isb();
}

MON_COLD_BOOT void arch_cpu_describe(void)
{
	fw_info("CPU MIDR %x ID_PFR1 %x, SCR %x NSACR %x, %s\n", (unsigned)read_cp15(CP15_MIDR),
		(unsigned)read_cp15(CP15_ID_PFR1), (unsigned)read_cp15(CP15_SCR),
		(unsigned)read_cp15(CP15_NSACR),
		a32_has_hyp() ? "Virtualization Extensions: normal world in Hyp mode"
			      : "no Virtualization Extensions: normal world in SVC mode");
}

/*
 * A core that CPU_ON or a wake-up starts enters Hyp mode when it exists,
 * else SVC, whatever mode called (Linux expects every CPU to start in the
 * mode the boot CPU started in), with A, I and F masked, in ARM state (the
 * caller's Thumb bit is added by power.c) and with the caller's endianness
 * (the E bit plat_ns_entry_mode() left in the entry's mode).
 */
uint32_t a32_ns_entry_spsr(uint64_t caller)
{
	return PSR_A | PSR_I | PSR_F | ((uint32_t)caller & PSR_E) |
	       (a32_has_hyp() ? MODE_HYP : MODE_SVC);
}

/*
 * PSCI: the entry keeps the caller's endianness as TF-A takes it: the EE bit
 * of HSCTLR when the core enters Hyp mode, else of the Non-secure SCTLR
 * (both reached with SCR.NS = 1), read during the call. It replaces the
 * caller's CPSR.E in the mode: the entry gets E and the entered mode's EE
 * from it (a32_ns_entry_prepare()).
 */
uint64_t plat_ns_entry_mode(const struct mon_caller *caller)
{
	uint32_t scr = read_cp15(CP15_SCR), sctlr;

	write_cp15(CP15_SCR, scr | SCR_NS);
	isb();
	sctlr = a32_has_hyp() ? read_cp15(CP15_HSCTLR) : read_cp15(CP15_SCTLR);
	write_cp15(CP15_SCR, scr);
	isb();
	return (caller->mode & ~(uint64_t)PSR_E) | (sctlr & SCTLR_EE ? PSR_E : 0);
}

/* The normal world is AArch32 (ARMv7): bit 0 of an entry point selects Thumb. */
bool plat_ns_entry_aarch32(void)
{
	return true;
}

/*
 * The entered mode starts with its MMU and caches off, in the caller's
 * endianness (EE). A core that was
 * switched off kept its old system registers (QEMU does not power it
 * down), so reset the ones that matter in the Non-secure bank (SCTLR) and,
 * when `spsr` enters Hyp mode, Hyp's (HSCTLR, HCR, traps, the timer's
 * controls and offset, the virtual ID registers); the OS sets up the rest. Hyp registers are
 * reachable from Monitor mode only with SCR.NS = 1.
 */
void a32_ns_entry_prepare(uint32_t spsr, bool big_endian)
{
	uint32_t scr = read_cp15(CP15_SCR), ee = big_endian ? SCTLR_EE : 0;

	write_cp15(CP15_SCR, scr | SCR_NS);
	isb();
	write_cp15(CP15_SCTLR, SCTLR_RESET | ee);
	write_cp15(CP15_VBAR, 0);
	if ((spsr & MODE_MASK) == MODE_HYP) {
		write_cp15(CP15_HCR, 0);
		write_cp15(CP15_HSCTLR, HSCTLR_RESET | ee);
		write_cp15(CP15_HCPTR, HCPTR_NO_TRAPS);
		write_cp15(CP15_HSTR, 0);
		write_cp15(CP15_VPIDR, read_cp15(CP15_MIDR));
		write_cp15(CP15_VMPIDR, read_cp15(CP15_MPIDR));
		if (id_field(read_cp15(CP15_ID_PFR1), PFR1_GENTIMER)) {
			/* PL1 may use the physical counter and timer; virtual = physical. */
			write_cp15(CP15_CNTHCTL, 3);
			write_cp15_64(CP15_CNTVOFF, 0);
		}
	}
	isb();
	write_cp15(CP15_SCR, scr);
	isb();
}

/* PSCI for AArch32: bit 0 of the entry point selects Thumb state; r0 = context ID. */
_Noreturn void arch_enter_normal_world(const struct mon_ns_entry *e)
{
	uint32_t spsr = a32_ns_entry_spsr(e->mode), pc = (uint32_t)e->pc;

	if (pc & 1) {
		spsr |= PSR_T;
		pc &= ~1u;
	}
	a32_ns_entry_prepare(spsr, (spsr & PSR_E) != 0);
	a32_enter_ns(pc, spsr, (uint32_t)e->context_id, 0, 0);
}

/*
 * SMCCC_ARCH_FEATURE_AVAILABILITY is an SMC64 call about AArch64 EL3
 * registers: ARMv7's Monitor mode has neither, so it is not offered.
 */
int32_t plat_feature_availability(uint64_t reg, uint64_t *mask)
{
	(void)reg;
	(void)mask;
	return SECMON_SMCCC_NOT_SUPPORTED;
}

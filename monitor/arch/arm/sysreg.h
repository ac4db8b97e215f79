/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * ARMv7-A with the Security Extensions (and, where the CPU has them, the
 * Virtualization Extensions): processor modes and SCR bits (C and
 * assembly), and for C the CP15 registers the monitor uses, barriers, MMIO,
 * the generic counter and the secure timer, the workaround sequences. A
 * board's code reaches it through monitor/arch/arch.h.
 */
#ifndef SECMON_A32_SYSREG_H
#define SECMON_A32_SYSREG_H

/* ARMv7 processor modes (CPSR.M). */
#define MODE_USR		0x10
#define MODE_FIQ		0x11
#define MODE_IRQ		0x12
#define MODE_SVC		0x13
#define MODE_MON		0x16
#define MODE_ABT		0x17
#define MODE_HYP		0x1a
#define MODE_UND		0x1b
#define MODE_MASK		0x1f
#define PSR_T			(1 << 5)
#define PSR_F			(1 << 6)
#define PSR_I			(1 << 7)
#define PSR_A			(1 << 8)
#define PSR_E			(1 << 9)

/* SCR (Security Extensions; HCE: Virtualization Extensions). */
#define SCR_NS			(1 << 0)
#define SCR_IRQ			(1 << 1)
#define SCR_FIQ			(1 << 2)
#define SCR_EA			(1 << 3)
#define SCR_FW			(1 << 4)
#define SCR_AW			(1 << 5)
#define SCR_NET			(1 << 6)
#define SCR_SCD			(1 << 7)
#define SCR_HCE			(1 << 8)
#define SCR_SIF			(1 << 9)

#ifndef __ASSEMBLER__
#include <stdint.h>
#include "../io.h"

/* CP15 registers as "opc1, CRn, CRm, opc2" for read_cp15() / write_cp15(). */
#define CP15_MIDR	0, c0, c0, 0
#define CP15_MPIDR	0, c0, c0, 5
#define CP15_ID_PFR1	0, c0, c1, 1
#define CP15_SCTLR	0, c1, c0, 0
#define CP15_ACTLR	0, c1, c0, 1
#define CP15_CPACR	0, c1, c0, 2
#define CP15_SCR	0, c1, c1, 0
#define CP15_NSACR	0, c1, c1, 2
#define CP15_DFSR	0, c5, c0, 0
#define CP15_IFSR	0, c5, c0, 1
#define CP15_DFAR	0, c6, c0, 0
#define CP15_IFAR	0, c6, c0, 2
#define CP15_ICIALLU	0, c7, c5, 0
#define CP15_BPIALL	0, c7, c5, 6
#define CP15_VBAR	0, c12, c0, 0
#define CP15_MVBAR	0, c12, c0, 1
#define CP15_CNTFRQ	0, c14, c0, 0
/* Banked by security state: from Monitor mode (SCR.NS = 0), the secure timer. */
#define CP15_CNTP_TVAL	0, c14, c2, 0
#define CP15_CNTP_CTL	0, c14, c2, 1
/* Hyp registers: from Monitor mode only while SCR.NS = 1. */
#define CP15_VPIDR	4, c0, c0, 0
#define CP15_VMPIDR	4, c0, c0, 5
#define CP15_HSCTLR	4, c1, c0, 0
#define CP15_HCR	4, c1, c1, 0
#define CP15_HCPTR	4, c1, c1, 2
#define CP15_HSTR	4, c1, c1, 3
#define CP15_CNTHCTL	4, c14, c1, 0

#define read_cp15(...) read_cp15_(__VA_ARGS__)
#define write_cp15(...) write_cp15_(__VA_ARGS__)
#define read_cp15_(op1, crn, crm, op2) ({ \
	uint32_t v_; \
	__asm__ volatile("mrc p15, " #op1 ", %0, " #crn ", " #crm ", " #op2 : "=r"(v_)); \
	v_; })
#define write_cp15_(op1, crn, crm, op2, v) \
	__asm__ volatile("mcr p15, " #op1 ", %0, " #crn ", " #crm ", " #op2 \
			 : : "r"((uint32_t)(v)) : "memory")

/* 64-bit CP15 registers (mrrc/mcrr): "opc1, CRm". */
#define CP15_CNTPCT	0, c14
#define CP15_CNTVOFF	4, c14
#define read_cp15_64(...) read_cp15_64_(__VA_ARGS__)
#define write_cp15_64(...) write_cp15_64_(__VA_ARGS__)
#define read_cp15_64_(op1, crm) ({ \
	uint64_t v_; \
	__asm__ volatile("mrrc p15, " #op1 ", %Q0, %R0, " #crm : "=r"(v_)); \
	v_; })
#define write_cp15_64_(op1, crm, v) \
	__asm__ volatile("mcrr p15, " #op1 ", %Q0, %R0, " #crm : : "r"((uint64_t)(v)) : "memory")

/* The generic timer's frequency and count (the count after an isb). */
static inline uint64_t arch_counter_hz(void) { return read_cp15(CP15_CNTFRQ); }
static inline uint64_t arch_counter(void) { isb(); return read_cp15_64(CP15_CNTPCT); }

/* The secure physical timer: its interrupt after `tval` ticks, or none. */
static inline void arch_sec_timer_start(uint64_t tval)
{
	write_cp15(CP15_CNTP_TVAL, (uint32_t)tval);
	write_cp15(CP15_CNTP_CTL, 1);		/* ENABLE, interrupt not masked */
	isb();
}

static inline void arch_sec_timer_stop(void)
{
	write_cp15(CP15_CNTP_CTL, 0);
	isb();
}

static inline unsigned id_field(uint32_t reg, unsigned shift)
{
	return (reg >> shift) & 0xf;
}

/* The sequences of SMCCC_ARCH_WORKAROUND_1 and _3 (monitor/arch/workaround.c). */
static inline uint32_t arch_midr(void)
{
	return read_cp15(CP15_MIDR);
}

/* With ACTLR.IBE set (cpu.c), ICIALLU also invalidates the branch predictor. */
static inline void arch_bp_invalidate(void)
{
	write_cp15(CP15_ICIALLU, 0);
	__asm__ volatile("dsb nsh\n\tisb" : : : "memory");
}

static inline void arch_bhb_clear(unsigned loops)
{
	__asm__ volatile("1:\tb 2f\n2:\tsubs %0, %0, #1\n\tbne 1b\n\tdsb nsh\n\tisb"
			 : "+r"(loops)
			 :
			 : "cc", "memory");
}

/*
 * A 64-bit register as two 32-bit writes, lower address first (the order
 * fw_cfg's DMA address register needs: the second word starts the DMA).
 */
static inline void mmio_write64(uintptr_t a, uint64_t v)
{
	mmio_write32(a, (uint32_t)v);
	mmio_write32(a + 4, (uint32_t)(v >> 32));
}

/* Which processor modes and extensions this CPU has. */
#define PFR1_SECURITY	4	/* ID_PFR1.Security */
#define PFR1_VIRT	12	/* ID_PFR1.Virtualization */
#define PFR1_GENTIMER	16	/* ID_PFR1.GenTimer */
#define PFR1_GIC	28	/* ID_PFR1.GIC: system-register CPU interface */

/* HCR.VM: Hyp's stage 2 translates PL1's addresses. */
#define HCR_VM		(1u << 0)

/* SCTLR.EE, HSCTLR.EE: exception entries (and table walks) big-endian. */
#define SCTLR_EE	(1u << 25)

/* SCTLR / HSCTLR with the MMU and caches off, little-endian, low vectors. */
#define SCTLR_RESET	0x00c50078u
#define HSCTLR_RESET	0x30c50818u
#define SCTLR_I		(1u << 12)
/* HCPTR: no coprocessor traps (bits 13:12 and 9:0 are RES1 where absent). */
#define HCPTR_NO_TRAPS	0x000033ffu

/* MIDR part numbers (MIDR_PART_MASK: monitor/arch/arch.h). */
#define MIDR_CORTEX_A7	0x4100c070u
#define MIDR_CORTEX_A9	0x4100c090u
#define MIDR_CORTEX_A15	0x4100c0f0u

#endif /* __ASSEMBLER__ */

#endif

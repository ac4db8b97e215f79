/* SPDX-License-Identifier: BSD-3-Clause */
/* ARMv7-A (Security and Virtualization Extensions) registers and barriers. */
#ifndef QV_ARCH_H
#define QV_ARCH_H

#include <stdint.h>
#include "platform.h"

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

static inline void isb(void) { __asm__ volatile("isb" : : : "memory"); }
static inline void dsb_sy(void) { __asm__ volatile("dsb sy" : : : "memory"); }
static inline void dsb_ish(void) { __asm__ volatile("dsb ish" : : : "memory"); }
static inline void wfi(void) { __asm__ volatile("wfi" : : : "memory"); }

/* The generic timer's frequency and count (the count after an isb). */
static inline uint64_t qv_counter_freq(void) { return read_cp15(CP15_CNTFRQ); }
static inline uint64_t qv_counter(void) { isb(); return read_cp15_64(CP15_CNTPCT); }

/* The secure physical timer: its interrupt after `tval` ticks, or none. */
static inline void qv_sec_timer_start(uint64_t tval)
{
	write_cp15(CP15_CNTP_TVAL, (uint32_t)tval);
	write_cp15(CP15_CNTP_CTL, 1);		/* ENABLE, interrupt not masked */
	isb();
}

static inline void qv_sec_timer_stop(void)
{
	write_cp15(CP15_CNTP_CTL, 0);
	isb();
}

static inline unsigned id_field(uint32_t reg, unsigned shift)
{
	return (reg >> shift) & 0xf;
}

/* The sequences of SMCCC_ARCH_WORKAROUND_1 and _3 (qemu-virt-common/workaround.c). */
static inline uint32_t qv_midr(void)
{
	return read_cp15(CP15_MIDR);
}

/* With ACTLR.IBE set (cpu.c), ICIALLU also invalidates the branch predictor. */
static inline void qv_bp_invalidate(void)
{
	write_cp15(CP15_ICIALLU, 0);
	__asm__ volatile("dsb nsh\n\tisb" : : : "memory");
}

static inline void qv_bhb_clear(unsigned loops)
{
	__asm__ volatile("1:\tb 2f\n2:\tsubs %0, %0, #1\n\tbne 1b\n\tdsb nsh\n\tisb"
			 : "+r"(loops)
			 :
			 : "cc", "memory");
}

/* MMIO: device registers are accessed with single, naturally sized loads and stores. */
static inline uint32_t mmio_read32(uintptr_t a) { return *(volatile uint32_t *)a; }
static inline void mmio_write32(uintptr_t a, uint32_t v) { *(volatile uint32_t *)a = v; }
static inline uint8_t mmio_read8(uintptr_t a) { return *(volatile uint8_t *)a; }
static inline void mmio_write8(uintptr_t a, uint8_t v) { *(volatile uint8_t *)a = v; }
static inline void mmio_write16(uintptr_t a, uint16_t v) { *(volatile uint16_t *)a = v; }
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

/* MIDR part numbers (MIDR_PART_MASK: qv-common.h). */
#define MIDR_CORTEX_A7	0x4100c070u
#define MIDR_CORTEX_A15	0x4100c0f0u

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * AArch64 at EL3: the system registers the monitor uses, barriers, MMIO,
 * the generic counter and the secure timer, the workaround sequences. C
 * only; a board's code reaches it through monitor/arch/arch.h.
 */
#ifndef SECMON_A64_SYSREG_H
#define SECMON_A64_SYSREG_H

#include <stdint.h>
#include "../io.h"

/* Registers newer than the assembler's baseline go by their encoding. */
#define ID_AA64ISAR2_EL1	"S3_0_C0_C6_2"
#define ID_AA64MMFR2_EL1	"S3_0_C0_C7_2"
#define ID_AA64MMFR3_EL1	"S3_0_C0_C7_3"
#define ID_AA64PFR2_EL1		"S3_0_C0_C4_2"
#define ID_AA64SMFR0_EL1	"S3_0_C0_C4_5"
#define ZCR_EL3			"S3_6_C1_C2_0"
#define SMCR_EL3		"S3_6_C1_C2_6"
#define MPAM3_EL3		"S3_6_C10_C5_0"
#define HCRX_EL2		"S3_4_C1_C2_2"
#define A57_CPUACTLR_EL1	"S3_1_C15_C2_0"
#define A57_CPUECTLR_EL1	"S3_1_C15_C2_1"
#define ICC_SRE_EL3		"S3_6_C12_C12_5"
#define ICC_IGRPEN1_EL3		"S3_6_C12_C12_7"
#define ICC_PMR_EL1		"S3_0_C4_C6_0"
#define ICC_IGRPEN0_EL1		"S3_0_C12_C12_6"
#define ICC_IAR0_EL1		"S3_0_C12_C8_0"
#define ICC_EOIR0_EL1		"S3_0_C12_C8_1"
#define ICC_HPPIR0_EL1		"S3_0_C12_C8_2"
#define ICC_SGI0R_EL1		"S3_0_C12_C11_7"

#define read_sysreg(r) ({ uint64_t v_; __asm__ volatile("mrs %0, " r : "=r"(v_)); v_; })
#define write_sysreg(r, v) __asm__ volatile("msr " r ", %0" : : "r"((uint64_t)(v)) : "memory")

/* The generic timer's frequency and count (the count after an isb). */
static inline uint64_t arch_counter_hz(void) { return read_sysreg("cntfrq_el0"); }
static inline uint64_t arch_counter(void) { isb(); return read_sysreg("cntpct_el0"); }

/* The secure physical timer (CNTPS): its interrupt after `tval` ticks, or none. */
static inline void arch_sec_timer_start(uint64_t tval)
{
	write_sysreg("cntps_tval_el1", tval);
	write_sysreg("cntps_ctl_el1", 1);	/* ENABLE, interrupt not masked */
	isb();
}

static inline void arch_sec_timer_stop(void)
{
	write_sysreg("cntps_ctl_el1", 0);
	isb();
}

static inline unsigned id_field(uint64_t reg, unsigned shift)
{
	return (unsigned)(reg >> shift) & 0xf;
}

/* The sequences of SMCCC_ARCH_WORKAROUND_1 and _3 (monitor/arch/workaround.c). */
static inline uint32_t arch_midr(void)
{
	return (uint32_t)read_sysreg("midr_el1");
}

/* With CPUACTLR_EL1[0] set (cpu.c), IC IALLU also empties the A57's BTB. */
static inline void arch_bp_invalidate(void)
{
	__asm__ volatile("ic iallu\n\tdsb nsh\n\tisb" : : : "memory");
}

static inline void arch_bhb_clear(unsigned loops)
{
	__asm__ volatile("1:\tb 2f\n2:\tsubs %w0, %w0, #1\n\tb.ne 1b\n\tdsb nsh\n\tisb"
			 : "+r"(loops)
			 :
			 : "cc", "memory");
}

/* MMIO, 64 bits: one access (../io.h has the rest). */
static inline uint64_t mmio_read64(uintptr_t a) { return *(volatile uint64_t *)a; }
static inline void mmio_write64(uintptr_t a, uint64_t v) { *(volatile uint64_t *)a = v; }

/* SCR_EL3 */
#define SCR_NS		(1ull << 0)
#define SCR_FIQ		(1ull << 2)
#define SCR_RES1	(3ull << 4)
#define SCR_HCE		(1ull << 8)
#define SCR_SIF		(1ull << 9)
#define SCR_RW		(1ull << 10)
#define SCR_APK		(1ull << 16)
#define SCR_API		(1ull << 17)
#define SCR_ENSCXT	(1ull << 25)
#define SCR_ATA		(1ull << 26)
#define SCR_FGTEN	(1ull << 27)
#define SCR_ECVEN	(1ull << 28)
#define SCR_AMVOFFEN	(1ull << 35)
#define SCR_ENAS0	(1ull << 36)
#define SCR_ADEN	(1ull << 37)
#define SCR_HXEN	(1ull << 38)
#define SCR_GCSEN	(1ull << 39)
#define SCR_ENTP2	(1ull << 41)
#define SCR_RCWMASKEN	(1ull << 42)
#define SCR_TCR2EN	(1ull << 43)
#define SCR_SCTLR2EN	(1ull << 44)
#define SCR_PIEN	(1ull << 45)
#define SCR_AIEN	(1ull << 46)
#define SCR_D128EN	(1ull << 47)
#define SCR_ENFPM	(1ull << 50)
#define SCR_PFAREN	(1ull << 53)
#define SCR_FGTEN2	(1ull << 59)

#define SCR_TERR	(1ull << 15)
#define SCR_TRNDR	(1ull << 40)

/* CPTR_EL3 */
#define CPTR_EZ		(1ull << 8)
#define CPTR_TFP	(1ull << 10)
#define CPTR_ESM	(1ull << 12)
#define CPTR_TTA	(1ull << 20)
#define CPTR_TAM	(1ull << 30)
#define CPTR_TCPAC	(1ull << 31)

/* MDCR_EL3; of a two-bit field, bit 1 is the owning world, bit 0 the enable. */
#define MDCR_TPM	(1ull << 6)
#define MDCR_ENPM2	(1ull << 7)
#define MDCR_TDA	(1ull << 9)
#define MDCR_TDOSA	(1ull << 10)
#define MDCR_NSPB	(3ull << 12)
#define MDCR_NSPB_SS	(1ull << 13)
#define MDCR_SDD	(1ull << 16)
#define MDCR_TTRF	(1ull << 19)
#define MDCR_SCCD	(1ull << 23)
#define MDCR_NSTB	(3ull << 24)
#define MDCR_NSTB_SS	(1ull << 25)
#define MDCR_TDCC	(1ull << 27)
#define MDCR_SBRBE	(3ull << 32)
#define MDCR_SBRBE_SS	(1ull << 33)

/* MPAM3_EL3 */
#define MPAM3_TRAPLOWER	(1ull << 62)
#define MPAM3_MPAMEN	(1ull << 63)

/* SPSR: M[3:0] = EL << 2 | SP select; M[4] = AArch32; DAIF masked. */
#define SPSR_DAIF	(0xfull << 6)
#define SPSR_M_EL1H	0x5
#define SPSR_M_EL2H	0x9
#define SPSR_M_AARCH32	(1ull << 4)

/* HCR_EL2.VM: EL2's stage 2 translates EL1's addresses. */
#define HCR_VM		(1ull << 0)

/* SCTLR_ELx.EE: the EL's data accesses (and exception entries) big-endian. */
#define SCTLR_EE	(1ull << 25)

/* SCTLR values with the MMU and caches off, little-endian (RES1 bits set). */
#define SCTLR_EL2_OFF	0x30c50830ull
#define SCTLR_EL1_OFF	0x30d00800ull
#define SCTLR_EL3_VAL	(0x30c50830ull | (1ull << 12) | (1ull << 3))	/* I, SA */

/* ID register fields (shift of each 4-bit field). */
#define PFR0_EL2	8
#define PFR0_GIC	24
#define PFR0_RAS	28
#define PFR0_SVE	32
#define PFR0_AMU	44
#define PFR0_MPAM	40
#define PFR0_CSV2	56
#define PFR1_SSBS	4
#define PFR1_MTE	8
#define PFR1_SME	24
#define PFR1_GCS	44
#define PFR1_THE	48
#define PFR1_PFAR	60
#define DFR0_TRACEVER	4
#define DFR0_PMUVER	8
#define DFR0_TRACEFILT	40
#define ISAR0_RNDR	60
#define MMFR0_FGT	56

/* ESR_EL3 exception classes. */
#define EC_SHIFT	26
#define EC_SMC32	0x13
#define EC_SMC64	0x17
#define EC_SYSREG	0x18

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The AArch32 nsk (ARMv7-A, Hyp or SVC mode): what head.S and the C parts
 * share. The portable parts of the nsk (dt.c, console.c, libc.c, nsk.h's
 * console and DT declarations) are those of the AArch64 nsk.
 */
#ifndef NSK_A32_H
#define NSK_A32_H

#define A32_MODE_SVC	0x13
#define A32_MODE_HYP	0x1a
#define A32_MODE_MASK	0x1f
#define A32_MPIDR_MASK	0xffffff	/* Aff2..Aff0 */
/* Elf32_Rel type of the only dynamic relocation head.S applies. */
#define R_ARM_RELATIVE	23

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>

/* CP15 registers as "opc1, CRn, CRm, opc2". */
#define CP15_MIDR	0, c0, c0, 0
#define CP15_MPIDR	0, c0, c0, 5
#define CP15_SCTLR	0, c1, c0, 0
#define CP15_CPACR	0, c1, c0, 2
#define CP15_DFSR	0, c5, c0, 0
#define CP15_IFSR	0, c5, c0, 1
#define CP15_DFAR	0, c6, c0, 0
#define CP15_IFAR	0, c6, c0, 2
#define CP15_VBAR	0, c12, c0, 0
#define CP15_CNTFRQ	0, c14, c0, 0
#define CP15_CNTV_TVAL	0, c14, c3, 0
#define CP15_CNTV_CTL	0, c14, c3, 1
#define CP15_VPIDR	4, c0, c0, 0
#define CP15_VMPIDR	4, c0, c0, 5
#define CP15_HSCTLR	4, c1, c0, 0
#define CP15_HCR	4, c1, c1, 0
#define CP15_HCPTR	4, c1, c1, 2
#define CP15_HSTR	4, c1, c1, 3
#define CP15_HSR	4, c5, c2, 0
#define CP15_HDFAR	4, c6, c0, 0
#define CP15_HIFAR	4, c6, c0, 2
#define CP15_HVBAR	4, c12, c0, 0
#define CP15_CNTHCTL	4, c14, c1, 0

#define cp15_read(...) cp15_read_(__VA_ARGS__)
#define cp15_write(...) cp15_write_(__VA_ARGS__)
#define cp15_read_(op1, crn, crm, op2) ({ \
	uint32_t v_; \
	__asm__ volatile("mrc p15, " #op1 ", %0, " #crn ", " #crm ", " #op2 : "=r"(v_)); \
	v_; })
#define cp15_write_(op1, crn, crm, op2, v) \
	__asm__ volatile("mcr p15, " #op1 ", %0, " #crn ", " #crm ", " #op2 \
			 : : "r"((uint32_t)(v)) : "memory")

static inline void a32_isb(void)
{
	__asm__ volatile("isb" : : : "memory");
}

static inline unsigned a32_mode(void)
{
	uint32_t cpsr;

	__asm__ volatile("mrs %0, cpsr" : "=r"(cpsr));
	return cpsr & A32_MODE_MASK;
}

static inline bool a32_in_hyp(void)
{
	return a32_mode() == A32_MODE_HYP;
}

static inline uint64_t a32_mpidr(void)
{
	return cp15_read(CP15_MPIDR) & A32_MPIDR_MASK;
}

/* head.S */
extern char nsk_a32_vectors[], nsk_a32_hyp_vectors[];
void nsk_secondary_entry_thumb(void);
void nsk_a32_eret_to_svc(void);
/* main.c: what the vectors call (kind: vector offset / 4; hyp: taken to Hyp mode). */
__attribute__((noreturn)) void nsk_a32_exception(uint32_t kind, uint32_t lr, uint32_t spsr,
						 uint32_t hyp);
#endif

#endif

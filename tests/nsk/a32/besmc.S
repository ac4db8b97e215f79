/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nsk.test=endian on AArch32 (endian.c): an SMC made by a caller whose mode
 * is big-endian (SCTLR.EE, HSCTLR.EE in Hyp mode: the endianness PSCI has a
 * warm entry inherit), and the entry point such an entry lands on. The nsk
 * stays little-endian for its data (CPSR.E clear); the entry, which the
 * firmware enters with CPSR.E set, clears it before its first memory access.
 */
	.syntax	unified
	.arch	armv7-a
	.arch_extension sec
	.arch_extension virt
	.arm

#define SCTLR_EE	(1 << 25)
#define MODE_MASK	0x1f
#define MODE_HYP	0x1a

	.text
/*
 * uint32_t nsk_smc_big_endian(r0, r1, r2, r3): the SMC with this mode's
 * system control register's EE set; r0 back. r4 and r5 hold the mode and the
 * old value across it (SMCCC keeps r4-r7).
 */
	.global	nsk_smc_big_endian
	.type	nsk_smc_big_endian, %function
	.balign	4
nsk_smc_big_endian:
	push	{r4-r6, lr}
	mrs	r4, cpsr
	and	r4, r4, #MODE_MASK
	cmp	r4, #MODE_HYP
	mrceq	p15, 4, r5, c1, c0, 0		/* HSCTLR */
	mrcne	p15, 0, r5, c1, c0, 0		/* SCTLR */
	orr	r6, r5, #SCTLR_EE
	mcreq	p15, 4, r6, c1, c0, 0
	mcrne	p15, 0, r6, c1, c0, 0
	isb
	smc	#0
	cmp	r4, #MODE_HYP
	mcreq	p15, 4, r5, c1, c0, 0
	mcrne	p15, 0, r5, c1, c0, 0
	isb
	pop	{r4-r6, pc}
	.size	nsk_smc_big_endian, . - nsk_smc_big_endian

/*
 * The warm entry (r0 = context ID): notes CPSR and this mode's system control
 * register as the firmware entered them in nsk_entry_psr[0..1], data back to
 * little-endian and EE cleared first, then nsk_secondary_entry.
 */
	.global	nsk_big_endian_entry
	.type	nsk_big_endian_entry, %function
	.balign	8
nsk_big_endian_entry:
	mrs	r1, cpsr
	setend	le
	and	r3, r1, #MODE_MASK
	cmp	r3, #MODE_HYP
	mrceq	p15, 4, r2, c1, c0, 0
	mrcne	p15, 0, r2, c1, c0, 0
	bic	r3, r2, #SCTLR_EE
	mcreq	p15, 4, r3, c1, c0, 0
	mcrne	p15, 0, r3, c1, c0, 0
	isb
	ldr	r3, =nsk_entry_psr
	str	r1, [r3]
	str	r2, [r3, #4]
	b	nsk_secondary_entry
	.size	nsk_big_endian_entry, . - nsk_big_endian_entry
	.ltorg

	.bss
	.balign	4
	.global	nsk_entry_psr
nsk_entry_psr:
	.space	8

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * AArch32 nsk entry: a zImage-style header, self-relocation, per-CPU
 * stacks, the secondary entry point and the exception vectors.
 *
 * Boot contract (Linux's Documentation/arch/arm/booting.rst): entered in
 * Hyp or SVC mode, MMU off, interrupts masked, r0 = 0, r1 = machine type
 * (~0: a DTB describes the board), r2 = the DTB's physical address. The
 * header carries the zImage magic (0x016f2818 at 0x24, start 0 = position
 * independent, end, the little-endian flag at 0x30), so a firmware that
 * loads zImages (secmon's AArch32 monitor) loads it, and QEMU's own loader
 * starts it as a raw image. It is linked at 0 as a static PIE: the
 * R_ARM_RELATIVE entries of .rel.dyn are applied here, once, by the boot CPU.
 */
#include "nsk.h"
#include "a32.h"

	.syntax	unified
	.arch	armv7-a
	.arch_extension virt
	.arm

	.section .head.text, "ax", %progbits
	.global	_start
_start:
	b	primary_entry		/* 0x00 */
	.rept	8
	.word	0			/* 0x04-0x20 */
	.endr
	.word	0x016f2818		/* 0x24 zImage magic */
	.word	0			/* 0x28 start: position independent */
	.word	__image_end		/* 0x2c end of the loaded image */
	.word	0x04030201		/* 0x30 little-endian */

/* Link-time offsets (the image is linked at 0), read before relocation. */
.Lrel_start:
	.word	__rel_start
.Lrel_end:
	.word	__rel_end

primary_entry:
	cpsid	aif
	mov	r4, r2			/* DTB */
	adr	r5, _start		/* where we were loaded */

	/* Elf32_Rel { r_offset, r_info }: *(base + off) += base. */
	ldr	r0, .Lrel_start
	ldr	r1, .Lrel_end
	add	r0, r0, r5
	add	r1, r1, r5
1:	cmp	r0, r1
	bhs	2f
	ldr	r2, [r0], #4
	ldr	r3, [r0], #4
	and	r3, r3, #0xff
	cmp	r3, #0			/* R_ARM_NONE: a slot the linker left unused */
	beq	1b
	cmp	r3, #R_ARM_RELATIVE
	bne	.Lbad_reloc
	ldr	r6, [r5, r2]
	add	r6, r6, r5
	str	r6, [r5, r2]
	b	1b
2:
	/* Literal pools are relocated now. Clear .bss. */
	ldr	r0, =__bss_start
	ldr	r1, =__bss_end
	mov	r2, #0
3:	cmp	r0, r1
	bhs	4f
	str	r2, [r0], #4
	b	3b
4:
	/* The boot CPU always uses stack slot 0. */
	ldr	r0, =nsk_stacks
	add	sp, r0, #NSK_STACK_SIZE
	bl	nsk_cpu_early_init
	mov	r0, r4			/* nsk_main(uint64_t dtb, uint64_t base) */
	mov	r1, #0
	mov	r2, r5
	mov	r3, #0
	bl	nsk_main
	b	nsk_halt

	/* A relocation type the loop above does not know: nothing to print with. */
.Lbad_reloc:
	wfi
	b	.Lbad_reloc

/*
 * The secondary entry point (env.secondary_pc): r0 = context ID. Finds this
 * CPU's stack slot from its MPIDR in nsk_mpidr[] (filled by the boot CPU
 * before any CPU_ON); an unknown MPIDR gets the spare slot.
 */
	.global	nsk_secondary_entry
	.type	nsk_secondary_entry, %function
	.balign	8
nsk_secondary_entry:
	cpsid	aif
	mov	r4, r0
	mrc	p15, 0, r1, c0, c0, 5	/* MPIDR */
	bic	r1, r1, #0xff000000	/* Aff2..Aff0 */
	ldr	r2, =nsk_mpidr		/* uint64_t[]: low words compared */
	ldr	r3, =nsk_ncpus
	ldr	r3, [r3]
	mov	r6, #0
5:	cmp	r6, r3
	bhs	6f
	ldr	r7, [r2, r6, lsl #3]
	cmp	r7, r1
	beq	7f
	add	r6, r6, #1
	b	5b
6:	mov	r6, #NSK_MAX_CPUS	/* the spare slot */
7:	ldr	r0, =nsk_stacks
	add	r1, r6, #1
	mov	r2, #NSK_STACK_SIZE
	mla	r0, r1, r2, r0
	mov	sp, r0
	bl	nsk_cpu_early_init
	mov	r0, r4			/* nsk_secondary_main(uint64_t ctx, uint64_t slot) */
	mov	r1, #0
	mov	r2, r6
	mov	r3, #0
	bl	nsk_secondary_main
	b	nsk_halt
	.size	nsk_secondary_entry, . - nsk_secondary_entry
	.ltorg

/*
 * The same entry reached from Thumb state (nsk.thumb=1): its address has
 * bit 0 set, which PSCI on AArch32 takes as "enter in Thumb state". Were
 * the CPU started in ARM state, these Thumb-2 encodings would not run.
 */
	.thumb
	.global	nsk_secondary_entry_thumb
	.type	nsk_secondary_entry_thumb, %function
	.balign	8
nsk_secondary_entry_thumb:
	ldr	r12, .Lsecondary_arm
	bx	r12
	.balign	4
.Lsecondary_arm:
	.word	nsk_secondary_entry
	.size	nsk_secondary_entry_thumb, . - nsk_secondary_entry_thumb
	.arm

	.global	nsk_halt
	.type	nsk_halt, %function
nsk_halt:
	cpsid	aif
8:	wfi
	b	8b
	.size	nsk_halt, . - nsk_halt

/*
 * Leaves Hyp mode for SVC, continuing at the caller's return address with
 * the same stack, interrupts masked. Hyp must already be set up for a PL1
 * guest (leave_hyp() in main.c).
 */
	.global	nsk_a32_eret_to_svc
	.type	nsk_a32_eret_to_svc, %function
nsk_a32_eret_to_svc:
	mov	r0, sp
	msr	sp_svc, r0
	mov	r0, #(A32_MODE_SVC | 0x1c0)	/* A, I, F masked */
	msr	spsr_fsxc, r0
	msr	elr_hyp, lr
	isb
	eret
	.size	nsk_a32_eret_to_svc, . - nsk_a32_eret_to_svc

/*
 * Exception vectors: any exception is a bug. PL1 (VBAR): the exception's
 * mode has no stack of its own here, so each stub goes to SVC mode and its
 * stack with the exception's LR and SPSR. Hyp (HVBAR): Hyp mode's stack is
 * the one in use. Both call nsk_a32_exception(kind, lr, spsr, hyp), which
 * prints the syndrome and powers off.
 */
	.macro	pl1_stub kind
.Lpl1_\kind:
	mov	r0, #\kind
	mov	r1, lr
	mrs	r2, spsr
	cps	#A32_MODE_SVC
	mov	r3, #0
	bic	sp, sp, #7
	b	nsk_a32_exception
	.endm

	.macro	hyp_stub kind
.Lhyp_\kind:
	mov	r0, #\kind
	mrs	r1, elr_hyp
	mrs	r2, spsr
	mov	r3, #1
	bic	sp, sp, #7
	b	nsk_a32_exception
	.endm

	.balign	32
	.global	nsk_a32_vectors
nsk_a32_vectors:
	b	.Lpl1_0
	b	.Lpl1_1
	b	.Lpl1_2
	b	.Lpl1_3
	b	.Lpl1_4
	b	.Lpl1_5
	b	.Lpl1_6
	b	.Lpl1_7

	.balign	32
	.global	nsk_a32_hyp_vectors
nsk_a32_hyp_vectors:
	b	.Lhyp_0
	b	.Lhyp_1
	b	.Lhyp_2
	b	.Lhyp_3
	b	.Lhyp_4
	b	.Lhyp_5
	b	.Lhyp_6
	b	.Lhyp_7

	pl1_stub 0
	pl1_stub 1
	pl1_stub 2
	pl1_stub 3
	pl1_stub 4
	pl1_stub 5
	pl1_stub 6
	pl1_stub 7
	hyp_stub 0
	hyp_stub 1
	hyp_stub 2
	hyp_stub 3
	hyp_stub 4
	hyp_stub 5
	hyp_stub 6
	hyp_stub 7

/*
 * a32_smc_fiq(r, fiq), from SVC mode: an SMC made in FIQ mode with r0-r12 =
 * r[0..12] (r8-r12 the User bank's, which SVC mode shares) and FIQ's own
 * r8-r12 = fiq[0..4]; both arrays get what the SMC left in those registers.
 * SP_fiq is borrowed as the pointer to this frame on SVC's stack: the nsk
 * never runs in FIQ mode.
 */
	.text
	.arm
	.arch_extension sec
	.global	a32_smc_fiq
	.type	a32_smc_fiq, %function
a32_smc_fiq:
	push	{r4-r12, lr}
	mrs	r4, cpsr
	push	{r0, r1, r4}		/* [sp] r, [sp + 4] fiq, [sp + 8] CPSR */
	mov	r6, r1
	mov	r7, r0
	add	r5, r7, #32
	ldm	r5, {r8-r12}		/* the User bank's r8-r12 */
	mov	r5, sp
	cpsid	if, #0x11		/* FIQ mode */
	mov	sp, r5
	ldm	r6, {r8-r12}		/* FIQ's r8-r12 */
	ldm	r7, {r0-r7}
	smc	#0
	str	r0, [sp, #-4]!		/* [sp] r0, [sp + 4] r, [sp + 8] fiq */
	ldr	r0, [sp, #8]
	stm	r0, {r8-r12}
	ldr	r0, [sp, #4]
	add	r0, r0, #4
	stm	r0, {r1-r7}
	ldr	r1, [sp], #4
	ldr	r0, [sp]
	str	r1, [r0]
	ldr	r4, [sp, #8]
	msr	cpsr_c, r4		/* back to SVC mode: its own SP again */
	ldr	r0, [sp]
	add	r0, r0, #32
	stm	r0, {r8-r12}
	add	sp, sp, #12
	pop	{r4-r12, pc}
	.size	a32_smc_fiq, . - a32_smc_fiq

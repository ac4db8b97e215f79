/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nsk entry: the arm64 Image header, self-relocation, per-CPU stacks, the
 * secondary entry point and the exception vectors.
 *
 * Boot contract (Linux's Documentation/arch/arm64/booting.rst): entered at
 * EL2 or EL1 with the MMU off, x0 = physical address of the DTB, at
 * (2 MiB aligned base) + text_offset. The image is linked at 0 as a static
 * PIE: all code is PC-relative and the R_AARCH64_RELATIVE entries of
 * .rela.dyn are applied here, once, by the boot CPU, so any load address
 * works (QEMU's own loader uses RAM base + 2 MiB; a firmware may use another).
 */
#include "asm.h"
#include "nsk.h"

#define R_AARCH64_RELATIVE	1027

	.section .head.text, "ax", %progbits
	.global	_start
_start:
	b	primary_entry		/* code0 */
	.long	0			/* code1 */
	.quad	0			/* text_offset */
	.quad	nsk_image_size		/* image_size, bss and stacks included */
	.quad	NSK_IMAGE_FLAGS		/* flags: LE, 4K pages, anywhere in RAM */
	.quad	0			/* res2 */
	.quad	0			/* res3 */
	.quad	0			/* res4 */
	.ascii	"ARM\x64"		/* magic */
	.long	0			/* res5 */

	.text
primary_entry:
	msr	daifset, #0xf		/* masked already by the boot protocol; stay so */
	mov	x19, x0			/* DTB */
	adr_l	x20, _start		/* where we were loaded */

	/* Apply R_AARCH64_RELATIVE relocations: *(base + off) = base + addend. */
	adr_l	x1, __rela_start
	adr_l	x2, __rela_end
1:	cmp	x1, x2
	b.hs	2f
	ldp	x3, x4, [x1], #16	/* r_offset, r_info */
	ldr	x5, [x1], #8		/* r_addend */
	cbz	w4, 1b			/* R_AARCH64_NONE: a slot the linker left unused */
	cmp	w4, #R_AARCH64_RELATIVE
	b.ne	.Lbad_reloc
	add	x5, x5, x20
	str	x5, [x20, x3]
	b	1b
2:
	/* Clear .bss (8-byte aligned at both ends, by the linker script). */
	adr_l	x1, __bss_start
	adr_l	x2, __bss_end
3:	cmp	x1, x2
	b.hs	4f
	str	xzr, [x1], #8
	b	3b
4:
	/* The boot CPU always uses stack slot 0. */
	adr_l	x1, nsk_stacks
	add	x1, x1, #NSK_STACK_SIZE
	mov	sp, x1
	bl	nsk_cpu_early_init
	mov	x0, x19
	mov	x1, x20
	bl	nsk_main
	b	nsk_halt

	/* A relocation type the loop above does not know: nothing to print with. */
.Lbad_reloc:
	wfi
	b	.Lbad_reloc

/*
 * The secondary entry point (env.secondary_pc): x0 = context ID. Finds this
 * CPU's stack slot from its MPIDR in nsk_mpidr[] (filled by the boot CPU
 * before any CPU_ON); an unknown MPIDR gets the spare slot.
 */
	.global	nsk_secondary_entry
	.balign	8
nsk_secondary_entry:
	msr	daifset, #0xf
	mov	x19, x0
	mrs	x1, mpidr_el1
	ldr	x2, =NSK_MPIDR_MASK
	and	x1, x1, x2
	adr_l	x2, nsk_mpidr
	adr_l	x3, nsk_ncpus
	ldr	w3, [x3]
	mov	x4, #0
5:	cmp	x4, x3
	b.hs	6f
	ldr	x5, [x2, x4, lsl #3]
	cmp	x5, x1
	b.eq	7f
	add	x4, x4, #1
	b	5b
6:	mov	x4, #NSK_MAX_CPUS	/* the spare slot */
7:	mov	x20, x4
	adr_l	x1, nsk_stacks
	add	x2, x4, #1
	mov	x3, #NSK_STACK_SIZE
	madd	x1, x2, x3, x1
	mov	sp, x1
	bl	nsk_cpu_early_init
	mov	x0, x19
	mov	x1, x20
	bl	nsk_secondary_main
	b	nsk_halt

	.ltorg

	.global	nsk_halt
nsk_halt:
	msr	daifset, #0xf
8:	wfi
	b	8b

/*
 * Leaves EL2 for EL1h, continuing at the caller's return address with the
 * same stack, interrupts masked. EL2 must already be set up for an EL1 guest
 * (nsk_el2_for_el1() in C).
 */
	.global	nsk_eret_to_el1
nsk_eret_to_el1:
	mov	x0, sp
	msr	sp_el1, x0
	mov	x0, #0x3c5		/* D, A, I, F masked; EL1h */
	msr	spsr_el2, x0
	msr	elr_el2, x30
	isb
	eret

/*
 * Exception vectors, used at EL1 and EL2 alike: any exception is a bug, so
 * each entry saves x0-x3 on the current stack and calls nsk_exception(kind)
 * which prints the syndrome and powers off.
 */
	.macro	ventry kind
	.balign	0x80
	sub	sp, sp, #32
	stp	x0, x1, [sp]
	stp	x2, x30, [sp, #16]
	mov	x0, #\kind
	bl	nsk_exception
	b	nsk_halt
	.endm

	.balign	0x800
	.global	nsk_vectors
nsk_vectors:
	ventry	0	/* current EL, SP_EL0: sync */
	ventry	1	/* irq */
	ventry	2	/* fiq */
	ventry	3	/* serror */
	ventry	4	/* current EL, SP_ELx: sync */
	ventry	5
	ventry	6
	ventry	7
	ventry	8	/* lower EL, AArch64: sync */
	ventry	9
	ventry	10
	ventry	11
	ventry	12	/* lower EL, AArch32: sync */
	ventry	13
	ventry	14
	ventry	15

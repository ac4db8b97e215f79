/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nsk.test=isolation: vectors that expect a fault. A synchronous exception
 * at the current EL (SP_ELx) is counted, its ESR and FAR recorded, and the
 * faulting instruction skipped; every other vector goes to nsk_vectors'
 * (Bail out!). Used at EL2 or EL1, whichever the nsk runs at.
 */
#include "asm.h"

	.text
	.balign	0x800
	.global	iso_vectors
iso_vectors:
	vec_pass	0x000
	vec_pass	0x080
	vec_pass	0x100
	vec_pass	0x180
	.balign	0x80		/* current EL, SP_ELx, synchronous: expected */
	b	iso_sync
	vec_pass	0x280
	vec_pass	0x300
	vec_pass	0x380
	vec_pass	0x400
	vec_pass	0x480
	vec_pass	0x500
	vec_pass	0x580
	vec_pass	0x600
	vec_pass	0x680
	vec_pass	0x700
	vec_pass	0x780

iso_sync:
	stp	x0, x1, [sp, #-32]!
	stp	x2, x3, [sp, #16]
	mrs	x0, CurrentEL
	cmp	x0, #(2 << 2)
	b.ne	1f
	mrs	x1, esr_el2
	mrs	x2, far_el2
	mrs	x3, elr_el2
	add	x3, x3, #4
	msr	elr_el2, x3
	b	2f
1:	mrs	x1, esr_el1
	mrs	x2, far_el1
	mrs	x3, elr_el1
	add	x3, x3, #4
	msr	elr_el1, x3
2:	adr_l	x0, iso_esr
	str	x1, [x0]
	adr_l	x0, iso_far
	str	x2, [x0]
	adr_l	x0, iso_faults
	ldr	x1, [x0]
	add	x1, x1, #1
	str	x1, [x0]
	ldp	x2, x3, [sp, #16]
	ldp	x0, x1, [sp], #32
	eret

/* uint64_t iso_load(uint64_t addr): 0 if the load faulted. */
	.global	iso_load
iso_load:
	mov	x1, x0
	mov	x0, #0
	ldr	x0, [x1]
	ret

/* void iso_store(uint64_t addr, uint64_t value) */
	.global	iso_store
iso_store:
	str	x1, [x0]
	dsb	sy
	ret

	.data
	.balign	8
	.global	iso_faults, iso_esr, iso_far
iso_faults:	.quad	0
iso_esr:	.quad	0
iso_far:	.quad	0

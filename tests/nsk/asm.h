/* SPDX-License-Identifier: BSD-3-Clause */
/* Assembler macros of the nsk's .S files. */
#ifndef NSK_ASM_H
#define NSK_ASM_H

/* reg = the address of sym, PC-relative (the nsk runs wherever it is put). */
	.macro	adr_l reg, sym
	adrp	\reg, \sym
	add	\reg, \reg, :lo12:\sym
	.endm

/* A vector table entry that goes on to nsk_vectors' entry at the same offset. */
	.macro	vec_pass off
	.balign	0x80
	b	nsk_vectors + \off
	.endm

#endif

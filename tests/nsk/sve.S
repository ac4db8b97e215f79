/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nsk.test=tos (tos.c): the SVE vector length this CPU gives the normal
 * world when it asks for the largest there is.
 */
#include "asm.h"

#define CURRENT_EL2	8
#define CPTR_EL2_TZ	(1 << 8)
#define CPTR_EL2_TFP	(1 << 10)
#define CPACR_ZEN	(3 << 16)
#define CPACR_FPEN	(3 << 20)

/*
 * uint64_t nsk_sve_vl(void): 0 without SVE; else SVE enabled at this EL,
 * ZCR_EL2 or ZCR_EL1 LEN = 15 (2048 bits asked), and the vector length in
 * bytes that results (RDVL): the smallest of what the CPU has and what
 * each EL above allows.
 */
	.global	nsk_sve_vl
nsk_sve_vl:
	mrs	x9, id_aa64pfr0_el1
	ubfx	x9, x9, #32, #4
	cbz	x9, 9f
	mov	x10, #0xf
	mrs	x9, CurrentEL
	cmp	x9, #CURRENT_EL2
	b.ne	1f
	mrs	x9, cptr_el2
	bic	x9, x9, #CPTR_EL2_TZ
	bic	x9, x9, #CPTR_EL2_TFP
	msr	cptr_el2, x9
	isb
	msr	S3_4_C1_C2_0, x10		/* ZCR_EL2 */
	b	2f
1:	mrs	x9, cpacr_el1
	orr	x9, x9, #CPACR_ZEN
	orr	x9, x9, #CPACR_FPEN
	msr	cpacr_el1, x9
	isb
	msr	S3_0_C1_C2_0, x10		/* ZCR_EL1 */
2:	isb
	.inst	0x04bf5020			/* rdvl x0, #1 */
	ret
9:	mov	x0, #0
	ret

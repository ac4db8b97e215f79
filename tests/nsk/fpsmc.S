/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nsk.test=tos (tos.c): an SMC made with every FP/SIMD register holding
 * this kernel's values, and what they hold after it. The nsk is built
 * without FP/SIMD code; FP/SIMD is enabled at this EL here.
 */
#include "asm.h"

#define CURRENT_EL2	8
#define CPTR_EL2_TFP	(1 << 10)
#define CPACR_FPEN	(3 << 20)

/*
 * uint64_t nsk_fp_smc(uint64_t x0, uint64_t pattern, uint64_t fpcr_fpsr[2],
 *                     uint64_t q[64]): q<n> = pattern + n (low half) and
 * ~(pattern + n) (high half), FPCR and FPSR as given, then the SMC with x0
 * (x1-x7 zero); the 32 q registers after it to q[], FPCR and FPSR to
 * fpcr_fpsr[]; x0 back. x12, x13 are kept across the SMC (SMCCC: x4-x17).
 */
	.global	nsk_fp_smc
nsk_fp_smc:
	mrs	x9, CurrentEL
	cmp	x9, #CURRENT_EL2
	b.ne	1f
	mrs	x9, cptr_el2
	bic	x9, x9, #CPTR_EL2_TFP
	msr	cptr_el2, x9
	b	2f
1:	mrs	x9, cpacr_el1
	orr	x9, x9, #CPACR_FPEN
	msr	cpacr_el1, x9
2:	isb
	mov	x12, x2
	mov	x13, x3
	mov	x9, x1
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	fmov	d\n, x9
	mvn	x10, x9
	fmov	v\n\().d[1], x10
	add	x9, x9, #1
	.endr
	ldp	x9, x10, [x12]
	msr	fpcr, x9
	msr	fpsr, x10
	mov	x1, #0
	mov	x2, #0
	mov	x3, #0
	mov	x4, #0
	mov	x5, #0
	mov	x6, #0
	mov	x7, #0
	smc	#0
	mrs	x9, fpcr
	mrs	x10, fpsr
	stp	x9, x10, [x12]
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	str	q\n, [x13, #16 * \n]
	.endr
	ret

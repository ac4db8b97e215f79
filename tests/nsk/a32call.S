/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nsk.test=a32el1: an SMC from AArch32 EL1, the monitor's other SMC path
 * (exception class 0x13). a32_smc(x) runs, at EL2, two AArch32 instructions
 * at EL1 in SVC mode, "smc #0; hvc #0", with r0-r12 = x[0..12], and stores
 * r0-r12 as the SMC left them back into x[0..12]. The HVC comes back here
 * through a32_vectors (lower EL, AArch32, synchronous); every other
 * exception goes to nsk_vectors (Bail out!).
 *
 * a32_smc_fiq(x, fiq) makes the same call from FIQ mode ("cps #0x11" first):
 * r0-r12 of the User bank are x[0..12] as before, FIQ's own r8-r12 (x24-x28
 * at EL2) are fiq[0..4], and both come back as the SMC left them.
 */
#include "asm.h"

#define HCR_RW		(1 << 31)
#define HCR_TSC		(1 << 19)
#define SPSR_A32_SVC	0x1d3		/* AArch32, SVC mode, A, I and F masked */

	.text
	.balign	0x800
a32_vectors:
	vec_pass	0x000
	vec_pass	0x080
	vec_pass	0x100
	vec_pass	0x180
	vec_pass	0x200
	vec_pass	0x280
	vec_pass	0x300
	vec_pass	0x380
	vec_pass	0x400
	vec_pass	0x480
	vec_pass	0x500
	vec_pass	0x580
	.balign	0x80		/* lower EL, AArch32, synchronous: the HVC */
	b	a32_back
	vec_pass	0x680
	vec_pass	0x700
	vec_pass	0x780

	.global	a32_smc_fiq
a32_smc_fiq:
	adr_l	x9, a32_fiq
	str	x1, [x9]
	adr_l	x13, a32_payload_fiq
	b	a32_enter

	.global	a32_smc
a32_smc:
	adr_l	x9, a32_fiq
	str	xzr, [x9]
	adr_l	x13, a32_payload
a32_enter:
	adr_l	x9, a32_save
	stp	x19, x20, [x9, #0]
	stp	x21, x22, [x9, #16]
	stp	x23, x24, [x9, #32]
	stp	x25, x26, [x9, #48]
	stp	x27, x28, [x9, #64]
	stp	x29, x30, [x9, #80]
	mov	x10, sp
	stp	x10, x0, [x9, #96]
	mrs	x10, vbar_el2
	mrs	x11, hcr_el2
	stp	x10, x11, [x9, #112]
	mrs	x10, daif
	str	x10, [x9, #128]
	msr	daifset, #0xf
	bic	x11, x11, #HCR_RW
	bic	x11, x11, #HCR_TSC
	msr	hcr_el2, x11
	adr_l	x10, a32_vectors
	msr	vbar_el2, x10
	msr	elr_el2, x13
	adr_l	x9, a32_fiq
	ldr	x9, [x9]
	cbz	x9, 1f
	ldp	x24, x25, [x9]
	ldp	x26, x27, [x9, #16]
	ldr	x28, [x9, #32]
1:
	mov	x10, #SPSR_A32_SVC
	msr	spsr_el2, x10
	isb
	ldp	x2, x3, [x0, #16]
	ldp	x4, x5, [x0, #32]
	ldp	x6, x7, [x0, #48]
	ldp	x8, x9, [x0, #64]
	ldp	x10, x11, [x0, #80]
	ldr	x12, [x0, #96]
	ldp	x0, x1, [x0]
	eret

	.balign	4
a32_payload:
	.word	0xe1600070	/* smc #0 */
	.word	0xe1400070	/* hvc #0 */
a32_payload_fiq:
	.word	0xf1020011	/* cps #0x11 (FIQ mode) */
	.word	0xe1600070	/* smc #0 */
	.word	0xe1400070	/* hvc #0 */

/* x13-x30 held the AArch32 banked registers: only a32_save is trusted. */
a32_back:
	adr_l	x14, a32_save
	ldr	x15, [x14, #104]
	stp	x0, x1, [x15]
	stp	x2, x3, [x15, #16]
	stp	x4, x5, [x15, #32]
	stp	x6, x7, [x15, #48]
	stp	x8, x9, [x15, #64]
	stp	x10, x11, [x15, #80]
	str	x12, [x15, #96]
	adr_l	x16, a32_fiq
	ldr	x16, [x16]
	cbz	x16, 1f
	stp	x24, x25, [x16]
	stp	x26, x27, [x16, #16]
	str	x28, [x16, #32]
1:
	ldp	x10, x11, [x14, #112]
	msr	vbar_el2, x10
	msr	hcr_el2, x11
	isb
	ldr	x10, [x14, #96]
	mov	sp, x10
	ldp	x19, x20, [x14, #0]
	ldp	x21, x22, [x14, #16]
	ldp	x23, x24, [x14, #32]
	ldp	x25, x26, [x14, #48]
	ldp	x27, x28, [x14, #64]
	ldp	x29, x30, [x14, #80]
	ldr	x10, [x14, #128]
	msr	daif, x10
	ret

	.bss
	.balign	8
a32_save:
	.space	136
a32_fiq:			/* a32_smc_fiq's fiq[], or 0 */
	.space	8

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * uint64_t nsk_soak(uint64_t ticks): fills x2-x30 and v0-v31 with known
 * values, spins (using x0 and x1 only) until CNTVCT has advanced by
 * `ticks`, then checks every one of them. Returns 0 when nothing changed,
 * 1 + n for the first xn that did, 100 + n for the first vn.
 *
 * While it spins the firmware may take interrupts to EL3 (secmon's
 * power-off watch is an FIQ every 5 ms on the boot CPU): the normal world
 * must find its registers as it left them.
 */
#include "nsk.h"

	.arch_extension fp
	.arch_extension simd

	.macro	xval reg, n
	movz	\reg, #(0x100 + \n)
	movk	\reg, #(0xa000 + \n), lsl #32
	movk	\reg, #0x5ec0, lsl #48
	.endm

	.text
	.global	nsk_soak
	.balign	8
nsk_soak:
	/* Callee-saved: x19-x30 and the low halves of v8-v15. */
	stp	x29, x30, [sp, #-160]!
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	stp	d8, d9, [sp, #96]
	stp	d10, d11, [sp, #112]
	stp	d12, d13, [sp, #128]
	stp	d14, d15, [sp, #144]

	isb
	mrs	x1, cntvct_el0
	add	x0, x0, x1			/* the deadline */

	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	movi	v\n\().16b, #(0x40 + \n)
	.endr
	.irp	n, 2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30
	xval	x\n, \n
	.endr

1:	isb
	mrs	x1, cntvct_el0
	cmp	x1, x0
	b.lo	1b

	.irp	n, 2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30
	xval	x0, \n
	mov	x1, #\n
	cmp	x\n, x0
	b.ne	.Lx_changed
	.endr
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	mov	x1, #(0x40 + \n)
	orr	x1, x1, x1, lsl #8
	orr	x1, x1, x1, lsl #16
	orr	x1, x1, x1, lsl #32
	umov	x0, v\n\().d[0]
	cmp	x0, x1
	b.ne	.Lv_changed_\n
	umov	x0, v\n\().d[1]
	cmp	x0, x1
	b.ne	.Lv_changed_\n
	.endr
	mov	x0, #0
	b	.Lout

.Lx_changed:
	add	x0, x1, #1
	b	.Lout
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
.Lv_changed_\n:
	mov	x0, #(100 + \n)
	b	.Lout
	.endr

.Lout:
	ldp	d14, d15, [sp, #144]
	ldp	d12, d13, [sp, #128]
	ldp	d10, d11, [sp, #112]
	ldp	d8, d9, [sp, #96]
	ldp	x27, x28, [sp, #80]
	ldp	x25, x26, [sp, #64]
	ldp	x23, x24, [sp, #48]
	ldp	x21, x22, [sp, #32]
	ldp	x19, x20, [sp, #16]
	ldp	x29, x30, [sp], #160
	ret

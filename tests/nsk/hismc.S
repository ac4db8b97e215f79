/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nsk.test=hostile: an SMC that also checks the registers SMCCC says the
 * callee preserves, which the library's conduit (rightly) does not look at.
 *
 * uint64_t hostile_smc(const struct secmon_regs *in, struct secmon_regs *out,
 *                      const uint64_t hi[13]);
 *
 * x0-x17 from `in`, x18-x30 from `hi`, smc #0, x0-x17 to `out`. Returns a
 * mask of the registers x18-x30 that came back changed (bit 0: x18).
 */
	.text
	.global	hostile_smc
	.type	hostile_smc, %function
	.balign	4
hostile_smc:
	stp	x29, x30, [sp, #-144]!
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	stp	x18, x1, [sp, #96]
	str	x2, [sp, #112]

	ldp	x18, x19, [x2]
	ldp	x20, x21, [x2, #16]
	ldp	x22, x23, [x2, #32]
	ldp	x24, x25, [x2, #48]
	ldp	x26, x27, [x2, #64]
	ldp	x28, x29, [x2, #80]
	ldr	x30, [x2, #96]
	ldp	x2, x3, [x0, #16]
	ldp	x4, x5, [x0, #32]
	ldp	x6, x7, [x0, #48]
	ldp	x8, x9, [x0, #64]
	ldp	x10, x11, [x0, #80]
	ldp	x12, x13, [x0, #96]
	ldp	x14, x15, [x0, #112]
	ldp	x16, x17, [x0, #128]
	ldp	x0, x1, [x0]
	smc	#0

	stp	x0, x1, [sp, #128]
	ldr	x0, [sp, #104]
	stp	x2, x3, [x0, #16]
	stp	x4, x5, [x0, #32]
	stp	x6, x7, [x0, #48]
	stp	x8, x9, [x0, #64]
	stp	x10, x11, [x0, #80]
	stp	x12, x13, [x0, #96]
	stp	x14, x15, [x0, #112]
	stp	x16, x17, [x0, #128]
	ldp	x2, x3, [sp, #128]
	stp	x2, x3, [x0]

	ldr	x1, [sp, #112]
	mov	x0, #0
	.irp	r, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30
	ldr	x2, [x1, #(\r - 18) * 8]
	cmp	x2, x\r
	cset	x3, ne
	orr	x0, x0, x3, lsl #(\r - 18)
	.endr

	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldr	x18, [sp, #96]
	ldp	x29, x30, [sp], #144
	ret
	.size	hostile_smc, . - hostile_smc

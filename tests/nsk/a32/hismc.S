/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nsk.test=hostile on AArch32: an SMC that also checks the registers SMCCC
 * says the callee preserves, which the library's conduit does not look at.
 *
 * uint64_t hostile_smc(const struct secmon_regs *in, struct secmon_regs *out,
 *                      const uint64_t hi[13]);
 *
 * r0-r7 from the low words of in->x[0..7], r8-r12 and lr from the low words
 * of hi[0..5], smc #0, r0-r7 to out->x[0..7] (upper words zero). Returns a
 * mask of what came back changed: bits 0-4 r8-r12, bit 5 lr, bit 6 sp.
 * out->x[16] holds the expected sp across the call and is zeroed after.
 */
	.syntax	unified
	.arch	armv7-a
	.arch_extension sec
	.arm

	.text
	.global	hostile_smc
	.type	hostile_smc, %function
	.balign	4
hostile_smc:
	push	{r4-r11, lr}
	push	{r1, r2}		/* [sp] out, [sp, #4] hi */
	str	sp, [r1, #128]
	ldr	r8, [r2]
	ldr	r9, [r2, #8]
	ldr	r10, [r2, #16]
	ldr	r11, [r2, #24]
	ldr	r12, [r2, #32]
	ldr	lr, [r2, #40]
	ldr	r1, [r0, #8]
	ldr	r2, [r0, #16]
	ldr	r3, [r0, #24]
	ldr	r4, [r0, #32]
	ldr	r5, [r0, #40]
	ldr	r6, [r0, #48]
	ldr	r7, [r0, #56]
	ldr	r0, [r0]
	smc	#0

	push	{r0-r7}			/* now [sp, #32] out, [sp, #36] hi */
	ldr	r0, [sp, #32]
	mov	r2, #0
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	ldr	r1, [sp, #(\i * 4)]
	str	r1, [r0, #(\i * 8)]
	str	r2, [r0, #(\i * 8 + 4)]
	.endr

	ldr	r1, [sp, #36]
	mov	r3, #0
	ldr	r2, [r1]
	cmp	r2, r8
	orrne	r3, r3, #1
	ldr	r2, [r1, #8]
	cmp	r2, r9
	orrne	r3, r3, #2
	ldr	r2, [r1, #16]
	cmp	r2, r10
	orrne	r3, r3, #4
	ldr	r2, [r1, #24]
	cmp	r2, r11
	orrne	r3, r3, #8
	ldr	r2, [r1, #32]
	cmp	r2, r12
	orrne	r3, r3, #16
	ldr	r2, [r1, #40]
	cmp	r2, lr
	orrne	r3, r3, #32
	add	r2, sp, #32		/* sp as the smc left it */
	ldr	r1, [r0, #128]
	cmp	r1, r2
	orrne	r3, r3, #64
	mov	r1, #0
	str	r1, [r0, #128]

	mov	r0, r3
	add	sp, sp, #40
	pop	{r4-r11, pc}
	.size	hostile_smc, . - hostile_smc

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The smc and hvc conduits for AArch32 callers: r0-r12 from the low words
 * of `in` (SMCCC uses r0-r7; legacy ABIs also r12), the instruction, then
 * r0-r12 to `out` with the upper words and x13-x17 zero.
 *
 * void secmon_arch_smc(const struct secmon_conduit *c,
 *                      const struct secmon_regs *in, struct secmon_regs *out)
 */
	.syntax unified
	.arch armv7-a
	.arch_extension sec
	.arch_extension virt
	.arm

	.macro conduit name, insn
	.section .text.\name, "ax", %progbits
	.global \name
	.type \name, %function
	.balign 4
\name:
	push	{r2, r4-r11, lr}
	mov	r12, r1
	ldr	r0, [r12, #0]
	ldr	r1, [r12, #8]
	ldr	r2, [r12, #16]
	ldr	r3, [r12, #24]
	ldr	r4, [r12, #32]
	ldr	r5, [r12, #40]
	ldr	r6, [r12, #48]
	ldr	r7, [r12, #56]
	ldr	r8, [r12, #64]
	ldr	r9, [r12, #72]
	ldr	r10, [r12, #80]
	ldr	r11, [r12, #88]
	ldr	r12, [r12, #96]
	\insn	#0
	ldr	lr, [sp]
	str	r0, [lr, #0]
	str	r1, [lr, #8]
	str	r2, [lr, #16]
	str	r3, [lr, #24]
	str	r4, [lr, #32]
	str	r5, [lr, #40]
	str	r6, [lr, #48]
	str	r7, [lr, #56]
	str	r8, [lr, #64]
	str	r9, [lr, #72]
	str	r10, [lr, #80]
	str	r11, [lr, #88]
	str	r12, [lr, #96]
	mov	r0, #0
	mov	r1, #4
1:	str	r0, [lr, r1]
	add	r1, r1, #8
	cmp	r1, #(4 + 8 * 12)
	bls	1b
	mov	r1, #104
2:	str	r0, [lr, r1]
	add	r1, r1, #4
	cmp	r1, #144
	blo	2b
	pop	{r2, r4-r11, pc}
	.size \name, . - \name
	.endm

	conduit secmon_arch_smc, smc
	conduit secmon_arch_hvc, hvc

/* Needs no executable stack (without this note the linker assumes it does). */
	.section .note.GNU-stack, "", %progbits

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The smc and hvc conduits for AArch64 callers: x0-x17 from `in`, the
 * instruction, x0-x17 to `out` (SMCCC 1.2 register sets).
 *
 * void secmon_arch_smc(const struct secmon_conduit *c,
 *                      const struct secmon_regs *in, struct secmon_regs *out)
 *
 * x0-x17 and x30 are caller-saved; x18 and x19-x29 are left alone.
 */
	.macro conduit name, insn
	.section .text.\name, "ax", %progbits
	.global \name
	.type \name, %function
	.balign 4
\name:
	stp	x2, x30, [sp, #-16]!
	ldp	x2, x3, [x1, #16]
	ldp	x4, x5, [x1, #32]
	ldp	x6, x7, [x1, #48]
	ldp	x8, x9, [x1, #64]
	ldp	x10, x11, [x1, #80]
	ldp	x12, x13, [x1, #96]
	ldp	x14, x15, [x1, #112]
	ldp	x16, x17, [x1, #128]
	ldp	x0, x1, [x1]
	\insn	#0
	ldr	x30, [sp]
	stp	x0, x1, [x30]
	stp	x2, x3, [x30, #16]
	stp	x4, x5, [x30, #32]
	stp	x6, x7, [x30, #48]
	stp	x8, x9, [x30, #64]
	stp	x10, x11, [x30, #80]
	stp	x12, x13, [x30, #96]
	stp	x14, x15, [x30, #112]
	stp	x16, x17, [x30, #128]
	ldr	x30, [sp, #8]
	add	sp, sp, #16
	ret
	.size \name, . - \name
	.endm

	conduit secmon_arch_smc, smc
	conduit secmon_arch_hvc, hvc

/* Needs no executable stack (without this note the linker assumes it does). */
	.section .note.GNU-stack, "", %progbits

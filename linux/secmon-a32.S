/* SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause */
/*
 * secmon.ko's AArch32 conduits: SMC or HVC in ARM state, with r0-r7 (SMCCC's
 * AArch32 arguments and results) and r12 (the ID register of OMAP4-style
 * legacy ABIs) loaded from, and stored back to, the low words of x0-x7 and
 * x12 of a struct secmon_regs (18 little-endian 64-bit words). The caller
 * zeroes `out` first; in and out are distinct.
 *
 *   void secmon_a32_smc(const struct secmon_regs *in, struct secmon_regs *out);
 *   void secmon_a32_hvc(const struct secmon_regs *in, struct secmon_regs *out);
 *
 * SMCCC keeps r4-r7 unless they hold results and r8-r11 always; they are
 * saved here anyway, r8 holding `out` across the call.
 */
#include <linux/linkage.h>

	.arm
	.arch_extension sec
	.arch_extension virt

	.macro	conduit, name, insn
ENTRY(\name)
	push	{r4-r8, lr}
	mov	r8, r1
	mov	ip, r0
	ldr	r0, [ip, #0]
	ldr	r1, [ip, #8]
	ldr	r2, [ip, #16]
	ldr	r3, [ip, #24]
	ldr	r4, [ip, #32]
	ldr	r5, [ip, #40]
	ldr	r6, [ip, #48]
	ldr	r7, [ip, #56]
	ldr	ip, [ip, #96]
	\insn	#0
	str	r0, [r8, #0]
	str	r1, [r8, #8]
	str	r2, [r8, #16]
	str	r3, [r8, #24]
	str	r4, [r8, #32]
	str	r5, [r8, #40]
	str	r6, [r8, #48]
	str	r7, [r8, #56]
	str	ip, [r8, #96]
	pop	{r4-r8, pc}
ENDPROC(\name)
	.endm

	conduit	secmon_a32_smc, smc
	conduit	secmon_a32_hvc, hvc

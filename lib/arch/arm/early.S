/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * uint64_t secmon_early_smc(uint64_t fid, uint64_t a1, uint64_t a2, uint64_t a3)
 * With 64-bit arguments the AAPCS puts fid in r0:r1, a1 in r2:r3 and a2, a3
 * on the stack. An SMC32 call takes the low words, so only fid and a1 come
 * from registers: r0 = fid, r1 = a1, and a2/a3 are read from the caller's
 * stack (the only memory touched). The answer is r0, zero-extended.
 */
	.syntax unified
	.arch armv7-a
	.arch_extension sec
	.arm
	.section .text.secmon_early_smc, "ax", %progbits
	.global secmon_early_smc
	.type secmon_early_smc, %function
	.balign 4
secmon_early_smc:
	mov	r1, r2
	ldr	r2, [sp]
	ldr	r3, [sp, #8]
	smc	#0
	mov	r1, #0
	bx	lr
	.size secmon_early_smc, . - secmon_early_smc

/* Needs no executable stack (without this note the linker assumes it does). */
	.section .note.GNU-stack, "", %progbits

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * uint64_t secmon_early_smc(uint64_t fid, uint64_t a1, uint64_t a2, uint64_t a3)
 * A leaf with no stack and no memory access: usable before the MMU and
 * before sp is set. Arguments are already in x0-x3.
 */
	.section .text.secmon_early_smc, "ax", %progbits
	.global secmon_early_smc
	.type secmon_early_smc, %function
	.balign 4
secmon_early_smc:
	smc	#0
	ret
	.size secmon_early_smc, . - secmon_early_smc

/* Needs no executable stack (without this note the linker assumes it does). */
	.section .note.GNU-stack, "", %progbits

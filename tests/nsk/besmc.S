/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nsk.test=endian (endian.c): an SMC made by a big-endian caller, and the
 * entry point a warm entry from it lands on. The nsk itself is
 * little-endian: SCTLR_ELx.EE is set only around the `smc`, with no memory
 * access in between, and the entry clears it before its first one.
 */
#include "asm.h"

#define SCTLR_EE	(1 << 25)
#define CURRENT_EL2	8

/*
 * uint64_t nsk_smc_big_endian(x0, x1, x2, x3): the SMC with this EL's
 * SCTLR_ELx.EE set; x0 back. x10 holds SCTLR across it (SMCCC keeps x4-x17).
 */
	.global	nsk_smc_big_endian
nsk_smc_big_endian:
	mrs	x9, CurrentEL
	cmp	x9, #CURRENT_EL2
	b.ne	1f
	mrs	x10, sctlr_el2
	orr	x11, x10, #SCTLR_EE
	msr	sctlr_el2, x11
	isb
	smc	#0
	msr	sctlr_el2, x10
	isb
	ret
1:	mrs	x10, sctlr_el1
	orr	x11, x10, #SCTLR_EE
	msr	sctlr_el1, x11
	isb
	smc	#0
	msr	sctlr_el1, x10
	isb
	ret

/*
 * The warm entry (x0 = context ID): notes this EL's SCTLR as the firmware
 * entered it in nsk_entry_sctlr, EE cleared first, then nsk_secondary_entry.
 */
	.global	nsk_big_endian_entry
	.balign	8
nsk_big_endian_entry:
	mrs	x1, CurrentEL
	cmp	x1, #CURRENT_EL2
	b.ne	1f
	mrs	x2, sctlr_el2
	bic	x3, x2, #SCTLR_EE
	msr	sctlr_el2, x3
	b	2f
1:	mrs	x2, sctlr_el1
	bic	x3, x2, #SCTLR_EE
	msr	sctlr_el1, x3
2:	isb
	adr_l	x3, nsk_entry_sctlr
	str	x2, [x3]
	b	nsk_secondary_entry

	.bss
	.balign	8
	.global	nsk_entry_sctlr
nsk_entry_sctlr:
	.space	8

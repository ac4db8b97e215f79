/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Assembly macros for errata calls before there is a stack (see
 * <secmon/early.h>). Include from a .S file.
 *
 *   AArch64:  secmon_early_smc64 0x82000020, 0x5ec00001
 *             -> x0 = answer; clobbers x0-x17 (SMCCC 1.0 firmware may)
 *   AArch32:  secmon_early_smc32 0x82000020, 0x5ec00001
 *             -> r0 = answer; clobbers r0-r3, r12
 */
#ifndef SECMON_EARLY_ASM_H
#define SECMON_EARLY_ASM_H

#ifdef __aarch64__
	.macro secmon_early_smc64 fid, a1=0, a2=0, a3=0
	ldr	x0, =\fid
	ldr	x1, =\a1
	ldr	x2, =\a2
	ldr	x3, =\a3
	smc	#0
	.endm
#else
	.macro secmon_early_smc32 fid, a1=0, a2=0, a3=0
	ldr	r0, =\fid
	ldr	r1, =\a1
	ldr	r2, =\a2
	ldr	r3, =\a3
	smc	#0
	.endm
#endif

#endif

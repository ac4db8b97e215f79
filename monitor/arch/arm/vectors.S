/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Monitor-mode vectors (MVBAR) and the world switch.
 *
 * The monitor runs in Monitor mode only, so of the banked registers it uses
 * just its own SP_mon, LR_mon and SPSR_mon; every other mode's banked
 * registers (SP, LR, SPSR of SVC, ABT, UND, IRQ, FIQ) are the normal world's
 * and stay as they are; FIQ's r8-r12 are read and written only for an SMC
 * made in FIQ mode, as that caller's r8-r12 (a32_fiq_bank_read/write). What
 * the two worlds share are r0-r12: an SMC saves them in the CPU's frame
 * (frame.h) with one stm, the C code turns them into the struct secmon_regs
 * of mon_smc() and back, and one ldm restores them, so a register that is no
 * result comes back as the caller left it, and r12 (a legacy ABI's ID
 * register) reaches the core.
 *
 * SCR.NS is 1 while the normal world runs. On entry the monitor clears it:
 * CP15 accesses then reach the Secure bank and a fault in the monitor is
 * taken to Secure PL1 (a32_secure_vectors). It is set again just before the
 * exception return.
 */
#include "platform.h"
#include "frame.h"
#include "sysreg.h"

#define PMCR_DP		(1 << 5)

	.syntax unified
	.arch	armv7-a
	.arch_extension sec
	.arm

	.section .text.vectors, "ax", %progbits
	.balign	32
	.global	a32_mon_vectors
a32_mon_vectors:
	b	vec_unexpected		/* 0x00 not used */
	b	vec_unexpected		/* 0x04 not used */
	b	vec_smc			/* 0x08 SMC */
	b	vec_unexpected		/* 0x0c prefetch abort (SCR.EA = 0: never) */
	b	vec_unexpected		/* 0x10 data abort (SCR.EA = 0: never) */
	b	vec_unexpected		/* 0x14 not used */
	b	vec_unexpected		/* 0x18 IRQ (SCR.IRQ = 0: never) */
	b	vec_fiq			/* 0x1c FIQ: group 0, SCR.FIQ = 1 */

/*
 * The normal world's cycle counter must not count Monitor mode (TF-A
 * advisory TFV-5): with a PMU (ID_DFR0.PerfMon 1-14) PMCR.DP is set while
 * the monitor runs (counting is prohibited in Secure state, so DP stops
 * PMCCNTR) and the caller's PMCR is restored on the way out (for a call
 * that does not return, on the warm entry: a32_enter_ns). FR_PMCR is 0
 * without a PMU (a PMCR read is never 0: it holds the implementer code).
 */
	.macro	save_caller
	stmia	sp, {r0-r12}
	str	lr, [sp, #FR_LR]
	mrc	p15, 0, r0, c0, c1, 2		/* ID_DFR0 */
	ubfx	r0, r0, #24, #4			/* PerfMon */
	sub	r0, r0, #1
	cmp	r0, #14
	movhs	r0, #0
	mrclo	p15, 0, r0, c9, c12, 0		/* PMCR */
	str	r0, [sp, #FR_PMCR]
	orrlo	r0, r0, #PMCR_DP
	mcrlo	p15, 0, r0, c9, c12, 0
	mrs	r0, spsr
	str	r0, [sp, #FR_SPSR]
	mrc	p15, 0, r0, c1, c1, 0		/* SCR */
	bic	r0, r0, #SCR_NS
	mcr	p15, 0, r0, c1, c1, 0
	isb
	.endm

/*
 * SMC from the normal world: LR_mon is the instruction after the SMC.
 * ARCH_WORKAROUND_1 and _3 first, with r1 as scratch: the code this CPU
 * needs, chosen at reset (arch_wa_select(), workaround.c).
 */
vec_smc:
	str	r1, [sp, #FR_R + 4]
	ldr	r1, =SECMON_SMCCC_ARCH_WORKAROUND_1
	cmp	r0, r1
	ldreq	r1, [sp, #FR_WA1]
	bxeq	r1
	ldr	r1, =SECMON_SMCCC_ARCH_WORKAROUND_3
	cmp	r0, r1
	ldreq	r1, [sp, #FR_WA3]
	bxeq	r1

/* Not offered, or not answered here: the ordinary path decides. */
	.global	arch_wa_ordinary
arch_wa_ordinary:
	ldr	r1, [sp, #FR_R + 4]
	save_caller
	mov	r0, sp
	bl	a32_smc
	b	return_to_ns

/* Nothing to do on this CPU: r0 comes back as the caller sent it. */
	.global	arch_wa_nothing
arch_wa_nothing:
	ldr	r1, [sp, #FR_R + 4]
	movs	pc, lr

/* Cortex-A15, with ACTLR.IBE set (cpu.c): ICIALLU also empties the BTB. */
	.global	a32_wa_a15_bp
a32_wa_a15_bp:
	mcr	p15, 0, r0, c7, c5, 0		/* ICIALLU */
	dsb	nsh
	isb
	ldr	r1, [sp, #FR_R + 4]
	movs	pc, lr

/*
 * Cortex-A15, WORKAROUND_3: eight taken branches clear the branch history
 * (the bxeq that came here is one of them), then the WORKAROUND_1 sequence.
 */
	.global	a32_wa_a15_bhb
a32_wa_a15_bhb:
	.rept	7
	b	. + 4
	.endr
	mcr	p15, 0, r0, c7, c5, 0		/* ICIALLU */
	dsb	nsh
	isb
	ldr	r1, [sp, #FR_R + 4]
	movs	pc, lr
	.ltorg

/* A group-0 FIQ while the normal world ran: the power-off watch, or a stray wake-up SGI. */
vec_fiq:
	sub	lr, lr, #4
	save_caller
	mov	r0, sp
	bl	a32_fiq
	/* fall through */

return_to_ns:
	ldr	r0, [sp, #FR_PMCR]
	cmp	r0, #0
	mcrne	p15, 0, r0, c9, c12, 0		/* the caller's PMCR */
	ldr	lr, [sp, #FR_LR]
	ldr	r0, [sp, #FR_SPSR]
	msr	spsr_fsxc, r0
	mrc	p15, 0, r0, c1, c1, 0
	orr	r0, r0, #SCR_NS
	mcr	p15, 0, r0, c1, c1, 0
	isb
	ldmia	sp, {r0-r12}
	movs	pc, lr

vec_unexpected:
	mov	r0, #8
	mov	r1, lr
	mrs	r2, spsr
	bic	sp, sp, #7
	b	a32_secure_fault

	.text
/*
 * a32_enter_ns(pc, spsr, r0, r1, r2): leave for the normal world on this CPU
 * with SPSR_mon = spsr, r0-r2 as given, r3-r12 zero and SP_mon back at this
 * CPU's frame. A CPU that went down inside an SMC (CPU_OFF, a power-down)
 * never reached return_to_ns: the PMCR it had then goes back here, on the
 * warm entry, so that PMCR.DP is never left set for the normal world.
 */
	.global	a32_enter_ns
	.type	a32_enter_ns, %function
a32_enter_ns:
	ldr	r12, [sp]			/* fifth argument: the normal world's r2 */
	mov	lr, r0
	msr	spsr_fsxc, r1
	mov	r0, r2
	mov	r1, r3
	mov	r2, r12
	mrc	p15, 0, r3, c0, c0, 5		/* MPIDR */
	and	r3, r3, #PLAT_CPU_INDEX_MASK	/* the CPU's index (entry.S) */
	add	r3, r3, #1
	ldr	r4, =__percpu_start
	ldr	r5, =PLAT_STACK_SIZE
	mla	r4, r3, r5, r4
	sub	sp, r4, #ARCH_FRAME_SIZE
	ldr	r3, [sp, #FR_PMCR]
	cmp	r3, #0
	mcrne	p15, 0, r3, c9, c12, 0		/* the caller's PMCR */
	mov	r3, #0
	str	r3, [sp, #FR_PMCR]
	mrc	p15, 0, r3, c1, c1, 0
	orr	r3, r3, #SCR_NS
	mcr	p15, 0, r3, c1, c1, 0
	isb
	mov	r3, #0
	mov	r4, #0
	mov	r5, #0
	mov	r6, #0
	mov	r7, #0
	mov	r8, #0
	mov	r9, #0
	mov	r10, #0
	mov	r11, #0
	mov	r12, #0
	movs	pc, lr
	.size	a32_enter_ns, . - a32_enter_ns
	.ltorg

/*
 * a32_fiq_bank_read(v), a32_fiq_bank_write(v): FIQ mode's own r8-r12 to and
 * from v[0..4]. Monitor mode shares the User bank's r8-r12; FIQ's are not
 * banked by security state, so a visit to (Secure) FIQ mode, interrupts
 * still masked, reaches the normal world's. (QEMU refuses the banked-register
 * MRS and MSR for them in Monitor mode.)
 */
	.global	a32_fiq_bank_read
	.type	a32_fiq_bank_read, %function
a32_fiq_bank_read:
	cps	#MODE_FIQ
	stm	r0, {r8-r12}
	cps	#MODE_MON
	bx	lr
	.size	a32_fiq_bank_read, . - a32_fiq_bank_read

	.global	a32_fiq_bank_write
	.type	a32_fiq_bank_write, %function
a32_fiq_bank_write:
	cps	#MODE_FIQ
	ldm	r0, {r8-r12}
	cps	#MODE_MON
	bx	lr
	.size	a32_fiq_bank_write, . - a32_fiq_bank_write

/*
 * The FPU for the cold-boot path: Debian's armhf libfdt is built for the
 * hard-float ABI. CPACR gives PL1 access to cp10/cp11, FPEXC.EN turns the
 * unit on.
 */
	.fpu	vfpv3
	.global	arch_fp_cold_enable
	.type	arch_fp_cold_enable, %function
arch_fp_cold_enable:
	mrc	p15, 0, r0, c1, c0, 2		/* CPACR */
	orr	r0, r0, #(0xf << 20)		/* cp10, cp11: full access */
	mcr	p15, 0, r0, c1, c0, 2
	isb
	mov	r0, #(1 << 30)			/* FPEXC.EN */
	vmsr	fpexc, r0
	bx	lr
	.size	arch_fp_cold_enable, . - arch_fp_cold_enable

/*
 * Zero every FP register (none of the monitor's data may reach the normal
 * world) and turn the unit off again: FPEXC = 0, CPACR = 0.
 */
	.global	arch_fp_cold_disable
	.type	arch_fp_cold_disable, %function
arch_fp_cold_disable:
	mov	r0, #0
	mov	r1, #0
	vmsr	fpscr, r0
	vmov	d0, r0, r1
	vmov	d1, r0, r1
	vmov	d2, r0, r1
	vmov	d3, r0, r1
	vmov	d4, r0, r1
	vmov	d5, r0, r1
	vmov	d6, r0, r1
	vmov	d7, r0, r1
	vmov	d8, r0, r1
	vmov	d9, r0, r1
	vmov	d10, r0, r1
	vmov	d11, r0, r1
	vmov	d12, r0, r1
	vmov	d13, r0, r1
	vmov	d14, r0, r1
	vmov	d15, r0, r1
	vmrs	r2, mvfr0
	and	r2, r2, #0xf			/* A_SIMD registers: 2 = 32 of them */
	cmp	r2, #2
	bne	1f
	vmov	d16, r0, r1
	vmov	d17, r0, r1
	vmov	d18, r0, r1
	vmov	d19, r0, r1
	vmov	d20, r0, r1
	vmov	d21, r0, r1
	vmov	d22, r0, r1
	vmov	d23, r0, r1
	vmov	d24, r0, r1
	vmov	d25, r0, r1
	vmov	d26, r0, r1
	vmov	d27, r0, r1
	vmov	d28, r0, r1
	vmov	d29, r0, r1
	vmov	d30, r0, r1
	vmov	d31, r0, r1
1:	vmsr	fpexc, r0
	mcr	p15, 0, r0, c1, c0, 2		/* CPACR */
	isb
	bx	lr
	.size	arch_fp_cold_disable, . - arch_fp_cold_disable

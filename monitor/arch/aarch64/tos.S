/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The world switch to a trusted OS in secure EL1 and back (plat_tos_enter(),
 * tos.c). a64_tos_enter() keeps the monitor's callee-saved registers and
 * SP in the CPU's struct a64_tos_ctx, saves the normal world's EL1
 * registers, SP_EL0, ELR/SPSR/SCR_EL3, loads the secure world's, points
 * VBAR_EL3 at the table below and SP_EL3 at the context, and ERETs to
 * secure EL1 with every interrupt masked: at EL1h after a reset (a fresh
 * context), else in the mode of its last exit, as TF-A's opteed enters
 * OP-TEE (which runs on SP_EL0 when it answers, and is entered on the
 * same stack: at EL1h it would push onto its per-CPU data). The secure world's next SMC or
 * exception to EL3 lands in that table: its x0-x30 are saved into the
 * context, the normal world's state comes back, VBAR_EL3 is the monitor's
 * own again, and a64_tos_enter() returns the exit's kind with the secure
 * world's x0-x7 in the caller's x[]. Nothing of the normal world's SMC
 * frame is touched, so the normal world's return path is as it was.
 *
 * The secure SCR_EL3 is not derived from the normal world's: it enables
 * only what every AArch64 EL1 has (SCR_SECURE: AArch64 below, no fetch
 * from NS memory, ST: secure EL1 owns the secure physical timer; IRQ, FIQ
 * and EA go to secure EL1), so every later feature the monitor enables for
 * the normal world (PAuth keys, MTE's tag registers, SCXTNUM, TCR2,
 * SCTLR2, PIR/POR, GCS, FPMR, LS64, ...) traps to EL3 from the secure
 * world, which is then an exception exit: those registers hold the normal
 * world's values, never read nor written by the secure side, and need no
 * switching. CPTR_EL3 likewise loses EZ and ESM (SVE and SME trap) and
 * gains TFP: the secure world's first FP/SIMD instruction in an entry traps
 * here (tos_fp_trap), which saves the normal world's q0-q31, FPSR and FPCR,
 * loads the secure world's and lets it go on; the exit switches them back.
 * An entry that uses no FP/SIMD (most fast calls) pays for none of it.
 * With SVE the normal world's vector length is capped at 128 bits once a
 * trusted OS is offered (coldboot.c, cpu.c), so its z0-z31 are the q
 * registers saved here and its p0-p15 and FFR are out of the secure
 * world's reach; a CPU with SME gets no trusted OS (coldboot.c): streaming
 * mode and ZA are not kept.
 */
#include "frame.h"
#include "tos.h"
#include "../arch.h"

#define SCR_FIQ		(1 << 2)
/* RES1 (bits 4 and 5), SIF (9), RW (10), ST (11). */
#define SCR_SECURE	0xe30
#define CPTR_EZ		(1 << 8)
#define CPTR_TFP	(1 << 10)
#define CPTR_ESM	(1 << 12)
/* Secure EL1h, D, A, I and F masked. */
#define SPSR_EL1H_MASKED 0x3c5
#define SPSR_DAIF	0x3c0
#define EC_SMC64	0x17
#define EC_FP		0x07

/*
 * The EL1 registers to or from [\base, #\off]; x9 and x10 the scratch. The
 * kept ones (el1_*_kept) hold a world's state from one entry to the next.
 * The passing ones (el1_*_passing: CSSELR, ESR, PAR, FAR, SPSR and ELR_EL1)
 * matter only inside a sequence no answer of a trusted OS splits: an
 * exception taken to EL1 up to its handler's reads or its ERET, an AT up to
 * the read of PAR, a write of CSSELR up to the read of CCSIDR. Every entry
 * and exit of the dispatcher's switches both; a fast call's answer leaves
 * the secure world's passing ones as they were (tos_fast_exit). The last
 * five (el1_*_sparse) are ones a CPU may implement as RAZ/WI (ACTLR_EL1,
 * AMAIR_EL1, AFSR0/1_EL1 are IMPLEMENTATION DEFINED, RES0 on most cores;
 * MDCCINT_EL1 on QEMU): tos_fresh_cpu finds out, and the fast path leaves
 * them alone on a CPU where none holds a bit (TC_EL1_SPARSE).
 */
	.macro	el1_save_kept base, off
	mrs	x9, sctlr_el1
	mrs	x10, cpacr_el1
	stp	x9, x10, [\base, #\off + 0]
	mrs	x9, sp_el1
	mrs	x10, ttbr0_el1
	stp	x9, x10, [\base, #\off + 16]
	mrs	x9, ttbr1_el1
	mrs	x10, mair_el1
	stp	x9, x10, [\base, #\off + 32]
	mrs	x9, tcr_el1
	mrs	x10, tpidr_el1
	stp	x9, x10, [\base, #\off + 48]
	mrs	x9, tpidr_el0
	mrs	x10, tpidrro_el0
	stp	x9, x10, [\base, #\off + 64]
	mrs	x9, contextidr_el1
	mrs	x10, vbar_el1
	stp	x9, x10, [\base, #\off + 80]
	mrs	x9, cntkctl_el1
	mrs	x10, mdscr_el1
	stp	x9, x10, [\base, #\off + 96]
	.endm

	.macro	el1_save_passing base, off
	mrs	x9, csselr_el1
	mrs	x10, esr_el1
	stp	x9, x10, [\base, #\off + 112]
	mrs	x9, par_el1
	mrs	x10, far_el1
	stp	x9, x10, [\base, #\off + 128]
	mrs	x9, spsr_el1
	mrs	x10, elr_el1
	stp	x9, x10, [\base, #\off + 144]
	.endm

	.macro	el1_save_sparse base, off
	mrs	x9, actlr_el1
	mrs	x10, amair_el1
	stp	x9, x10, [\base, #\off + 160]
	mrs	x9, afsr0_el1
	mrs	x10, afsr1_el1
	stp	x9, x10, [\base, #\off + 176]
	mrs	x9, mdccint_el1
	str	x9, [\base, #\off + 192]
	.endm

	.macro	el1_load_kept base, off
	ldp	x9, x10, [\base, #\off + 0]
	msr	sctlr_el1, x9
	msr	cpacr_el1, x10
	ldp	x9, x10, [\base, #\off + 16]
	msr	sp_el1, x9
	msr	ttbr0_el1, x10
	ldp	x9, x10, [\base, #\off + 32]
	msr	ttbr1_el1, x9
	msr	mair_el1, x10
	ldp	x9, x10, [\base, #\off + 48]
	msr	tcr_el1, x9
	msr	tpidr_el1, x10
	ldp	x9, x10, [\base, #\off + 64]
	msr	tpidr_el0, x9
	msr	tpidrro_el0, x10
	ldp	x9, x10, [\base, #\off + 80]
	msr	contextidr_el1, x9
	msr	vbar_el1, x10
	ldp	x9, x10, [\base, #\off + 96]
	msr	cntkctl_el1, x9
	msr	mdscr_el1, x10
	.endm

	.macro	el1_load_passing base, off
	ldp	x9, x10, [\base, #\off + 112]
	msr	csselr_el1, x9
	msr	esr_el1, x10
	ldp	x9, x10, [\base, #\off + 128]
	msr	par_el1, x9
	msr	far_el1, x10
	ldp	x9, x10, [\base, #\off + 144]
	msr	spsr_el1, x9
	msr	elr_el1, x10
	.endm

	.macro	el1_load_sparse base, off
	ldp	x9, x10, [\base, #\off + 160]
	msr	actlr_el1, x9
	msr	amair_el1, x10
	ldp	x9, x10, [\base, #\off + 176]
	msr	afsr0_el1, x9
	msr	afsr1_el1, x10
	ldr	x9, [\base, #\off + 192]
	msr	mdccint_el1, x9
	.endm

	.macro	el1_probe reg
	mrs	x9, \reg
	msr	\reg, x10
	mrs	x12, \reg
	msr	\reg, x9
	orr	x11, x11, x12
	.endm

/*
 * VBAR_EL3 while the secure world runs: an `smc #0` from it is its answer;
 * any other exception from it (a trap, an abort routed here, an interrupt,
 * the `smc #1` of a64_tos_no_vectors) an exception exit; one at EL3 itself
 * is the monitor's fault.
 */
	.macro	tos_vector off, kind
	.org	a64_tos_vectors + \off
tos_vector_\off:				/* a symbol: the slot's rest holds other code */
	stp	x0, x1, [sp, #TC_SX + 0]
	mov	w1, #\kind
	b	tos_exit
	.endm

/*
 * An `smc #0` in a fast entry (TC_DISPATCHED clear) may be its answer
 * (tos_fast_exit).
 */
	.macro	tos_sync off
	.org	a64_tos_vectors + \off
tos_vector_\off:
	stp	x0, x1, [sp, #TC_SX + 0]
	mrs	x1, esr_el3
	ror	w1, w1, #24			/* TC_ESR_SMC0 rotated: an immediate */
	cmp	w1, #(TC_ESR_SMC0 >> 24)
	b.ne	tos_sync_other
	ldr	x1, [sp, #TC_DISPATCHED]
	cbz	x1, tos_fast_exit
	mov	w1, #TC_EXIT_SMC
	b	tos_exit
	.endm

	.section .text.tos_vectors, "ax"
	.balign	2048
a64_tos_vectors:
/*
 * The table's first half, for exceptions at EL3 itself, holds the switch:
 * VBAR_EL3 points here only from a64_tos_enter()'s write to tos_exit's,
 * and in between EL3 runs only that straight-line code on its own
 * context, every exception masked, with nothing in it that can fault but
 * a bug. This keeps the table's 2 KiB from adding to the resident image.
 */
/*
 * The normal world's half of the context and the monitor's registers are
 * addressed from x11 = the context + TC_N_EL1 (N(x) below): a register
 * pair's offset reaches only 504.
 */
#define N(off)	((off) - TC_N_EL1)

/*
 * \op (stp or ldp) of x18-x29 and TC_MON, x11 the context + TC_N_EL1: the
 * normal world's x18 (the monitor never uses it) and the monitor's
 * callee-saved registers.
 */
	.macro	mon_x18_x29 op
	\op	x18, x19, [x11, #N(TC_MON) + 0]
	\op	x20, x21, [x11, #N(TC_MON) + 16]
	\op	x22, x23, [x11, #N(TC_MON) + 32]
	\op	x24, x25, [x11, #N(TC_MON) + 48]
	\op	x26, x27, [x11, #N(TC_MON) + 64]
	\op	x28, x29, [x11, #N(TC_MON) + 80]
	.endm

/* The normal world's SP_EL0 and ELR/SPSR/SCR_EL3 into the context (x11); \a, \b scratch. */
	.macro	ns_el3_keep a, b
	mrs	\a, sp_el0
	mrs	\b, elr_el3
	stp	\a, \b, [x11, #N(TC_N_SPEL0)]
	mrs	\a, spsr_el3
	mrs	\b, scr_el3
	stp	\a, \b, [x11, #N(TC_N_SPSR)]
	.endm

/*
 * Back to the normal world's CPTR_EL3, SP_EL0, ELR/SPSR/SCR_EL3 (x11 the
 * context + TC_N_EL1) and the monitor's VBAR_EL3; x9 and x10 scratch.
 */
	.macro	ns_el3_back
	ldr	x9, [x11, #N(TC_N_CPTR)]
	msr	cptr_el3, x9
	ldp	x9, x10, [x11, #N(TC_N_SPEL0)]
	msr	sp_el0, x9
	msr	elr_el3, x10
	ldp	x9, x10, [x11, #N(TC_N_SPSR)]
	msr	spsr_el3, x9
	msr	scr_el3, x10
	adr	x9, a64_vectors
	msr	vbar_el3, x9
	.endm

/* unsigned a64_tos_enter(struct a64_tos_ctx *t, uint64_t pc, uint64_t x[8], unsigned how) */
	.global	a64_tos_enter
a64_tos_enter:
	add	x11, x0, #TC_N_EL1
	mon_x18_x29 stp
	mov	x9, sp
	stp	x30, x9, [x11, #N(TC_MON) + 96]
	str	x2, [x11, #N(TC_ARGS)]
	ns_el3_keep x9, x10
	mov	x12, x11
	bl	el1_save_regs
	add	x12, x0, #TC_S_EL1
	bl	el1_load_regs
	ldr	x9, [x0, #TC_S_CPTR]
	msr	cptr_el3, x9
	mov	x9, #SCR_SECURE
	tbz	w3, #0, 1f			/* TC_WATCH */
	orr	x9, x9, #SCR_FIQ
1:	msr	scr_el3, x9
	tbnz	w3, #1, 2f			/* TC_RESUME */
	msr	elr_el3, x1
	ldr	x9, [x0, #TC_S_SPSR]		/* its mode at its last exit, masked */
	orr	x9, x9, #SPSR_DAIF
	msr	spsr_el3, x9
	b	3f
2:	ldp	x10, x9, [x0, #TC_S_SPSR]	/* and TC_S_ELR */
	msr	elr_el3, x9
	msr	spsr_el3, x10
	tbnz	w3, #2, 3f			/* TC_ANSWER: x0-x7 from x[] */
	add	x2, x0, #TC_SX			/* x0-x7 as it left them */
3:
	ldr	x9, [x0, #TC_S_SPEL0]
	msr	sp_el0, x9
	adr	x9, a64_tos_vectors
	msr	vbar_el3, x9
	mov	sp, x0
	mov	x9, #1
	str	x9, [sp, #TC_DISPATCHED]
	ldp	x8, x9, [sp, #TC_SX + 64]
	ldp	x10, x11, [sp, #TC_SX + 80]
	ldp	x12, x13, [sp, #TC_SX + 96]
	ldp	x14, x15, [sp, #TC_SX + 112]
	ldp	x16, x17, [sp, #TC_SX + 128]
	ldp	x18, x19, [sp, #TC_SX + 144]
	ldp	x20, x21, [sp, #TC_SX + 160]
	ldp	x22, x23, [sp, #TC_SX + 176]
	ldp	x24, x25, [sp, #TC_SX + 192]
	ldp	x26, x27, [sp, #TC_SX + 208]
	ldp	x28, x29, [sp, #TC_SX + 224]
	ldr	x30, [sp, #TC_SX + 240]
	ldp	x0, x1, [x2, #0]
	ldp	x4, x5, [x2, #32]
	ldp	x6, x7, [x2, #48]
	ldp	x2, x3, [x2, #16]
	isb
	eret

/*
 * The secure world's exit, x0 and x1 saved, w1 the kind: save the rest,
 * bring the normal world's state back, return to a64_tos_enter()'s caller.
 */
tos_exit:
	stp	x2, x3, [sp, #TC_SX + 16]
	stp	x4, x5, [sp, #TC_SX + 32]
	stp	x6, x7, [sp, #TC_SX + 48]
	stp	x8, x9, [sp, #TC_SX + 64]
	stp	x10, x11, [sp, #TC_SX + 80]
	stp	x12, x13, [sp, #TC_SX + 96]
	stp	x14, x15, [sp, #TC_SX + 112]
	stp	x16, x17, [sp, #TC_SX + 128]
	stp	x18, x19, [sp, #TC_SX + 144]
	stp	x20, x21, [sp, #TC_SX + 160]
	stp	x22, x23, [sp, #TC_SX + 176]
	stp	x24, x25, [sp, #TC_SX + 192]
	stp	x26, x27, [sp, #TC_SX + 208]
	stp	x28, x29, [sp, #TC_SX + 224]
	str	x30, [sp, #TC_SX + 240]
	ldr	x14, [sp, #TC_DISPATCHED]
	str	xzr, [sp, #TC_DISPATCHED]
	mov	w13, w1
	mov	x0, sp
	add	x11, x0, #TC_N_EL1
	mrs	x9, sp_el0
	mrs	x10, spsr_el3
	stp	x9, x10, [x0, #TC_S_SPEL0]	/* and TC_S_SPSR */
	mrs	x9, elr_el3
	mrs	x10, esr_el3
	str	x9, [x0, #TC_S_ELR]
	str	x10, [x11, #N(TC_ESR)]
	add	x12, x0, #TC_S_EL1
	bl	el1_save_regs
	mov	x12, x11
	bl	el1_load_regs
	ldr	x9, [x0, #TC_FP_SECURE]
	cbz	x9, 8f
	str	xzr, [x0, #TC_FP_SECURE]
	add	x12, x0, #TC_S_FP
	bl	fp_save_regs
	add	x12, x0, #TC_N_FP
	bl	fp_load_regs
8:	ns_el3_back
	isb
	cbz	x14, tos_fast_left
	/* The secure world's x0-x7 to the caller's x[]. */
	ldr	x2, [x11, #N(TC_ARGS)]
	ldp	x9, x10, [x0, #TC_SX + 0]
	stp	x9, x10, [x2, #0]
	ldp	x9, x10, [x0, #TC_SX + 16]
	stp	x9, x10, [x2, #16]
	ldp	x9, x10, [x0, #TC_SX + 32]
	stp	x9, x10, [x2, #32]
	ldp	x9, x10, [x0, #TC_SX + 48]
	stp	x9, x10, [x2, #48]
	ldp	x30, x9, [x11, #N(TC_MON) + 96]
	mov	sp, x9
	mon_x18_x29 ldp
	mov	w0, w13
	ret


/*
 * unsigned plat_tos_enter(unsigned cpu, uint64_t pc, unsigned flags, uint64_t x[8])
 * (plat.h). A watched entry runs with the normal world's interrupts held
 * back (board_tos_pmr()) and SCR_EL3.FIQ set: the monitor's own interrupt
 * then reaches EL3 however the trusted OS masks. An FIQ of the trusted
 * OS's own (board_fiq_is_tos(): a group-0 interrupt on a GICv2) is left
 * pending for it: held back until the entry ends (board_tos_fiq_priority()),
 * the entry going on watched; in its fiq entry (TC_FLAG_ITS_FIQ), or if it
 * cannot be held back, for it to take, the entry going on unwatched. The
 * monitor's is acknowledged (board_fiq()). x19 the context, x20 pc, x21 x[], w22 how, w23 flags,
 * w24 the priority mask before, w25 the exit's kind.
 */
	.global	plat_tos_enter
plat_tos_enter:
	stp	x29, x30, [sp, #-80]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	str	x25, [sp, #64]
	adrp	x19, a64_tos_ctx
	add	x19, x19, :lo12:a64_tos_ctx
	mov	w9, #TC_SIZE
	umaddl	x19, w0, w9, x19
	mov	x20, x1
	mov	w23, w2
	mov	x21, x3
	lsr	w22, w23, #1			/* TC_WATCH, TC_RESUME, TC_ANSWER as asked */
	tbz	w23, #0, 1f			/* TC_FLAG_FRESH: as after a reset */
	mov	x9, x19
	add	x10, x19, #TC_N_EL1
0:	stp	xzr, xzr, [x9], #16		/* the secure half of the context zeroed */
	cmp	x9, x10
	b.lo	0b
	mov	x9, #TC_SCTLR_EL1_RESET_LO
	movk	x9, #TC_SCTLR_EL1_RESET_HI, lsl #16
	mov	x10, #SPSR_EL1H_MASKED		/* entered at EL1h */
	str	x10, [x19, #TC_S_SPSR]
	str	x9, [x19, #TC_S_EL1]		/* SCTLR_EL1 */
	adrp	x9, a64_tos_no_vectors
	add	x9, x9, :lo12:a64_tos_no_vectors
	str	x9, [x19, #TC_S_EL1 + TC_VBAR_EL1]
	bl	tos_fresh_cpu
1:	tbz	w23, #1, tos_enter_again	/* TC_FLAG_WATCH */
	mov	w0, #BOARD_TOS_PMR
	bl	board_tos_pmr
	mov	w24, w0
tos_enter_again:
	ldr	x9, [x19, #TC_PENDING]
	cbnz	x9, tos_pending
	mov	x0, x19
	mov	x1, x20
	mov	x2, x21
	mov	w3, w22
	bl	a64_tos_enter
tos_entered:
	mov	w25, w0
	cmp	w25, #TC_EXIT_FIQ
	b.ne	tos_enter_done
	bl	board_fiq_is_tos
	cbz	w0, tos_enter_done
	b	tos_fiq_its

/*
 * The EL1 registers to [x12] (el1_save_dense: all but the sparse five;
 * el1_save_kept_regs: the kept ones), and from [x12] (el1_load_regs, in the
 * table's last two slots): x9, x10 and x30 clobbered.
 */
el1_save_regs:
	el1_save_sparse x12, 0
el1_save_dense:
	el1_save_passing x12, 0
el1_save_kept_regs:
	el1_save_kept x12, 0
	ret

	tos_sync 0x400
/* Not an `smc #0`: the FP/SIMD trap, or an exception exit. */
tos_sync_other:
	mrs	x1, esr_el3
	lsr	w1, w1, #26
	cmp	w1, #EC_FP
	b.eq	tos_fp_trap
	mov	w1, #TC_EXIT_EXCEPTION
	b	tos_exit

	tos_vector 0x480, TC_EXIT_EXCEPTION
/*
 * FPSR and FPCR, then q0-q31, to [x12] (fp_save_regs) and from [x12]
 * (fp_load_regs): x9 and x10 clobbered. Each in the rest of a slot.
 */
fp_save_regs:
	stp	q0, q1, [x12, #16]
	stp	q2, q3, [x12, #48]
	stp	q4, q5, [x12, #80]
	stp	q6, q7, [x12, #112]
	stp	q8, q9, [x12, #144]
	stp	q10, q11, [x12, #176]
	stp	q12, q13, [x12, #208]
	stp	q14, q15, [x12, #240]
	stp	q16, q17, [x12, #272]
	stp	q18, q19, [x12, #304]
	stp	q20, q21, [x12, #336]
	stp	q22, q23, [x12, #368]
	stp	q24, q25, [x12, #400]
	stp	q26, q27, [x12, #432]
	stp	q28, q29, [x12, #464]
	stp	q30, q31, [x12, #496]
	mrs	x9, fpsr
	mrs	x10, fpcr
	stp	x9, x10, [x12]
	ret

	tos_vector 0x500, TC_EXIT_FIQ
fp_load_regs:
	ldp	q0, q1, [x12, #16]
	ldp	q2, q3, [x12, #48]
	ldp	q4, q5, [x12, #80]
	ldp	q6, q7, [x12, #112]
	ldp	q8, q9, [x12, #144]
	ldp	q10, q11, [x12, #176]
	ldp	q12, q13, [x12, #208]
	ldp	q14, q15, [x12, #240]
	ldp	q16, q17, [x12, #272]
	ldp	q18, q19, [x12, #304]
	ldp	q20, q21, [x12, #336]
	ldp	q22, q23, [x12, #368]
	ldp	q24, q25, [x12, #400]
	ldp	q26, q27, [x12, #432]
	ldp	q28, q29, [x12, #464]
	ldp	q30, q31, [x12, #496]
	ldp	x9, x10, [x12]
	msr	fpsr, x9
	msr	fpcr, x10
	ret

	tos_vector 0x580, TC_EXIT_EXCEPTION
/* plat_tos_enter()'s end, in the rest of a slot. */
tos_enter_done:
	tbz	w23, #1, 5f
	mov	w0, w24
	bl	board_tos_pmr
5:	cmp	w25, #TC_EXIT_FIQ
	b.ne	6f
	bl	board_fiq			/* TC_PLAT_INTERRUPT: the monitor's, acknowledged */
	b	7f
6:	cmp	w25, #TC_EXIT_EXCEPTION
	b.ne	7f
	ldr	x9, [x19, #TC_ESR]
	ldr	x10, [x19, #TC_S_ELR]
	stp	x9, x10, [x21]
7:	mov	w0, w25
	ldr	x25, [sp, #64]
	ldp	x23, x24, [sp, #48]
	ldp	x21, x22, [sp, #32]
	ldp	x19, x20, [sp, #16]
	ldp	x29, x30, [sp], #80
	ret

	tos_vector 0x600, TC_EXIT_EXCEPTION
/*
 * A fresh entry (the first on the boot CPU, each cpu_on hook, before the
 * normal world runs on that CPU): with SVE, the normal world's vector
 * length capped at 128 bits on this CPU (ZCR_EL3.LEN = 0), as
 * plat_tos_prepare() did on the boot CPU. A secondary's reset set-up
 * (cpu.c) ran before the boot CPU decided to host a trusted OS, and CPU_ON
 * on QEMU releases a parked CPU without running it again. x9 clobbered.
 */
tos_fresh_cpu:
	mrs	x9, cptr_el3
	str	x9, [x19, #TC_N_CPTR]
	bic	x9, x9, #CPTR_EZ
	bic	x9, x9, #CPTR_ESM
	orr	x9, x9, #CPTR_TFP
	str	x9, [x19, #TC_S_CPTR]
	mrs	x9, id_aa64pfr0_el1
	ubfx	x9, x9, #32, #4			/* SVE */
	cbz	x9, 1f
	msr	S3_6_C1_C2_0, xzr		/* ZCR_EL3 */
1:	b	tos_sparse_probe
	tos_vector 0x680, TC_EXIT_EXCEPTION
/*
 * plat_tos_enter()'s FIQ of the trusted OS's own, in the rest of a slot:
 * back into it, watched with the interrupt held back by the priority mask
 * (board_tos_fiq_priority(); tos_enter_done puts the mask back), or else
 * unwatched for it to take (always in its fiq entry, TC_FLAG_ITS_FIQ).
 */
tos_fiq_its:
	mov	w22, #TC_RESUME
	tbnz	w23, #4, 1f			/* TC_FLAG_ITS_FIQ */
	bl	board_tos_fiq_priority
	cbz	w0, 1f
	bl	board_tos_pmr
	mov	w22, #(TC_RESUME | TC_WATCH)
1:	b	tos_enter_again
	tos_vector 0x700, TC_EXIT_FIQ
el1_load_regs:
	el1_load_sparse x12, 0
el1_load_dense:
	el1_load_passing x12, 0
	b	el1_load_kept_regs
	tos_vector 0x780, TC_EXIT_EXCEPTION
el1_load_kept_regs:
	el1_load_kept x12, 0
	ret
	.org	a64_tos_vectors + 0x800

	.section .text.tos_fast, "ax"
/*
 * The secure world's first FP/SIMD instruction in an entry (CPTR_EL3.TFP,
 * EC 0x07), its x0 and x1 saved: FP/SIMD untrapped, the normal world's
 * registers saved and the secure world's loaded (tos_exit switches them
 * back), and the instruction run again.
 */
tos_fp_trap:
	stp	x9, x10, [sp, #TC_SX + 72]
	str	x12, [sp, #TC_SX + 96]
	str	x30, [sp, #TC_SX + 240]
	mrs	x9, cptr_el3
	bic	x9, x9, #CPTR_TFP
	msr	cptr_el3, x9
	isb
	mov	x9, #1
	str	x9, [sp, #TC_FP_SECURE]
	add	x12, sp, #TC_N_FP
	bl	fp_save_regs
	add	x12, sp, #TC_S_FP
	bl	fp_load_regs
	ldp	x0, x1, [sp, #TC_SX + 0]
	ldp	x9, x10, [sp, #TC_SX + 72]
	ldr	x12, [sp, #TC_SX + 96]
	ldr	x30, [sp, #TC_SX + 240]
	eret

/*
 * a64_tos_smc (the context's TC_FAST_ENTRY; vectors.S smc_tos branches
 * here for an SMC64 of the trusted OS's entities once FR_TOS is set): x0
 * the ID, x3 this CPU's context, the caller's x0-x3 in the frame (SP),
 * x4-x30 its own. A yielding call or one with bits 16-23 set (the SVE
 * hint, which the dispatcher strips, or must-be-zero bits) goes to
 * mon_smc() as before; so does a fast call when the CPU whose watch word
 * comes next (TC_WATCH_NEXT: each CPU's in turn, round the ring) has been
 * in an entry for longer than TC_LATE: the dispatcher kicks it. Else the
 * entry a watched a64_tos_enter() makes, at the trusted OS's fast-call
 * vector with x0-x7 as sent: this CPU's watch word set, the caller's
 * x4-x17 and x30 in the frame as for mon_smc(), x18-x29 in TC_MON (an exit
 * other than CALL_DONE goes through tos_exit, which ends in tos_fast_left
 * for it), its SP_EL0, ELR/SPSR/SCR_EL3 and EL1 registers kept (the
 * secure world gets its kept EL1 registers; the passing ones hold the
 * normal world's). The priority mask is not touched: a normal-world
 * interrupt that reaches EL3 meanwhile ends the entry like any other exit,
 * and the dispatcher goes on with it watched as it does.
 */
	.global	a64_tos_smc
a64_tos_smc:
	tbz	w0, #31, a64_smc_save_full
	tst	w0, #0x00ff0000
	b.ne	a64_smc_save_full
	frame_x4_x17 stp
	str	x30, [sp, #FR_X30]
	ldr	x10, [x3, #TC_WATCH_NEXT]
	ldp	x11, x12, [x10]			/* its watch word's address, the next in the ring */
	str	x12, [x3, #TC_WATCH_NEXT]
	ldr	x11, [x11]
	mrs	x12, cntpct_el0
	cbz	x11, 2f
	sub	x11, x12, x11			/* signed, as the dispatcher's watch: */
	ldr	x13, [x3, #TC_LATE]		/* an entry begun after now is not late */
	cmp	x11, x13
	b.gt	a64_smc_full
2:	orr	x12, x12, #1
	ldr	x13, [x3, #TC_SINCE]
	str	x12, [x13]
	add	x11, x3, #TC_N_EL1
	mon_x18_x29 stp
	ns_el3_keep x12, x13
	mov	x15, x3
	el1_save_kept x11, 0
	el1_save_passing x11, 0
	add	x12, x15, #TC_S_EL1
	el1_load_kept x12, 0
	ldr	x9, [x15, #TC_EL1_SPARSE]
	cbnz	x9, 3f
	el1_save_sparse x11, 0
	el1_load_sparse x12, 0
3:
	ldr	x9, [x15, #TC_S_CPTR]
	msr	cptr_el3, x9
	mov	x9, #(SCR_SECURE | SCR_FIQ)
	msr	scr_el3, x9
	ldr	x9, [x15, #TC_FAST_PC]
	msr	elr_el3, x9
	ldr	x9, [x15, #TC_S_SPSR]		/* its mode at its last exit, masked */
	orr	x9, x9, #SPSR_DAIF
	msr	spsr_el3, x9
	ldr	x9, [x15, #TC_S_SPEL0]
	msr	sp_el0, x9
	adr	x9, a64_tos_vectors
	msr	vbar_el3, x9
	ldp	x2, x3, [sp, #FR_REGS + 16]	/* the caller's x1-x3 */
	ldr	x1, [sp, #FR_REGS + 8]
	mov	w0, w0
	mov	sp, x15
	eret

/*
 * tos_exit's end for a fast entry that ended otherwise (w13 the exit's
 * kind, x11 the context + TC_N_EL1, the normal world's EL1 and EL3 state
 * back; its x0-x17 and x30 in the frame, x18-x29 in TC_MON): the exit kept
 * for the dispatcher's next plat_tos_enter() on this CPU (tos_pending),
 * which mon_smc() reaches.
 */
tos_fast_left:
	sub	x9, x11, #TC_N_EL1
	add	w10, w13, #1
	str	x10, [x9, #TC_PENDING]
	ldr	x10, [x9, #TC_FRAME]
	mov	sp, x10
	mon_x18_x29 ldp
	b	a64_smc_full

/*
 * An `smc #0` in a fast entry, SP the context, x0 its ID, x1 in the
 * context, x2-x30 its: CALL_DONE is the answer (anything else goes the
 * way of every exit). Its SP_EL0, SPSR_EL3 (its mode for the next entry)
 * and kept EL1 registers kept, the normal world's back as a64_tos_smc found
 * them, the watch word cleared, x1-x4 to the caller's x0-x3. The secure
 * world's other registers are not kept: its next entry is at a vector
 * (the dispatcher resumes a trusted OS only after an exit that was no
 * answer), and its passing EL1 registers (el1_save_passing) mean nothing
 * once it answers.
 */
tos_fast_exit:
	ldr	w1, =TC_CALL_DONE
	cmp	w0, w1
	b.ne	tos_fast_not_done
	mrs	x9, sp_el0
	mrs	x10, spsr_el3
	stp	x9, x10, [sp, #TC_S_SPEL0]	/* and TC_S_SPSR */
	ldr	x13, [sp, #TC_EL1_SPARSE]
	add	x12, sp, #TC_S_EL1
	add	x11, sp, #TC_N_EL1
	cbz	x13, tos_fast_sparse
	bl	el1_save_kept_regs
	mov	x12, x11
	bl	el1_load_dense
tos_fast_el1_done:
	ldr	x9, [sp, #TC_FP_SECURE]
	cbnz	x9, tos_fast_fp
tos_fast_el3:
	ns_el3_back
	ldr	x9, [sp, #TC_SINCE]
	str	xzr, [x9]
	ldr	x0, [sp, #TC_SX + 8]
	mov	x1, x2
	mov	x2, x3
	mov	x3, x4
	ldr	x9, [sp, #TC_FRAME]
	mon_x18_x29 ldp
	mov	sp, x9
	ldr	x9, [sp, #FR_PMCR]		/* vectors.S pmu_restore */
	cbz	x9, 1f
	msr	pmcr_el0, x9
1:	ldr	x30, [sp, #FR_X30]
	frame_x4_x17 ldp
	eret

tos_fast_not_done:
	mov	w1, #TC_EXIT_SMC
	b	tos_exit

/* As tos_fast_exit, on a CPU whose sparse EL1 registers hold bits (x12, x11 the two sets). */
tos_fast_sparse:
	el1_save_sparse x12, 0
	bl	el1_save_kept_regs
	mov	x12, x11
	bl	el1_load_regs
	b	tos_fast_el1_done

/* The secure world's FP/SIMD registers back to the normal world's (as tos_exit). */
tos_fast_fp:
	str	xzr, [sp, #TC_FP_SECURE]
	add	x12, sp, #TC_S_FP
	bl	fp_save_regs
	add	x12, sp, #TC_N_FP
	bl	fp_load_regs
	b	tos_fast_el3

/*
 * tos_fresh_cpu's end, on each CPU before its first entry (x19 its context):
 * whether the sparse EL1 registers hold no bit on this CPU (all ones written,
 * read back, the value put back: no lower EL runs meanwhile). x9-x12
 * clobbered.
 */
tos_sparse_probe:
	mov	x10, #-1
	mov	x11, #0
	el1_probe actlr_el1
	el1_probe amair_el1
	el1_probe afsr0_el1
	el1_probe afsr1_el1
	el1_probe mdccint_el1
	cmp	x11, #0
	cset	x9, eq
	str	x9, [x19, #TC_EL1_SPARSE]
	ret

/* An exit a fast entry left (tos_fast_left): plat_tos_enter() takes it as its entry's. */
tos_pending:
	str	xzr, [x19, #TC_PENDING]
	ldp	x10, x11, [x19, #TC_SX + 0]
	stp	x10, x11, [x21, #0]
	ldp	x10, x11, [x19, #TC_SX + 16]
	stp	x10, x11, [x21, #16]
	ldp	x10, x11, [x19, #TC_SX + 32]
	stp	x10, x11, [x21, #32]
	ldp	x10, x11, [x19, #TC_SX + 48]
	stp	x10, x11, [x21, #48]
	sub	w0, w9, #1
	b	tos_entered

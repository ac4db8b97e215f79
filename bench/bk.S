/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The bench kernel's measuring loops and entry points (see bk.c).
 *
 * Time is the generic counter, CNTPCT_EL0: QEMU run with -icount shift=0
 * advances virtual time by 1 ns per instruction executed by any CPU, and the
 * counter ticks every 1e9 / CNTFRQ ns (16 ns on virt). A loop's counter delta
 * is therefore (instructions executed) / 16, and the difference between a
 * loop of calls and an empty loop of the same length is N times the cost of
 * one call: the caller's four argument moves, the SMC (or HVC) and whatever
 * the firmware executes up to and including its ERET.
 *
 * Single events (CPU_ON, a power-down suspend) are timed from a counter read
 * on the caller to a counter read that is the first instruction at the entry
 * point. To beat the 16-instruction granularity each is repeated with 0..15
 * NOPs before the first read, after aligning to a counter edge: the mean over
 * the 16 phases is the instruction count itself.
 */
#include "nsk.h"

	/* x\reg = address of sym, PC-relative (the kernel runs where it was loaded). */
	.macro	adr_l reg, sym
	adrp	\reg, \sym
	add	\reg, \reg, :lo12:\sym
	.endm

	.macro	func name
	.section .text.\name, "ax", %progbits
	.global	\name
	.type	\name, %function
	.balign	16
\name:
	.endm

	.macro	save_callee
	stp	x19, x20, [sp, #-96]!
	stp	x21, x22, [sp, #16]
	stp	x23, x24, [sp, #32]
	stp	x25, x26, [sp, #48]
	stp	x27, x28, [sp, #64]
	stp	x29, x30, [sp, #80]
	.endm

	.macro	restore_callee
	ldp	x21, x22, [sp, #16]
	ldp	x23, x24, [sp, #32]
	ldp	x25, x26, [sp, #48]
	ldp	x27, x28, [sp, #64]
	ldp	x29, x30, [sp, #80]
	ldp	x19, x20, [sp], #96
	.endm

/*
 * uint64_t bk_loop_<insn>(uint64_t n, const uint64_t a[4], uint64_t out[4])
 * n >= 1 calls with x0-x3 = a[0..3]; returns the counter delta; out gets the
 * last call's x0-x3. The loop counter and arguments live in x19-x23, which
 * every SMCCC version preserves (v1.0 may clobber x4-x17 in SMC64 calls).
 */
	.macro	call_loop name, insn
	func	\name
	save_callee
	mov	x19, x0
	ldp	x20, x21, [x1]
	ldp	x22, x23, [x1, #16]
	mov	x25, x2
	isb
	mrs	x24, cntpct_el0
1:	mov	x0, x20
	mov	x1, x21
	mov	x2, x22
	mov	x3, x23
	\insn
	subs	x19, x19, #1
	b.ne	1b
	isb
	mrs	x9, cntpct_el0
	stp	x0, x1, [x25]
	stp	x2, x3, [x25, #16]
	sub	x0, x9, x24
	restore_callee
	ret
	.size	\name, . - \name
	.endm

	call_loop bk_loop_smc, "smc #0"
	call_loop bk_loop_hvc, "hvc #0"
	call_loop bk_loop_movs, "nop"	/* the four moves and a NOP: calibration */

/* uint64_t bk_loop_empty(uint64_t n, const uint64_t a[4], uint64_t out[4]): the frame alone. */
	func	bk_loop_empty
	save_callee
	mov	x19, x0
	ldp	x20, x21, [x1]
	ldp	x22, x23, [x1, #16]
	mov	x25, x2
	isb
	mrs	x24, cntpct_el0
1:	subs	x19, x19, #1
	b.ne	1b
	isb
	mrs	x9, cntpct_el0
	stp	xzr, xzr, [x25]
	stp	xzr, xzr, [x25, #16]
	sub	x0, x9, x24
	restore_callee
	ret
	.size	bk_loop_empty, . - bk_loop_empty

/*
 * uint64_t bk_pmu_loop(uint64_t n): n iterations of 8 NOPs, SUBS and B.NE
 * (10 instructions), timed by PMCCNTR_EL0, which the caller has enabled.
 */
	func	bk_pmu_loop
	isb
	mrs	x9, pmccntr_el0
1:	nop
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	subs	x0, x0, #1
	b.ne	1b
	isb
	mrs	x10, pmccntr_el0
	sub	x0, x10, x9
	ret
	.size	bk_pmu_loop, . - bk_pmu_loop

/* The same loop timed by the generic counter. */
	func	bk_cnt_loop
	isb
	mrs	x9, cntpct_el0
1:	nop
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	subs	x0, x0, #1
	b.ne	1b
	isb
	mrs	x10, cntpct_el0
	sub	x0, x10, x9
	ret
	.size	bk_cnt_loop, . - bk_cnt_loop

/*
 * Phase control for single events: wait for the counter to change, then run
 * `pad` NOPs (0..15) by branching into a sled. Uses x9-x11 only.
 */
	.macro	edge_and_pad pad
	mrs	x9, cntpct_el0
2:	mrs	x10, cntpct_el0
	cmp	x10, x9
	b.eq	2b
	adr	x11, 4f
	sub	x11, x11, \pad, lsl #2
	br	x11
	.rept	15
	nop
	.endr
4:
	.endm

/* struct bk_ctx (bk.c): the stack to resume on, t0 (caller's read), t1 (entry's). */
#define CTX_SP	0
#define CTX_T0	8
#define CTX_T1	16

/*
 * uint64_t bk_timed_<insn>(struct bk_ctx *ctx, uint64_t pad, const uint64_t a[4],
 *                          bool idle)
 * Aligns to a counter edge, pads, reads the counter into ctx->t0 and makes the
 * call. Returns its x0 if it returns (CPU_ON, or a suspend that did not power
 * down); with `idle`, after one WFI (so that a CPU the call started runs at
 * once: QEMU runs one CPU at a time under -icount, and the caller's own
 * instructions would count too). A power-down suspend whose entry is
 * bk_resume, with context ID ctx, comes back here too, with x0 = BK_RESUMED.
 */
	.macro	timed name, insn
	func	\name
	save_callee
	mov	x19, x0
	mov	x20, x2
	mov	x25, x3
	mov	x9, sp
	str	x9, [x19, #CTX_SP]
	ldp	x21, x22, [x20]
	ldp	x23, x24, [x20, #16]
	dsb	sy
	edge_and_pad x1
	isb
	mrs	x9, cntpct_el0
	str	x9, [x19, #CTX_T0]
	mov	x0, x21
	mov	x1, x22
	mov	x2, x23
	mov	x3, x24
	\insn
	cbz	x25, 3f
	dsb	sy
	wfi
3:	restore_callee
	ret
	.size	\name, . - \name
	.endm

	timed	bk_timed_smc, "smc #0"
	timed	bk_timed_hvc, "hvc #0"

/*
 * Entry of a CPU that resumes from a power-down suspend: x0 = its struct
 * bk_ctx. The first instruction reads the counter. Back on the stack of
 * bk_timed_*, bk_resume_fixup() (C) restores the EL's state, and bk_timed_*
 * returns BK_RESUMED with the callee-saved registers it saved there.
 */
	func	bk_resume
	mrs	x1, cntpct_el0
	str	x1, [x0, #CTX_T1]
	ldr	x1, [x0, #CTX_SP]
	mov	sp, x1
	bl	bk_resume_fixup
	mov	x0, #0x5e
	movk	x0, #0xbe5e, lsl #16	/* BK_RESUMED */
	restore_callee
	ret
	.size	bk_resume, . - bk_resume

/*
 * Entry of a CPU that CPU_ON started: x0 = context ID = the address of a
 * struct bk_on (bk.h): t1, then the conduit (0 smc, 1 hvc). The first
 * instruction reads the counter; then the CPU reports and switches itself
 * off again with PSCI CPU_OFF. No stack, MMU off, any EL.
 */
	func	bk_on_entry
	mrs	x1, cntpct_el0
	str	x1, [x0]
	ldr	x2, [x0, #8]
	dsb	sy
	mov	x0, #0x84000000
	movk	x0, #2			/* CPU_OFF */
	cbnz	x2, 1f
	smc	#0
	b	2f
1:	hvc	#0
2:	wfi
	b	2b
	.size	bk_on_entry, . - bk_on_entry

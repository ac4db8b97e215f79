/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * EL3 exception vectors and the world switch.
 *
 * While a CPU runs the normal world, SP_EL3 points at its struct arch_frame
 * (frame.h), whose first member is the struct secmon_regs handed to mon_smc().
 * An SMC saves at most x0-x17 there and x30 beside it, and nothing else: the
 * monitor is compiled with x18 reserved (-ffixed-x18) and x19-x29 are
 * callee-saved, the C code uses no FP/SIMD register (-mgeneral-regs-only),
 * and ELR/SPSR are only rewritten on paths that do not return to the caller.
 * On return every register the vector or C touched is reloaded from the
 * frame, so a register that is no result comes back as the caller left it
 * and nothing else of the monitor's can reach it.
 *
 * An SMC64 goes as far as it needs (docs/performance.md), by the route of
 * its owning entity (struct mon_route, monitor.h, which mon_init() fills):
 *  1. SMCCC_VERSION (without the SVE hint bit): answered in the vector
 *     (x0-x1 touched).
 *  2. While a trusted OS takes fast calls on this CPU (FR_TOS), an ID of
 *     its entities (OEN 50-63): its fast path (tos.S a64_tos_smc), before
 *     any route is looked up.
 *  3. An ID that the route's exact filter rules out (its hash slot does
 *     not hold it): SMC_UNK from the vector (x0-x3 touched).
 *  4. The answers that need no code, beside the ID in the filter's table
 *     (struct mon_answer, monitor.h): a constant (PSCI_VERSION,
 *     TRNG_VERSION), a lookup of w1 in the same tables (PSCI_FEATURES), or
 *     a refusal of a w1 the call does not accept (CPU_SUSPEND's power_state),
 *     from the vector (x0-x4 touched).
 *  5. The route's fast handler: the queries that take x1-x3 and answer in
 *     x0 alone, with x0-x17 and x30 saved but no caller record.
 *  6. mon_smc(), with the caller's SPSR as its caller record: all the rest,
 *     including whatever the fast handler declines.
 * The caller's register width is the exception class (0x17: SMC from
 * AArch64, 0x13: from AArch32; the same fact as SPSR_EL3.M[4]), and each
 * width has its own struct mon_caller in the frame.
 */
#include "frame.h"
#include "tos.h"

#define EC_SMC32	0x13
#define EC_SMC64	0x17

/*
 * The normal world's cycle counter must not count the monitor (TF-A advisory
 * TFV-5). Where MDCR_EL3.SCCD exists (PMUv3p5) cpu.c sets it; on an older
 * PMUv3 (FR_PMU_DP set at reset) every entry that goes further than the
 * vector's constant answers sets PMCR_EL0.DP while the caller's counters run
 * (with MDCR_EL3.SPME clear, counting is prohibited at EL3, so DP stops
 * PMCCNTR) and the exit puts the caller's PMCR_EL0 back (or, for a call
 * that does not return, the warm entry: a64_enter_ns). With PMCR_EL0.E
 * clear the cycle counter is stopped (event counters never count at EL3
 * while SPME is clear), so there is nothing to hide: FR_PMCR is 0 and the
 * exit writes nothing. \reg is a scratch register; SP is the frame.
 */
	.macro	pmu_hide reg
	mrs	\reg, pmcr_el0
	tbz	\reg, #0, 8f
	ldr	\reg, [sp, #FR_PMU_DP]
	cbz	\reg, 8f
	mrs	\reg, pmcr_el0
	str	\reg, [sp, #FR_PMCR]
	orr	\reg, \reg, #FR_PMCR_DP
	msr	pmcr_el0, \reg
	isb
	b	9f
8:	str	xzr, [sp, #FR_PMCR]
9:
	.endm

/* FR_PMCR is 0 when pmu_hide changed nothing (a PMCR_EL0 read is never 0). */
	.macro	pmu_restore reg, off=0
	ldr	\reg, [sp, #(\off + FR_PMCR)]
	cbz	\reg, 9f
	msr	pmcr_el0, \reg
9:
	.endm

/*
 * One entry of the table, at a64_vectors + off, between vector_entry and
 * end_vector_entry: the build stops when its code is over the 0x80 bytes
 * (32 instructions) the architecture gives it.
 */
	.macro	vector_entry off
	.org	a64_vectors + \off
.Lvector_\off:
	.endm

	.macro	end_vector_entry off
	.if	. - .Lvector_\off > 0x80
	.error	"vector entry \off is over 0x80 bytes"
	.endif
	.endm

/* An entry that only branches. */
	.macro	vector_branch off, target
	vector_entry \off
	b	\target
	end_vector_entry \off
	.endm

/* \op of x4-x29 and a struct a64_trap at SP (x<n> at 8 * n). */
	.macro	trap_x4_x29 op
	\op	x4, x5, [sp, #32]
	\op	x6, x7, [sp, #48]
	\op	x8, x9, [sp, #64]
	\op	x10, x11, [sp, #80]
	\op	x12, x13, [sp, #96]
	\op	x14, x15, [sp, #112]
	\op	x16, x17, [sp, #128]
	\op	x18, x19, [sp, #144]
	\op	x20, x21, [sp, #160]
	\op	x22, x23, [sp, #176]
	\op	x24, x25, [sp, #192]
	\op	x26, x27, [sp, #208]
	\op	x28, x29, [sp, #224]
	.endm

	.section .text.vectors, "ax"
	.balign	2048
	.global a64_vectors
a64_vectors:

	/*
	 * Current EL with SP_EL0, which the monitor never uses: the table is
	 * at address 0, so its first slot is the reset vector too (link.ld.in).
	 * Then current EL with SP_EL3: a monitor fault.
	 */
	vector_branch 0x000, _start
	vector_branch 0x080, el3_exception
	vector_branch 0x100, el3_exception
	vector_branch 0x180, el3_exception
	vector_branch 0x200, el3_exception
	vector_branch 0x280, el3_exception
	vector_branch 0x300, el3_exception
	vector_branch 0x380, el3_exception

	/*
	 * Lower EL, AArch64, synchronous. An SMC64 takes the fast path (see
	 * the top of this file): SMCCC_VERSION and the IDs the filter rules out
	 * are answered here with only x0-x3 touched; the route's fast handler
	 * gets a fast call with x1-x3 as arguments.
	 */
	vector_entry 0x400
	stp	x0, x1, [sp, #FR_REGS + 0]
	mrs	x1, esr_el3
	lsr	w1, w1, #26
	cmp	w1, #EC_SMC64
	b.ne	lower_not_smc64
	eor	w1, w0, #FR_FID_WA3		/* the workarounds first: <= 25 each */
	cbz	w1, smc_wa3
	eor	w1, w0, #FR_FID_WA1
	cbz	w1, smc_wa1
	b	smc_not_wa
	end_vector_entry 0x400
	vector_branch 0x480, lower_irq
	vector_branch 0x500, lower_fiq
	vector_branch 0x580, lower_serror

	/*
	 * Lower EL, AArch32: only when the EL just below EL3 is AArch32, which
	 * SCR_EL3.RW = 1 rules out; an AArch32 EL1 or EL0 under an AArch64 EL2
	 * comes through the AArch64 entry above with EC 0x13.
	 */
	vector_entry 0x600
	stp	x0, x1, [sp, #FR_REGS + 0]
	mrs	x0, esr_el3
	lsr	x1, x0, #26
	b	lower_not_smc64
	end_vector_entry 0x600
	vector_branch 0x680, lower_irq
	vector_branch 0x700, lower_fiq
	vector_branch 0x780, lower_serror
	.org	a64_vectors + 0x800

	.text
/*
 * The rest of an SMC64 (the top of this file): SMCCC_VERSION, the filter,
 * then the ID's struct mon_answer: its fast handler unless told otherwise.
 */
smc_not_wa:
	pmu_hide x1
	eor	w1, w0, #FR_FID_SMCCC_VERSION	/* with the SVE hint it goes to C */
	cbz	w1, smccc_version
	stp	x2, x3, [sp, #FR_REGS + 16]
	tbz	w0, #29, smc_route		/* OEN 0-31: no trusted OS's */
	ldp	x1, x3, [sp, #FR_TRACE]		/* and FR_TOS */
	cbnz	x3, smc_tos
smc_route:
	ubfx	x1, x0, #24, #6			/* owning entity */
smc_route_oen:
	ldr	x2, [sp, #FR_ROUTES]
	add	x2, x2, x1, lsl #FR_ROUTE_SHIFT	/* its struct mon_route */
	ldp	w1, w3, [x2, #FR_ROUTE_MULT]	/* the exact filter's hash */
	mul	w1, w1, w0
	lsr	x1, x1, x3			/* the ID's slot: 0 when shift is 32 */
	ldr	x3, [x2, #FR_ROUTE_SLOTS]
	ldr	w3, [x3, x1, lsl #2]
	cmp	w3, w0
	b.ne	smc_miss			/* not served, unless the filter is off */
	ldr	x3, [x2, #FR_ROUTE_ANSWERS]
	add	x3, x3, x1, lsl #FR_ANS_SHIFT	/* its struct mon_answer */
	ldr	w1, [x3, #FR_ANS_HOW]
	cbnz	w1, smc_answer
	ldr	x3, [x2, #FR_ROUTE_FAST]

/*
 * The route's fast handler, x3 = fast(fid, regs): x4-x17 and x30 join x0-x3
 * in the frame for the C call; if it declines, mon_smc() gets the call.
 */
smc_fast:
	frame_x4_x17 stp
	str	x30, [sp, #FR_X30]
	add	x1, sp, #FR_REGS
	blr	x3
	cbz	w0, smc_full
smc_return:
	pmu_restore x1
	ldr	x30, [sp, #FR_X30]
	ldp	x0, x1, [sp, #FR_REGS + 0]
	ldp	x2, x3, [sp, #FR_REGS + 16]
	frame_x4_x17 ldp
	eret

/*
 * An answer without code (struct mon_answer at x3, its .how in w1): a
 * constant, or the .about of w1's slot when the monitor answers the ID w1
 * (a lookup of it as above; x4 the one more scratch register), else the
 * constant; or, for a call that accepts only some values of w1 (its
 * struct mon_check, looked up the same way), the constant when w1 is not one
 * of them. Anything else: mon_smc().
 */
smc_answer:
	cmp	w1, #FR_HOW_VALUE
	b.ne	smc_lookup
	ldrsw	x0, [x3, #FR_ANS_VALUE]
	b	smc_answered
smc_lookup:
	cmp	w1, #FR_HOW_LOOKUP
	b.ne	smc_check
	str	x4, [sp, #FR_REGS + 32]
	ldr	w1, [sp, #FR_REGS + 8]		/* the ID asked about */
	ubfx	x0, x1, #24, #6
	ldr	x2, [sp, #FR_ROUTES]
	add	x2, x2, x0, lsl #FR_ROUTE_SHIFT
	ldp	w0, w4, [x2, #FR_ROUTE_MULT]
	mul	w0, w0, w1
	lsr	x0, x0, x4
	ldr	x4, [x2, #FR_ROUTE_SLOTS]
	ldr	w4, [x4, x0, lsl #2]
	cmp	w4, w1
	b.ne	1f
	ldr	x3, [x2, #FR_ROUTE_ANSWERS]
	add	x3, x3, x0, lsl #FR_ANS_SHIFT
	ldrsw	x0, [x3, #FR_ANS_ABOUT]
	b	2f
1:	ldrsw	x0, [x3, #FR_ANS_VALUE]
2:	ldr	x4, [sp, #FR_REGS + 32]
	b	smc_answered
smc_check:
	cmp	w1, #FR_HOW_CHECK
	b.ne	smc_save_full
	str	x4, [sp, #FR_REGS + 32]
	ldr	w0, [x3, #FR_ANS_CHECK]
	adrp	x2, mon_checks
	add	x2, x2, :lo12:mon_checks
	add	x2, x2, x0, lsl #FR_CHECK_SHIFT	/* its struct mon_check */
	ldp	w0, w4, [x2, #FR_CHECK_MULT]
	ldr	w1, [sp, #FR_REGS + 8]		/* the value to check */
	mul	w0, w0, w1
	lsr	x0, x0, x4
	ldr	x2, [x2, #FR_CHECK_SLOTS]
	ldr	w2, [x2, x0, lsl #2]
	ldr	x4, [sp, #FR_REGS + 32]
	cmp	w2, w1
	b.eq	smc_save_full			/* accepted: mon_smc() decides */
	ldrsw	x0, [x3, #FR_ANS_VALUE]
	b	smc_answered

/* An unfiltered route (.all): the ID's bits decide. */
smc_served:
	tbz	w0, #31, smc_save_full		/* yielding */
	tst	w0, #FR_FID_MBZ
	b.ne	smc_save_full
	b	smc_fast

/*
 * ARCH_WORKAROUND_1 and _3 (without the SVE hint bit): the code this CPU
 * needs, chosen at reset (arch_wa_select(), workaround.c). The cbz that came
 * here and the br are taken branches, which the branch-history loop counts.
 */
smc_wa3:
	ldr	x1, [sp, #FR_WA3]
	br	x1
smc_wa1:
	ldr	x1, [sp, #FR_WA1]
	br	x1

/* Nothing to do on this CPU: x0 comes back as the caller sent it. */
	.global	arch_wa_nothing
arch_wa_nothing:
	ldr	x1, [sp, #FR_REGS + 8]
	eret

/* Not offered, or not answered here: the ordinary path decides. */
	.global	arch_wa_ordinary
arch_wa_ordinary:
	b	smc_not_wa

/* Cortex-A57, with CPUACTLR_EL1[0] set (cpu.c): IC IALLU also empties the BTB. */
	.global	a64_wa_a57_bp
a64_wa_a57_bp:
	ic	iallu
	dsb	nsh
	isb
	ldr	x1, [sp, #FR_REGS + 8]
	eret

/*
 * Cortex-A57, WORKAROUND_3: eight taken branches clear the branch history
 * (Arm's figure for the A57; the cbz and the br that came here are two of
 * them), then the WORKAROUND_1 invalidation, which WORKAROUND_3 includes.
 */
	.global	a64_wa_a57_bhb
a64_wa_a57_bhb:
	.rept	6
	b	. + 4
	.endr
	ic	iallu
	dsb	nsh
	isb
	ldr	x1, [sp, #FR_REGS + 8]
	eret

/*
 * SMCCC_VERSION: the monitor's one constant answer (mon_smccc_version,
 * arch_svc.c), unless recording is on: then mon_smc() answers and records it.
 */
smccc_version:
	ldr	x1, [sp, #FR_TRACE]
	cbnz	x1, smc_traced
	adrp	x0, mon_smccc_version
	ldr	w0, [x0, :lo12:mon_smccc_version]
	pmu_restore x1
	ldr	x1, [sp, #FR_REGS + 8]
	eret

smc_traced:
	stp	x2, x3, [sp, #FR_REGS + 16]
	b	smc_save_full

/* Not in the route's table: SMC_UNK, or on when the route filters nothing. */
smc_miss:
	ldr	x1, [x2, #FR_ROUTE_ALL]
	cbz	x1, smc_unk
	ldr	x3, [x2, #FR_ROUTE_FAST]
	b	smc_served

/*
 * While a trusted OS takes fast calls on this CPU (x3 = FR_TOS, its
 * context) and nothing is recorded (x1 = FR_TRACE: every SMC then goes to
 * mon_smc()), an ID of its entities goes to tos.S's entry (TC_FAST_ENTRY,
 * a64_tos_smc) before any route is looked up: its route forwards all of
 * them while it lives. a64_tos_smc comes back to smc_save_full or smc_full
 * for what it does not take.
 */
smc_tos:
	cbnz	x1, smc_route
	ubfx	w1, w0, #24, #6
	cmp	w1, #FR_OEN_TOS_FIRST
	b.lo	smc_route_oen
	ldr	x1, [x3, #TC_FAST_ENTRY]
	br	x1

/*
 * Nothing serves this ID: SMC_UNK, -1 sign-extended to 64 bits whatever the
 * width of the call (mon_ret32(), service.h).
 */
smc_unk:
	mov	x0, #-1
/* x0 the answer; x1-x3 back as the caller left them. */
smc_answered:
	pmu_restore x1
	ldp	x1, x2, [sp, #FR_REGS + 8]
	ldr	x3, [sp, #FR_REGS + 24]
	eret

/* Everything else: mon_smc() with the whole register set and the caller record. */
	.global	a64_smc_save_full
a64_smc_save_full:
smc_save_full:
	frame_x4_x17 stp
	str	x30, [sp, #FR_X30]
	.global	a64_smc_full
a64_smc_full:
smc_full:
	mrs	x1, spsr_el3
	str	x1, [sp, #FR_CALLER_MODE]
	ldr	w0, [sp, #FR_CPU]
	mov	x1, sp
	add	x2, sp, #FR_CALLER
	bl	mon_smc
	b	smc_return

lower_not_smc64:
	pmu_hide x0				/* x0 is in the frame already */
	cmp	x1, #EC_SMC32
	b.ne	lower_other
	b	smc_a32

/*
 * SMC from AArch32: the caller's r0-r12 are x0-x12 (its SVC, ABT, UND, IRQ
 * and HYP modes share them), and they reach the core, which answers in them
 * (a legacy ABI may name r12). FIQ mode has its own r8-r12, in x24-x28: for
 * a caller in FIQ mode those are swapped with x8-x12 around the C call (x13
 * the scratch), so the core reads and answers in the caller's r8-r12 and
 * the User bank's, kept meanwhile in callee-saved x24-x28, come back as
 * they were. x13-x17 hold banked SPs and LRs, which the C call would
 * clobber: kept apart, and the core sees zeros in their place.
 */
#define SPSR_A32_MODE	0x1f
#define SPSR_A32_FIQ	0x11

	.macro	swap_reg a, b
	mov	x13, \a
	mov	\a, \b
	mov	\b, x13
	.endm

	.macro	swap_fiq_bank
	swap_reg x8, x24
	swap_reg x9, x25
	swap_reg x10, x26
	swap_reg x11, x27
	swap_reg x12, x28
	.endm

smc_a32:
	stp	x13, x14, [sp, #FR_A32_SAVE + 0]
	stp	x15, x16, [sp, #FR_A32_SAVE + 16]
	str	x17, [sp, #FR_A32_SAVE + 32]
	mrs	x1, spsr_el3
	and	x13, x1, #SPSR_A32_MODE
	cmp	x13, #SPSR_A32_FIQ
	b.ne	1f
	swap_fiq_bank
1:	stp	x2, x3, [sp, #FR_REGS + 16]
	stp	x4, x5, [sp, #FR_REGS + 32]
	stp	x6, x7, [sp, #FR_REGS + 48]
	stp	x8, x9, [sp, #FR_REGS + 64]
	stp	x10, x11, [sp, #FR_REGS + 80]
	stp	x12, xzr, [sp, #FR_REGS + 96]
	stp	xzr, xzr, [sp, #FR_REGS + 112]
	stp	xzr, xzr, [sp, #FR_REGS + 128]
	str	x30, [sp, #FR_X30]
	str	x1, [sp, #FR_CALLER32_MODE]
	ldr	w0, [sp, #FR_CPU]
	mov	x1, sp
	add	x2, sp, #FR_CALLER32
	bl	mon_smc
	pmu_restore x1
	ldr	x30, [sp, #FR_X30]
	ldp	x0, x1, [sp, #FR_REGS + 0]
	ldp	x2, x3, [sp, #FR_REGS + 16]
	ldp	x4, x5, [sp, #FR_REGS + 32]
	ldp	x6, x7, [sp, #FR_REGS + 48]
	ldp	x8, x9, [sp, #FR_REGS + 64]
	ldp	x10, x11, [sp, #FR_REGS + 80]
	ldr	x12, [sp, #FR_REGS + 96]
	ldr	x13, [sp, #FR_CALLER32_MODE]
	and	x13, x13, #SPSR_A32_MODE
	cmp	x13, #SPSR_A32_FIQ
	b.ne	2f
	swap_fiq_bank
2:	ldp	x13, x14, [sp, #FR_A32_SAVE + 0]
	ldp	x15, x16, [sp, #FR_A32_SAVE + 16]
	ldr	x17, [sp, #FR_A32_SAVE + 32]
	eret

/*
 * Anything else from the normal world: save every general register in a
 * struct a64_trap below the frame, let C log and resolve it, restore, return.
 * x0 and x1 are already in the frame.
 */
/* Hands the exception to a64_lower_exception() as `kind`; x0 and x1 are in the frame. */
	.macro	trap_entry kind
	sub	sp, sp, #256
	stp	x2, x3, [sp, #16]
	ldp	x2, x3, [sp, #256 + FR_REGS]
	stp	x2, x3, [sp, #0]
	mov	x1, #\kind
	b	trap_common
	.endm

/* The same for an interrupt or SError: x0 and x1 saved and EL3 hidden first. */
	.macro	trap_interrupt kind
	stp	x0, x1, [sp, #FR_REGS + 0]
	pmu_hide x0
	trap_entry \kind
	.endm

lower_other:
	trap_entry 0
lower_irq:
	trap_interrupt 1
lower_fiq:
	trap_interrupt 2
lower_serror:
	trap_interrupt 3

trap_common:
	trap_x4_x29 stp
	str	x30, [sp, #240]
	mov	x0, sp
	bl	a64_lower_exception
	pmu_restore x0, 256
	ldp	x0, x1, [sp, #0]
	ldp	x2, x3, [sp, #16]
	trap_x4_x29 ldp
	ldr	x30, [sp, #240]
	add	sp, sp, #256
	eret

/* A fault inside the monitor: report it on whatever stack is left. */
el3_exception:
	bl	arch_monitor_fault

/*
 * a64_enter_ns(pc, spsr, x0): leave for the normal world on this CPU with
 * every other general register zero and SP_EL3 back at this CPU's frame.
 * A CPU that went down inside an SMC (CPU_OFF, a power-down) left through
 * no pmu_restore: the PMCR_EL0 it had then goes back here, on the warm
 * entry, so that PMCR_EL0.DP is never left set for the normal world.
 */
	.global a64_enter_ns
a64_enter_ns:
	msr	elr_el3, x0
	msr	spsr_el3, x1
	mov	x0, x2
	mrs	x1, tpidr_el3
	mov	sp, x1
	pmu_restore x1
	str	xzr, [sp, #FR_PMCR]
	mov	x1, #0
	mov	x2, #0
	mov	x3, #0
	mov	x4, #0
	mov	x5, #0
	mov	x6, #0
	mov	x7, #0
	mov	x8, #0
	mov	x9, #0
	mov	x10, #0
	mov	x11, #0
	mov	x12, #0
	mov	x13, #0
	mov	x14, #0
	mov	x15, #0
	mov	x16, #0
	mov	x17, #0
	mov	x18, #0
	mov	x19, #0
	mov	x20, #0
	mov	x21, #0
	mov	x22, #0
	mov	x23, #0
	mov	x24, #0
	mov	x25, #0
	mov	x26, #0
	mov	x27, #0
	mov	x28, #0
	mov	x29, #0
	mov	x30, #0
	isb
	eret

/*
 * Zero the FP/SIMD registers: libfdt used some of them on the cold-boot
 * path, and none of the monitor's data may reach the normal world.
 */
	.global a64_fp_clear
a64_fp_clear:
	.arch_extension fp
	.arch_extension simd
	movi	v0.16b, #0
	movi	v1.16b, #0
	movi	v2.16b, #0
	movi	v3.16b, #0
	movi	v4.16b, #0
	movi	v5.16b, #0
	movi	v6.16b, #0
	movi	v7.16b, #0
	movi	v8.16b, #0
	movi	v9.16b, #0
	movi	v10.16b, #0
	movi	v11.16b, #0
	movi	v12.16b, #0
	movi	v13.16b, #0
	movi	v14.16b, #0
	movi	v15.16b, #0
	movi	v16.16b, #0
	movi	v17.16b, #0
	movi	v18.16b, #0
	movi	v19.16b, #0
	movi	v20.16b, #0
	movi	v21.16b, #0
	movi	v22.16b, #0
	movi	v23.16b, #0
	movi	v24.16b, #0
	movi	v25.16b, #0
	movi	v26.16b, #0
	movi	v27.16b, #0
	movi	v28.16b, #0
	movi	v29.16b, #0
	movi	v30.16b, #0
	movi	v31.16b, #0
	msr	fpcr, xzr
	msr	fpsr, xzr
	ret

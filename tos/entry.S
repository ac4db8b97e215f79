/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The payload's entry points at secure EL1: the cold-boot entry at the
 * image's first byte, the vector table the monitor enters it through (nine
 * branches in OP-TEE's order, handed over with RETURN_ENTRY_DONE), its own
 * exception vectors (VBAR_EL1), and the switches between a CPU's stack and a
 * yielding call's thread. Every way out is an SMC with a 0xBE00000n ID.
 */
#include "tos_abi.h"

#define STACK_SIZE	4096
#define FRAME_SIZE	272	/* x0-x30, ELR_EL1, SPSR_EL1, 16-byte aligned */

/* D = this CPU's index (Aff0; Aff1-3 must be 0), sp = its stack's top; T: scratch. */
.macro	cpu_sp d, t
	mrs	\t, mpidr_el1
	ubfx	\d, \t, #32, #8
	cbnz	\d, tos_bad_cpu
	and	\d, \t, #0xffffff
	cmp	\d, #TOS_MAX_CPUS
	b.hs	tos_bad_cpu
	adr_l	\t, tos_stacks
	add	\t, \t, \d, lsl #12
	add	sp, \t, #STACK_SIZE
.endm

.macro	adr_l reg, sym
	adrp	\reg, \sym
	add	\reg, \reg, :lo12:\sym
.endm

.macro	ret_id reg, id
	movz	\reg, #((\id) & 0xffff)
	movk	\reg, #((\id) >> 16), lsl #16
.endm

/*
 * Answer the monitor: x0 = ID, never comes back. The payload answers at
 * EL1t, as OP-TEE does, so that every entry but a fresh one (cold boot,
 * cpu_on) must come in at EL1t too: the monitor enters a trusted OS in the
 * mode of its last exit (OP-TEE pushes onto the SP it finds). `entered`
 * counts the entries that do not (tos_entered_el1h, CPU_INFO's x3) and
 * goes on at EL1h, on the CPU's stack. x9-x12 are scratch.
 */
.macro	smc_out id
	ret_id	x0, \id
	msr	spsel, #0
	smc	#0
	b	tos_smc_returned
.endm

.macro	entered
	mrs	x9, spsel
	cbz	x9, 2f
	adr_l	x10, tos_entered_el1h
1:	ldxr	x11, [x10]
	add	x11, x11, #1
	stxr	w12, x11, [x10]
	cbnz	w12, 1b
2:	msr	spsel, #1
.endm

	.section .text.entry, "ax"
	.global	_start
/*
 * Cold boot, first CPU only: MMU off, DAIF masked, x0 = pageable part,
 * x1 = its size (both 0: nothing paged), x2 = the normal world's DT,
 * x3 = 0.
 */
_start:
	msr	daifset, #0xf
	mov	x19, x2
	cpu_sp	x20, x9
	/* .bss (8-byte aligned at both ends, by tos.lds) */
	adr_l	x9, __bss_start
	adr_l	x10, __bss_end
1:	cmp	x9, x10
	b.hs	2f
	str	xzr, [x9], #8
	b	1b
2:	adr_l	x9, tos_el1_vectors
	msr	vbar_el1, x9
	isb
	mov	x0, x20
	mov	x1, x19
	bl	tos_c_cold_boot
	adr_l	x1, tos_vector_table
	smc_out	TOS_RETURN_ENTRY_DONE

/* What the monitor enters, 4 bytes apart. */
	.balign	8
	.global	tos_vector_table
tos_vector_table:
	b	vec_yield
	b	vec_fast
	b	vec_cpu_on
	b	vec_cpu_off
	b	vec_cpu_resume
	b	vec_cpu_suspend
	b	vec_fiq
	b	vec_system_off
	b	vec_system_reset

/* x0-x7: the call as the normal world sent it. */
vec_fast:
	entered
	cpu_sp	x9, x10
	sub	sp, sp, #64
	stp	x0, x1, [sp]
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	mov	x0, x9
	mov	x1, sp
	bl	tos_c_fast
answer:
	ldp	x1, x2, [sp]
	ldp	x3, x4, [sp, #16]
	smc_out	TOS_RETURN_CALL_DONE

vec_yield:
	entered
	cpu_sp	x9, x10
	sub	sp, sp, #64
	stp	x0, x1, [sp]
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	mov	x0, x9
	mov	x1, sp
	bl	tos_c_yield		/* comes back only to answer */
	b	answer

/*
 * PSCI hooks: x0 = the power level (suspend, resume); x1 = 0 is success.
 * cpu_on's context is fresh (EL1h, as after a reset): not `entered`.
 */
.macro	hook label, c, id, fresh=0
\label:
	.if !\fresh
	entered
	.endif
	cpu_sp	x9, x10
	mov	x1, x0
	mov	x0, x9
	bl	\c
	mov	x1, x0
	smc_out	\id
.endm
	hook	vec_cpu_on, tos_c_cpu_on, TOS_RETURN_ON_DONE, 1
	hook	vec_cpu_off, tos_c_cpu_off, TOS_RETURN_OFF_DONE
	hook	vec_cpu_suspend, tos_c_cpu_suspend, TOS_RETURN_SUSPEND_DONE
	hook	vec_cpu_resume, tos_c_cpu_resume, TOS_RETURN_RESUME_DONE
	hook	vec_system_off, tos_c_system_off, TOS_RETURN_SYSTEM_OFF_DONE
	hook	vec_system_reset, tos_c_system_reset, TOS_RETURN_SYSTEM_RESET_DONE

/* A secure interrupt arrived while the normal world ran (x0: its ELR). */
vec_fiq:
	entered
	cpu_sp	x9, x10
	mov	x0, x9
	bl	tos_c_fiq
	smc_out	TOS_RETURN_FIQ_DONE

/*
 * void tos_thread_start(uint64_t stack_top, struct tos_thread *t):
 * runs the yielding call on its thread's stack with IRQ and FIQ unmasked
 * (normal-world interrupts preempt it), then answers from the stack of the
 * CPU it ends on, after leaving the thread's stack.
 */
	.global	tos_thread_start
tos_thread_start:
	mov	sp, x0
	mov	x0, x1
	msr	daifclr, #3
	bl	tos_c_thread_main
	msr	daifset, #3
	mov	x19, x0
	cpu_sp	x9, x10
	sub	sp, sp, #64
	mov	x0, x9
	mov	x1, x19
	mov	x2, sp
	bl	tos_c_thread_done
	b	answer

/* void tos_thread_resume(uint64_t frame): back into a preempted thread. */
	.global	tos_thread_resume
tos_thread_resume:
	mov	sp, x0
	b	restore_frame

/* void tos_mmu_on(uint64_t mair, uint64_t tcr, uint64_t ttbr0, uint64_t sctlr) */
	.global	tos_mmu_on
tos_mmu_on:
	msr	mair_el1, x0
	msr	tcr_el1, x1
	msr	ttbr0_el1, x2
	isb
	tlbi	vmalle1
	dsb	nsh
	isb
	msr	sctlr_el1, x3
	isb
	ret

/* uint64_t tos_smc_call(uint64_t id): a call to the monitor, which answers in x0 and goes on. */
	.global	tos_smc_call
tos_smc_call:
	smc	#0
	ret

/* void tos_smc_raw(uint64_t id, uint64_t x1): a deliberate wrong answer. */
	.global	tos_smc_raw
tos_smc_raw:
	smc	#0
	b	tos_smc_returned

/*
 * void tos_fp_dirty(uint64_t pattern, uint64_t fpcr, uint64_t fpsr): FP/SIMD
 * enabled at EL1 and every FP/SIMD register set to the payload's own values
 * (TOS_FP_DIRTY): q<n> = pattern + n in both halves.
 */
	.global	tos_fp_dirty
tos_fp_dirty:
	mrs	x9, cpacr_el1
	orr	x9, x9, #(3 << 20)		/* FPEN */
	msr	cpacr_el1, x9
	isb
	mov	x3, x0
	mov	x4, x0
	fmov	d0, x3
	fmov	v0.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d1, x3
	fmov	v1.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d2, x3
	fmov	v2.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d3, x3
	fmov	v3.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d4, x3
	fmov	v4.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d5, x3
	fmov	v5.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d6, x3
	fmov	v6.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d7, x3
	fmov	v7.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d8, x3
	fmov	v8.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d9, x3
	fmov	v9.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d10, x3
	fmov	v10.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d11, x3
	fmov	v11.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d12, x3
	fmov	v12.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d13, x3
	fmov	v13.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d14, x3
	fmov	v14.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d15, x3
	fmov	v15.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d16, x3
	fmov	v16.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d17, x3
	fmov	v17.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d18, x3
	fmov	v18.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d19, x3
	fmov	v19.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d20, x3
	fmov	v20.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d21, x3
	fmov	v21.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d22, x3
	fmov	v22.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d23, x3
	fmov	v23.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d24, x3
	fmov	v24.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d25, x3
	fmov	v25.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d26, x3
	fmov	v26.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d27, x3
	fmov	v27.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d28, x3
	fmov	v28.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d29, x3
	fmov	v29.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d30, x3
	fmov	v30.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	fmov	d31, x3
	fmov	v31.d[1], x4
	add	x3, x3, #1
	add	x4, x4, #1
	msr	fpcr, x1
	msr	fpsr, x2
	ret

tos_bad_cpu:
	wfi
	b	tos_bad_cpu

tos_smc_returned:
	msr	daifset, #0xf
	cpu_sp	x9, x10
	mov	x0, x9
	bl	tos_c_smc_returned
	b	tos_bad_cpu

/* ---- exceptions taken at secure EL1 ---- */

.macro	save_frame
	sub	sp, sp, #FRAME_SIZE
	stp	x0, x1, [sp, #0]
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	stp	x8, x9, [sp, #64]
	stp	x10, x11, [sp, #80]
	stp	x12, x13, [sp, #96]
	stp	x14, x15, [sp, #112]
	stp	x16, x17, [sp, #128]
	stp	x18, x19, [sp, #144]
	stp	x20, x21, [sp, #160]
	stp	x22, x23, [sp, #176]
	stp	x24, x25, [sp, #192]
	stp	x26, x27, [sp, #208]
	stp	x28, x29, [sp, #224]
	mrs	x0, elr_el1
	mrs	x1, spsr_el1
	stp	x30, x0, [sp, #240]
	str	x1, [sp, #256]
.endm

.macro	vent label
	.balign	128
	b	\label
.endm

	.balign	2048
	.global	tos_el1_vectors
tos_el1_vectors:
	vent	el1_unexpected		/* current EL, SP_EL0 */
	vent	el1_unexpected
	vent	el1_unexpected
	vent	el1_unexpected
	vent	el1_sync		/* current EL, SP_ELx */
	vent	el1_irq
	vent	el1_irq
	vent	el1_unexpected
	vent	el1_unexpected		/* lower EL, AArch64 */
	vent	el1_unexpected
	vent	el1_unexpected
	vent	el1_unexpected
	vent	el1_unexpected		/* lower EL, AArch32 */
	vent	el1_unexpected
	vent	el1_unexpected
	vent	el1_unexpected

el1_sync:
el1_unexpected:
	msr	daifset, #0xf
	cpu_sp	x9, x10
	mrs	x1, esr_el1
	mrs	x2, elr_el1
	mrs	x3, far_el1
	mov	x0, x9
	bl	tos_c_panic		/* does not return */
	b	tos_bad_cpu

/* IRQ or FIQ while a yielding call's thread runs with them unmasked. */
el1_irq:
	save_frame
	mov	x19, sp
	bl	tos_c_irq		/* 0: handled here; 1: the normal world's */
	cbnz	x0, 1f
	mov	sp, x19
restore_frame:
	ldp	x30, x0, [sp, #240]
	ldr	x1, [sp, #256]
	msr	elr_el1, x0
	msr	spsr_el1, x1
	ldp	x0, x1, [sp, #0]
	ldp	x2, x3, [sp, #16]
	ldp	x4, x5, [sp, #32]
	ldp	x6, x7, [sp, #48]
	ldp	x8, x9, [sp, #64]
	ldp	x10, x11, [sp, #80]
	ldp	x12, x13, [sp, #96]
	ldp	x14, x15, [sp, #112]
	ldp	x16, x17, [sp, #128]
	ldp	x18, x19, [sp, #144]
	ldp	x20, x21, [sp, #160]
	ldp	x22, x23, [sp, #176]
	ldp	x24, x25, [sp, #192]
	ldp	x26, x27, [sp, #208]
	ldp	x28, x29, [sp, #224]
	add	sp, sp, #FRAME_SIZE
	eret
	/* Off the thread's stack first; then the thread is resumable. */
1:	cpu_sp	x9, x10
	mov	x0, x9
	mov	x1, x19
	bl	tos_c_preempt		/* the thread's index */
	mov	x4, x0
	ret_id	x1, TOS_RPC_FOREIGN_INTR
	mov	x2, #0
	mov	x3, #0
	smc_out	TOS_RETURN_CALL_DONE

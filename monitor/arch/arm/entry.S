/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Reset: QEMU starts every CPU here, in Secure SVC mode with the MMU off
 * and SCR = 0, on every cold boot and after SYSTEM_RESET. The first eight
 * words are also the Secure PL1 exception vectors (VBAR = 0): a fault in the
 * monitor lands there. Each CPU switches to Monitor mode for good, with
 * SP_mon at its frame at the top of its own stack. Only the boot CPU (MPIDR
 * affinity 0) initialises secure RAM; the other CPUs touch nothing but their
 * own stack until the boot CPU says it is done.
 */
#include "platform.h"
#include "frame.h"
#include "../qemu-virt-common/cpu-index.h"

	.syntax unified
	.arch	armv7-a
	.arch_extension sec
	.arch_extension virt
	.arm

	.section .text.reset, "ax", %progbits
	.global	_start
	.global	qv_secure_vectors
_start:
qv_secure_vectors:
	b	reset			/* 0x00 reset */
	b	fault_undef		/* 0x04 undefined instruction */
	b	fault_svc		/* 0x08 supervisor call */
	b	fault_pabt		/* 0x0c prefetch abort */
	b	fault_dabt		/* 0x10 data abort */
	b	fault_unused		/* 0x14 */
	b	fault_irq		/* 0x18 IRQ */
	b	fault_fiq		/* 0x1c FIQ */

reset:
	cpsid	aif
	/* SCTLR (Secure): MMU and D-cache off, I-cache on, VBAR vectors, A32 exceptions. */
	ldr	r0, =0x00c51078
	mcr	p15, 0, r0, c1, c0, 0
	isb
	ldr	r0, =qv_secure_vectors
	mcr	p15, 0, r0, c12, c0, 0		/* VBAR (Secure) */
	ldr	r0, =qv_mon_vectors
	mcr	p15, 0, r0, c12, c0, 1		/* MVBAR */
	isb

	mrc	p15, 0, r0, c0, c0, 5		/* MPIDR */
	ldr	r1, =(QV_CPU_CLUSTER_MASK & 0xffffffff)	/* no Aff3 in AArch32 */
	tst	r0, r1
	bne	unsupported_cpu
	and	r4, r0, #QV_CPU_INDEX_MASK
	cmp	r4, #QV_MAX_CPUS
	bhs	unsupported_cpu

	/* Monitor mode from now on; SP_mon = this CPU's frame. */
	cps	#MODE_MON
	ldr	r1, =__percpu_start
	add	r2, r4, #1
	ldr	r3, =QV_STACK_SIZE
	mla	r1, r2, r3, r1
	sub	sp, r1, #QV_FRAME_SIZE
	str	r4, [sp, #FR_CPU]
	/* The frame is not in .bss: its caller record is set here. */
	mov	r2, #1
	mov	r3, #0
	str	r2, [sp, #FR_CALLER]		/* .aarch32 = true */
	str	r3, [sp, #FR_CALLER + 4]
	str	r3, [sp, #FR_CALLER + 8]	/* .mode */
	str	r3, [sp, #FR_CALLER + 12]

	mov	r0, r4
	bl	qv_cpu_reset_init
	mov	r0, sp
	bl	qv_wa_select		/* the workaround calls' code in this CPU's frame */
	cmp	r4, #0
	bne	1f
	bl	memory_init
	ldr	sp, =__cold_stack_end
	bl	qv_cold_boot		/* leaves on this CPU's own stack (qv_enter_ns) */
1:	mov	r0, r4
	bl	qv_secondary_boot

/* A CPU this port cannot index sleeps for good; the boot CPU hides it from the OS. */
unsupported_cpu:
	wfi
	b	unsupported_cpu

/* Copy .data from flash, zero .bss: once, on the boot CPU. */
memory_init:
	ldr	r0, =__data_start
	ldr	r1, =__data_end
	ldr	r2, =__data_load
1:	cmp	r0, r1
	bhs	2f
	ldr	r3, [r2], #4
	str	r3, [r0], #4
	b	1b
2:	ldr	r0, =__bss_start
	ldr	r1, =__bss_end
	mov	r3, #0
3:	cmp	r0, r1
	bhs	4f
	str	r3, [r0], #4
	b	3b
4:	dsb	sy
	bx	lr

/*
 * A fault while the monitor runs (Secure PL1 modes are entered only by
 * faults: the monitor itself lives in Monitor mode). The faulting mode's
 * banked SP is shared with the normal world's mode of the same name, so it
 * is not used: back to Monitor mode and its stack, and report.
 * qv_secure_fault(kind, lr, spsr) does not return.
 */
	.macro	fault name, kind
\name:
	mov	r0, #\kind
	mov	r1, lr
	mrs	r2, spsr
	cps	#MODE_MON
	bic	sp, sp, #7
	b	qv_secure_fault
	.endm

	fault	fault_undef, 1
	fault	fault_svc, 2
	fault	fault_pabt, 3
	fault	fault_dabt, 4
	fault	fault_unused, 5
	fault	fault_irq, 6
	fault	fault_fiq, 7
	.ltorg

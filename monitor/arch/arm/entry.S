/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Reset: every CPU starts here, in Secure SVC mode with the MMU off and
 * SCR = 0 (QEMU's virt board: on every cold boot and after SYSTEM_RESET,
 * with the image at address 0, which makes its first eight words the Secure
 * PL1 vectors at reset too). The first eight
 * words are also the Secure PL1 exception vectors (VBAR = 0): a fault in the
 * monitor lands there. Each CPU switches to Monitor mode for good, with
 * SP_mon at its frame at the top of its own stack. Only the boot CPU (index
 * 0) initialises secure RAM; the other CPUs touch nothing but their
 * own stack until the boot CPU says it is done. A CPU's index, which places
 * its stack, is the board's rule (PLAT_CPU_INDEX_MASK, PLAT_CPU_CLUSTER:
 * monitor/arch/arch.h).
 */
#include "platform.h"
#include "frame.h"
#include "sysreg.h"
#include "../../monitor.h"

	.syntax unified
	.arch	armv7-a
	.arch_extension sec
	.arm

	.section .text.reset, "ax", %progbits
	.global	_start
	.global	a32_secure_vectors
_start:
a32_secure_vectors:
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
	ldr	r0, =a32_secure_vectors
	mcr	p15, 0, r0, c12, c0, 0		/* VBAR (Secure) */
	ldr	r0, =a32_mon_vectors
	mcr	p15, 0, r0, c12, c0, 1		/* MVBAR */
	isb

	mrc	p15, 0, r0, c0, c0, 5		/* MPIDR */
	ldr	r1, =(MON_MPIDR_AFF_MASK & ~PLAT_CPU_INDEX_MASK & 0xffffffff)	/* no Aff3 */
	and	r1, r0, r1
	ldr	r2, =PLAT_CPU_CLUSTER
	cmp	r1, r2
	bne	unsupported_cpu
	and	r4, r0, #PLAT_CPU_INDEX_MASK
	cmp	r4, #PLAT_MAX_CPUS
	bhs	unsupported_cpu

	/* Monitor mode from now on; SP_mon = this CPU's frame. */
	cps	#MODE_MON
	ldr	r1, =__percpu_start
	add	r2, r4, #1
	ldr	r3, =PLAT_STACK_SIZE
	mla	r1, r2, r3, r1
	sub	sp, r1, #ARCH_FRAME_SIZE
	str	r4, [sp, #FR_CPU]
	/* The frame is not in .bss: its caller record is set here. */
	mov	r2, #1
	mov	r3, #0
	str	r2, [sp, #FR_CALLER]		/* .aarch32 = true */
	str	r3, [sp, #FR_CALLER + 4]
	str	r3, [sp, #FR_CALLER + 8]	/* .mode */
	str	r3, [sp, #FR_CALLER + 12]

	mov	r0, r4
	bl	a32_cpu_reset_init
	mov	r0, sp
	bl	arch_wa_select		/* the workaround calls' code in this CPU's frame */
	cmp	r4, #0
	bne	1f
	bl	arch_boot_memory	/* .data and .bss, once */
	ldr	sp, =__cold_stack_end
	bl	board_cold_boot		/* leaves on this CPU's own stack (a32_enter_ns) */
1:	mov	r0, r4
	bl	board_secondary_boot

/* A CPU the board does not number sleeps for good; the boot CPU hides it from the OS. */
unsupported_cpu:
	wfi
	b	unsupported_cpu

/*
 * A fault while the monitor runs (Secure PL1 modes are entered only by
 * faults: the monitor itself lives in Monitor mode). The faulting mode's
 * banked SP is shared with the normal world's mode of the same name, so it
 * is not used: back to Monitor mode and its stack, and report.
 * a32_secure_fault(kind, lr, spsr) does not return.
 */
	.macro	fault name, kind
\name:
	mov	r0, #\kind
	mov	r1, lr
	mrs	r2, spsr
	cps	#MODE_MON
	bic	sp, sp, #7
	b	a32_secure_fault
	.endm

	fault	fault_undef, 1
	fault	fault_svc, 2
	fault	fault_pabt, 3
	fault	fault_dabt, 4
	fault	fault_unused, 5
	fault	fault_irq, 6
	fault	fault_fiq, 7
	.ltorg

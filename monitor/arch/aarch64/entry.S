/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Reset: every CPU starts here, at EL3 with the MMU off (QEMU's virt board:
 * on every cold boot and after SYSTEM_RESET). Code and read-only data run in
 * place (PLAT_CODE_BASE: on QEMU the secure flash); writable data, stacks
 * and the per-CPU frames live in secure RAM (PLAT_DATA_BASE). Only the boot
 * CPU (index 0) initialises secure RAM; the other CPUs touch nothing but
 * their own stack until the boot CPU says it is done. A CPU's index, which
 * places its stack, is the board's rule (PLAT_CPU_INDEX_MASK,
 * PLAT_CPU_CLUSTER: monitor/arch/arch.h).
 */
#include "platform.h"
#include "frame.h"
#include "../../monitor.h"

	.section .text.reset, "ax"
	.global _start
	.type	_start, %function
_start:
	ldr	x0, =0x30c51838		/* SCTLR_EL3: RES1, I, SA; MMU and D-cache off, LE */
	msr	sctlr_el3, x0
	adr	x0, a64_vectors
	msr	vbar_el3, x0
	isb

	mrs	x0, mpidr_el1
	ldr	x1, =(MON_MPIDR_AFF_MASK & ~PLAT_CPU_INDEX_MASK)
	and	x1, x0, x1
	ldr	x2, =PLAT_CPU_CLUSTER
	cmp	x1, x2
	b.ne	unsupported_cpu
	and	x19, x0, #PLAT_CPU_INDEX_MASK
	cmp	x19, #PLAT_MAX_CPUS
	b.hs	unsupported_cpu

	/* SP_EL3 = this CPU's frame, at the top of its stack. */
	ldr	x1, =__percpu_start
	add	x2, x19, #1
	mov	x3, #PLAT_STACK_SIZE
	madd	x1, x2, x3, x1
	sub	x1, x1, #ARCH_FRAME_SIZE
	mov	sp, x1
	msr	tpidr_el3, x1
	str	x19, [x1, #FR_CPU]
	/* The frame is not in .bss: set the caller records' fixed halves here. */
	mov	w2, #1
	stp	xzr, xzr, [x1, #FR_CALLER]
	stp	x2, xzr, [x1, #FR_CALLER32]
	str	xzr, [x1, #FR_TOS]		/* no fast entry into a trusted OS yet (tos.c) */
	/* The SMC fast path's routes (filled by mon_init() before any SMC). */
	ldr	x2, =mon_routes
	str	x2, [x1, #FR_ROUTES]

	mov	w0, w19
	bl	a64_cpu_reset_init
	mov	x0, sp
	bl	arch_wa_select		/* the workaround calls' code in this CPU's frame */
	mov	x0, sp
	bl	a64_pmu_select		/* hide EL3 from the cycle counter: how */
	cbnz	x19, 1f
	bl	arch_boot_memory	/* .data and .bss, once */
	ldr	x0, =__cold_stack_end
	mov	sp, x0
	bl	board_cold_boot		/* leaves on this CPU's own stack (a64_enter_ns) */
1:	mov	w0, w19
	bl	board_secondary_boot

/* A CPU the board does not number sleeps for good; the boot CPU hides it from the OS. */
unsupported_cpu:
	wfi
	b	unsupported_cpu
	.size	_start, . - _start

	.ltorg

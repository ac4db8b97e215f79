/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Reset: QEMU starts every CPU here, at EL3 with the MMU off, on every cold
 * boot and after SYSTEM_RESET. Code and read-only data run in place from the
 * secure flash; writable data, stacks and the per-CPU frames live in secure
 * RAM. Only the boot CPU (MPIDR affinity 0) initialises secure RAM; the other
 * CPUs touch nothing but their own stack until the boot CPU says it is done.
 */
#include "platform.h"
#include "frame.h"
#include "../qemu-virt-common/cpu-index.h"

	.section .text.reset, "ax"
	.global _start
_start:
	ldr	x0, =0x30c51838		/* SCTLR_EL3: RES1, I, SA; MMU and D-cache off, LE */
	msr	sctlr_el3, x0
	adr	x0, qv_vectors
	msr	vbar_el3, x0
	isb

	mrs	x0, mpidr_el1
	ldr	x1, =QV_CPU_CLUSTER_MASK
	tst	x0, x1
	b.ne	unsupported_cpu
	and	x19, x0, #QV_CPU_INDEX_MASK
	cmp	x19, #QV_MAX_CPUS
	b.hs	unsupported_cpu

	/* SP_EL3 = this CPU's frame, at the top of its stack. */
	ldr	x1, =__percpu_start
	add	x2, x19, #1
	mov	x3, #QV_STACK_SIZE
	madd	x1, x2, x3, x1
	sub	x1, x1, #QV_FRAME_SIZE
	mov	sp, x1
	msr	tpidr_el3, x1
	str	x19, [x1, #FR_CPU]
	/* The frame is not in .bss: set the caller records' fixed halves here. */
	mov	w2, #1
	stp	xzr, xzr, [x1, #FR_CALLER]
	stp	x2, xzr, [x1, #FR_CALLER32]
	/* The SMC fast path's routes (filled by mon_init() before any SMC). */
	ldr	x2, =mon_routes
	str	x2, [x1, #FR_ROUTES]

	mov	w0, w19
	bl	qv_cpu_reset_init
	mov	x0, sp
	bl	qv_wa_select		/* the workaround calls' code in this CPU's frame */
	mov	x0, sp
	bl	qv_pmu_select		/* hide EL3 from the cycle counter: how */
	cbnz	x19, 1f
	bl	memory_init
	ldr	x0, =__cold_stack_end
	mov	sp, x0
	bl	qv_cold_boot		/* leaves on this CPU's own stack (qv_enter_ns) */
1:	mov	w0, w19
	bl	qv_secondary_boot

/* A CPU this port cannot index sleeps for good; the boot CPU hides it from the OS. */
unsupported_cpu:
	wfi
	b	unsupported_cpu

/* Copy .data from flash, zero .bss: once, on the boot CPU. */
memory_init:
	ldr	x0, =__data_start
	ldr	x1, =__data_end
	ldr	x2, =__data_load
1:	cmp	x0, x1
	b.hs	2f
	ldr	x3, [x2], #8
	str	x3, [x0], #8
	b	1b
2:	ldr	x0, =__bss_start
	ldr	x1, =__bss_end
3:	cmp	x0, x1
	b.hs	4f
	str	xzr, [x0], #8
	b	3b
4:	dsb	sy
	ret
	.ltorg

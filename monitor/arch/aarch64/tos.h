/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The world switch to a trusted OS in secure EL1 (tos.S, tos.c): per CPU,
 * the secure world's registers, the normal world's EL1 registers while the
 * secure world runs, and the monitor's own callee-saved registers across a
 * synchronous entry. Offsets for the assembly; tos.c checks them against C.
 */
#ifndef SECMON_A64_TOS_H
#define SECMON_A64_TOS_H

/* The EL1 registers switched per world (TF-A's context_el1.h, ARMv8.0). */
#define TOS_NEL1	26	/* 25 and a pad: stored in pairs */

#define TC_SX		0			/* secure x0..x30 */
#define TC_S_SPEL0	248
#define TC_S_SPSR	256
#define TC_S_ELR	264
#define TC_S_EL1	272			/* secure EL1 registers */
#define TC_N_EL1	(TC_S_EL1 + 8 * TOS_NEL1)	/* normal world's: 480 */
#define TC_N_SPEL0	(TC_N_EL1 + 8 * TOS_NEL1)	/* 688 */
#define TC_N_ELR	(TC_N_SPEL0 + 8)
#define TC_N_SPSR	(TC_N_SPEL0 + 16)
#define TC_N_SCR	(TC_N_SPEL0 + 24)
#define TC_MON		(TC_N_SPEL0 + 32)	/* x18 (the normal world's), x19..x30, SP: 720 */
#define TC_ARGS		(TC_MON + 112)		/* the caller's uint64_t x[8] */
#define TC_ESR		(TC_ARGS + 8)		/* ESR_EL3 at the exit */
#define TC_N_CPTR	(TC_ESR + 8)		/* the normal world's CPTR_EL3 */
#define TC_FP_SECURE	(TC_N_CPTR + 8)		/* 1: the FP/SIMD registers hold the secure world's */
#define TC_S_FP		(TC_N_CPTR + 16)	/* secure FPSR, FPCR, q0..q31: 864 */
#define TC_N_FP		(TC_S_FP + TC_FP_SIZE)	/* the normal world's */
#define TC_FP_SIZE	(32 * 16 + 16)
/*
 * The fast path (a64_tos_smc, tos.S): the trusted OS's fast-call entry on
 * this CPU, a64_tos_smc's address (vectors.S branches there), 1 while an
 * entry of a64_tos_enter()'s runs (0: a fast entry's, or none), this CPU's
 * watch word and the next CPU's in the ring of every CPU's (TC_RING: a
 * fast call looks at the watch word TC_WATCH_NEXT holds, and goes one on), how many counter ticks make an entry late, an exit the
 * dispatcher is still to see (its kind + 1), whether the sparse EL1
 * registers hold nothing on this CPU (tos_sparse_probe), and the secure
 * world's CPTR_EL3 (tos_fresh_cpu: CPTR_EL3 is set at reset only).
 */
#define TC_FAST_PC	(TC_N_FP + TC_FP_SIZE)
#define TC_FAST_ENTRY	(TC_FAST_PC + 8)
#define TC_DISPATCHED	(TC_FAST_PC + 16)
#define TC_SINCE	(TC_FAST_PC + 24)
#define TC_RING		(TC_FAST_PC + 32)	/* beside TC_SINCE: one ldp */
#define TC_WATCH_NEXT	(TC_FAST_PC + 40)
#define TC_LATE		(TC_FAST_PC + 48)
#define TC_PENDING	(TC_FAST_PC + 56)
#define TC_EL1_SPARSE	(TC_FAST_PC + 64)
#define TC_S_CPTR	(TC_FAST_PC + 72)
#define TC_FRAME	(TC_FAST_PC + 80)	/* the CPU's struct arch_frame */
#define TC_SIZE		(TC_FAST_PC + 96)	/* 2016 */

/* `smc #1`, and ESR_EL3 of an `smc #0` (the only answer a trusted OS gives). */
#define A64_SMC_1	0xd4000023
#define TC_ESR_SMC0	0x5e000000
#define TC_VBAR_EL1	88		/* in a context's EL1 registers */

/* The trusted OS's answer to a call (plat.h PLAT_TOS_CALL_DONE). */
#define TC_CALL_DONE	0xbe000005

/* The exit's kind (plat.h PLAT_TOS_*; an FIQ is sorted out by tos.c). */
#define TC_EXIT_SMC	0
#define TC_EXIT_EXCEPTION 1
#define TC_EXIT_FIQ	2

/*
 * a64_tos_enter()'s how: FIQs to EL3 while it runs; back where it left off;
 * with TC_RESUME, x0-x7 from x[] (the answer to its SMC) instead. Each is
 * its TC_FLAG_* shifted right by one (plat_tos_enter() relies on it).
 */
#define TC_WATCH	1
#define TC_RESUME	2
#define TC_ANSWER	4

/* plat.h's flags and answers, for plat_tos_enter() in tos.S (tos.c checks them). */
#define TC_FLAG_FRESH	1
#define TC_FLAG_WATCH	2
#define TC_FLAG_RESUME	4
#define TC_FLAG_ANSWER	8
#define TC_FLAG_ITS_FIQ	16
#define TC_PLAT_INTERRUPT 2
/* SCTLR_EL1 as after a reset: its RES1 bits, MMU and caches off, little-endian. */
#define TC_SCTLR_EL1_RESET_LO	0x0800
#define TC_SCTLR_EL1_RESET_HI	0x30d0

#ifndef __ASSEMBLER__
#include <stdint.h>

struct a64_tos_ctx {
	uint64_t sx[31];
	uint64_t s_sp_el0, s_spsr, s_elr;
	uint64_t s_el1[TOS_NEL1];
	uint64_t n_el1[TOS_NEL1];
	uint64_t n_sp_el0, n_elr, n_spsr, n_scr;
	uint64_t mon[14];
	uint64_t *args;
	uint64_t esr;
	uint64_t n_cptr, fp_secure;
	uint64_t s_fp[66];
	uint64_t n_fp[66];
	uint64_t fast_pc;
	void *fast_entry;
	uint64_t dispatched;
	struct a64_tos_watch {
		uint64_t *since;
		struct a64_tos_watch *next;
	} watch, *watch_next;
	uint64_t late, pending, el1_sparse, s_cptr;
	void *frame;
} __attribute__((aligned(16)));

/* Each CPU's (tos.c), indexed by tos.S. */
extern struct a64_tos_ctx a64_tos_ctx[];
/* tos.c: a fresh secure context's VBAR_EL1, 16 `smc #1` (filled by coldboot.c). */
extern uint32_t a64_tos_no_vectors[];

/*
 * tos.S: enter at pc with x0-x7 = x[0..7] (TC_RESUME: where it left off,
 * as it was; with TC_ANSWER x0-x7 = x[0..7] there); the exit's kind, x[]
 * its x0-x7.
 */
unsigned a64_tos_enter(struct a64_tos_ctx *t, uint64_t pc, uint64_t x[8], unsigned how);
#endif

#endif

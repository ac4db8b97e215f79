// SPDX-License-Identifier: BSD-3-Clause
/*
 * Each CPU's context for the world switch to a trusted OS (tos.S, which
 * also has plat_tos_enter()), and the assembly's view of it and of plat.h
 * held to C's.
 */
#include <stddef.h>
#include "a64.h"
#include "frame.h"
#include "tos.h"
#include "../arch.h"
#include "../../monitor.h"
#include "../../plat.h"
#include "../../fwlib/fwlib.h"

struct a64_tos_ctx a64_tos_ctx[PLAT_MAX_CPUS];

/*
 * VBAR_EL1 of a fresh secure context (the first entry, each cpu_on): every
 * entry an `smc #1`, so that an exception the trusted OS takes before it
 * sets its own vectors comes to EL3 as an exception exit (tos.S) instead of
 * running whatever lies at address 0. Filled once a trusted OS is offered
 * (coldboot.c).
 */
uint32_t a64_tos_no_vectors[512] __attribute__((aligned(2048)));

_Static_assert(offsetof(struct a64_tos_ctx, s_sp_el0) == TC_S_SPEL0 &&
	       offsetof(struct a64_tos_ctx, s_elr) == TC_S_ELR &&
	       offsetof(struct a64_tos_ctx, s_spsr) == TC_S_SPSR &&
	       offsetof(struct a64_tos_ctx, s_el1) == TC_S_EL1 &&
	       offsetof(struct a64_tos_ctx, n_el1) == TC_N_EL1 &&
	       offsetof(struct a64_tos_ctx, n_sp_el0) == TC_N_SPEL0 &&
	       offsetof(struct a64_tos_ctx, n_elr) == TC_N_ELR &&
	       offsetof(struct a64_tos_ctx, n_spsr) == TC_N_SPSR &&
	       offsetof(struct a64_tos_ctx, n_scr) == TC_N_SCR &&
	       offsetof(struct a64_tos_ctx, mon) == TC_MON &&
	       offsetof(struct a64_tos_ctx, args) == TC_ARGS &&
	       offsetof(struct a64_tos_ctx, esr) == TC_ESR &&
	       offsetof(struct a64_tos_ctx, n_cptr) == TC_N_CPTR &&
	       offsetof(struct a64_tos_ctx, fp_secure) == TC_FP_SECURE &&
	       offsetof(struct a64_tos_ctx, s_fp) == TC_S_FP && TC_S_FP % 16 == 0 &&
	       offsetof(struct a64_tos_ctx, n_fp) == TC_N_FP &&
	       offsetof(struct a64_tos_ctx, fast_pc) == TC_FAST_PC &&
	       offsetof(struct a64_tos_ctx, fast_entry) == TC_FAST_ENTRY &&
	       offsetof(struct a64_tos_ctx, dispatched) == TC_DISPATCHED &&
	       offsetof(struct a64_tos_ctx, watch.since) == TC_SINCE &&
	       offsetof(struct a64_tos_ctx, watch.next) == TC_RING &&
	       offsetof(struct a64_tos_ctx, watch_next) == TC_WATCH_NEXT &&
	       offsetof(struct a64_tos_ctx, s_cptr) == TC_S_CPTR &&
	       offsetof(struct a64_tos_ctx, frame) == TC_FRAME &&
	       offsetof(struct a64_tos_ctx, late) == TC_LATE &&
	       offsetof(struct a64_tos_ctx, pending) == TC_PENDING &&
	       offsetof(struct a64_tos_ctx, el1_sparse) == TC_EL1_SPARSE &&
	       sizeof(struct a64_tos_ctx) % 16 == 0 && TC_SIZE <= sizeof(struct a64_tos_ctx),
	       "struct a64_tos_ctx as tos.h says");
_Static_assert(sizeof(struct a64_tos_ctx) == TC_SIZE && TC_N_EL1 % 16 == 0,
	       "tos.S indexes the contexts by TC_SIZE and zeroes the secure half in pairs");
_Static_assert(PLAT_TOS_SMC == TC_EXIT_SMC && PLAT_TOS_EXCEPTION == TC_EXIT_EXCEPTION &&
	       PLAT_TOS_INTERRUPT == TC_PLAT_INTERRUPT && PLAT_TOS_FRESH == TC_FLAG_FRESH &&
	       PLAT_TOS_WATCH == TC_FLAG_WATCH && PLAT_TOS_RESUME == TC_FLAG_RESUME &&
	       PLAT_TOS_ANSWER == TC_FLAG_ANSWER && PLAT_TOS_ITS_FIQ == TC_FLAG_ITS_FIQ &&
	       TC_WATCH == TC_FLAG_WATCH >> 1 &&
	       TC_RESUME == TC_FLAG_RESUME >> 1 && TC_ANSWER == TC_FLAG_ANSWER >> 1 &&
	       (0x30d00800u >> 16) == TC_SCTLR_EL1_RESET_HI &&
	       (0x30d00800u & 0xffff) == TC_SCTLR_EL1_RESET_LO &&
	       PLAT_TOS_CALL_DONE == TC_CALL_DONE, "plat.h as tos.h says");
_Static_assert(A64_SMC_1 == (0xd4000003u | 1u << 5) && TC_ESR_SMC0 == (0x17u << 26 | 1u << 25) &&
	       (TC_ESR_SMC0 & 0xffffff) == 0,
	       "`smc #1`; ESR_EL3 of `smc #0` from AArch64");

/*
 * plat_tos_prepare() (plat.h), before a trusted OS's first entry: refused
 * on a CPU with SME, as the world switch does not keep streaming mode and
 * ZA; else, on every CPU from now on, the
 * normal world's SVE vector length is 128 bits (cpu.c for a CPU's later
 * resets; here for the boot CPU, before the OS runs; tos.S's fresh entry
 * for each secondary, whose reset set-up ran before this: its cpu_on hook
 * comes before the normal world runs there), so that its z registers are
 * the q registers
 * tos.S switches, and a fresh secure context's VBAR_EL1 table is filled.
 */
MON_COLD_BOOT bool plat_tos_prepare(void)
{
	uint64_t pfr1 = read_sysreg("id_aa64pfr1_el1");

	if (id_field(pfr1, PFR1_SME)) {
		fw_err("trusted OS refused: the CPU has SME (ID_AA64PFR1_EL1 %lx), whose streaming "
		       "mode and ZA the world switch does not keep; booting without one\n",
		       (unsigned long)pfr1);
		return false;
	}
	a64_sve_capped = true;
	if (id_field(read_sysreg("id_aa64pfr0_el1"), PFR0_SVE))
		write_sysreg(ZCR_EL3, 0);
	for (unsigned i = 0; i < 512; i += 32)
		a64_tos_no_vectors[i] = A64_SMC_1;
	__asm__ volatile("dsb sy\n\tisb" : : : "memory");
	return true;
}

/* tos.S: the fast path's entry, which vectors.S reaches through the CPU's frame (FR_TOS). */
extern char a64_tos_smc[];
/* How many CPUs plat_tos_fast_watch() set the watch up for. */
static unsigned a64_tos_watched;

/*
 * plat_tos_fast_watch() (plat.h): every CPU's watch word and the ring
 * through the n contexts, which each fast path walks one step a call.
 */
MON_COLD_BOOT void plat_tos_fast_watch(uint64_t *watch, unsigned n, uint64_t late)
{
	if (n > PLAT_MAX_CPUS)
		n = PLAT_MAX_CPUS;
	for (unsigned i = 0; i < n; i++) {
		a64_tos_ctx[i].watch.since = &watch[i];
		a64_tos_ctx[i].watch.next = &a64_tos_ctx[(i + 1) % n].watch;
		a64_tos_ctx[i].watch_next = a64_tos_ctx[i].watch.next;
		a64_tos_ctx[i].late = late;
		a64_tos_ctx[i].frame = arch_frame_of(i);
	}
	a64_tos_watched = n;
}

/*
 * plat_tos_fast_entry() (plat.h): the context reached from the CPU's frame
 * (FR_TOS), set once the context is and cleared first, so that an SMC
 * finds a whole set-up or none.
 */
void plat_tos_fast_entry(unsigned cpu, uint64_t pc)
{
	struct a64_tos_ctx *t;
	struct arch_frame *f;

	if (cpu >= PLAT_MAX_CPUS)
		return;
	t = &a64_tos_ctx[cpu];
	f = arch_frame_of(cpu);
	__atomic_store_n(&f->tos, NULL, __ATOMIC_RELEASE);
	if (!pc || cpu >= a64_tos_watched)
		return;
	t->fast_pc = pc;
	t->fast_entry = a64_tos_smc;
	__atomic_store_n(&f->tos, t, __ATOMIC_RELEASE);
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * plat_tos_enter() on AArch64 (plat.h): each CPU's secure context, fresh
 * for a first entry, and the exit's account. The switch itself is tos.S.
 */
#include <stddef.h>
#include "tos.h"
#include "../arch.h"
#include "../../plat.h"

/* SCTLR_EL1 as after a reset: its RES1 bits, MMU and caches off, little-endian. */
#define SCTLR_EL1_RESET	0x30d00800ull

static struct a64_tos_ctx tos_ctx[PLAT_MAX_CPUS];

/*
 * A watched entry runs with the normal world's interrupts held back
 * (board_tos_mask()) and SCR_EL3.FIQ set: the monitor's own interrupt
 * then reaches EL3 however the trusted OS masks. An FIQ of the trusted
 * OS's own (a group-0 interrupt on a GICv2) is left pending for it, and it
 * resumes unwatched.
 */
unsigned plat_tos_enter(unsigned cpu, uint64_t pc, unsigned flags, uint64_t x[8])
{
	struct a64_tos_ctx *t = &tos_ctx[cpu];
	unsigned how = 0, kind;
	uint32_t pmr = 0;

	if (flags & PLAT_TOS_FRESH) {
		for (unsigned i = 0; i < 31; i++)
			t->sx[i] = 0;
		for (unsigned i = 0; i < TOS_NEL1; i++)
			t->s_el1[i] = 0;
		t->s_sp_el0 = 0;
		t->s_el1[0] = SCTLR_EL1_RESET;
	}
	if (flags & PLAT_TOS_WATCH) {
		pmr = board_tos_mask();
		how |= TC_WATCH;
	}
	if (flags & PLAT_TOS_RESUME)
		how |= TC_RESUME;
	for (;;) {
		kind = a64_tos_enter(t, pc, x, how);
		if (kind != TC_EXIT_FIQ || !board_fiq_is_tos())
			break;
		how = TC_RESUME;
	}
	if (flags & PLAT_TOS_WATCH)
		board_tos_unmask(pmr);
	if (kind == TC_EXIT_SMC)
		return PLAT_TOS_SMC;
	if (kind == TC_EXIT_FIQ) {
		board_fiq();
		return PLAT_TOS_INTERRUPT;
	}
	x[0] = t->esr;
	x[1] = t->s_elr;
	return PLAT_TOS_EXCEPTION;
}

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
	       offsetof(struct a64_tos_ctx, n_x18) == TC_N_X18 &&
	       sizeof(struct a64_tos_ctx) % 16 == 0 && TC_SIZE <= sizeof(struct a64_tos_ctx),
	       "struct a64_tos_ctx as tos.h says");
_Static_assert(PLAT_TOS_SMC == TC_EXIT_SMC && PLAT_TOS_EXCEPTION == TC_EXIT_EXCEPTION, "kinds");

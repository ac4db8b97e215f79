// SPDX-License-Identifier: BSD-3-Clause
/*
 * Each CPU's context for the world switch to a trusted OS (tos.S, which
 * also has plat_tos_enter()), and the assembly's view of it and of plat.h
 * held to C's.
 */
#include <stddef.h>
#include "tos.h"
#include "../arch.h"
#include "../../plat.h"

struct a64_tos_ctx a64_tos_ctx[PLAT_MAX_CPUS];

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
_Static_assert(sizeof(struct a64_tos_ctx) == TC_SIZE && TC_N_EL1 % 16 == 0,
	       "tos.S indexes the contexts by TC_SIZE and zeroes the secure half in pairs");
_Static_assert(PLAT_TOS_SMC == TC_EXIT_SMC && PLAT_TOS_EXCEPTION == TC_EXIT_EXCEPTION &&
	       PLAT_TOS_INTERRUPT == TC_PLAT_INTERRUPT && PLAT_TOS_FRESH == TC_FLAG_FRESH &&
	       PLAT_TOS_WATCH == TC_FLAG_WATCH && PLAT_TOS_RESUME == TC_FLAG_RESUME &&
	       PLAT_TOS_ANSWER == TC_FLAG_ANSWER && TC_WATCH == TC_FLAG_WATCH >> 1 &&
	       TC_RESUME == TC_FLAG_RESUME >> 1 && TC_ANSWER == TC_FLAG_ANSWER >> 1 &&
	       (0x30d00800u >> 16) == TC_SCTLR_EL1_RESET_HI &&
	       (0x30d00800u & 0xffff) == TC_SCTLR_EL1_RESET_LO, "plat.h as tos.h says");

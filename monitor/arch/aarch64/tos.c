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
	       offsetof(struct a64_tos_ctx, n_x18) == TC_N_X18 &&
	       offsetof(struct a64_tos_ctx, n_cptr) == TC_N_CPTR &&
	       offsetof(struct a64_tos_ctx, fp_secure) == TC_FP_SECURE &&
	       offsetof(struct a64_tos_ctx, s_fp) == TC_S_FP && TC_S_FP % 16 == 0 &&
	       offsetof(struct a64_tos_ctx, n_fp) == TC_N_FP &&
	       sizeof(struct a64_tos_ctx) % 16 == 0 && TC_SIZE <= sizeof(struct a64_tos_ctx),
	       "struct a64_tos_ctx as tos.h says");
_Static_assert(sizeof(struct a64_tos_ctx) == TC_SIZE && TC_N_EL1 % 16 == 0,
	       "tos.S indexes the contexts by TC_SIZE and zeroes the secure half in pairs");
_Static_assert(PLAT_TOS_SMC == TC_EXIT_SMC && PLAT_TOS_EXCEPTION == TC_EXIT_EXCEPTION &&
	       PLAT_TOS_INTERRUPT == TC_PLAT_INTERRUPT && PLAT_TOS_FRESH == TC_FLAG_FRESH &&
	       PLAT_TOS_WATCH == TC_FLAG_WATCH && PLAT_TOS_RESUME == TC_FLAG_RESUME &&
	       (0x30d00800u >> 16) == TC_SCTLR_EL1_RESET_HI &&
	       (0x30d00800u & 0xffff) == TC_SCTLR_EL1_RESET_LO, "plat.h as tos.h says");
_Static_assert(A64_SMC_1 == (0xd4000003u | 1u << 5) && TC_ESR_SMC0 == (0x17u << 26 | 1u << 25),
	       "`smc #1`; ESR_EL3 of `smc #0` from AArch64");

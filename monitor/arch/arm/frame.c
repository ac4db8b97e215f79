/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Where each CPU's frame is (at the top of its stack, as entry.S puts it),
 * what its caller record says (plat_caller_el(): on every recorded call,
 * built with the SMC path's optimisation), and the assembly's view of
 * struct arch_frame (frame.h) held to C's.
 */
#include <stddef.h>
#include "frame.h"
#include "../arch.h"
#include "../../plat.h"

extern char __percpu_start[];

struct arch_frame *arch_frame_of(unsigned cpu)
{
	return (struct arch_frame *)(__percpu_start + (cpu + 1) * PLAT_STACK_SIZE - ARCH_FRAME_SIZE);
}

/* The caller's CPSR: Hyp mode is EL2, any other mode EL1. */
unsigned plat_caller_el(const struct mon_caller *caller)
{
	return (caller->mode & MODE_MASK) == MODE_HYP ? 2 : 1;
}

_Static_assert(offsetof(struct arch_frame, r) == FR_R, "r0-r12");
_Static_assert(offsetof(struct arch_frame, lr) == FR_LR, "lr");
_Static_assert(offsetof(struct arch_frame, spsr) == FR_SPSR, "spsr");
_Static_assert(offsetof(struct arch_frame, cpu) == FR_CPU, "cpu");
_Static_assert(offsetof(struct arch_frame, caller) == FR_CALLER, "caller");
_Static_assert(offsetof(struct arch_frame, pmcr) == FR_PMCR, "pmcr");
_Static_assert(offsetof(struct arch_frame, wa1) == FR_WA1 &&
	       offsetof(struct arch_frame, wa3) == FR_WA3, "workarounds");
_Static_assert(offsetof(struct arch_frame, wa_own) == FR_WA_OWN, "trace");
_Static_assert(sizeof(struct arch_frame) == FR_END, "size");
_Static_assert(FR_END <= ARCH_FRAME_SIZE && ARCH_FRAME_SIZE % 8 == 0, "frame fits, SP aligned");
_Static_assert(PLAT_STACK_SIZE > ARCH_FRAME_SIZE && PLAT_STACK_SIZE % 8 == 0, "a stack below the frame");

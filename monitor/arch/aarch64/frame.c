/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Where each CPU's frame is (at the top of its stack, as entry.S puts it),
 * what its caller record says (plat_caller_el(): on every recorded call,
 * built with the SMC path's optimisation), and the assembly's view of
 * struct arch_frame (frame.h) held to C's.
 */
#include <stddef.h>
#include "frame.h"
#include "sysreg.h"
#include "../arch.h"
#include "../../plat.h"

extern char __percpu_start[];

struct arch_frame *arch_frame_of(unsigned cpu)
{
	return (struct arch_frame *)(__percpu_start + (cpu + 1) * PLAT_STACK_SIZE - ARCH_FRAME_SIZE);
}

/*
 * The caller's SPSR_EL3: AArch64 has its EL in M[3:2]; AArch32 (M[4] set)
 * is at EL2 in Hyp mode, at EL1 in any other.
 */
unsigned plat_caller_el(const struct mon_caller *caller)
{
	if (caller->mode & SPSR_M_AARCH32)
		return (caller->mode & 0x1f) == 0x1a ? 2 : 1;
	return (unsigned)(caller->mode >> 2) & 3;
}

_Static_assert(offsetof(struct arch_frame, regs) == FR_REGS, "regs");
_Static_assert(sizeof(struct secmon_regs) == FR_X30 - FR_REGS, "x0-x17");
_Static_assert(offsetof(struct arch_frame, x30) == FR_X30, "x30");
_Static_assert(offsetof(struct arch_frame, cpu) == FR_CPU, "cpu");
_Static_assert(offsetof(struct arch_frame, caller) == FR_CALLER, "caller");
_Static_assert(offsetof(struct arch_frame, caller.mode) == FR_CALLER_MODE, "caller.mode");
_Static_assert(offsetof(struct arch_frame, caller32) == FR_CALLER32, "caller32");
_Static_assert(offsetof(struct arch_frame, caller32.mode) == FR_CALLER32_MODE, "caller32.mode");
_Static_assert(offsetof(struct arch_frame, a32_save) == FR_A32_SAVE, "a32_save");
_Static_assert(offsetof(struct arch_frame, routes) == FR_ROUTES, "routes");
_Static_assert(offsetof(struct arch_frame, wa1) == FR_WA1 &&
	       offsetof(struct arch_frame, wa3) == FR_WA3, "workarounds");
_Static_assert(offsetof(struct arch_frame, pmcr) == FR_PMCR &&
	       offsetof(struct arch_frame, pmu_dp) == FR_PMU_DP, "pmcr");
_Static_assert(offsetof(struct arch_frame, trace) == FR_TRACE &&
	       offsetof(struct arch_frame, wa_own) == FR_WA_OWN, "trace");
_Static_assert(offsetof(struct mon_route, mult) == FR_ROUTE_MULT &&
	       offsetof(struct mon_route, shift) == FR_ROUTE_MULT + 4 &&
	       offsetof(struct mon_route, slots) == FR_ROUTE_SLOTS &&
	       offsetof(struct mon_route, fast) == FR_ROUTE_FAST &&
	       offsetof(struct mon_route, all) == FR_ROUTE_ALL &&
	       offsetof(struct mon_route, answers) == FR_ROUTE_ANSWERS &&
	       sizeof(struct mon_route) == 1u << FR_ROUTE_SHIFT, "struct mon_route");
_Static_assert(offsetof(struct mon_answer, how) == FR_ANS_HOW &&
	       offsetof(struct mon_answer, value) == FR_ANS_VALUE &&
	       offsetof(struct mon_answer, about) == FR_ANS_ABOUT &&
	       offsetof(struct mon_answer, check) == FR_ANS_CHECK &&
	       sizeof(struct mon_answer) == 1u << FR_ANS_SHIFT &&
	       MON_ANSWER_FAST == FR_HOW_FAST && MON_ANSWER_VALUE == FR_HOW_VALUE &&
	       MON_ANSWER_LOOKUP == FR_HOW_LOOKUP && MON_ANSWER_CHECK == FR_HOW_CHECK,
	       "struct mon_answer");
_Static_assert(offsetof(struct mon_check, mult) == FR_CHECK_MULT &&
	       offsetof(struct mon_check, shift) == FR_CHECK_MULT + 4 &&
	       offsetof(struct mon_check, slots) == FR_CHECK_SLOTS &&
	       sizeof(struct mon_check) == 1u << FR_CHECK_SHIFT, "struct mon_check");
_Static_assert(offsetof(struct arch_frame, tos) == FR_TOS, "tos");
_Static_assert(FR_OEN_TOS_FIRST == SECMON_OEN_TOS_FIRST && SECMON_OEN_TOS_FIRST >= 32 &&
	       SECMON_OEN_TOS_LAST < 64, "the trusted OS's entities: bit 29 of an ID set (vectors.S)");
_Static_assert(sizeof(struct arch_frame) == FR_END, "size");
_Static_assert(FR_END <= ARCH_FRAME_SIZE && ARCH_FRAME_SIZE % 16 == 0, "frame fits, SP aligned");
_Static_assert(PLAT_STACK_SIZE > ARCH_FRAME_SIZE && PLAT_STACK_SIZE % 16 == 0, "a stack below the frame");

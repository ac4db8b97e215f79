/* SPDX-License-Identifier: BSD-3-Clause */
/* The assembly's view of struct qv_frame (frame.h) must match C's. */
#include <stddef.h>
#include "frame.h"
#include "platform.h"

_Static_assert(offsetof(struct qv_frame, regs) == FR_REGS, "regs");
_Static_assert(sizeof(struct secmon_regs) == FR_X30 - FR_REGS, "x0-x17");
_Static_assert(offsetof(struct qv_frame, x30) == FR_X30, "x30");
_Static_assert(offsetof(struct qv_frame, cpu) == FR_CPU, "cpu");
_Static_assert(offsetof(struct qv_frame, caller) == FR_CALLER, "caller");
_Static_assert(offsetof(struct qv_frame, caller.mode) == FR_CALLER_MODE, "caller.mode");
_Static_assert(offsetof(struct qv_frame, caller32) == FR_CALLER32, "caller32");
_Static_assert(offsetof(struct qv_frame, caller32.mode) == FR_CALLER32_MODE, "caller32.mode");
_Static_assert(offsetof(struct qv_frame, a32_save) == FR_A32_SAVE, "a32_save");
_Static_assert(offsetof(struct qv_frame, gic_target) == FR_GIC_TARGET, "gic_target");
_Static_assert(offsetof(struct qv_frame, routes) == FR_ROUTES, "routes");
_Static_assert(offsetof(struct qv_frame, wa1) == FR_WA1 &&
	       offsetof(struct qv_frame, wa3) == FR_WA3, "workarounds");
_Static_assert(offsetof(struct qv_frame, pmcr) == FR_PMCR &&
	       offsetof(struct qv_frame, pmu_dp) == FR_PMU_DP, "pmcr");
_Static_assert(offsetof(struct qv_frame, trace) == FR_TRACE &&
	       offsetof(struct qv_frame, wa_own) == FR_WA_OWN, "trace");
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
_Static_assert(sizeof(struct qv_frame) == FR_END, "size");
_Static_assert(FR_END <= QV_FRAME_SIZE && QV_FRAME_SIZE % 16 == 0, "frame fits, SP aligned");

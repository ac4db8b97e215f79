/* SPDX-License-Identifier: BSD-3-Clause */
/* The assembly's view of struct qv_frame (frame.h) must match C's. */
#include <stddef.h>
#include "frame.h"
#include "platform.h"

_Static_assert(offsetof(struct qv_frame, r) == FR_R, "r0-r12");
_Static_assert(offsetof(struct qv_frame, lr) == FR_LR, "lr");
_Static_assert(offsetof(struct qv_frame, spsr) == FR_SPSR, "spsr");
_Static_assert(offsetof(struct qv_frame, cpu) == FR_CPU, "cpu");
_Static_assert(offsetof(struct qv_frame, caller) == FR_CALLER, "caller");
_Static_assert(offsetof(struct qv_frame, gic_target) == FR_GIC_TARGET, "gic_target");
_Static_assert(offsetof(struct qv_frame, pmcr) == FR_PMCR, "pmcr");
_Static_assert(offsetof(struct qv_frame, wa1) == FR_WA1 &&
	       offsetof(struct qv_frame, wa3) == FR_WA3, "workarounds");
_Static_assert(offsetof(struct qv_frame, wa_own) == FR_WA_OWN &&
	       offsetof(struct qv_frame, trace_ready) == FR_TRACE_READY, "trace");
_Static_assert(sizeof(struct qv_frame) == FR_END, "size");
_Static_assert(FR_END <= QV_FRAME_SIZE && QV_FRAME_SIZE % 8 == 0, "frame fits, SP aligned");

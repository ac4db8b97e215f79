/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Early boot: SoC errata calls made before the MMU is on, often before
 * there is a stack. secmon_early_smc() uses no stack and no memory, so it
 * can be called from the first instructions of a boot loader or kernel
 * (AArch64: it clobbers x0-x17 only; AArch32: r0-r3 and r12). From
 * assembly, the macros in <secmon/early-asm.h> do the same inline.
 *
 * A platform lists the calls it needs in a table and runs it once per CPU
 * with secmon_errata_apply(). Calls that secmon's monitor serves
 * (SECMON_SIP_ERRATA_*) are idempotent and discoverable: applying an
 * erratum twice (boot loader, then OS) is harmless and says so, and
 * SECMON_SIP_ERRATA_STATUS tells whether it is in place.
 */
#ifndef SECMON_EARLY_H
#define SECMON_EARLY_H

#include <stdint.h>
#include <secmon/conduit.h>
/* secmon's own errata calls, SECMON_SIP_ERRATA_APPLY and _STATUS. */
#include <secmon/sip.h>

/* Answers of both calls. */
#define SECMON_ERRATUM_APPLIED		0	/* APPLY: done now; STATUS: not yet */
#define SECMON_ERRATUM_WAS_APPLIED	1	/* APPLY: already in place; STATUS: in place */
#define SECMON_ERRATUM_UNKNOWN		(-1)
#define SECMON_ERRATUM_NOT_REQUIRED	(-2)	/* this CPU does not need it */

uint64_t secmon_early_smc(uint64_t fid, uint64_t a1, uint64_t a2, uint64_t a3);

struct secmon_errata_call {
	uint32_t fid;
	uint64_t a1, a2, a3;
	/* Answers (low 32 bits, signed) that count as success; others fail. */
	int32_t ok_min, ok_max;
};

/*
 * Makes the calls of `table` in order through `c`. Returns the number that
 * succeeded before the first failure (n when all did); the failing call's
 * answer goes to *answer when answer is not NULL.
 */
unsigned secmon_errata_apply(const struct secmon_conduit *c, const struct secmon_errata_call *table,
			     unsigned n, int32_t *answer);

#endif

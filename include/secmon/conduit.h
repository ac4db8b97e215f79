/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The conduit: the one seam between the calling library and whatever answers
 * its calls. `smc` and `hvc` trap to firmware (a few lines of asm per
 * architecture), `sim` calls the in-process simulated monitor, `none`
 * answers every call with SMC_UNK.
 */
#ifndef SECMON_CONDUIT_H
#define SECMON_CONDUIT_H

#include <stdbool.h>
#include <secmon/smccc.h>

struct secmon_conduit {
	const char *name;
	/* Registers in, registers out; out is written in full. */
	void (*invoke)(const struct secmon_conduit *c, const struct secmon_regs *in,
		       struct secmon_regs *out);
	void *ctx;
	/*
	 * The caller runs AArch32: only SMC32 IDs, and r0-r12 (SMCCC uses
	 * r0-r7; legacy ABIs also r12) with their low words only.
	 */
	bool aarch32;
};

static inline void secmon_invoke(const struct secmon_conduit *c, const struct secmon_regs *in,
				 struct secmon_regs *out)
{
	c->invoke(c, in, out);
}

extern const struct secmon_conduit secmon_conduit_none;

/* Provided by lib/arch/<arch>/ in AArch64 and AArch32 builds only. */
extern const struct secmon_conduit secmon_conduit_smc;
extern const struct secmon_conduit secmon_conduit_hvc;

#endif

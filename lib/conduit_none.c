// SPDX-License-Identifier: BSD-3-Clause
/* The conduit with no firmware behind it: every call answers SMC_UNK. */
#include <secmon/conduit.h>

/*
 * SMC_UNK (which reads as NOT_SUPPORTED) as a monitor gives it: -1 in all
 * 64 bits for an AArch64 caller, an SMC32 call's too (sign-extended, as
 * every widely used monitor answers it); 32 bits for an AArch32 caller.
 */
static void none_invoke(const struct secmon_conduit *c, const struct secmon_regs *in,
			struct secmon_regs *out)
{
	*out = *in;
	out->x[0] = c->aarch32 ? SECMON_SMC_UNK32 : SECMON_SMC_UNK64;
}

const struct secmon_conduit secmon_conduit_none = {
	.name = "none",
	.invoke = none_invoke,
};

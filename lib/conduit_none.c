// SPDX-License-Identifier: BSD-3-Clause
#include <secmon/conduit.h>

/* No firmware: every call answers SMC_UNK (which reads as NOT_SUPPORTED). */
static void none_invoke(const struct secmon_conduit *c, const struct secmon_regs *in,
			struct secmon_regs *out)
{
	(void)c;
	*out = *in;
	out->x[0] = secmon_fid_is_smc64((uint32_t)in->x[0]) ? SECMON_SMC_UNK64 : SECMON_SMC_UNK32;
}

const struct secmon_conduit secmon_conduit_none = {
	.name = "none",
	.invoke = none_invoke,
};

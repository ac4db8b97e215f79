// SPDX-License-Identifier: BSD-3-Clause
/*
 * The smc and hvc conduits of AArch64 and AArch32 builds; the instruction
 * itself is in lib/arch/<arch>/conduit.S.
 */
#include <secmon/conduit.h>

void secmon_arch_smc(const struct secmon_conduit *c, const struct secmon_regs *in,
		     struct secmon_regs *out);
void secmon_arch_hvc(const struct secmon_conduit *c, const struct secmon_regs *in,
		     struct secmon_regs *out);

#ifdef __aarch64__
#define CALLER_AARCH32 false
#else
#define CALLER_AARCH32 true
#endif

const struct secmon_conduit secmon_conduit_smc = {
	.name = "smc", .invoke = secmon_arch_smc, .aarch32 = CALLER_AARCH32
};
const struct secmon_conduit secmon_conduit_hvc = {
	.name = "hvc", .invoke = secmon_arch_hvc, .aarch32 = CALLER_AARCH32
};

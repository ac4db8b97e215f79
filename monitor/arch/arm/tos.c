// SPDX-License-Identifier: BSD-3-Clause
/*
 * plat_tos_enter() (plat.h) on ARMv7: no trusted OS is hosted under the
 * Monitor-mode firmware (docs/trusted-os.md, "AArch32"), so none is ever
 * booted and this is never reached.
 */
#include "../../plat.h"

unsigned plat_tos_enter(unsigned cpu, uint64_t pc, unsigned flags, uint64_t x[8])
{
	(void)cpu;
	(void)pc;
	(void)flags;
	x[0] = 0;
	x[1] = 0;
	return PLAT_TOS_EXCEPTION;
}

void plat_tos_kick(unsigned cpu)
{
	(void)cpu;
}

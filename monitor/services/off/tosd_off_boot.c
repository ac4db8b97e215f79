// SPDX-License-Identifier: BSD-3-Clause
/*
 * Cold boot without the trusted-OS dispatcher (TOSD=0): a trusted OS the
 * board offers is not loaded or entered, and the console says why.
 */
#include "../../core/log.h"
#include "../../monitor.h"
#include "../tosd.h"

bool mon_tos_hosted(void)
{
	return false;
}

bool mon_tos_boot(unsigned cpu, uint64_t entry, uint64_t base, uint64_t end,
		  const uint64_t args[4])
{
	(void)cpu;
	(void)entry;
	(void)base;
	(void)end;
	(void)args;
	return false;
}

void tosd_init(void)
{
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * A firmware built without the trusted-OS dispatcher (TOSD=0, every port
 * but qemu-virt-a64-tos): the run-time hooks the core, the traps and the
 * GIC call. No trusted OS runs, so OEN 50-63 are SMC_UNK like any unknown
 * ID and every secure interrupt is the monitor's.
 */
#include "../../monitor.h"
#include "../tosd.h"

bool tosd_alive;

bool mon_tos_running(void)
{
	return false;
}

bool tosd_has(uint32_t fid)
{
	(void)fid;
	return false;
}

bool tosd_handle(struct mon_call *c)
{
	(void)c;
	return false;
}

void mon_tos_fiq(unsigned cpu, uint64_t ns_pc)
{
	(void)cpu;
	(void)ns_pc;
}

int32_t tosd_power(const struct mon_power_event *e)
{
	(void)e;
	return 0;
}

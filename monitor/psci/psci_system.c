// SPDX-License-Identifier: BSD-3-Clause
/* PSCI's system power calls: SYSTEM_OFF, SYSTEM_OFF2, SYSTEM_RESET, SYSTEM_RESET2. */
#include "internal.h"

int64_t psci_system_off(struct mon_call *c)
{
	psci_trace_event(c->cpu, SECMON_TRACE_EV_SYSTEM_OFF, 0, 0, 0, 0, 0);
	plat_system_off();
}

/* PSCI 1.3: the one type is HIBERNATE_OFF (written 1 or 0); it powers off as SYSTEM_OFF. */
int64_t psci_system_off2(struct mon_call *c)
{
	uint32_t type = (uint32_t)mon_arg(c, 1);

	if ((type != SECMON_PSCI_OFF2_HIBERNATE && type != SECMON_PSCI_OFF2_HIBERNATE_ALT) ||
	    mon_arg(c, 2) != 0)
		return SECMON_PSCI_INVALID_PARAMETERS;
	return psci_system_off(c);
}

int64_t psci_system_reset(struct mon_call *c)
{
	psci_trace_event(c->cpu, SECMON_TRACE_EV_SYSTEM_RESET, 0, 1, 0, 0, 0);
	plat_system_reset();
}

/* A warm reset is SYSTEM_RESET; a vendor type the platform knows is recorded before it resets. */
int64_t psci_system_reset2(struct mon_call *c)
{
	uint32_t type = (uint32_t)mon_arg(c, 1);
	uint64_t cookie = mon_arg(c, 2);
	int ret;

	if (type == SECMON_PSCI_RESET2_WARM) {
		psci_trace_event(c->cpu, SECMON_TRACE_EV_SYSTEM_RESET, 0, 1, type, 0, 0);
		plat_system_reset();
	}
	if (!(type & SECMON_PSCI_RESET2_VENDOR))
		return SECMON_PSCI_INVALID_PARAMETERS;
	ret = plat_system_reset2_check(type, cookie);
	if (ret)
		return ret;
	psci_trace_event(c->cpu, SECMON_TRACE_EV_SYSTEM_RESET, 0, 1, type, 0, 0);
	plat_system_reset2(type, cookie);
}

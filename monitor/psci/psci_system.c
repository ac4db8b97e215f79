// SPDX-License-Identifier: BSD-3-Clause
/* PSCI's system power calls: SYSTEM_OFF, SYSTEM_OFF2, SYSTEM_RESET, SYSTEM_RESET2. */
#include "internal.h"

/* The system goes: the hooks hear it first. */
static void system_event(unsigned cpu, enum mon_power_what what, uint32_t reset_type)
{
	if (mon_power_wanted(what))
		mon_power(&(struct mon_power_event){
			.what = what, .cpu = cpu, .reset_type = reset_type });
}

int64_t psci_system_off(struct mon_call *c)
{
	system_event(c->cpu, MON_POWER_SYSTEM_OFF, 0);
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
	system_event(c->cpu, MON_POWER_SYSTEM_RESET, 0);
	plat_system_reset();
}

/* A warm reset is SYSTEM_RESET; a vendor type the platform knows is recorded before it resets. */
int64_t psci_system_reset2(struct mon_call *c)
{
	uint32_t type = (uint32_t)mon_arg(c, 1);
	uint64_t cookie = mon_arg(c, 2);
	int ret;

	if (type == SECMON_PSCI_RESET2_WARM) {
		system_event(c->cpu, MON_POWER_SYSTEM_RESET, type);
		plat_system_reset();
	}
	if (!(type & SECMON_PSCI_RESET2_VENDOR))
		return SECMON_PSCI_INVALID_PARAMETERS;
	ret = plat_system_reset2_check(type, cookie);
	if (ret)
		return ret;
	system_event(c->cpu, MON_POWER_SYSTEM_RESET, type);
	plat_system_reset2(type, cookie);
}

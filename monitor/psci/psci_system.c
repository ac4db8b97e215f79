// SPDX-License-Identifier: BSD-3-Clause
/*
 * PSCI's system power calls: SYSTEM_OFF, SYSTEM_OFF2, SYSTEM_RESET,
 * SYSTEM_RESET2, and the platform's own way of asking for them
 * (mon_system_asked()).
 */
#include <secmon/trace.h>
#include "internal.h"

/*
 * The system goes: the hooks hear it first, with how it was asked for
 * (enum secmon_trace_asked: a warm SYSTEM_RESET2 resets as SYSTEM_RESET
 * does, and must not read as a cold reset), then the platform goes down: a
 * SYSTEM_RESET2 of a vendor type through plat_system_reset2().
 */
static _Noreturn void system_down(unsigned cpu, enum mon_power_what what, uint32_t asked,
				  uint32_t type, uint64_t cookie)
{
	if (mon_power_wanted(what))
		mon_power(&(struct mon_power_event){
			.what = what, .cpu = cpu, .asked = asked, .type = type, .cookie = cookie });
	if (what == MON_POWER_SYSTEM_OFF)
		plat_system_off();
	if (asked == SECMON_TRACE_ASKED_CALL2 && type != SECMON_PSCI_RESET2_WARM)
		plat_system_reset2(type, cookie);
	plat_system_reset();
}

int64_t psci_system_off(struct mon_call *c)
{
	system_down(c->cpu, MON_POWER_SYSTEM_OFF, SECMON_TRACE_ASKED_CALL, 0, 0);
}

/* PSCI 1.3: the one type is HIBERNATE_OFF (written 1 or 0); it powers off as SYSTEM_OFF. */
int64_t psci_system_off2(struct mon_call *c)
{
	uint32_t type = (uint32_t)mon_arg(c, 1);

	if ((type != SECMON_PSCI_OFF2_HIBERNATE && type != SECMON_PSCI_OFF2_HIBERNATE_ALT) ||
	    mon_arg(c, 2) != 0)
		return SECMON_PSCI_INVALID_PARAMETERS;
	system_down(c->cpu, MON_POWER_SYSTEM_OFF, SECMON_TRACE_ASKED_CALL2, type, 0);
}

int64_t psci_system_reset(struct mon_call *c)
{
	system_down(c->cpu, MON_POWER_SYSTEM_RESET, SECMON_TRACE_ASKED_CALL, 0, 0);
}

/* A warm reset is SYSTEM_RESET; a vendor type the platform knows is told before it resets. */
int64_t psci_system_reset2(struct mon_call *c)
{
	uint32_t type = (uint32_t)mon_arg(c, 1);
	uint64_t cookie = mon_arg(c, 2);
	int ret;

	if (type != SECMON_PSCI_RESET2_WARM) {
		if (!(type & SECMON_PSCI_RESET2_VENDOR))
			return SECMON_PSCI_INVALID_PARAMETERS;
		ret = plat_system_reset2_check(type, cookie);
		if (ret)
			return ret;
	}
	system_down(c->cpu, MON_POWER_SYSTEM_RESET, SECMON_TRACE_ASKED_CALL2, type, cookie);
}

_Noreturn void mon_system_asked(unsigned cpu, bool reset)
{
	system_down(cpu, reset ? MON_POWER_SYSTEM_RESET : MON_POWER_SYSTEM_OFF,
		    SECMON_TRACE_ASKED_PLATFORM, 0, 0);
}

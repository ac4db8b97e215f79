// SPDX-License-Identifier: BSD-3-Clause
/*
 * SYSTEM_RESET2 for a board with no vendor-specific reset type: every vendor
 * type is refused, so plat_system_reset2() is never reached through PSCI.
 * A board lists this file in its sources (its .mk) instead of writing the
 * pair itself.
 */
#include "../../plat.h"
#include <secmon/psci.h>

int plat_system_reset2_check(uint32_t reset_type, uint64_t cookie)
{
	(void)reset_type;
	(void)cookie;
	return SECMON_PSCI_INVALID_PARAMETERS;
}

_Noreturn void plat_system_reset2(uint32_t reset_type, uint64_t cookie)
{
	(void)reset_type;
	(void)cookie;
	plat_system_reset();
}

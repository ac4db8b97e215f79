// SPDX-License-Identifier: BSD-3-Clause
/* Every SMC reaches mon_smc() on this port (vectors.S has no fast path). */
#include "../../plat.h"

void plat_trace_switched(bool on)
{
	(void)on;
}

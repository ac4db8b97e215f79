// SPDX-License-Identifier: BSD-3-Clause
/*
 * The AArch64 nsk's test after the SoC driver's (drv_run): on the boot CPU,
 * every general and FP/SIMD register the nsk can set is held for SOAK_MS
 * while the firmware may take its own interrupts (secmon's power-off watch
 * on a PSCI 0.1 board): they must not change.
 */
#include "nsk.h"

#define SOAK_MS 100

int drv_soak(const char *name)
{
	uint64_t freq = sysreg_read(cntfrq_el0) & 0xffffffffu;
	uint64_t r = nsk_soak((freq ? freq : 62500000) / 1000 * SOAK_MS);

	drv_result(r == 0);
	con_printf(" - %s: x2-x30 and v0-v31 unchanged after %u ms of spinning", name, SOAK_MS);
	if (r >= 100)
		con_printf(" # v%lu changed", r - 100);
	else if (r)
		con_printf(" # x%lu changed", r - 1);
	con_puts("\n");
	return r != 0;
}

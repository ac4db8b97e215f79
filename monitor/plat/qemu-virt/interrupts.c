// SPDX-License-Identifier: BSD-3-Clause
/*
 * The monitor's own interrupts on QEMU virt, both ports: the wake-up SGI
 * of a parked core (nothing to do but acknowledge it), the boot CPU's
 * secure timer on PSCI 0.1 boards (the power-off watch, poweroff.c), and
 * group 0 enabled in the distributor as the boot CPU's "ready" to the
 * secondaries (a system reset clears it, so it is never stale).
 */
#include <stdbool.h>
#include "platform.h"
#include "qemu-virt.h"
#include "../../arch/arch.h"
#include "../../drivers/gic.h"

void board_gic_interrupt(unsigned intid)
{
	if (intid == QV_SEC_TIMER_INTID)
		qv_poweroff_tick();
}

/* Taken from the normal world: a stray wake-up SGI (one sent to a core already on), or the watch. */
void board_fiq(void)
{
	qv_gic_ack_group0();
}

bool qv_gic_released(void)
{
	return gic_dist_group0_enabled(QV_GICD_BASE);
}

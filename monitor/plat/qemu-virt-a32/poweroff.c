/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The AArch64 port's power-off mailbox for PSCI 0.1 boards (its poweroff.c)
 * is not ported here yet: it needs the secure timer's FIQ routed to monitor
 * mode. A PSCI 0.1 board DT on this port gets no power-off or reboot path
 * in the OS's DT; the standard PSCI (no board DT, or a PSCI 0.2+ one) has
 * SYSTEM_OFF and SYSTEM_RESET.
 */
#include "qv.h"

int qv_poweroff_dt_fixup(void *fdt)
{
	(void)fdt;
	return 0;
}

void qv_poweroff_report(void)
{
}

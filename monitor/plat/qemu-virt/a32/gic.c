// SPDX-License-Identifier: BSD-3-Clause
/*
 * QEMU virt's GIC on this port: a GICv2 (the only GIC a Cortex-A15 virt
 * board has; the GICv3 driver is AArch64's). Its group-0 interrupts are
 * FIQs that SCR.FIQ routes to Monitor mode.
 */
#include <stdbool.h>
#include <stdint.h>
#include "platform.h"
#include "../qemu-virt.h"
#include "../../../drivers/gicv2.h"

MON_COLD_BOOT void qv_gic_check(void)
{
	if (qv_gic_version() != 2)
		qv_boot_failed("this AArch32 monitor drives a GICv2 only (QEMU: gic-version=2)");
}

MON_COLD_BOOT unsigned qv_gic_version(void)
{
	return gic_dist_version(QV_GICD_BASE);
}

MON_COLD_BOOT void qv_gic_dist_init(void)
{
	gicv2_dist_init(QV_GICD_BASE);
}

MON_COLD_BOOT void qv_gic_release(void)
{
	gic_dist_enable_group0(QV_GICD_BASE);
}

void qv_gic_cpu_init(unsigned cpu)
{
	gicv2_cpu_init(QV_GICD_BASE, QV_GICC_BASE, cpu, QV_WAKE_SGI);
}

void qv_gic_send_wake(unsigned cpu, uint64_t mpidr)
{
	(void)mpidr;
	gicv2_send_sgi(QV_GICD_BASE, cpu, QV_WAKE_SGI);
}

MON_COLD_BOOT void qv_gic_secure_ppi(unsigned intid)
{
	gicv2_secure_ppi(QV_GICD_BASE, intid);
}

bool qv_gic_ack_group0(void)
{
	return gicv2_group0_drain(QV_GICC_BASE);
}

void qv_gic_cpu_quiesce(void)
{
	gicv2_cpu_quiesce(QV_GICC_BASE);
}

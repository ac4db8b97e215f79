// SPDX-License-Identifier: BSD-3-Clause
/*
 * The GIC of this port: a GICv2 (the only GIC a Cortex-A15 virt board has),
 * whose secure side is the common gicv2.c. Its group-0 interrupts are FIQs
 * that SCR.FIQ routes to Monitor mode.
 */
#include <stdbool.h>
#include <stdint.h>
#include "arch.h"
#include "../qemu-virt-common/gicv2.h"
#include "platform.h"
#include "qv.h"

/* GICD_PIDR2.ArchRev: 1 or 2 for GICv1/v2, 3 and up for GICv3 and later. */
unsigned qv_gic_version(void)
{
	unsigned rev = (mmio_read32(QV_GICD_BASE + GICD_PIDR2) >> 4) & 0xf;

	return rev >= 3 ? rev : 2;
}

void qv_gic_dist_init(void)
{
	qv_gicv2_dist_init();
}

void qv_gic_release(void)
{
	qv_gicd_enable_group0();
}

void qv_gic_cpu_init(unsigned cpu)
{
	qv_gicv2_cpu_init(cpu);
}

void qv_gic_send_wake(unsigned cpu, uint64_t mpidr)
{
	(void)mpidr;
	qv_gicv2_send_wake(cpu);
}

MON_COLD_BOOT void qv_gic_secure_ppi(unsigned intid)
{
	qv_gicv2_secure_ppi(intid);
}

bool qv_gic_ack_group0(void)
{
	return qv_gicv2_ack_group0();
}

void qv_gic_cpu_quiesce(void)
{
	qv_gicv2_cpu_quiesce();
}

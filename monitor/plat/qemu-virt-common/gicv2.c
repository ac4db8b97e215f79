// SPDX-License-Identifier: BSD-3-Clause
/*
 * Secure side of a GICv2 (both ports; the AArch64 port's gic.c uses it when
 * QEMU's gic-version is 2). The normal world owns every interrupt (all in
 * group 1) except the monitor's: one SGI in group 0, the wake-up of cores
 * parked in WFI, and on PSCI 0.1 boards the secure timer's PPI (the
 * power-off watch). Group 0 is signalled as FIQ, which the port routes to
 * the monitor.
 */
#include <stdbool.h>
#include <stdint.h>
#include "arch.h"
#include "frame.h"
#include "gicv2.h"
#include "platform.h"
#include "qv.h"

/* All shared interrupts to group 1; the OS programs the rest. */
void qv_gicv2_dist_init(void)
{
	unsigned lines = 32 * ((mmio_read32(QV_GICD_BASE + GICD_TYPER) & 0x1f) + 1);

	mmio_write32(QV_GICD_BASE + GICD_CTLR, 0);
	for (unsigned i = 1; i < lines / 32; i++)
		mmio_write32(QV_GICD_BASE + GICD_IGROUPR(i), 0xffffffff);
	mmio_write32(QV_GICD_BASE + GICD_CTLR, CTLR_GRP1);
}

/*
 * Group 0 enabled in the distributor is the boot CPU's "monitor ready"
 * signal to the secondaries: a system reset clears it, so a stale value in
 * secure RAM from before a SYSTEM_RESET can never be mistaken for it.
 */
MON_COLD_BOOT void qv_gicd_enable_group0(void)
{
	dsb_sy();
	mmio_write32(QV_GICD_BASE + GICD_CTLR, mmio_read32(QV_GICD_BASE + GICD_CTLR) | CTLR_GRP0);
}

bool qv_gic_released(void)
{
	return (mmio_read32(QV_GICD_BASE + GICD_CTLR) & CTLR_GRP0) != 0;
}

/* The banked SGI/PPI registers and the CPU interface of the calling CPU. */
void qv_gicv2_cpu_init(unsigned cpu)
{
	mmio_write32(QV_GICD_BASE + GICD_IGROUPR(0), ~(1u << QV_WAKE_SGI));
	mmio_write8(QV_GICD_BASE + GICD_IPRIORITYR(QV_WAKE_SGI), GIC_WAKE_PRIORITY);
	/* Banked: reads back this CPU's own target bit. */
	qv_frame_of(cpu)->gic_target = mmio_read8(QV_GICD_BASE + GICD_ITARGETSR(0));
	mmio_write32(QV_GICC_BASE + GICC_PMR, GIC_PMR_ALL);
	mmio_write32(QV_GICC_BASE + GICC_CTLR,
		     (mmio_read32(QV_GICC_BASE + GICC_CTLR) & GICC_CTLR_GRP1) | GICC_CTLR_GRP0 |
			     GICC_CTLR_FIQEN);
}

void qv_gicv2_send_wake(unsigned cpu)
{
	uint32_t target = (uint32_t)qv_frame_of(cpu)->gic_target;

	dsb_sy();
	/* NSATT = 0: a secure (group 0) SGI. */
	mmio_write32(QV_GICD_BASE + GICD_SGIR, (target << 16) | QV_WAKE_SGI);
}

/*
 * A PPI of the calling CPU (banked registers) into group 0, enabled. The
 * normal world's writes to a group-0 interrupt's group, priority and enable
 * bits are ignored by the GIC, so the OS cannot take it back.
 */
MON_COLD_BOOT void qv_gicv2_secure_ppi(unsigned intid)
{
	uint32_t bit = 1u << intid;

	mmio_write32(QV_GICD_BASE + GICD_IGROUPR(0),
		     mmio_read32(QV_GICD_BASE + GICD_IGROUPR(0)) & ~bit);
	mmio_write8(QV_GICD_BASE + GICD_IPRIORITYR(intid), GIC_WAKE_PRIORITY);
	mmio_write32(QV_GICD_BASE + GICD_ISENABLER(0), bit);
}

/*
 * Acknowledge and end every pending group-0 interrupt of this CPU: wake-up
 * SGIs need nothing more; the secure timer is the power-off watch. True
 * when a group-1 interrupt is left pending.
 */
bool qv_gicv2_ack_group0(void)
{
	for (;;) {
		uint32_t id = mmio_read32(QV_GICC_BASE + GICC_IAR);

		if ((id & 0x3ff) >= GIC_SPURIOUS_FIRST)
			return (id & 0x3ff) <= GIC_OTHER_GROUP_LAST;
		if ((id & 0x3ff) == QV_SEC_TIMER_INTID)
			qv_poweroff_tick();
		mmio_write32(QV_GICC_BASE + GICC_EOIR, id);
	}
}

/*
 * A core that is off must not be woken by the OS's interrupts, or its WFI
 * would return at once, for ever. The OS re-enables group 1 when it brings
 * the core back (and owns the priority mask, which is reset so that the
 * monitor's SGI gets through whatever the OS left there).
 */
void qv_gicv2_cpu_quiesce(void)
{
	mmio_write32(QV_GICC_BASE + GICC_CTLR,
		     mmio_read32(QV_GICC_BASE + GICC_CTLR) & ~GICC_CTLR_GRP1);
	mmio_write32(QV_GICC_BASE + GICC_PMR, GIC_PMR_ALL);
}

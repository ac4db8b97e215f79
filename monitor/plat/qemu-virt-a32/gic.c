/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Secure side of the GICv2 (QEMU's gic-version=2, the only GIC a Cortex-A15
 * virt board has in this port). The normal world owns every interrupt (all
 * in group 1) except one SGI in group 0, the monitor's wake-up for cores
 * parked in WFI, and on PSCI 0.1 boards the secure timer's PPI (the
 * power-off watch): FIQs that SCR.FIQ routes to Monitor mode.
 * Secure accesses see the secure view of each banked register.
 */
#include <stdbool.h>
#include <stdint.h>
#include "arch.h"
#include "frame.h"
#include "platform.h"
#include "qv.h"

#define GICD_CTLR		0x0000
#define GICD_TYPER		0x0004
#define GICD_IGROUPR(n)		(0x0080 + 4 * (n))
#define GICD_ISENABLER(n)	(0x0100 + 4 * (n))
#define GICD_IPRIORITYR(n)	(0x0400 + (n))
#define GICD_ITARGETSR(n)	(0x0800 + (n))
#define GICD_SGIR		0x0f00
#define GICD_PIDR2		0x0fe8

#define CTLR_GRP0		(1u << 0)
#define CTLR_GRP1		(1u << 1)

#define GICC_CTLR		0x0000
#define GICC_PMR		0x0004
#define GICC_IAR		0x000c
#define GICC_EOIR		0x0010
#define GICC_CTLR_GRP0		(1u << 0)
#define GICC_CTLR_GRP1		(1u << 1)
#define GICC_CTLR_FIQEN		(1u << 3)

#define SPURIOUS_FIRST		1020
#define WAKE_PRIORITY		0x00
#define PMR_ALL			0xff

/* GICD_PIDR2.ArchRev: 1 or 2 for GICv1/v2, 3 and up for GICv3 and later. */
unsigned qv_gic_version(void)
{
	unsigned rev = (mmio_read32(QV_GICD_BASE + GICD_PIDR2) >> 4) & 0xf;

	return rev >= 3 ? rev : 2;
}

/* All shared interrupts to group 1; the OS programs the rest. */
void qv_gic_dist_init(void)
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
void qv_gic_release(void)
{
	dsb_sy();
	mmio_write32(QV_GICD_BASE + GICD_CTLR, mmio_read32(QV_GICD_BASE + GICD_CTLR) | CTLR_GRP0);
}

bool qv_gic_released(void)
{
	return (mmio_read32(QV_GICD_BASE + GICD_CTLR) & CTLR_GRP0) != 0;
}

/* The banked SGI/PPI registers and the CPU interface of the calling CPU. */
void qv_gic_cpu_init(unsigned cpu)
{
	mmio_write32(QV_GICD_BASE + GICD_IGROUPR(0), ~(1u << QV_WAKE_SGI));
	mmio_write8(QV_GICD_BASE + GICD_IPRIORITYR(QV_WAKE_SGI), WAKE_PRIORITY);
	/* Banked: reads back this CPU's own target bit. */
	qv_frame_of(cpu)->gic_target = mmio_read8(QV_GICD_BASE + GICD_ITARGETSR(0));
	mmio_write32(QV_GICC_BASE + GICC_PMR, PMR_ALL);
	mmio_write32(QV_GICC_BASE + GICC_CTLR,
		     (mmio_read32(QV_GICC_BASE + GICC_CTLR) & GICC_CTLR_GRP1) | GICC_CTLR_GRP0 |
			     GICC_CTLR_FIQEN);
}

void qv_gic_send_wake(unsigned cpu, uint64_t mpidr)
{
	uint32_t target = qv_frame_of(cpu)->gic_target;

	(void)mpidr;
	dsb_sy();
	/* NSATT = 0: a secure (group 0) SGI. */
	mmio_write32(QV_GICD_BASE + GICD_SGIR, (target << 16) | QV_WAKE_SGI);
}

/* A PPI of this CPU into group 0 (banked registers), enabled. */
void qv_gic_secure_ppi(unsigned intid)
{
	uint32_t bit = 1u << intid;

	mmio_write32(QV_GICD_BASE + GICD_IGROUPR(0),
		     mmio_read32(QV_GICD_BASE + GICD_IGROUPR(0)) & ~bit);
	mmio_write8(QV_GICD_BASE + GICD_IPRIORITYR(intid), WAKE_PRIORITY);
	mmio_write32(QV_GICD_BASE + GICD_ISENABLER(0), bit);
}

/*
 * Acknowledge and end every pending group-0 interrupt of this CPU: wake-up
 * SGIs need nothing more; the secure timer is the power-off watch.
 */
void qv_gic_ack_group0(void)
{
	for (;;) {
		uint32_t id = mmio_read32(QV_GICC_BASE + GICC_IAR);

		if ((id & 0x3ff) >= SPURIOUS_FIRST)
			return;
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
void qv_gic_cpu_quiesce(void)
{
	mmio_write32(QV_GICC_BASE + GICC_CTLR,
		     mmio_read32(QV_GICC_BASE + GICC_CTLR) & ~GICC_CTLR_GRP1);
	mmio_write32(QV_GICC_BASE + GICC_PMR, PMR_ALL);
}

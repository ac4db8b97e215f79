// SPDX-License-Identifier: BSD-3-Clause
/*
 * The Cortex-A9 MPCore's own GIC (0x10501000/0x10500100), which has the
 * Security Extensions, used for one thing: the secure SGI that releases a
 * parked CPU. Its group 0 is signalled as IRQ (FIQEn clear): QEMU wires no
 * FIQ on this SoC, and a WFI with IRQs masked still ends on it. Group 1 stays
 * off: the OS's interrupts go through the SoC's external GIC (0x10490000),
 * which has no Security Extensions and which the monitor leaves alone.
 */
#include <stdbool.h>
#include <stdint.h>
#include "exynos4210.h"
#include "../../arch/arch.h"

#define GICD_CTLR		0x000
#define GICD_ISENABLER0		0x100
#define GICD_SGIR		0xf00
#define GICC_CTLR		0x00
#define GICC_PMR		0x04
#define GICC_IAR		0x0c
#define GICC_EOIR		0x10
#define GIC_SPURIOUS		1020

/* Group 0 on; a reset clears it: it doubles as "the boot CPU is ready". */
MON_COLD_BOOT void ex_gic_dist_init(void)
{
	mmio_write32(EX_A9_GICD_BASE + GICD_CTLR, 0);
}

MON_COLD_BOOT void ex_gic_release(void)
{
	mmio_write32(EX_A9_GICD_BASE + GICD_CTLR, 1);
}

bool ex_gic_released(void)
{
	return mmio_read32(EX_A9_GICD_BASE + GICD_CTLR) & 1;
}

/* This CPU's interface: group 0 as IRQ, every priority; the SGI enabled (banked). */
void ex_gic_cpu_init(void)
{
	mmio_write32(EX_A9_GICD_BASE + GICD_ISENABLER0, 1u << EX_WAKE_SGI);
	mmio_write32(EX_A9_GICC_BASE + GICC_PMR, 0xff);
	mmio_write32(EX_A9_GICC_BASE + GICC_CTLR, 1);
}

/*
 * Before a CPU leaves for the normal world: its interface off, so that
 * nothing of this GIC raises the IRQ line the OS's GIC shares.
 */
void ex_gic_cpu_quiesce(void)
{
	ex_gic_ack();
	mmio_write32(EX_A9_GICC_BASE + GICC_CTLR, 0);
}

/* NSATT = 0: a secure SGI, to the CPU interface with the CPU's number. */
void ex_gic_send_wake(unsigned cpu)
{
	dsb_sy();
	mmio_write32(EX_A9_GICD_BASE + GICD_SGIR, (1u << (16 + cpu)) | EX_WAKE_SGI);
}

void ex_gic_ack(void)
{
	for (;;) {
		uint32_t iar = mmio_read32(EX_A9_GICC_BASE + GICC_IAR);

		if ((iar & 0x3ff) >= GIC_SPURIOUS)
			return;
		mmio_write32(EX_A9_GICC_BASE + GICC_EOIR, iar);
	}
}

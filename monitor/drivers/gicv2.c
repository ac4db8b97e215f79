// SPDX-License-Identifier: BSD-3-Clause
/*
 * Secure side of a GICv2 (Arm IHI 0048), at the board's addresses: the
 * normal world owns every interrupt (all in group 1) except the monitor's,
 * in group 0, signalled as FIQ.
 */
#include <stdbool.h>
#include <stdint.h>
#include "gicv2.h"
#include "../arch/arch.h"
#include "../fwlib/fwlib.h"

/*
 * Each CPU's bit in GICD_SGIR's target list, which only the CPU itself can
 * read (GICD_ITARGETSR0 is banked): written by each CPU at its reset, while
 * the boot CPU may be zeroing .bss.
 */
static uint8_t cpu_target[GICV2_MAX_CPUS] FW_NOINIT;

MON_COLD_BOOT void gicv2_dist_init(uintptr_t gicd)
{
	unsigned lines = 32 * ((mmio_read32(gicd + GICD_TYPER) & 0x1f) + 1);

	mmio_write32(gicd + GICD_CTLR, 0);
	for (unsigned i = 1; i < lines / 32; i++)
		mmio_write32(gicd + GICD_IGROUPR(i), 0xffffffff);
	mmio_write32(gicd + GICD_CTLR, CTLR_GRP1);
}

void gicv2_cpu_init(uintptr_t gicd, uintptr_t gicc, unsigned cpu, unsigned sgi)
{
	mmio_write32(gicd + GICD_IGROUPR(0), ~(1u << sgi));
	mmio_write8(gicd + GICD_IPRIORITYR(sgi), GIC_SECURE_PRIORITY);
	if (cpu < GICV2_MAX_CPUS)
		cpu_target[cpu] = mmio_read8(gicd + GICD_ITARGETSR(0));
	mmio_write32(gicc + GICC_PMR, GIC_PMR_ALL);
	mmio_write32(gicc + GICC_CTLR,
		     (mmio_read32(gicc + GICC_CTLR) & GICC_CTLR_GRP1) | GICC_CTLR_GRP0 |
			     GICC_CTLR_FIQEN);
}

void gicv2_send_sgi(uintptr_t gicd, unsigned cpu, unsigned sgi)
{
	uint32_t target = cpu < GICV2_MAX_CPUS ? cpu_target[cpu] : 0;

	dsb_sy();
	/* NSATT = 0: a secure (group 0) SGI. */
	mmio_write32(gicd + GICD_SGIR, (target << 16) | sgi);
}

MON_COLD_BOOT void gicv2_secure_ppi(uintptr_t gicd, unsigned intid)
{
	uint32_t bit = 1u << intid;

	mmio_write32(gicd + GICD_IGROUPR(0), mmio_read32(gicd + GICD_IGROUPR(0)) & ~bit);
	mmio_write8(gicd + GICD_IPRIORITYR(intid), GIC_SECURE_PRIORITY);
	mmio_write32(gicd + GICD_ISENABLER(0), bit);
}

MON_COLD_BOOT uint32_t gicv2_ppi_get(uintptr_t gicd, unsigned intid)
{
	uint32_t bit = 1u << intid;

	return (mmio_read32(gicd + GICD_IGROUPR(0)) & bit ? GIC_PPI_GROUP1 : 0) |
	       (mmio_read32(gicd + GICD_ISENABLER(0)) & bit ? GIC_PPI_ENABLED : 0) |
	       GIC_PPI_PRIORITY(mmio_read8(gicd + GICD_IPRIORITYR(intid)));
}

/* Disabled while it changes. */
MON_COLD_BOOT void gicv2_ppi_set(uintptr_t gicd, unsigned intid, uint32_t cfg)
{
	uint32_t bit = 1u << intid, group = mmio_read32(gicd + GICD_IGROUPR(0)) & ~bit;

	mmio_write32(gicd + GICD_ICENABLER(0), bit);
	mmio_write32(gicd + GICD_IGROUPR(0), group | (cfg & GIC_PPI_GROUP1 ? bit : 0));
	mmio_write8(gicd + GICD_IPRIORITYR(intid), (uint8_t)(cfg >> 8));
	if (cfg & GIC_PPI_ENABLED)
		mmio_write32(gicd + GICD_ISENABLER(0), bit);
}

bool gicv2_group0_drain(uintptr_t gicc)
{
	for (;;) {
		uint32_t id = mmio_read32(gicc + GICC_IAR);

		if ((id & 0x3ff) >= GIC_SPURIOUS_FIRST)
			return (id & 0x3ff) <= GIC_OTHER_GROUP_LAST;
		if ((id & 0x3ff) >= GIC_FIRST_PPI)
			board_gic_interrupt(id & 0x3ff);
		mmio_write32(gicc + GICC_EOIR, id);
	}
}

void gicv2_cpu_quiesce(uintptr_t gicc)
{
	mmio_write32(gicc + GICC_CTLR, mmio_read32(gicc + GICC_CTLR) & ~GICC_CTLR_GRP1);
	mmio_write32(gicc + GICC_PMR, GIC_PMR_ALL);
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * Secure side of a GICv3 (Arm IHI 0069), at the board's addresses, from
 * AArch64 EL3: the normal world owns every interrupt (all in group 1,
 * non-secure) except the monitor's, in secure group 0, an FIQ that
 * SCR_EL3.FIQ routes to EL3.
 */
#include <stdbool.h>
#include <stdint.h>
#include "gicv3.h"
#include "../arch/arch.h"

#define GICD_IGRPMODR(n)	(0x0d00 + 4 * (n))
#define CTLR_ARE_S		(1u << 4)
#define CTLR_ARE_NS		(1u << 5)
#define CTLR_RWP		(1u << 31)

#define GICR_FRAME		0x10000
#define GICR_CTLR		0x0000
#define GICR_CTLR_RWP		(1u << 3)
#define GICR_WAKER		0x0014
#define GICR_TYPER		0x0008
#define GICR_TYPER_VLPIS	(1u << 1)
#define GICR_TYPER_LAST		(1u << 4)
#define WAKER_PSLEEP		(1u << 1)
#define WAKER_CASLEEP		(1u << 2)
#define SGI_IGROUPR0		(GICR_FRAME + 0x0080)
#define SGI_ISENABLER0		(GICR_FRAME + 0x0100)
#define SGI_ICENABLER0		(GICR_FRAME + 0x0180)
#define SGI_IPRIORITYR(n)	(GICR_FRAME + 0x0400 + (n))
#define SGI_IGRPMODR0		(GICR_FRAME + 0x0d00)

static void wait_rwp(uintptr_t gicd)
{
	while (mmio_read32(gicd + GICD_CTLR) & CTLR_RWP)
		;
}

MON_COLD_BOOT void gicv3_dist_init(uintptr_t gicd)
{
	unsigned lines = 32 * ((mmio_read32(gicd + GICD_TYPER) & 0x1f) + 1);

	mmio_write32(gicd + GICD_CTLR, CTLR_ARE_S | CTLR_ARE_NS);
	wait_rwp(gicd);
	for (unsigned i = 1; i < lines / 32; i++) {
		mmio_write32(gicd + GICD_IGROUPR(i), 0xffffffff);
		mmio_write32(gicd + GICD_IGRPMODR(i), 0);
	}
	mmio_write32(gicd + GICD_CTLR, CTLR_ARE_S | CTLR_ARE_NS | CTLR_GRP1);
	wait_rwp(gicd);
}

MON_COLD_BOOT void gicv3_dist_enable_group0(uintptr_t gicd)
{
	gic_dist_enable_group0(gicd);
	wait_rwp(gicd);
}

MON_COLD_BOOT void gicv3_dist_enable_secure_group1(uintptr_t gicd)
{
	dsb_sy();
	mmio_write32(gicd + GICD_CTLR, mmio_read32(gicd + GICD_CTLR) | CTLR_GRP1S);
	wait_rwp(gicd);
}

static uintptr_t gicr_of_this_cpu(uintptr_t gicr, uintptr_t gicr_end)
{
	uint64_t aff = read_sysreg("mpidr_el1");
	uint32_t want = (uint32_t)((aff & 0xffffff) | ((aff >> 8) & 0xff000000));

	for (uintptr_t rd = gicr; rd < gicr_end;) {
		uint64_t typer = mmio_read64(rd + GICR_TYPER);

		if ((uint32_t)(typer >> 32) == want)
			return rd;
		if (typer & GICR_TYPER_LAST)
			break;
		rd += (typer & GICR_TYPER_VLPIS) ? 4 * GICR_FRAME : 2 * GICR_FRAME;
	}
	return 0;
}

void gicv3_cpu_init(uintptr_t gicr, uintptr_t gicr_end, unsigned sgi)
{
	uintptr_t rd = gicr_of_this_cpu(gicr, gicr_end);

	write_sysreg(ICC_SRE_EL3, 0xf);	/* SRE, DFB, DIB, and lower ELs may use SRE */
	isb();
	if (rd) {
		mmio_write32(rd + GICR_WAKER, mmio_read32(rd + GICR_WAKER) & ~WAKER_PSLEEP);
		while (mmio_read32(rd + GICR_WAKER) & WAKER_CASLEEP)
			;
		mmio_write32(rd + SGI_IGROUPR0, ~(1u << sgi));
		mmio_write32(rd + SGI_IGRPMODR0, 0);
		mmio_write8(rd + SGI_IPRIORITYR(sgi), GIC_SECURE_PRIORITY);
		mmio_write32(rd + SGI_ISENABLER0, 1u << sgi);
	}
	write_sysreg(ICC_PMR_EL1, GIC_PMR_ALL);
	write_sysreg(ICC_IGRPEN0_EL1, 1);
	/*
	 * Secure Group 1 on at this CPU's interface, as TF-A's driver leaves it
	 * for a trusted OS (OP-TEE enables nothing at EL3's level itself): the
	 * distributor's enable decides (on only while a trusted OS runs). With
	 * the group off here and on there, one pending Secure Group 1 interrupt
	 * would stand in front of every other at this CPU.
	 */
	write_sysreg(ICC_IGRPEN1_EL3, read_sysreg(ICC_IGRPEN1_EL3) | 2);
	isb();
}

void gicv3_send_sgi(uint64_t mpidr, unsigned sgi)
{
	dsb_sy();
	write_sysreg(ICC_SGI0R_EL1, ((mpidr >> 32) & 0xff) << 48 | ((mpidr >> 16) & 0xff) << 32 |
					    (uint64_t)sgi << 24 | ((mpidr >> 8) & 0xff) << 16 |
					    (1ull << (mpidr & 0xf)) | ((mpidr >> 4) & 0xf) << 44);
	isb();
}

MON_COLD_BOOT void gicv3_secure_ppi(uintptr_t gicr, uintptr_t gicr_end, unsigned intid)
{
	uint32_t bit = 1u << intid;
	uintptr_t rd = gicr_of_this_cpu(gicr, gicr_end);

	if (!rd)
		return;
	mmio_write32(rd + SGI_IGROUPR0, mmio_read32(rd + SGI_IGROUPR0) & ~bit);
	mmio_write32(rd + SGI_IGRPMODR0, mmio_read32(rd + SGI_IGRPMODR0) & ~bit);
	mmio_write8(rd + SGI_IPRIORITYR(intid), GIC_SECURE_PRIORITY);
	mmio_write32(rd + SGI_ISENABLER0, bit);
}

MON_COLD_BOOT uint32_t gicv3_ppi_get(uintptr_t gicr, uintptr_t gicr_end, unsigned intid)
{
	uint32_t bit = 1u << intid;
	uintptr_t rd = gicr_of_this_cpu(gicr, gicr_end);

	if (!rd)
		return 0;
	return (mmio_read32(rd + SGI_IGROUPR0) & bit ? GIC_PPI_GROUP1 : 0) |
	       (mmio_read32(rd + SGI_IGRPMODR0) & bit ? GIC_PPI_GRPMOD : 0) |
	       (mmio_read32(rd + SGI_ISENABLER0) & bit ? GIC_PPI_ENABLED : 0) |
	       GIC_PPI_PRIORITY(mmio_read8(rd + SGI_IPRIORITYR(intid)));
}

/* Disabled while it changes. */
MON_COLD_BOOT void gicv3_ppi_set(uintptr_t gicr, uintptr_t gicr_end, unsigned intid, uint32_t cfg)
{
	uint32_t bit = 1u << intid;
	uintptr_t rd = gicr_of_this_cpu(gicr, gicr_end);

	if (!rd)
		return;
	mmio_write32(rd + SGI_ICENABLER0, bit);
	while (mmio_read32(rd + GICR_CTLR) & GICR_CTLR_RWP)
		;
	mmio_write32(rd + SGI_IGROUPR0, (mmio_read32(rd + SGI_IGROUPR0) & ~bit) |
						(cfg & GIC_PPI_GROUP1 ? bit : 0));
	mmio_write32(rd + SGI_IGRPMODR0, (mmio_read32(rd + SGI_IGRPMODR0) & ~bit) |
						 (cfg & GIC_PPI_GRPMOD ? bit : 0));
	mmio_write8(rd + SGI_IPRIORITYR(intid), (uint8_t)(cfg >> 8));
	if (cfg & GIC_PPI_ENABLED)
		mmio_write32(rd + SGI_ISENABLER0, bit);
}

bool gicv3_group0_drain(void)
{
	for (;;) {
		uint32_t id = (uint32_t)read_sysreg(ICC_IAR0_EL1);

		if ((id & 0x3ff) >= GIC_SPURIOUS_FIRST)
			return (id & 0x3ff) <= GIC_OTHER_GROUP_LAST;
		if ((id & 0x3ff) >= GIC_FIRST_PPI)
			board_gic_interrupt(id & 0x3ff);
		write_sysreg(ICC_EOIR0_EL1, id);
	}
}

void gicv3_cpu_quiesce(void)
{
	write_sysreg(ICC_IGRPEN1_EL3, read_sysreg(ICC_IGRPEN1_EL3) & ~1ull);
	write_sysreg(ICC_PMR_EL1, GIC_PMR_ALL);
	isb();
}

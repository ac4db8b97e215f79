/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Secure side of the GIC, v2 or v3 (QEMU's gic-version). The normal world
 * owns every interrupt (all in group 1, non-secure) except one SGI in
 * secure group 0: the monitor's wake-up for cores parked in WFI, delivered
 * as an FIQ that SCR_EL3.FIQ routes to EL3.
 *
 * The version comes from ID_AA64PFR0_EL1.GIC (QEMU sets it exactly when a
 * GICv3 CPU interface is attached), so secondaries can set up their own
 * interface before the boot CPU has read the DTB.
 */
#include <stdbool.h>
#include <stdint.h>
#include "arch.h"
#include "../qemu-virt-common/gicv2.h"
#include "platform.h"
#include "qv.h"

#define GICD_IGRPMODR(n)	(0x0d00 + 4 * (n))
#define CTLR_ARE_S		(1u << 4)
#define CTLR_ARE_NS		(1u << 5)
#define CTLR_RWP		(1u << 31)

#define GICR_FRAME		0x10000
#define GICR_WAKER		0x0014
#define GICR_TYPER		0x0008
#define GICR_TYPER_VLPIS	(1u << 1)
#define GICR_TYPER_LAST		(1u << 4)
#define WAKER_PSLEEP		(1u << 1)
#define WAKER_CASLEEP		(1u << 2)
#define SGI_IGROUPR0		(GICR_FRAME + 0x0080)
#define SGI_ISENABLER0		(GICR_FRAME + 0x0100)
#define SGI_IPRIORITYR(n)	(GICR_FRAME + 0x0400 + (n))
#define SGI_IGRPMODR0		(GICR_FRAME + 0x0d00)

unsigned qv_gic_version(void)
{
	return id_field(read_sysreg("id_aa64pfr0_el1"), PFR0_GIC) ? 3 : 2;
}

static bool gic_v3(void)
{
	return qv_gic_version() == 3;
}

static void gicd_wait_rwp(void)
{
	while (mmio_read32(QV_GICD_BASE + GICD_CTLR) & CTLR_RWP)
		;
}

/* All shared interrupts to non-secure group 1; the OS programs the rest. */
MON_COLD_BOOT void qv_gic_dist_init(void)
{
	unsigned lines = 32 * ((mmio_read32(QV_GICD_BASE + GICD_TYPER) & 0x1f) + 1);

	if (!gic_v3()) {
		qv_gicv2_dist_init();
		return;
	}
	mmio_write32(QV_GICD_BASE + GICD_CTLR, CTLR_ARE_S | CTLR_ARE_NS);
	gicd_wait_rwp();
	for (unsigned i = 1; i < lines / 32; i++) {
		mmio_write32(QV_GICD_BASE + GICD_IGROUPR(i), 0xffffffff);
		mmio_write32(QV_GICD_BASE + GICD_IGRPMODR(i), 0);
	}
	mmio_write32(QV_GICD_BASE + GICD_CTLR, CTLR_ARE_S | CTLR_ARE_NS | CTLR_GRP1);
	gicd_wait_rwp();
}

MON_COLD_BOOT void qv_gic_release(void)
{
	qv_gicd_enable_group0();
	if (gic_v3())
		gicd_wait_rwp();
}

static uintptr_t gicr_of_this_cpu(void)
{
	uint64_t aff = read_sysreg("mpidr_el1");
	uint32_t want = (uint32_t)((aff & 0xffffff) | ((aff >> 8) & 0xff000000));

	for (uintptr_t rd = QV_GICR_BASE; rd < QV_GICR_END;) {
		uint64_t typer = mmio_read64(rd + GICR_TYPER);

		if ((uint32_t)(typer >> 32) == want)
			return rd;
		if (typer & GICR_TYPER_LAST)
			break;
		rd += (typer & GICR_TYPER_VLPIS) ? 4 * GICR_FRAME : 2 * GICR_FRAME;
	}
	return 0;
}

static void gicv3_cpu_init(void)
{
	uintptr_t rd = gicr_of_this_cpu();

	write_sysreg(ICC_SRE_EL3, 0xf);	/* SRE, DFB, DIB, and lower ELs may use SRE */
	isb();
	if (rd) {
		mmio_write32(rd + GICR_WAKER, mmio_read32(rd + GICR_WAKER) & ~WAKER_PSLEEP);
		while (mmio_read32(rd + GICR_WAKER) & WAKER_CASLEEP)
			;
		mmio_write32(rd + SGI_IGROUPR0, ~(1u << QV_WAKE_SGI));
		mmio_write32(rd + SGI_IGRPMODR0, 0);
		mmio_write8(rd + SGI_IPRIORITYR(QV_WAKE_SGI), GIC_WAKE_PRIORITY);
		mmio_write32(rd + SGI_ISENABLER0, 1u << QV_WAKE_SGI);
	}
	write_sysreg(ICC_PMR_EL1, GIC_PMR_ALL);
	write_sysreg(ICC_IGRPEN0_EL1, 1);
	isb();
}

void qv_gic_cpu_init(unsigned cpu)
{
	if (gic_v3())
		gicv3_cpu_init();
	else
		qv_gicv2_cpu_init(cpu);
}

void qv_gic_send_wake(unsigned cpu, uint64_t mpidr)
{
	if (!gic_v3()) {
		qv_gicv2_send_wake(cpu);
		return;
	}
	dsb_sy();
	write_sysreg(ICC_SGI0R_EL1, ((mpidr >> 32) & 0xff) << 48 | ((mpidr >> 16) & 0xff) << 32 |
					    (uint64_t)QV_WAKE_SGI << 24 |
					    ((mpidr >> 8) & 0xff) << 16 | (1ull << (mpidr & 0xf)) |
					    ((mpidr >> 4) & 0xf) << 44);
	isb();
}

/*
 * A private interrupt of the calling CPU (the secure timer's PPI) into
 * secure group 0, enabled: an FIQ to EL3 from now on. The normal world's
 * writes to a group-0 interrupt's group, priority and enable bits are
 * ignored by the GIC, so the OS cannot take it back or switch it off.
 */
MON_COLD_BOOT void qv_gic_secure_ppi(unsigned intid)
{
	uint32_t bit = 1u << intid;
	uintptr_t rd;

	if (!gic_v3()) {
		qv_gicv2_secure_ppi(intid);
		return;
	}
	rd = gicr_of_this_cpu();
	if (!rd)
		return;
	mmio_write32(rd + SGI_IGROUPR0, mmio_read32(rd + SGI_IGROUPR0) & ~bit);
	mmio_write32(rd + SGI_IGRPMODR0, mmio_read32(rd + SGI_IGRPMODR0) & ~bit);
	mmio_write8(rd + SGI_IPRIORITYR(intid), GIC_WAKE_PRIORITY);
	mmio_write32(rd + SGI_ISENABLER0, bit);
}

/*
 * Acknowledge and end every pending group-0 interrupt of this CPU: wake-up
 * SGIs need nothing more; the secure timer is the power-off watch. True
 * when a group-1 interrupt is left pending.
 */
bool qv_gic_ack_group0(void)
{
	if (!gic_v3())
		return qv_gicv2_ack_group0();
	for (;;) {
		uint32_t id = (uint32_t)read_sysreg(ICC_IAR0_EL1);

		if ((id & 0x3ff) >= GIC_SPURIOUS_FIRST)
			return (id & 0x3ff) <= GIC_OTHER_GROUP_LAST;
		if ((id & 0x3ff) == QV_SEC_TIMER_INTID)
			qv_poweroff_tick();
		write_sysreg(ICC_EOIR0_EL1, id);
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
	if (!gic_v3()) {
		qv_gicv2_cpu_quiesce();
		return;
	}
	write_sysreg(ICC_IGRPEN1_EL3, read_sysreg(ICC_IGRPEN1_EL3) & ~1ull);
	write_sysreg(ICC_PMR_EL1, GIC_PMR_ALL);
	isb();
}

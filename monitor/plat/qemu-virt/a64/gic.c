// SPDX-License-Identifier: BSD-3-Clause
/*
 * QEMU virt's GIC on this port: a GICv2 or a GICv3 (QEMU's gic-version).
 * The version comes from the CPU's ID register (QEMU sets ID_AA64PFR0_EL1.GIC
 * exactly when a GICv3 CPU interface is attached), so secondaries can set
 * up their own interface before the boot CPU has read the DTB.
 */
#include <stdbool.h>
#include <stdint.h>
#include "platform.h"
#include "../qemu-virt.h"
#include "../../../plat.h"
#include "../../../drivers/gicv2.h"
#include "../../../drivers/gicv3.h"

static bool gic_v3(void)
{
	return gicv3_cpu_if_present();
}

/* Any GIC QEMU's virt has (v2, v3) will do. */
MON_COLD_BOOT void qv_gic_check(void)
{
}

MON_COLD_BOOT unsigned qv_gic_version(void)
{
	return gic_v3() ? 3 : 2;
}

MON_COLD_BOOT void qv_gic_dist_init(void)
{
	if (gic_v3())
		gicv3_dist_init(QV_GICD_BASE);
	else
		gicv2_dist_init(QV_GICD_BASE);
}

/*
 * With a trusted OS running, its interrupts' group too: on a GICv3 Secure
 * Group 1, which it configures but leaves to the monitor to enable at the
 * distributor, as TF-A's GICv3 driver enables it (OP-TEE built for TF-A
 * touches no GICD_CTLR); on a GICv2 they share group 0 with the monitor's.
 */
MON_COLD_BOOT void qv_gic_release(void)
{
	if (gic_v3() && mon_tos_running())
		gicv3_dist_enable_secure_group1(QV_GICD_BASE);
	if (gic_v3())
		gicv3_dist_enable_group0(QV_GICD_BASE);
	else
		gic_dist_enable_group0(QV_GICD_BASE);
}

void qv_gic_cpu_init(unsigned cpu)
{
	if (gic_v3())
		gicv3_cpu_init(QV_GICR_BASE, QV_GICR_END, QV_WAKE_SGI);
	else
		gicv2_cpu_init(QV_GICD_BASE, QV_GICC_BASE, cpu, QV_WAKE_SGI);
}

void qv_gic_send_wake(unsigned cpu, uint64_t mpidr)
{
	if (gic_v3())
		gicv3_send_sgi(mpidr, QV_WAKE_SGI);
	else
		gicv2_send_sgi(QV_GICD_BASE, cpu, QV_WAKE_SGI);
}

MON_COLD_BOOT void qv_gic_secure_ppi(unsigned intid)
{
	if (gic_v3())
		gicv3_secure_ppi(QV_GICR_BASE, QV_GICR_END, intid);
	else
		gicv2_secure_ppi(QV_GICD_BASE, intid);
}

/*
 * On a GICv2 a trusted OS's interrupts are group 0 too (its secure timer):
 * while one runs, only the monitor's wake-up SGI is acknowledged, for as
 * long as it is the highest pending; what is left is the trusted OS's, to
 * be taken as an FIQ once the normal world runs (true: something pending).
 */
bool qv_gic_ack_group0(void)
{
	uint32_t id;

	if (gic_v3())
		return gicv3_group0_drain();
	if (!mon_tos_running())
		return gicv2_group0_drain(QV_GICC_BASE);
	while (((id = mmio_read32(QV_GICC_BASE + GICC_HPPIR)) & 0x3ff) == QV_WAKE_SGI)
		mmio_write32(QV_GICC_BASE + GICC_EOIR, mmio_read32(QV_GICC_BASE + GICC_IAR));
	return (id & 0x3ff) <= GIC_OTHER_GROUP_LAST;
}

void qv_gic_cpu_quiesce(void)
{
	if (gic_v3())
		gicv3_cpu_quiesce();
	else
		gicv2_cpu_quiesce(QV_GICC_BASE);
}

/*
 * GICv3: ICC_HPPIR0_EL1 at EL3 reads 1020 when the highest pending
 * interrupt is Secure Group 1 (the trusted OS's group); GICv2: any group-0
 * interrupt but the monitor's wake-up SGI (the trusted OS puts its own in
 * group 0 with FIQEn) and the power-off watch's tick.
 */
bool board_fiq_is_tos(void)
{
	uint32_t id;

	/*
	 * The secure timer is the monitor's for the PSCI 0.1 power-off watch
	 * (then no trusted OS runs) and while the trusted OS's first entry is
	 * watched: then every group-0 interrupt is the monitor's (on a GICv3,
	 * where the trusted OS's group is Secure Group 1, none of its
	 * interrupts reaches EL3 during an entry anyway).
	 */
	if (qv_sec_timer_mine)
		return false;
	if (gic_v3())
		return (read_sysreg(ICC_HPPIR0_EL1) & 0x3ff) == GIC_SECURE_G1_PENDING;
	id = mmio_read32(QV_GICC_BASE + GICC_HPPIR) & 0x3ff;
	return id < GIC_SPURIOUS_FIRST && id != QV_WAKE_SGI;
}

/*
 * A trusted OS's interrupt with no trusted OS left to take it (it broke):
 * its secure timer stopped, and no interrupt of its own to come back
 * forever. GICv3: Secure Group 1 off at the distributor, for every CPU.
 * GICv2, where its interrupts share group 0 with the monitor's: the one
 * pending acknowledged, disabled (the monitor's wake-up SGI excepted;
 * banked SGIs and PPIs on this CPU, as each CPU does once it takes one)
 * and ended.
 */
void plat_tos_fiq_drop(void)
{
	uint32_t iar, id;

	write_sysreg("cntps_ctl_el1", 0);
	if (gic_v3()) {
		mmio_write32(QV_GICD_BASE + GICD_CTLR,
			     mmio_read32(QV_GICD_BASE + GICD_CTLR) & ~CTLR_GRP1S);
		return;
	}
	iar = mmio_read32(QV_GICC_BASE + GICC_IAR);
	id = iar & 0x3ff;
	if (id >= GIC_SPURIOUS_FIRST)
		return;
	if (id != QV_WAKE_SGI)
		mmio_write32(QV_GICD_BASE + GICD_ICENABLER(id / 32), 1u << (id % 32));
	mmio_write32(QV_GICC_BASE + GICC_EOIR, iar);
}

uint32_t board_tos_pmr(uint32_t pmr)
{
	uint32_t was;

	if (gic_v3()) {
		was = (uint32_t)read_sysreg(ICC_PMR_EL1);
		write_sysreg(ICC_PMR_EL1, pmr);
		isb();
	} else {
		was = mmio_read32(QV_GICC_BASE + GICC_PMR);
		mmio_write32(QV_GICC_BASE + GICC_PMR, pmr);
	}
	return was;
}

/*
 * board_tos_fiq_priority() (arch.h). GICv2, where the trusted OS's
 * interrupts are group 0 as the monitor's SGI is: the pending one's
 * priority. GICv3: 0, never held back (its Secure Group 1 is no FIQ at
 * secure EL1: only a tie with the monitor's SGI reads so).
 */
uint32_t board_tos_fiq_priority(void)
{
	if (gic_v3())
		return 0;
	return mmio_read8(QV_GICD_BASE +
			  GICD_IPRIORITYR(mmio_read32(QV_GICC_BASE + GICC_HPPIR) & 0x3ff));
}

/* The monitor's wake-up SGI, which a watched trusted-OS entry lets through. */
void plat_tos_kick(unsigned cpu)
{
	qv_gic_send_wake(cpu, plat_cpu_mpidr(cpu));
}

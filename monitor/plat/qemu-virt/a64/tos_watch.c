// SPDX-License-Identifier: BSD-3-Clause
/*
 * The watch of the trusted OS's first entry on this port (plat.h
 * plat_tos_boot_timer()): cold boot only, and only in an image with the
 * trusted-OS dispatcher (BOARD_TOSD_C).
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

static uint32_t ppi_get(void)
{
	if (gic_v3())
		return gicv3_ppi_get(QV_GICR_BASE, QV_GICR_END, QV_SEC_TIMER_INTID);
	return gicv2_ppi_get(QV_GICD_BASE, QV_SEC_TIMER_INTID);
}

static void ppi_set(uint32_t cfg)
{
	if (gic_v3())
		gicv3_ppi_set(QV_GICR_BASE, QV_GICR_END, QV_SEC_TIMER_INTID, cfg);
	else
		gicv2_ppi_set(QV_GICD_BASE, QV_SEC_TIMER_INTID, cfg);
}

/*
 * plat_tos_boot_timer() (plat.h): the secure physical timer and its PPI,
 * in group 0 at the monitor's priority, which a watched entry lets through
 * to EL3 as an FIQ (board_tos_pmr() holds back only the normal world's
 * half). Its interrupt ends the entry, and board_fiq() acknowledges it
 * (qv_poweroff_tick() stops the timer: no power-off watch runs beside a
 * trusted OS). Group 0 goes on in the distributor for it, the secondaries'
 * "ready" (qv_gic_release()): the monitor is up by now. At 0, the timer
 * and the PPI are put back as they were, each unless the trusted OS set it
 * up for itself meanwhile (the payload and OP-TEE may use them from their
 * first entry on): a compare value not the watch's, a PPI configured
 * otherwise.
 */
static struct {
	uint64_t ctl, cval, watch_cval;
	uint32_t ppi;
} before;

void plat_tos_boot_timer(uint64_t ticks)
{
	if (ticks) {
		if (!qv_sec_timer_mine) {
			before.ctl = read_sysreg("cntps_ctl_el1");
			before.cval = read_sysreg("cntps_cval_el1");
			before.ppi = ppi_get();
			ppi_set(GIC_PPI_SECURE);
			qv_gic_release();
			qv_sec_timer_mine = true;
		}
		before.watch_cval = arch_counter() + ticks;
		write_sysreg("cntps_cval_el1", before.watch_cval);
		write_sysreg("cntps_ctl_el1", 1);	/* ENABLE, interrupt not masked */
		isb();
		return;
	}
	if (!qv_sec_timer_mine)
		return;
	qv_sec_timer_mine = false;
	if (read_sysreg("cntps_cval_el1") == before.watch_cval) {
		write_sysreg("cntps_ctl_el1", 0);
		write_sysreg("cntps_cval_el1", before.cval);
		write_sysreg("cntps_ctl_el1", before.ctl);
		isb();
	}
	if (ppi_get() == GIC_PPI_SECURE)
		ppi_set(before.ppi);
}

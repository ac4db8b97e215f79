// SPDX-License-Identifier: BSD-3-Clause
/*
 * The wake-up for CPU_SUSPEND on the AArch32 nsk: the virtual timer (CNTV,
 * CP15 c14; usable in SVC and in Hyp mode) fires ~1 ms after wake_arm(), and
 * the GICv2 forwards its PPI as a non-secure group 1 interrupt, so a WFI in
 * the firmware completes. CPSR.I stays set: the interrupt is never taken,
 * only pending; wake_disarm() stops the timer, which drops the
 * level-sensitive PPI again. The GIC side is that of tests/nsk/wake.c:
 * the non-secure views of GICD_CTLR and GICC_CTLR have EnableGrp1 in bit 0.
 */
#include "nsk.h"
#include "a32.h"

#define GICD_CTLR		0x0000
#define GICD_ISENABLER		0x0100
#define GICD_IPRIORITYR		0x0400
#define GICC_CTLR		0x0000
#define GICC_PMR		0x0004
#define WAKE_PRIORITY		0xa0
#define CNTV_CTL_ENABLE		(1u << 0)
#define CNTV_CTL_ISTATUS	(1u << 2)

static struct nsk_gic gic;
static uint32_t fired;

static volatile uint32_t *reg32(uint64_t base, uint32_t off)
{
	return (volatile uint32_t *)(uintptr_t)(base + off);
}

void wake_init(const struct nsk_gic *g)
{
	gic = *g;
	if (!gic.timer_intid)
		gic.timer_intid = 27;	/* PPI 11, the usual virtual timer */
}

void wake_arm(void)
{
	unsigned id = gic.timer_intid;
	uint32_t freq = cp15_read(CP15_CNTFRQ);

	if (gic.version == 2) {
		*(volatile uint8_t *)(uintptr_t)(gic.dist + GICD_IPRIORITYR + id) = WAKE_PRIORITY;
		*reg32(gic.dist, GICD_ISENABLER + 4 * (id / 32)) = 1u << (id % 32);
		*reg32(gic.dist, GICD_CTLR) |= 1;
		*reg32(gic.cpuif, GICC_PMR) = 0xff;
		*reg32(gic.cpuif, GICC_CTLR) |= 1;
	}
	if (!freq)
		freq = 62500000;	/* QEMU's fixed counter frequency */
	cp15_write(CP15_CNTV_CTL, 0);
	cp15_write(CP15_CNTV_TVAL, freq / 1000);
	cp15_write(CP15_CNTV_CTL, CNTV_CTL_ENABLE);
	a32_isb();
}

void wake_disarm(void)
{
	uint32_t ctl = cp15_read(CP15_CNTV_CTL);

	if ((ctl & (CNTV_CTL_ENABLE | CNTV_CTL_ISTATUS)) == (CNTV_CTL_ENABLE | CNTV_CTL_ISTATUS))
		__atomic_fetch_add(&fired, 1, __ATOMIC_RELAXED);
	cp15_write(CP15_CNTV_CTL, 0);
	a32_isb();
}

unsigned wake_fired(void)
{
	return __atomic_load_n(&fired, __ATOMIC_RELAXED);
}

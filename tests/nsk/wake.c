// SPDX-License-Identifier: BSD-3-Clause
/*
 * The wake-up for CPU_SUSPEND: the EL1 virtual timer (CNTV, usable at EL1 and
 * at EL2 with HCR_EL2.E2H = 0) fires ~1 ms after wake_arm(), and the GIC
 * forwards its PPI as a non-secure Group 1 interrupt, so a WFI in the
 * firmware completes. PSTATE.I stays set: the interrupt is never taken, only
 * pending; wake_disarm() stops the timer, which drops the level-sensitive
 * PPI again. The other wake-up, an SGI from another CPU (wake_sgi_*, the
 * conformance suite's sgi hooks), is pending the same way until the woken
 * CPU acknowledges it.
 *
 * GIC facts used (Arm IHI 0048 GICv2, IHI 0069 GICv3):
 * - GICv2 with the Security Extensions: Group 1 is configured by the secure
 *   side; the non-secure views of GICD_CTLR and GICC_CTLR have EnableGrp1 in
 *   bit 0. Without them (QEMU virt without secure=on) bit 0 enables Group 0,
 *   which the CPU interface then signals as IRQ: writing bit 0 suits both.
 * - GICv3: per-CPU PPI state lives in the CPU's redistributor (found by
 *   GICR_TYPER's affinity), the CPU interface is the ICC_* system registers.
 *   Non-secure writes to GICR_IGROUPR0 and GICR_WAKER are ignored when the
 *   GIC has two security states; they matter when it has one (DS = 1).
 */
#include "nsk.h"

#define GICD_CTLR		0x0000
#define GICD_ISENABLER		0x0100
#define GICD_IPRIORITYR		0x0400
#define GICD_ITARGETSR		0x0800
#define GICD_SGIR		0x0f00
#define GICC_CTLR		0x0000
#define GICC_PMR		0x0004
#define GICC_IAR		0x000c
#define GICC_EOIR		0x0010

#define GICR_WAKER		0x0014
#define GICR_TYPER		0x0008
#define GICR_SGI		0x10000
#define GICR_IGROUPR0		(GICR_SGI + 0x0080)
#define GICR_ISENABLER0		(GICR_SGI + 0x0100)
#define GICR_IPRIORITYR		(GICR_SGI + 0x0400)
#define GICR_WAKER_PS		(1u << 1)
#define GICR_WAKER_CA		(1u << 2)
#define GICR_TYPER_VLPIS	(1u << 1)
#define GICR_TYPER_LAST		(1u << 4)

#define GICD_CTLR_V3_ENABLE	0x13	/* ARE(_NS), EnableGrp1(A), EnableGrp1/Grp0 (DS=1) */
#define WAKE_PRIORITY		0xa0
#define WAKE_SGI		3	/* the secure side keeps SGI 8 for itself */
#define ICC_IAR1_EL1		S3_0_C12_C12_0
#define ICC_EOIR1_EL1		S3_0_C12_C12_1
#define ICC_SGI1R_EL1		S3_0_C12_C11_5
#define CNTV_CTL_ENABLE		(1u << 0)
#define CNTV_CTL_ISTATUS	(1u << 2)

static struct nsk_gic gic;
static uint32_t fired;
/* GICv2: each CPU's interface mask (GICD_ITARGETSR0 as that CPU reads it). */
static uint8_t cpu_target[NSK_MAX_CPUS];
/* CPUs whose next suspend only the SGI may end: wake_arm() leaves the timer off. */
static uint32_t sgi_only;

static unsigned my_index(void);

static volatile uint32_t *reg32(uint64_t base, uint64_t off)
{
	return (volatile uint32_t *)(uintptr_t)(base + off);
}

static volatile uint8_t *reg8(uint64_t base, uint64_t off)
{
	return (volatile uint8_t *)(uintptr_t)(base + off);
}

void wake_init(const struct nsk_gic *g)
{
	gic = *g;
	if (!gic.timer_intid)
		gic.timer_intid = 27;	/* PPI 11, the usual EL1 virtual timer */
}

/* This CPU's redistributor frame, or 0. */
static uint64_t my_redist(void)
{
	uint64_t m = my_mpidr();
	uint32_t aff = (uint32_t)(((m >> 32) & 0xff) << 24) | (uint32_t)(m & 0xffffff);

	for (unsigned r = 0; r < gic.nredist; r++) {
		for (uint64_t off = 0; off + 0x20000 <= gic.redist_size[r];) {
			uint64_t base = gic.redist[r] + off;
			uint64_t typer = *(volatile uint64_t *)(uintptr_t)(base + GICR_TYPER);

			if ((uint32_t)(typer >> 32) == aff)
				return base;
			if (typer & GICR_TYPER_LAST)
				break;
			off += (typer & GICR_TYPER_VLPIS) ? 0x40000 : 0x20000;
		}
	}
	return 0;
}

static void gicv2_setup(void)
{
	unsigned id = gic.timer_intid;

	*reg8(gic.dist, GICD_IPRIORITYR + id) = WAKE_PRIORITY;
	*reg32(gic.dist, GICD_ISENABLER + 4 * (id / 32)) = 1u << (id % 32);
	*reg32(gic.dist, GICD_CTLR) |= 1;
	*reg32(gic.cpuif, GICC_PMR) = 0xff;
	*reg32(gic.cpuif, GICC_CTLR) |= 1;
}

static void gicv3_setup(void)
{
	unsigned id = gic.timer_intid;
	uint64_t rd = my_redist();
	volatile uint32_t *ctlr = reg32(gic.dist, GICD_CTLR);

	if (!rd) {
		con_printf("# nsk: cpu MPIDR %lx has no GICv3 redistributor\n", my_mpidr());
		return;
	}
	if (current_el() == 2) {
		sysreg_write(ICC_SRE_EL2, sysreg_read(ICC_SRE_EL2) | 0x9);	/* Enable, SRE */
		isb();
	}
	sysreg_write(ICC_SRE_EL1, sysreg_read(ICC_SRE_EL1) | 1);
	isb();
	if ((*ctlr & GICD_CTLR_V3_ENABLE) != GICD_CTLR_V3_ENABLE)
		*ctlr |= GICD_CTLR_V3_ENABLE;
	if (*reg32(rd, GICR_WAKER) & GICR_WAKER_PS) {
		*reg32(rd, GICR_WAKER) &= ~GICR_WAKER_PS;
		for (unsigned i = 0; i < 1000000u && (*reg32(rd, GICR_WAKER) & GICR_WAKER_CA); i++)
			;
	}
	*reg32(rd, GICR_IGROUPR0) |= 1u << id;
	*reg8(rd, GICR_IPRIORITYR + id) = WAKE_PRIORITY;
	*reg32(rd, GICR_ISENABLER0) = 1u << id;
	sysreg_write(ICC_PMR_EL1, 0xff);
	sysreg_write(ICC_IGRPEN1_EL1, 1);
	isb();
}

void wake_arm(void)
{
	uint64_t freq = sysreg_read(cntfrq_el0) & 0xffffffffu;

	if (__atomic_load_n(&sgi_only, __ATOMIC_RELAXED) & (1u << my_index()))
		return;

	if (gic.version == 2)
		gicv2_setup();
	else if (gic.version == 3)
		gicv3_setup();
	if (!freq)
		freq = 62500000;	/* QEMU's fixed counter frequency */
	sysreg_write(cntv_ctl_el0, 0);
	sysreg_write(cntv_tval_el0, freq / 1000);
	sysreg_write(cntv_ctl_el0, CNTV_CTL_ENABLE);
	isb();
}

void wake_disarm(void)
{
	uint64_t ctl = sysreg_read(cntv_ctl_el0);

	if ((ctl & (CNTV_CTL_ENABLE | CNTV_CTL_ISTATUS)) == (CNTV_CTL_ENABLE | CNTV_CTL_ISTATUS))
		__atomic_fetch_add(&fired, 1, __ATOMIC_RELAXED);
	sysreg_write(cntv_ctl_el0, 0);
	isb();
	__atomic_fetch_and(&sgi_only, ~(1u << my_index()), __ATOMIC_RELAXED);
}

unsigned wake_fired(void)
{
	return __atomic_load_n(&fired, __ATOMIC_RELAXED);
}

/* This CPU's index in nsk_mpidr[]. */
static unsigned my_index(void)
{
	for (unsigned i = 0; i < nsk_ncpus; i++)
		if (nsk_mpidr[i] == my_mpidr())
			return i;
	return 0;
}

/*
 * The SGI as this CPU's only wake-up: the suspend conduit's timer stays off
 * for its next CPU_SUSPEND (until wake_disarm(), after it or at the resume).
 */
void wake_sgi_arm(void)
{
	uint64_t rd;

	__atomic_fetch_or(&sgi_only, 1u << my_index(), __ATOMIC_RELAXED);

	if (gic.version == 2) {
		gicv2_setup();
		*reg8(gic.dist, GICD_IPRIORITYR + WAKE_SGI) = WAKE_PRIORITY;
		*reg32(gic.dist, GICD_ISENABLER) = 1u << WAKE_SGI;
		__atomic_store_n(&cpu_target[my_index()], *reg8(gic.dist, GICD_ITARGETSR),
				 __ATOMIC_RELEASE);
		return;
	}
	gicv3_setup();
	rd = my_redist();
	if (!rd)
		return;
	*reg8(rd, GICR_IPRIORITYR + WAKE_SGI) = WAKE_PRIORITY;
	*reg32(rd, GICR_ISENABLER0) = 1u << WAKE_SGI;
}

void wake_sgi_send(unsigned cpu)
{
	uint64_t m = nsk_mpidr[cpu];

	__asm__ volatile("dsb sy" : : : "memory");
	if (gic.version == 2) {
		*reg32(gic.dist, GICD_SGIR) =
			(uint32_t)__atomic_load_n(&cpu_target[cpu], __ATOMIC_ACQUIRE) << 16 | WAKE_SGI;
		return;
	}
	sysreg_write(ICC_SGI1R_EL1, ((m >> 32) & 0xff) << 48 | ((m >> 16) & 0xff) << 32 |
					    (uint64_t)WAKE_SGI << 24 | ((m >> 8) & 0xff) << 16 |
					    1ull << (m & 0xf));
	isb();
}

/* Acknowledges and ends every interrupt pending for this CPU (the SGI). */
void wake_sgi_clear(void)
{
	for (unsigned i = 0; i < 16; i++) {
		uint32_t iar = gic.version == 2 ? *reg32(gic.cpuif, GICC_IAR)
						 : (uint32_t)sysreg_read(ICC_IAR1_EL1);

		if ((iar & 0xffffff) >= 1020)
			break;
		if (gic.version == 2)
			*reg32(gic.cpuif, GICC_EOIR) = iar;
		else
			sysreg_write(ICC_EOIR1_EL1, iar);
	}
	isb();
}

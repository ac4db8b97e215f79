/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the GIC drivers (gicv2.c, gicv3.c) share: the distributor registers
 * a GICv3 has as a GICv2 does, the special interrupt IDs, the monitor's
 * priorities, and what they ask of the board. Each driver works at the
 * addresses the board gives. Secure accesses see the secure view of each
 * banked register.
 *
 * The monitor's use of a GIC: the normal world owns every interrupt (all in
 * group 1, non-secure) except the monitor's own in secure group 0 (an SGI
 * that wakes a core parked in WFI, a board's secure timer), which the
 * architecture routes to the monitor as FIQ.
 */
#ifndef SECMON_DRIVERS_GIC_H
#define SECMON_DRIVERS_GIC_H

#include <stdbool.h>
#include <stdint.h>

#define GICD_CTLR		0x0000
#define GICD_TYPER		0x0004
#define GICD_IGROUPR(n)		(0x0080 + 4 * (n))
#define GICD_ISENABLER(n)	(0x0100 + 4 * (n))
#define GICD_ICENABLER(n)	(0x0180 + 4 * (n))
#define GICD_IPRIORITYR(n)	(0x0400 + (n))
#define GICD_PIDR2		0x0fe8

#define CTLR_GRP0		(1u << 0)
#define CTLR_GRP1		(1u << 1)	/* GICv3: EnableGrp1NS */
#define CTLR_GRP1S		(1u << 2)	/* GICv3: EnableGrp1S */

/* SGIs are 0-15; from 16 on, a CPU's PPIs and the shared interrupts. */
#define GIC_FIRST_PPI		16
#define GIC_SPURIOUS_FIRST	1020
/* ICC_IAR0_EL1 / ICC_HPPIR0_EL1 at EL3: the highest pending interrupt is Secure Group 1. */
#define GIC_SECURE_G1_PENDING	1020
/*
 * What an acknowledge of group 0 reads when the highest-priority pending
 * interrupt is another group's (a normal-world one): 1022 on a GICv2 (secure
 * GICC_IAR, AckCtl clear), 1020 or 1021 on a GICv3 (ICC_IAR0_EL1 at EL3).
 * 1023: nothing is pending.
 */
#define GIC_OTHER_GROUP_LAST	1022
#define GIC_SECURE_PRIORITY	0x00

/*
 * A PPI's configuration on the calling CPU as one word (gicv2_ppi_get(),
 * gicv3_ppi_get(); the _set()s write one back): its group bit, its group
 * modifier bit (GICv3), whether it is enabled, and its priority.
 */
#define GIC_PPI_GROUP1		(1u << 0)
#define GIC_PPI_GRPMOD		(1u << 1)
#define GIC_PPI_ENABLED		(1u << 2)
#define GIC_PPI_PRIORITY(p)	((uint32_t)(p) << 8)
#define GIC_PPI_SECURE		(GIC_PPI_ENABLED | GIC_PPI_PRIORITY(GIC_SECURE_PRIORITY))
#define GIC_PMR_ALL		0xff

/*
 * Group 0 enabled in the distributor (the same bit on a GICv2 and a GICv3;
 * the cold boot's), and whether it is. A board may use it as its boot
 * CPU's "monitor ready" signal: a system reset clears it, so it cannot be
 * stale.
 */
void gic_dist_enable_group0(uintptr_t gicd);
bool gic_dist_group0_enabled(uintptr_t gicd);
/* The distributor's architecture version (GICD_PIDR2.ArchRev): 2 for a GICv1 or v2. */
unsigned gic_dist_version(uintptr_t gicd);

/*
 * Asked of the board: one of its group-0 interrupts other than an SGI (a
 * secure timer's PPI, say), acknowledged and not yet ended, on the CPU that
 * took it. SGIs need nothing more than the acknowledge: they are wake-ups.
 */
void board_gic_interrupt(unsigned intid);

#endif

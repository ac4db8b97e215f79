/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The GICv2 registers both ports use (gicv2.c), and the distributor
 * registers a GICv3 shares with it. Secure accesses see the secure view of
 * each banked register.
 */
#ifndef QV_GICV2_H
#define QV_GICV2_H

#include <stdbool.h>
#include <stdint.h>

#define GICD_CTLR		0x0000
#define GICD_TYPER		0x0004
#define GICD_IGROUPR(n)		(0x0080 + 4 * (n))
#define GICD_ISENABLER(n)	(0x0100 + 4 * (n))
#define GICD_IPRIORITYR(n)	(0x0400 + (n))
#define GICD_ITARGETSR(n)	(0x0800 + (n))
#define GICD_SGIR		0x0f00
#define GICD_PIDR2		0x0fe8

#define CTLR_GRP0		(1u << 0)
#define CTLR_GRP1		(1u << 1)	/* GICv3: EnableGrp1NS */

#define GICC_CTLR		0x0000
#define GICC_PMR		0x0004
#define GICC_IAR		0x000c
#define GICC_EOIR		0x0010
#define GICC_CTLR_GRP0		(1u << 0)
#define GICC_CTLR_GRP1		(1u << 1)
#define GICC_CTLR_FIQEN		(1u << 3)

#define GIC_SPURIOUS_FIRST	1020
/*
 * What an acknowledge of group 0 reads when the highest-priority pending
 * interrupt is another group's (a normal-world one): 1022 on a GICv2 (secure
 * GICC_IAR, AckCtl clear), 1020 or 1021 on a GICv3 (ICC_IAR0_EL1 at EL3).
 * 1023: nothing is pending.
 */
#define GIC_OTHER_GROUP_LAST	1022
#define GIC_WAKE_PRIORITY	0x00
#define GIC_PMR_ALL		0xff

/* The GICv2 forms of the qv_gic_* operations (qv-common.h). */
void qv_gicv2_dist_init(void);
void qv_gicv2_cpu_init(unsigned cpu);
void qv_gicv2_send_wake(unsigned cpu);
void qv_gicv2_secure_ppi(unsigned intid);
bool qv_gicv2_ack_group0(void);
void qv_gicv2_cpu_quiesce(void);
/* Group 0 on in the distributor (the same bit on a GICv3). */
void qv_gicd_enable_group0(void);

#endif

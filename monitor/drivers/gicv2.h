/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The secure side of a GICv2 (gic.h says how the monitor uses a GIC), at
 * the distributor (gicd) and CPU interface (gicc) addresses the board
 * gives; CPUs by the board's index, of which a GICv2 has at most
 * GICV2_MAX_CPUS.
 */
#ifndef SECMON_DRIVERS_GICV2_H
#define SECMON_DRIVERS_GICV2_H

#include <stdbool.h>
#include <stdint.h>
#include "gic.h"

#define GICD_ITARGETSR(n)	(0x0800 + (n))
#define GICD_SGIR		0x0f00

#define GICC_CTLR		0x0000
#define GICC_PMR		0x0004
#define GICC_IAR		0x000c
#define GICC_EOIR		0x0010
#define GICC_HPPIR		0x0018
#define GICC_CTLR_GRP0		(1u << 0)
#define GICC_CTLR_GRP1		(1u << 1)
#define GICC_CTLR_FIQEN		(1u << 3)

#define GICV2_MAX_CPUS		8

/* Cold boot: every shared interrupt to group 1, group 1 enabled; the OS programs the rest. */
void gicv2_dist_init(uintptr_t gicd);
/*
 * On CPU `cpu` itself, at its reset (before the boot CPU has set up
 * anything but its stack: the driver keeps what it learns out of .bss):
 * its banked SGIs and PPIs in group 1 but `sgi`, which is secure group 0,
 * and its CPU interface signalling group 0 as FIQ.
 */
void gicv2_cpu_init(uintptr_t gicd, uintptr_t gicc, unsigned cpu, unsigned sgi);
/* The secure (group 0) SGI `sgi` to CPU `cpu`, once that CPU has run gicv2_cpu_init(). */
void gicv2_send_sgi(uintptr_t gicd, unsigned cpu, unsigned sgi);
/*
 * A PPI of the calling CPU into group 0, enabled. The normal world's writes
 * to a group-0 interrupt's group, priority and enable bits are ignored by
 * the GIC, so the OS cannot take it back.
 */
void gicv2_secure_ppi(uintptr_t gicd, unsigned intid);
uint32_t gicv2_ppi_get(uintptr_t gicd, unsigned intid);
void gicv2_ppi_set(uintptr_t gicd, unsigned intid, uint32_t cfg);
/*
 * Acknowledges and ends every pending group-0 interrupt of the calling CPU
 * (board_gic_interrupt() for each that is no SGI); true when what is left
 * pending is a group-1 interrupt.
 */
bool gicv2_group0_drain(uintptr_t gicc);
/*
 * A core that is off must not be woken by the OS's interrupts, or its WFI
 * would return at once, for ever: group 1 off in its CPU interface (the OS
 * enables it again when it brings the core back) and the priority mask
 * open, so that the monitor's SGI gets through whatever the OS left there.
 */
void gicv2_cpu_quiesce(uintptr_t gicc);

#endif

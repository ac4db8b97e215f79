/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The secure side of a GICv3 (gic.h says how the monitor uses a GIC), at
 * the distributor address and the first redistributor region [gicr,
 * gicr_end) the board gives, with the CPU interface through AArch64 system
 * registers (ICC_*_EL1/EL3): an AArch64 driver (an AArch32 monitor would
 * reach the same registers through CP15).
 */
#ifndef SECMON_DRIVERS_GICV3_H
#define SECMON_DRIVERS_GICV3_H

#include <stdbool.h>
#include <stdint.h>
#include "gic.h"
#include "../arch/arch.h"

/*
 * The calling CPU has a GICv3 CPU interface (ID_AA64PFR0_EL1.GIC): known at
 * reset, before anything has read a DT.
 */
static inline bool gicv3_cpu_if_present(void)
{
	return id_field(read_sysreg("id_aa64pfr0_el1"), PFR0_GIC) != 0;
}
/* Cold boot: affinity routing, every shared interrupt to non-secure group 1, group 1 enabled. */
void gicv3_dist_init(uintptr_t gicd);
/* gic_dist_enable_group0(), and its write completed. */
void gicv3_dist_enable_group0(uintptr_t gicd);
/*
 * Secure group 1 enabled at the distributor (GICD_CTLR.EnableGrp1S), for a
 * trusted OS's interrupts: the monitor has none of its own there.
 */
void gicv3_dist_enable_secure_group1(uintptr_t gicd);
/*
 * On the calling CPU, at its reset: its redistributor awake, its SGIs and
 * PPIs in non-secure group 1 but `sgi`, which is secure group 0, and its
 * CPU interface's group 0 enabled.
 */
void gicv3_cpu_init(uintptr_t gicr, uintptr_t gicr_end, unsigned sgi);
/* The secure group-0 SGI `sgi` to the CPU with this MPIDR. */
void gicv3_send_sgi(uint64_t mpidr, unsigned sgi);
/* As gicv2_secure_ppi(), in the calling CPU's redistributor. */
void gicv3_secure_ppi(uintptr_t gicr, uintptr_t gicr_end, unsigned intid);
/* As gicv2_ppi_get() and gicv2_ppi_set() (gic.h's word), in the calling CPU's redistributor. */
uint32_t gicv3_ppi_get(uintptr_t gicr, uintptr_t gicr_end, unsigned intid);
void gicv3_ppi_set(uintptr_t gicr, uintptr_t gicr_end, unsigned intid, uint32_t cfg);
/* As gicv2_group0_drain(), through ICC_IAR0_EL1. */
bool gicv3_group0_drain(void);
/* As gicv2_cpu_quiesce(): group 1 off for this core at EL3, the priority mask open. */
void gicv3_cpu_quiesce(void);

#endif

// SPDX-License-Identifier: BSD-3-Clause
/* The distributor registers a GICv3 shares with a GICv2 (gic.h). */
#include <stdbool.h>
#include <stdint.h>
#include "gic.h"
#include "../arch/arch.h"

MON_COLD_BOOT void gic_dist_enable_group0(uintptr_t gicd)
{
	dsb_sy();
	mmio_write32(gicd + GICD_CTLR, mmio_read32(gicd + GICD_CTLR) | CTLR_GRP0);
}

bool gic_dist_group0_enabled(uintptr_t gicd)
{
	return (mmio_read32(gicd + GICD_CTLR) & CTLR_GRP0) != 0;
}

unsigned gic_dist_version(uintptr_t gicd)
{
	unsigned rev = (mmio_read32(gicd + GICD_PIDR2) >> 4) & 0xf;

	return rev >= 3 ? rev : 2;
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * The power states both QEMU virt ports offer (plat_power_states()).
 *
 * Latencies follow docs/porting.md's rule from `make bench`'s figures
 * (instructions under -icount shift=0, i.e. at a nominal 1 GHz, one
 * instruction per nanosecond): a state's round trip (call to return, or to
 * resume entry) is split evenly into entry and exit and rounded up to whole
 * microseconds; each deeper state costs at least 1 us more each way than
 * the one above it; min-residency is entry plus exit. Measured on AArch64:
 * suspend_standby 280, suspend_powerdown 455 instructions (bench/
 * baseline.json; 300 and 474 since psci.c reads this table), all below
 * 1 us; the cluster and system states run the same monitor path plus the
 * coordination.
 *
 * The generic timer keeps counting in every state here (QEMU stops no
 * clock; a powered-down CPU waits in WFI for its own timer interrupt), so
 * no state stops the local timer.
 */
#include "../../plat.h"

static const struct plat_power_state states[] = {
	{ "cpu-retention", 0x00000000u, false, PLAT_LEVEL_CORE, 1, 1, 2, false },
	{ "cpu-power-down", 0x00010000u, true, PLAT_LEVEL_CORE, 2, 2, 4, false },
	{ "cluster-power-down", 0x01010000u, true, PLAT_LEVEL_CLUSTER, 3, 3, 6, false },
	{ "system-power-down", 0x02010000u, true, PLAT_LEVEL_SYSTEM, 4, 4, 8, false },
};

const struct plat_power_state *plat_power_states(unsigned *n)
{
	*n = sizeof(states) / sizeof(states[0]);
	return states;
}

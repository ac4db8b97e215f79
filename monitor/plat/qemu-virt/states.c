// SPDX-License-Identifier: BSD-3-Clause
/*
 * The power states both QEMU virt ports offer (plat_power_states()).
 *
 * Latencies follow docs/porting.md's rule from `make bench`'s figures
 * (instructions under -icount shift=0, i.e. at a nominal 1 GHz, one
 * instruction per nanosecond): a state's round trip (call to return, or to
 * resume entry) is split evenly into entry and exit and rounded up to whole
 * microseconds; each deeper state costs at least 1 us more each way than
 * the one above it; min-residency is entry plus exit. Measured on AArch64
 * (make bench, bench/baseline.json, EL2): cpu-retention 351 (the standby
 * round trip), cpu-power-down 525, cluster-power-down 628 (743 in
 * OS-initiated mode), system-power-down 600 and SYSTEM_SUSPEND 523
 * instructions from the call to the resume entry: every one below 1 us
 * each way, so rule 2 alone orders them: 1/1/2, 2/2/4, 3/3/6, 4/4/8 us.
 *
 * The generic timer keeps counting in every state here (QEMU stops no
 * clock; a powered-down CPU waits in WFI for its own timer interrupt), so
 * no state stops the local timer.
 *
 * StateIDs (bits 15:0 of power_state) follow TF-A's encoding for this
 * board, which Arm's TFTF (plat/qemu/qemu_virt) and OSes written for TF-A
 * assume: a 4-bit local state per power level, core in bits 3:0, cluster
 * in 7:4, system in 11:8; RUN 0, retention 1, off 2. Core retention is
 * 0x1, core off 0x2, cluster off 0x22 (core and cluster off), system off
 * 0x222.
 */
#include "../../plat.h"

static const struct plat_power_state states[] = {
	{ "cpu-retention", 0x00000001u, false, PLAT_LEVEL_CORE, 1, 1, 2, false },
	{ "cpu-power-down", 0x00010002u, true, PLAT_LEVEL_CORE, 2, 2, 4, false },
	{ "cluster-power-down", 0x01010022u, true, PLAT_LEVEL_CLUSTER, 3, 3, 6, false },
	{ "system-power-down", 0x02010222u, true, PLAT_LEVEL_SYSTEM, 4, 4, 8, false },
};

const struct plat_power_state *plat_power_states(unsigned *n)
{
	*n = sizeof(states) / sizeof(states[0]);
	return states;
}

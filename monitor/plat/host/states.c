// SPDX-License-Identifier: BSD-3-Clause
/*
 * The simulator's power states (plat_power_states()): the QEMU ports'
 * encodings and figures, except that the simulated core stands for a real
 * one whose local timer stops when it powers down, so those states carry
 * local-timer-stop in the DT the simulator builds.
 */
#include "../../plat.h"

static const struct plat_power_state states[] = {
	{ "cpu-retention", 0x00000001u, false, PLAT_LEVEL_CORE, 1, 1, 2, false },
	{ "cpu-power-down", 0x00010002u, true, PLAT_LEVEL_CORE, 2, 2, 4, true },
	{ "cluster-power-down", 0x01010022u, true, PLAT_LEVEL_CLUSTER, 3, 3, 6, true },
	{ "system-power-down", 0x02010222u, true, PLAT_LEVEL_SYSTEM, 4, 4, 8, true },
};

const struct plat_power_state *plat_power_states(unsigned *n)
{
	*n = sizeof(states) / sizeof(states[0]);
	return states;
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * The simulator's SCMI channel and the library's memory words: a window of host memory standing for the
 * physical addresses [SIM_WINDOW_BASE, +SIM_WINDOW_SIZE), which straddles
 * the start of the default normal-world memory so that tests can also place
 * a channel in memory the normal world does not own.
 */
#include <stddef.h>

#include "../../scmi_backend.h"
#include "sim.h"

static _Alignas(8) unsigned char window[SIM_WINDOW_SIZE];
static struct scmi_be_channel chan = { SIM_SCMI_BASE, SIM_SCMI_SIZE };

void sim_scmi_channel(uint64_t base, uint32_t size)
{
	chan.base = base;
	chan.size = size;
}

void *sim_phys(uint64_t pa, uint64_t size)
{
	if (pa < SIM_WINDOW_BASE || pa - SIM_WINDOW_BASE > SIM_WINDOW_SIZE ||
	    size > SIM_WINDOW_SIZE - (pa - SIM_WINDOW_BASE))
		return NULL;
	return window + (pa - SIM_WINDOW_BASE);
}

static int sim_read32(void *ctx, uint64_t pa, uint32_t *value)
{
	const volatile uint32_t *w = (pa & 3) ? NULL : sim_phys(pa, 4);

	(void)ctx;
	if (!w)
		return SECMON_E_INVALID_ADDRESS;
	*value = *w;
	return SECMON_OK;
}

static int sim_write32(void *ctx, uint64_t pa, uint32_t value)
{
	volatile uint32_t *w = (pa & 3) ? NULL : sim_phys(pa, 4);

	(void)ctx;
	if (!w)
		return SECMON_E_INVALID_ADDRESS;
	*w = value;
	return SECMON_OK;
}

const struct secmon_ct_mem sim_mem = { sim_read32, sim_write32, NULL };

bool scmi_be_channel(struct scmi_be_channel *ch)
{
	*ch = chan;
	return chan.size != 0;
}

volatile uint32_t *scmi_be_shmem(uint64_t base, uint32_t size)
{
	return sim_phys(base, size);
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * The QEMU ports' SCMI channel. None yet: the SCMI SMC is not offered until
 * the ports reserve a channel in normal-world memory and describe it.
 */
#include "../../scmi_backend.h"

bool scmi_be_channel(struct scmi_be_channel *ch)
{
	(void)ch;
	return false;
}

volatile uint32_t *scmi_be_shmem(uint64_t base, uint32_t size)
{
	(void)size;
	return (volatile uint32_t *)(uintptr_t)base;
}

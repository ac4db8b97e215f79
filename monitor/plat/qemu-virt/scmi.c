// SPDX-License-Identifier: BSD-3-Clause
/*
 * The QEMU ports' SCMI channel: the page of normal-world RAM the port sets
 * aside (QV_SCMI_BASE, QV_SCMI_SIZE in its platform.h; size 0: none), which
 * the monitor lists in the OS's /reserved-memory. The MMU is off at EL3:
 * the physical address is the pointer, and the core's 32-bit accesses suit
 * Device memory.
 */
#include "platform.h"
#include "../../scmi_backend.h"

bool scmi_be_channel(struct scmi_be_channel *ch)
{
	ch->base = QV_SCMI_BASE;
	ch->size = QV_SCMI_SIZE;
	return QV_SCMI_SIZE != 0;
}

volatile uint32_t *scmi_be_shmem(uint64_t base, uint32_t size)
{
	(void)size;
	return (volatile uint32_t *)(uintptr_t)base;
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * The example "secure media" SiP service that a board DT describes
 * (boards/secure-media.dtsi; its descriptor is media_dt.c): its state, a
 * protected video format and a small table of protected normal-world
 * buffers, and the handlers of its operations. On real hardware protect and
 * unprotect would program the memory firewall; here the state is what the
 * service owns. Every address is checked against normal-world memory.
 */
#include <secmon/psci.h>
#include "../plat.h"
#include "described.h"
#include "media.h"

#define MAX_BUFFERS 8
#define PAGE 4096u
#define FORMAT_MAX 3	/* 0 none, 1 H.264, 2 HEVC, 3 AV1 */

/*
 * A handle names its slot (bits 7:0, slot + 1) and how many times the slot
 * was handed out before (bits 23:8): two live buffers never share a handle,
 * and a released one comes back only after 65536 more uses of its slot.
 */
struct buffer {
	uint64_t addr, size;
	uint32_t handle;	/* 0: free */
	uint16_t uses;
};

static struct buffer buffers[MAX_BUFFERS];
static uint64_t format;

MON_COLD_BOOT void media_init(void)
{
	for (unsigned i = 0; i < MAX_BUFFERS; i++)
		buffers[i] = (struct buffer){ 0 };
	format = 0;
}

static int64_t set_format(uint64_t f)
{
	if (f > FORMAT_MAX)
		return SECMON_PSCI_INVALID_PARAMETERS;
	plat_lock();
	format = f;
	plat_unlock();
	return SECMON_PSCI_SUCCESS;
}

static bool overlaps(const struct buffer *b, uint64_t addr, uint64_t size)
{
	return b->handle && addr < b->addr + b->size && b->addr < addr + size;
}

static int64_t protect(uint64_t addr, uint64_t size, uint64_t *handle)
{
	struct buffer *free = 0;
	int64_t ret = SECMON_PSCI_SUCCESS;

	if (!size || (addr | size) & (PAGE - 1))
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (!plat_ns_range_ok(addr, size))
		return SECMON_PSCI_INVALID_ADDRESS;
	plat_lock();
	for (unsigned i = 0; i < MAX_BUFFERS; i++) {
		if (overlaps(&buffers[i], addr, size))
			ret = SECMON_PSCI_DENIED;
		if (!buffers[i].handle && !free)
			free = &buffers[i];
	}
	if (!ret && !free)
		ret = SECMON_PSCI_DENIED;
	if (!ret) {
		free->addr = addr;
		free->size = size;
		free->handle = (uint32_t)free->uses << 8 | (uint32_t)(free - buffers + 1);
		free->uses++;
		*handle = free->handle;
	}
	plat_unlock();
	return ret;
}

static int64_t unprotect(uint64_t handle)
{
	uint64_t slot = (handle & 0xff) - 1;
	int64_t ret = SECMON_PSCI_INVALID_PARAMETERS;

	if (slot >= MAX_BUFFERS)
		return ret;
	plat_lock();
	if (buffers[slot].handle == handle) {
		buffers[slot].handle = 0;
		ret = SECMON_PSCI_SUCCESS;
	}
	plat_unlock();
	return ret;
}

static void status(uint64_t *f, uint64_t *n)
{
	plat_lock();
	*f = format;
	*n = 0;
	for (unsigned i = 0; i < MAX_BUFFERS; i++)
		*n += buffers[i].handle != 0;
	plat_unlock();
}

/* The handlers of its operations (media_dt.c names them). */
int64_t media_op_set_format(struct described_call *d)
{
	uint64_t fmt = 0;

	described_arg(d, MS_FORMAT, &fmt);
	return set_format(fmt);
}

int64_t media_op_protect(struct described_call *d)
{
	uint64_t addr = 0, size = 0, handle = 0;
	int64_t r;

	described_arg(d, MS_ADDR, &addr);
	described_arg(d, MS_SIZE, &size);
	r = protect(addr, size, &handle);
	if (r == 0)
		described_result(d, MS_HANDLE, handle);
	return r;
}

int64_t media_op_unprotect(struct described_call *d)
{
	uint64_t handle = 0;

	described_arg(d, MS_HANDLE, &handle);
	return unprotect(handle);
}

int64_t media_op_status(struct described_call *d)
{
	uint64_t fmt, n;

	status(&fmt, &n);
	described_result(d, MS_FORMAT, fmt);
	described_result(d, MS_BUFFERS, n);
	return SECMON_PSCI_SUCCESS;
}

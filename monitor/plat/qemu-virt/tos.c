// SPDX-License-Identifier: BSD-3-Clause
/*
 * The trusted OS that QEMU offers as fw_cfg file opt/secmon/tos
 * (-fw_cfg name=opt/secmon/tos,file=X; docs/trusted-os.md): loaded at cold
 * boot into secure RAM [QV_TOS_BASE, QV_TOS_END), where OP-TEE runs in
 * place on this board, before the OS is loaded. Two forms, told apart by
 * the first word: OP-TEE's header v1 ("OPTE", version 1: tee.bin) with its
 * image placed at the header's load address, or a raw image that runs at
 * QV_TOS_BASE (the project's payload, TF-A's "legacy" form). The file is
 * hostile input: every size and address is checked against the room, and
 * a refusal is said on the console, naming the file and the field; the
 * boot then goes on without a trusted OS. A PSCI 0.1 board's power-off
 * watch (poweroff.c) needs the secure physical timer, which a trusted OS
 * owns: with it, none is loaded. fw_cfg's DMA reaches only
 * normal-world memory, so the image is read through the data register.
 */
#include <stdbool.h>
#include <stdint.h>
#include "platform.h"
#include "qemu-virt.h"
#include "../../fwlib/fwlib.h"

#define TOS_FILE	"opt/secmon/tos"

/* OP-TEE's header v1 (its scripts/gen_tee_bin.py, output_header_v1). */
#define OPTEE_MAGIC	0x4554504fu	/* "OPTE" */
#define OPTEE_V1_SIZE	28
#define OPTEE_ARCH_A64	1

/* Everything of the monitor's but the trace rings lies below here (its link script). */
extern char __trace_rings_start[];

MON_COLD_BOOT bool qv_tos_offered(void)
{
	uint32_t size;

	return mon_tos_hosted() && qv_fwcfg_file(TOS_FILE, &size) != 0;
}

static uint32_t le32(const uint8_t *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static bool refuse(const char *why, unsigned long v)
{
	fw_err("trusted OS (fw_cfg " TOS_FILE ") refused: %s (%lx); booting without one\n", why, v);
	return false;
}

/* The v1 header at QV_TOS_BASE (the whole file, `size` bytes, is there): its image placed. */
static bool place_v1(uint32_t size, struct qv_tos *t)
{
	const uint8_t *h = (const uint8_t *)QV_TOS_BASE;
	uint32_t init_size = le32(h + 8), hi = le32(h + 12), lo = le32(h + 16);
	uint32_t mem_usage = le32(h + 20), paged = le32(h + 24);
	uint16_t flags = (uint16_t)(h[6] | h[7] << 8);

	if (size < OPTEE_V1_SIZE)
		return refuse("OP-TEE header cut short: file size", size);
	if (h[4] != 1)
		return refuse("OP-TEE header version (only 1)", h[4]);
	if (h[5] != OPTEE_ARCH_A64)
		return refuse("OP-TEE header arch (only 1, AArch64)", h[5]);
	if (flags)
		return refuse("OP-TEE header flags (none known)", flags);
	if (paged)
		return refuse("OP-TEE header paged_size (no pager here)", paged);
	if (init_size == 0 || init_size > size - OPTEE_V1_SIZE)
		return refuse("OP-TEE header init_size", init_size);
	if (hi || lo < QV_TOS_BASE || lo >= QV_TOS_END || init_size > QV_TOS_END - lo)
		return refuse("OP-TEE header init_load_addr", hi ? hi : lo);
	/* What it uses from its load address on (its image, .bss, heap): all in the room. */
	if (mem_usage > QV_TOS_END - lo)
		return refuse("OP-TEE header init_mem_usage (past 0x0f000000 from init_load_addr)",
			      mem_usage);
	memmove((void *)(uintptr_t)lo, h + OPTEE_V1_SIZE, init_size);
	t->entry = lo;
	t->end = (uint64_t)lo + init_size;
	return true;
}

MON_COLD_BOOT bool qv_tos_load(struct qv_tos *t)
{
	uint32_t size;
	uint16_t key = qv_fwcfg_file(TOS_FILE, &size);

	t->entry = 0;
	t->pageable = t->pageable_size = 0;
	if (!key)
		return false;
	if (!mon_tos_hosted()) {
		fw_err("trusted OS (fw_cfg " TOS_FILE ") ignored: this image has no trusted-OS "
		       "dispatcher (port qemu-virt-a64-tos has); booting without one\n");
		return false;
	}
	if (qv_poweroff_enabled)
		return refuse("a PSCI 0.1 board's power-off watch owns the secure physical timer, PPI",
			      QV_SEC_TIMER_INTID);
	if ((uintptr_t)__trace_rings_start > QV_TOS_BASE)
		return refuse("the monitor's own secure memory reaches its base",
			      (unsigned long)(uintptr_t)__trace_rings_start);
	if (size < 8 || size > QV_TOS_END - QV_TOS_BASE)
		return refuse("file size (8 bytes to the room at 0x0e100000-0x0f000000)", size);
	qv_fwcfg_read(key, (void *)QV_TOS_BASE, size);
	if (le32((const uint8_t *)QV_TOS_BASE) == OPTEE_MAGIC) {
		if (!place_v1(size, t))
			return false;
		fw_info("trusted OS: OP-TEE header v1, %lu bytes at %lx\n",
			(unsigned long)(t->end - t->entry), (unsigned long)t->entry);
		return true;
	}
	t->entry = QV_TOS_BASE;
	t->end = QV_TOS_BASE + size;
	fw_info("trusted OS: raw image, %u bytes at %lx\n", size, (unsigned long)t->entry);
	return true;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * This port's step of the cold boot (../coldboot.c): load the OS that QEMU
 * offers through fw_cfg (-kernel, -initrd, -append) and fix up QEMU's DTB
 * for it; the architecture layer enters it (arch_enter_os(): at the normal
 * world's highest EL).
 *
 * Normal-world RAM at the start (QEMU's DTB is already at its base):
 *   base + 0         DTB, grown in place to at most DTB_MAX; the rest of
 *                    that room zeroed after the fix-up
 *   base + 1 MiB     power-off mailbox (PSCI 0.1 boards only, poweroff.c),
 *                    clear of U-Boot's early stack (below base + 2 MiB)
 *   base + 1 MiB + 4 KiB  SCMI shared memory (platform.h QV_SCMI_BASE)
 *   base + 0x1ff000  fw_cfg DMA control block (scratch)
 *   base + 2 MiB     kernel Image (+ text_offset), image_size bytes
 *   next 2 MiB       initrd
 * With a payload (fw_cfg opt/secmon/payload, payload.c) it takes the
 * kernel's place and nothing else is loaded: the kernel, initrd and command
 * line in fw_cfg are the payload's to load.
 */
#include <stdbool.h>
#include <stdint.h>
#include <libfdt.h>
#include <secmon/smccc.h>
#include "platform.h"
#include "../qemu-virt.h"
#include "../../../fwlib/fwlib.h"
#include "../../../monitor.h"
#include "../../../plat.h"

#define DTB_ADDR		QV_NS_RAM_BASE
#define DTB_MAX			0x100000
#define KERNEL_BASE		(QV_NS_RAM_BASE + 0x200000)
#define SZ_2M			0x200000ull
#define ARM64_IMAGE_MAGIC	0x644d5241u	/* "ARM\x64" */

struct arm64_image_header {
	uint32_t code0, code1;
	uint64_t text_offset;
	uint64_t image_size;
	uint64_t flags;
	uint64_t res2, res3, res4;
	uint32_t magic;
	uint32_t res5;
};

/* The kernel: header first, for where it goes and how much room it needs. */
static uint64_t load_kernel(uint64_t *end)
{
	uint32_t size = qv_fwcfg_item_u32(QV_FW_KERNEL_SIZE);
	const struct arm64_image_header *h = (const void *)KERNEL_BASE;
	uint64_t text_offset, image_size;

	if (size == 0)
		qv_boot_failed("no kernel (run QEMU with -kernel Image)");
	if (size < sizeof(*h) || !plat_ns_range_ok(KERNEL_BASE, size))
		qv_boot_failed("kernel does not fit in RAM");
	if (!qv_fwcfg_dma(QV_FW_KERNEL_DATA, KERNEL_BASE, sizeof(*h)) || h->magic != ARM64_IMAGE_MAGIC)
		qv_boot_failed("the kernel is not an arm64 Image");
	/* image_size 0: a kernel older than 3.17, with text_offset 0x80000 and no size. */
	text_offset = h->image_size ? h->text_offset : 0x80000;
	image_size = h->image_size > size ? h->image_size : size;
	if (!plat_ns_range_ok(KERNEL_BASE + text_offset, image_size))
		qv_boot_failed("kernel does not fit in RAM");
	if (!qv_fwcfg_dma(QV_FW_KERNEL_DATA, KERNEL_BASE + text_offset, size))
		qv_boot_failed("fw_cfg DMA of the kernel failed");
	*end = KERNEL_BASE + text_offset + image_size;
	fw_info("kernel %u bytes at %lx\n", size, (unsigned long)(KERNEL_BASE + text_offset));
	return KERNEL_BASE + text_offset;
}

static void load_initrd(uint64_t after, struct qv_boot_info *bi)
{
	uint32_t size = qv_fwcfg_item_u32(QV_FW_INITRD_SIZE);
	uint64_t at = qv_align_up(after, SZ_2M);

	bi->initrd_start = bi->initrd_end = 0;
	if (!size)
		return;
	if (!plat_ns_range_ok(at, size))
		qv_boot_failed("initrd does not fit in RAM");
	if (!qv_fwcfg_dma(QV_FW_INITRD_DATA, at, size))
		qv_boot_failed("fw_cfg DMA of the initrd failed");
	bi->initrd_start = at;
	bi->initrd_end = at + size;
	fw_info("initrd %u bytes at %lx\n", size, (unsigned long)at);
}

/* fw_cfg opt/secmon/payload, at the kernel's place; false: there is none. */
static bool load_payload(struct qv_boot_info *bi)
{
	static const struct qv_keep keep[] = {
		{ DTB_ADDR, DTB_MAX, "the DT" },
		{ QV_MAILBOX_BASE, QV_MAILBOX_SIZE, "the power-off mailbox" },
	};
	const struct qv_payload_slot slot = {
		.at = KERNEL_BASE, .aarch64 = true, .keep = keep, .nkeep = 2,
	};
	struct qv_payload p;

	return qv_payload_load(&slot, &p, bi);
}

void qv_load_os(const void *board, struct qv_os *os)
{
	struct qv_boot_info bi;
	uint64_t kernel_end;

	qv_poweroff_init(board, QV_MAILBOX_BASE);
	if (!load_payload(&bi)) {
		bi.kernel_entry = load_kernel(&kernel_end);
		load_initrd(kernel_end, &bi);
		qv_load_cmdline(&bi);
	}
	if (qv_dt_fixup((void *)DTB_ADDR, DTB_MAX, &bi, board) != 0)
		qv_boot_failed("DT fix-up failed");
	qv_dt_wipe_secure_leftovers((void *)DTB_ADDR, DTB_MAX, NULL, 0);
	os->entry = bi.kernel_entry;
	os->dtb = DTB_ADDR;
}

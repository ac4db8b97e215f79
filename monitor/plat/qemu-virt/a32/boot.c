/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * This port's step of the cold boot (../coldboot.c): load the OS that QEMU
 * offers through fw_cfg (-kernel zImage, -initrd, -append) and fix up
 * QEMU's DTB for it; the architecture layer enters the kernel the way
 * Linux's ARM boot protocol asks (arch_enter_os(): Hyp mode if the CPU has
 * it, else SVC, r2 = the DTB's address).
 *
 * Normal-world RAM, from its base B, with top = B + min(size / 2, 128 MiB):
 *   B + 0             QEMU's DTB, read, then moved and wiped (the kernel
 *                     decompresses itself to B + 0x8000 and puts its page
 *                     tables below)
 *   B + 0x1ff000      fw_cfg DMA control block (scratch)
 *   B + 32 MiB        the zImage, so that it need not move itself before
 *                     decompressing (B + 2 MiB when RAM is too small; the
 *                     decompressor then moves itself out of the way)
 *   top               the initrd
 *   after the initrd  the DTB, fixed up (at most DTB_MAX bytes)
 *   after the DTB     the power-off mailbox page (PSCI 0.1 boards only,
 *                     poweroff.c): out of the decompressor's way
 * which is the layout QEMU's own loader uses for the initrd and DTB, and the
 * one the boot protocol recommends for the zImage.
 *
 * With a payload (fw_cfg opt/secmon/payload, payload.c) nothing else is
 * loaded (fw_cfg's kernel, initrd and command line are the payload's) and
 * the payload goes to B + 32 MiB. A raw image (a bootloader) finds the DTB
 * where QEMU put it, at B (U-Boot reads it there), with the mailbox at
 * B + DTB_MAX; a zImage payload is laid out as the kernel above, the DTB
 * after the room its decompressor needs. Whatever is loaded is checked
 * against the reserved ranges (qv_reserved()): QEMU's DTB until it is moved
 * or fixed up, the mailbox where it will be, the fw_cfg DMA control block.
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

#define QEMU_DTB		QV_NS_RAM_BASE
#define DTB_MAX			0x100000u
#define SZ_1M			0x100000ull
#define SZ_2M			0x200000ull
#define SZ_32M			0x2000000ull
#define SZ_128M			0x8000000ull
/* Room after a zImage's data for its decompressor's stack and heap. */
#define ZIMAGE_SLACK		SZ_1M
#define ZIMAGE_MAGIC_OFF	0x24
#define ZIMAGE_MAGIC		0x016f2818u
#define ZIMAGE_ENDIAN_OFF	0x30
#define ZIMAGE_BIG_ENDIAN	0x01020304u

/* Where things go in the RAM bank that starts at QV_NS_RAM_BASE. */
struct layout {
	uint64_t base, end;	/* the bank */
	uint64_t top;		/* initrd here, then the DTB */
	struct qv_keep keep[QV_NRESERVED];
	unsigned nkeep;
};

static void find_layout(struct layout *l)
{
	const struct fw_range *r;
	unsigned n = qv_ns_memory(&r);

	for (unsigned i = 0; i < n; i++) {
		if (r[i].base == QV_NS_RAM_BASE) {
			uint64_t half = r[i].size / 2;

			l->base = r[i].base;
			l->end = r[i].base + r[i].size;
			l->top = l->base + (half < SZ_128M ? half : SZ_128M);
			l->top = qv_align_up(l->top, SZ_1M);
			return;
		}
	}
	qv_boot_failed("no normal-world RAM at 0x40000000 in QEMU's DTB");
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The zImage: checked by its header, placed below the initrd. */
static uint64_t load_kernel(const struct layout *l)
{
	uint32_t size = qv_fwcfg_item_u32(QV_FW_KERNEL_SIZE);
	uint64_t at = l->base + SZ_32M;
	const uint8_t *h;

	if (size == 0)
		qv_boot_failed("no kernel (run QEMU with -kernel zImage)");
	if (at + size + ZIMAGE_SLACK > l->top)
		at = l->base + SZ_2M;
	if (size < 0x40 || at + size + ZIMAGE_SLACK > l->top)
		qv_boot_failed("kernel does not fit in RAM");
	qv_check_room(l->keep, l->nkeep, "kernel", "zImage", size, at, at + size + ZIMAGE_SLACK);
	h = (const uint8_t *)(uintptr_t)at;
	if (!qv_fwcfg_dma(QV_FW_KERNEL_DATA, at, 0x40) || le32(h + ZIMAGE_MAGIC_OFF) != ZIMAGE_MAGIC)
		qv_boot_failed("the kernel is not an ARM zImage");
	if (le32(h + ZIMAGE_ENDIAN_OFF) == ZIMAGE_BIG_ENDIAN)
		qv_boot_failed("the kernel is big-endian; this monitor enters little-endian kernels");
	if (!qv_fwcfg_dma(QV_FW_KERNEL_DATA, at, size))
		qv_boot_failed("fw_cfg DMA of the kernel failed");
	fw_info("kernel %u bytes at %lx\n", size, (unsigned long)at);
	return at;
}

static void load_initrd(const struct layout *l, struct qv_boot_info *bi)
{
	uint32_t size = qv_fwcfg_item_u32(QV_FW_INITRD_SIZE);

	bi->initrd_start = bi->initrd_end = l->top;
	if (!size)
		return;
	if (qv_align_up(l->top + size, 0x1000) + DTB_MAX + QV_MAILBOX_SIZE > l->end)
		qv_boot_failed("initrd does not fit in RAM");
	qv_check_room(l->keep, l->nkeep, "initrd", NULL, size, l->top, l->top + size);
	if (!qv_fwcfg_dma(QV_FW_INITRD_DATA, l->top, size))
		qv_boot_failed("fw_cfg DMA of the initrd failed");
	bi->initrd_end = l->top + size;
	fw_info("initrd %u bytes at %lx\n", size, (unsigned long)l->top);
}

/* fw_cfg opt/secmon/payload; false: there is none. *dtb: where the DTB goes. */
static bool load_payload(const struct layout *l, struct qv_boot_info *bi, uint64_t *dtb)
{
	struct qv_keep keep[QV_NRESERVED];
	const struct qv_payload_slot slot = {
		.at = l->base + SZ_32M, .aarch64 = false, .keep = keep,
		.nkeep = qv_reserved(keep, QEMU_DTB, DTB_MAX, QEMU_DTB + DTB_MAX, false),
	};
	struct qv_payload p;

	if (!qv_payload_load(&slot, &p, bi))
		return false;
	*dtb = p.kind == QV_PAYLOAD_ZIMAGE ? qv_align_up(p.end, 0x1000) : QEMU_DTB;
	if (*dtb + DTB_MAX + QV_MAILBOX_SIZE > l->end)
		qv_boot_failed("no room for the DTB after the payload");
	return true;
}

/* The zImage's address and the DTB's. */
void qv_load_os(const void *board, struct qv_os *os)
{
	uint64_t *dtb = &os->dtb;
	void *qemu_dtb = (void *)QEMU_DTB;
	size_t qemu_size = fdt_totalsize(qemu_dtb);	/* checked by qv_monitor_init() */
	struct qv_boot_info bi;
	struct layout l;
	int err = 0;

	find_layout(&l);
	/* The kernel path: QEMU's DTB until it is moved; the mailbox goes after the new place. */
	l.nkeep = qv_reserved(l.keep, QEMU_DTB, qemu_size, 0, false);
	if (!load_payload(&l, &bi, dtb)) {
		bi.kernel_entry = load_kernel(&l);
		load_initrd(&l, &bi);
		qv_load_cmdline(&bi);
		*dtb = qv_align_up(bi.initrd_end, 0x1000);
	}
	qv_poweroff_init(board, *dtb + DTB_MAX);
	if (*dtb != QEMU_DTB)
		err = fdt_move(qemu_dtb, (void *)(uintptr_t)*dtb, DTB_MAX);
	if (err)
		fw_err("moving QEMU's DTB failed: %s\n", fdt_strerror(err));
	if (err || qv_dt_fixup((void *)(uintptr_t)*dtb, DTB_MAX, &bi, board) != 0)
		qv_boot_failed("DT fix-up failed");
	/* A raw payload reads the DTB where QEMU put it: then it was fixed up in place. */
	qv_dt_wipe_secure_leftovers((void *)(uintptr_t)*dtb, DTB_MAX,
				    *dtb != QEMU_DTB ? qemu_dtb : NULL, qemu_size);
	os->entry = bi.kernel_entry;
}

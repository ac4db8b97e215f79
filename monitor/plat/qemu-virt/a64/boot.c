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
 * With a trusted OS offered (fw_cfg opt/secmon/tos), OP-TEE's static
 * shared memory at 0x42000000-0x421fffff is reserved too (its DT node
 * says so to the OS): the kernel and the initrd each go to the first
 * 2 MiB boundary from their place on where they meet no reserved range
 * (Debian's arm64 kernel, 32 MiB with its BSS, then starts at 0x42200000).
 * With a payload (fw_cfg opt/secmon/payload, payload.c) it takes the
 * kernel's place and nothing else is loaded: the kernel, initrd and command
 * line in fw_cfg are the payload's to load. Whatever is loaded, kernel,
 * initrd or payload, must stay clear of the first four (the reserved
 * ranges, qv_reserved()); an Image is placed by its header's text_offset
 * from base + 2 MiB, which must be a multiple of 4 KiB and keep it in RAM.
 */
#include <stdbool.h>
#include <stdint.h>
#include <libfdt.h>
#include <secmon/smccc.h>
#include "platform.h"
#include "../qemu-virt.h"
#include "../../../arch/arch.h"
#include "../../../fwlib/fwlib.h"
#include "../../../monitor.h"
#include "../../../plat.h"

#define DTB_ADDR		QV_NS_RAM_BASE
#define DTB_MAX			0x100000
#define KERNEL_BASE		(QV_NS_RAM_BASE + 0x200000)
#define SZ_2M			0x200000ull

#define HEADER_SIZE		0x40

/* The reserved ranges (the top of this file): every loading path checks against them. */
static struct qv_keep reserved[QV_NRESERVED];
static unsigned nreserved;

/* The kernel: header first, for where it goes and how much room it needs. */
static uint64_t load_kernel(uint64_t *end)
{
	uint32_t size = qv_fwcfg_item_u32(QV_FW_KERNEL_SIZE);
	const uint8_t *h = (const void *)KERNEL_BASE;
	struct qv_payload p;
	char why[160];

	if (size == 0)
		qv_boot_failed("no kernel (run QEMU with -kernel Image)");
	if (size < HEADER_SIZE || !plat_ns_range_ok(KERNEL_BASE, size))
		qv_boot_failed("kernel does not fit in RAM");
	if (!qv_fwcfg_dma(QV_FW_KERNEL_DATA, KERNEL_BASE, HEADER_SIZE) ||
	    qv_payload_kind(h, size, true) != QV_PAYLOAD_ARM64_IMAGE)
		qv_boot_failed("the kernel is not an arm64 Image");
	qv_arm64_place(h, size, KERNEL_BASE, &p);
	if (!p.refused)
		qv_arm64_place(h, size, qv_first_fit(KERNEL_BASE, p.end - KERNEL_BASE, SZ_2M,
						     reserved, nreserved), &p);
	if (p.refused) {
		fw_snprintf(why, sizeof(why), "the kernel (arm64 Image, %u bytes) cannot be placed: %s",
			    size, p.refused);
		qv_boot_failed(why);
	}
	qv_check_room(reserved, nreserved, "kernel", "arm64 Image", size, p.load, p.end);
	if (!qv_fwcfg_dma(QV_FW_KERNEL_DATA, p.load, size))
		qv_boot_failed("fw_cfg DMA of the kernel failed");
	*end = p.end;
	fw_info("kernel %u bytes at %lx\n", size, (unsigned long)p.load);
	return p.load;
}

static void load_initrd(uint64_t after, struct qv_boot_info *bi)
{
	uint32_t size = qv_fwcfg_item_u32(QV_FW_INITRD_SIZE);
	uint64_t at;

	bi->initrd_start = bi->initrd_end = 0;
	if (!size)
		return;
	at = qv_first_fit(qv_align_up(after, SZ_2M), size, SZ_2M, reserved, nreserved);
	if (!plat_ns_range_ok(at, size))
		qv_boot_failed("initrd does not fit in RAM");
	qv_check_room(reserved, nreserved, "initrd", NULL, size, at, at + size);
	if (!qv_fwcfg_dma(QV_FW_INITRD_DATA, at, size))
		qv_boot_failed("fw_cfg DMA of the initrd failed");
	bi->initrd_start = at;
	bi->initrd_end = at + size;
	fw_info("initrd %u bytes at %lx\n", size, (unsigned long)at);
}

/* fw_cfg opt/secmon/payload, at the kernel's place; false: there is none. */
static bool load_payload(struct qv_boot_info *bi)
{
	const struct qv_payload_slot slot = {
		.at = KERNEL_BASE, .aarch64 = true, .keep = reserved, .nkeep = nreserved,
	};
	struct qv_payload p;

	return qv_payload_load(&slot, &p, bi);
}

/*
 * The trusted OS of fw_cfg opt/secmon/tos (../tos.c), entered once the DT
 * is final: it may edit it (OP-TEE adds its node and reserved memory, with
 * DTB_MAX of room) and the OS gets it as the trusted OS left it.
 */
static void boot_tos(void)
{
	struct qv_tos t;
	uint64_t args[4];

	if (!qv_tos_load(&t))
		return;
	args[0] = t.pageable;
	args[1] = t.pageable_size;
	args[2] = DTB_ADDR;
	args[3] = 0;
	if (mon_tos_boot(QV_BOOT_CPU, t.entry, QV_TOS_BASE, QV_TOS_END, args))
		fw_info("trusted OS running, entered at %lx\n", (unsigned long)t.entry);
}

void qv_load_os(const void *board, struct qv_os *os)
{
	struct qv_boot_info bi;
	uint64_t kernel_end;

	qv_poweroff_init(board, QV_MAILBOX_BASE);
	nreserved = qv_reserved(reserved, DTB_ADDR, DTB_MAX, QV_MAILBOX_BASE, qv_tos_offered());
	if (!load_payload(&bi)) {
		bi.kernel_entry = load_kernel(&kernel_end);
		load_initrd(kernel_end, &bi);
		qv_load_cmdline(&bi);
	}
	if (qv_dt_fixup((void *)DTB_ADDR, DTB_MAX, &bi, board) != 0)
		qv_boot_failed("DT fix-up failed");
	qv_dt_wipe_secure_leftovers((void *)DTB_ADDR, DTB_MAX, NULL, 0);
	boot_tos();
	os->entry = bi.kernel_entry;
	os->dtb = DTB_ADDR;
}

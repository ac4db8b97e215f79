/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The normal world's first program when it is not the OS itself: a
 * bootloader such as U-Boot, given as fw_cfg file opt/secmon/payload, so
 * that fw_cfg's kernel, initrd and command line stay for the OS the
 * bootloader loads (U-Boot's `qfw load`). Cold boot only.
 *
 * What is accepted, recognised by its first bytes:
 *   - an arm64 Image (magic "ARM\x64" at 0x38; AArch64 port): at the
 *     port's 2 MiB-aligned address + text_offset, image_size bytes of room;
 *   - an ARM zImage (magic 0x016f2818 at 0x24; AArch32 port): at the
 *     port's address, with room after it for its decompressor;
 *   - a raw position-independent image whose first instruction is an
 *     unconditional branch (A64 B on the AArch64 port, A32 B with
 *     condition AL on the AArch32 port), e.g. U-Boot's u-boot.bin: at the
 *     port's address, which is 2 MiB aligned (U-Boot needs 4 KiB).
 * Anything else stops the boot with a message naming the file.
 */
#include <stdbool.h>
#include <stdint.h>
#include "platform.h"
#include "qemu-virt.h"
#include "../../fwlib/fwlib.h"
#include "../../plat.h"

#define ARM64_MAGIC_OFF		0x38
#define ARM64_MAGIC		0x644d5241u	/* "ARM\x64" */
#define ARM64_TEXT_OFF		0x08
#define ARM64_SIZE_OFF		0x10
#define ARM64_OLD_TEXT_OFFSET	0x80000u	/* image_size 0: a kernel before 3.17 */
#define ZIMAGE_MAGIC_OFF	0x24
#define ZIMAGE_MAGIC		0x016f2818u
#define ZIMAGE_ENDIAN_OFF	0x30
#define ZIMAGE_BIG_ENDIAN	0x01020304u
#define ZIMAGE_SLACK		0x100000u	/* the decompressor's stack and heap */
#define A64_B_MASK		0xfc000000u
#define A64_B			0x14000000u
#define A32_B_MASK		0xff000000u
#define A32_B_AL		0xea000000u
#define HEADER_SIZE		0x40
#define SZ_4K			0x1000u

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const uint8_t *p)
{
	return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32;
}

static const char *const kind_names[] = {
	[QV_PAYLOAD_RAW] = "raw image",
	[QV_PAYLOAD_ARM64_IMAGE] = "arm64 Image",
	[QV_PAYLOAD_ZIMAGE] = "zImage",
};

const char *qv_payload_kind_name(enum qv_payload_kind k)
{
	return kind_names[k];
}

/* The kind from the first HEADER_SIZE bytes; -1 when it is none of them. */
int qv_payload_kind(const uint8_t *h, uint32_t size, bool aarch64)
{
	if (size < HEADER_SIZE)
		return -1;
	if (aarch64 && le32(h + ARM64_MAGIC_OFF) == ARM64_MAGIC)
		return QV_PAYLOAD_ARM64_IMAGE;
	if (!aarch64 && le32(h + ZIMAGE_MAGIC_OFF) == ZIMAGE_MAGIC &&
	    le32(h + ZIMAGE_ENDIAN_OFF) != ZIMAGE_BIG_ENDIAN)
		return QV_PAYLOAD_ZIMAGE;
	if (aarch64 && (le32(h) & A64_B_MASK) == A64_B)
		return QV_PAYLOAD_RAW;
	if (!aarch64 && (le32(h) & A32_B_MASK) == A32_B_AL)
		return QV_PAYLOAD_RAW;
	return -1;
}

/* Where it goes and how much room it takes, from its header. */
int qv_payload_place(const uint8_t *h, uint32_t size, const struct qv_payload_slot *s,
		     struct qv_payload *p)
{
	int kind = qv_payload_kind(h, size, s->aarch64);
	uint64_t room = size;

	if (kind < 0)
		return -1;
	p->kind = (enum qv_payload_kind)kind;
	p->size = size;
	p->load = s->at;
	if (kind == QV_PAYLOAD_ARM64_IMAGE) {
		uint64_t image_size = le64(h + ARM64_SIZE_OFF);

		p->load = s->at + (image_size ? le64(h + ARM64_TEXT_OFF) : ARM64_OLD_TEXT_OFFSET);
		room = image_size > size ? image_size : size;
	} else if (kind == QV_PAYLOAD_ZIMAGE) {
		room += ZIMAGE_SLACK;
	}
	p->end = p->load + room;
	return 0;
}

/* NULL when [p->load, p->end) is free; else the name of what it meets. */
const char *qv_payload_clash(const struct qv_payload *p, const struct qv_payload_slot *s)
{
	if (p->end < p->load || !plat_ns_range_ok(p->load, p->end - p->load))
		return "the end of normal-world RAM or secure memory";
	for (unsigned i = 0; i < s->nkeep; i++) {
		const struct qv_keep *k = &s->keep[i];

		if (p->load < k->base + k->size && k->base < p->end)
			return k->name;
	}
	return NULL;
}

bool qv_payload_load(const struct qv_payload_slot *s, struct qv_payload *p,
		     struct qv_boot_info *bi)
{
	uint32_t size = 0;
	uint16_t sel = qv_fwcfg_file(QV_PAYLOAD_FILE, &size);
	uint8_t h[HEADER_SIZE];
	char why[160];
	const char *clash;

	if (!sel)
		return false;
	if ((s->at & (SZ_4K - 1)) != 0 || !plat_ns_range_ok(s->at, HEADER_SIZE))
		qv_boot_failed("no normal-world RAM for the payload");
	if (!qv_fwcfg_dma(sel, s->at, size < HEADER_SIZE ? size : HEADER_SIZE))
		qv_boot_failed("fw_cfg DMA of the payload failed");
	for (unsigned i = 0; i < HEADER_SIZE; i++)
		h[i] = i < size ? ((const volatile uint8_t *)(uintptr_t)s->at)[i] : 0;
	if (qv_payload_place(h, size, s, p) != 0) {
		fw_snprintf(why, sizeof(why), "the payload (fw_cfg %s, %u bytes) is not %s",
			    QV_PAYLOAD_FILE, size,
			    s->aarch64 ? "an arm64 Image or a raw AArch64 image starting with a "
					 "branch (U-Boot's u-boot.bin)"
				       : "a little-endian zImage or a raw A32 image starting with a "
					 "branch (U-Boot's u-boot.bin)");
		qv_boot_failed(why);
	}
	clash = qv_payload_clash(p, s);
	if (clash) {
		fw_snprintf(why, sizeof(why), "the payload (%s, %u bytes) at %lx-%lx would overlap %s",
			    qv_payload_kind_name(p->kind), size, (unsigned long)p->load,
			    (unsigned long)(p->end - 1), clash);
		qv_boot_failed(why);
	}
	if (!qv_fwcfg_dma(sel, p->load, size))
		qv_boot_failed("fw_cfg DMA of the payload failed");
	fw_info("payload: %s, %u bytes at %lx (fw_cfg %s); fw_cfg's kernel, initrd and "
		"command line are left to it\n", qv_payload_kind_name(p->kind), size,
		(unsigned long)p->load, QV_PAYLOAD_FILE);
	bi->kernel_entry = p->load;
	bi->initrd_start = bi->initrd_end = 0;
	bi->cmdline = NULL;
	return true;
}

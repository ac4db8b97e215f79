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
 *
 * Every loading path (the payload, and the kernel and initrd from fw_cfg's
 * slots) places an arm64 Image with qv_arm64_place() and checks where
 * anything lands against the one list of reserved ranges, qv_reserved().
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

void qv_arm64_place(const uint8_t *h, uint32_t size, uint64_t base, struct qv_payload *p)
{
	uint64_t image_size = le64(h + ARM64_SIZE_OFF);
	uint64_t text_offset = image_size ? le64(h + ARM64_TEXT_OFF) : ARM64_OLD_TEXT_OFFSET;

	p->kind = QV_PAYLOAD_ARM64_IMAGE;
	p->size = size;
	p->refused = NULL;
	if (text_offset & (SZ_4K - 1))
		p->refused = "its text_offset is not a multiple of 4 KiB";
	else if (text_offset > UINT64_MAX - base)
		p->refused = "its text_offset takes it past the end of the address space";
	p->load = p->refused ? base : base + text_offset;
	p->end = p->load + (image_size > size ? image_size : size);
}

/* Where it goes and how much room it takes, from its header. */
int qv_payload_place(const uint8_t *h, uint32_t size, const struct qv_payload_slot *s,
		     struct qv_payload *p)
{
	int kind = qv_payload_kind(h, size, s->aarch64);

	if (kind < 0)
		return -1;
	if (kind == QV_PAYLOAD_ARM64_IMAGE) {
		qv_arm64_place(h, size, s->at, p);
		return 0;
	}
	p->kind = (enum qv_payload_kind)kind;
	p->size = size;
	p->refused = NULL;
	p->load = s->at;
	p->end = p->load + size + (kind == QV_PAYLOAD_ZIMAGE ? ZIMAGE_SLACK : 0);
	return 0;
}

unsigned qv_reserved(struct qv_keep keep[QV_NRESERVED], uint64_t dtb, uint64_t dtb_size,
		     uint64_t mailbox, bool tos)
{
	unsigned n = 0;

	keep[n++] = (struct qv_keep){ dtb, dtb_size, "the DT" };
	if (mailbox)
		keep[n++] = (struct qv_keep){ mailbox, QV_MAILBOX_SIZE, "the power-off mailbox" };
	if (QV_SCMI_SIZE)
		keep[n++] = (struct qv_keep){ QV_SCMI_BASE, QV_SCMI_SIZE, "the SCMI channel" };
	keep[n++] = (struct qv_keep){ QV_FWCFG_DMA_CONTROL, QV_FWCFG_DMA_CONTROL_SIZE,
				      "the fw_cfg DMA control block" };
	if (tos)
		keep[n++] = (struct qv_keep){ QV_TOS_SHM_BASE, QV_TOS_SHM_SIZE,
					      "the trusted OS's shared memory" };
	return n;
}

uint64_t qv_first_fit(uint64_t at, uint64_t size, uint64_t align, const struct qv_keep *keep,
		      unsigned n)
{
	/* Each move passes one range for good: at most n of them. */
	for (unsigned moves = 0, i = 0; i < n && moves <= n; i++) {
		const struct qv_keep *k = &keep[i];

		if (at < k->base + k->size && k->base < at + size) {
			at = qv_align_up(k->base + k->size, align);
			moves++;
			i = (unsigned)-1;	/* look at every range again from there */
		}
	}
	return at;
}

const char *qv_range_clash(uint64_t load, uint64_t end, const struct qv_keep *keep, unsigned n)
{
	if (end < load || !plat_ns_range_ok(load, end - load))
		return "the end of normal-world RAM or secure memory";
	for (unsigned i = 0; i < n; i++) {
		const struct qv_keep *k = &keep[i];

		if (load < k->base + k->size && k->base < end)
			return k->name;
	}
	return NULL;
}

void qv_check_room(const struct qv_keep *keep, unsigned n, const char *what, const char *kind,
		   uint32_t size, uint64_t at, uint64_t end)
{
	const char *clash = qv_range_clash(at, end, keep, n);
	char why[160];

	if (!clash)
		return;
	fw_snprintf(why, sizeof(why), "the %s (%s%s%u bytes) at %lx-%lx would overlap %s", what,
		    kind ? kind : "", kind ? ", " : "", size, (unsigned long)at,
		    (unsigned long)(end - 1), clash);
	qv_boot_failed(why);
}

/* NULL when [p->load, p->end) is free; else the name of what it meets. */
const char *qv_payload_clash(const struct qv_payload *p, const struct qv_payload_slot *s)
{
	return qv_range_clash(p->load, p->end, s->keep, s->nkeep);
}

bool qv_payload_load(const struct qv_payload_slot *s, struct qv_payload *p,
		     struct qv_boot_info *bi)
{
	uint32_t size = 0;
	uint16_t sel = qv_fwcfg_file(QV_PAYLOAD_FILE, &size);
	uint8_t h[HEADER_SIZE];
	char why[160];

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
	if (p->refused) {
		fw_snprintf(why, sizeof(why), "the payload (%s, %u bytes) cannot be placed: %s",
			    qv_payload_kind_name(p->kind), size, p->refused);
		qv_boot_failed(why);
	}
	qv_check_room(s->keep, s->nkeep, "payload", qv_payload_kind_name(p->kind), size, p->load,
		      p->end);
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

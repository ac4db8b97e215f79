/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * QEMU's fw_cfg device (MMIO variant): data register at +0, 16-bit
 * big-endian selector at +8, 64-bit big-endian DMA address at +16. Small
 * items are read through the data register; the kernel and initrd by DMA.
 * The device's DMA engine sees only the normal-world address space, so its
 * control block and destinations are in normal-world RAM.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../../arch/arch.h"
#include "platform.h"
#include "qemu-virt.h"
#include "../../fwlib/fwlib.h"

#define FW_DATA		(QV_FWCFG_BASE + 0)
#define FW_SELECTOR	(QV_FWCFG_BASE + 8)
#define FW_DMA		(QV_FWCFG_BASE + 16)

#define KEY_SIGNATURE	0x0000
#define KEY_ID		0x0001
#define KEY_FILE_DIR	0x0019
#define ID_DMA		(1u << 1)

#define DMA_ERROR	(1u << 0)
#define DMA_READ	(1u << 1)
#define DMA_SELECT	(1u << 3)

/* Scratch in normal-world RAM, just below the kernel's 2 MiB slot (a reserved range). */
#define DMA_CONTROL	QV_FWCFG_DMA_CONTROL

struct dma_control {
	uint32_t control;
	uint32_t length;
	uint64_t address;
};
_Static_assert(sizeof(struct dma_control) == QV_FWCFG_DMA_CONTROL_SIZE, "the reserved range");

struct file_entry {
	uint32_t size;
	uint16_t select;
	uint16_t reserved;
	char name[56];
};

static uint16_t be16(uint16_t v)
{
	return __builtin_bswap16(v);
}

static uint32_t be32(uint32_t v)
{
	return __builtin_bswap32(v);
}

static uint64_t be64(uint64_t v)
{
	return __builtin_bswap64(v);
}

static void select_item(uint16_t key)
{
	mmio_write16(FW_SELECTOR, be16(key));
}

static void read_data(void *buf, size_t len)
{
	uint8_t *p = buf;

	while (len--)
		*p++ = mmio_read8(FW_DATA);
}

void qv_fwcfg_read(uint16_t key, void *buf, size_t len)
{
	select_item(key);
	read_data(buf, len);
}

bool qv_fwcfg_present(void)
{
	char sig[4];

	qv_fwcfg_read(KEY_SIGNATURE, sig, sizeof(sig));
	return sig[0] == 'Q' && sig[1] == 'E' && sig[2] == 'M' && sig[3] == 'U';
}

/* Numeric items are little-endian. */
uint32_t qv_fwcfg_item_u32(uint16_t key)
{
	uint8_t b[4];

	qv_fwcfg_read(key, b, sizeof(b));
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static bool dma_supported(void)
{
	return (qv_fwcfg_item_u32(KEY_ID) & ID_DMA) != 0;
}

/* One transfer of at most 4 GiB - 1; QEMU completes it within the write. */
static bool dma_chunk(uint32_t control, uint64_t dest, uint32_t len)
{
	volatile struct dma_control *c = (volatile struct dma_control *)DMA_CONTROL;

	c->control = be32(control);
	c->length = be32(len);
	c->address = be64(dest);
	dsb_sy();
	mmio_write64(FW_DMA, be64(DMA_CONTROL));
	dsb_sy();
	while (be32(c->control) & ~DMA_ERROR)
		;
	return (be32(c->control) & DMA_ERROR) == 0;
}

static void pio_to(uint64_t dest, uint64_t len)
{
	read_data((void *)(uintptr_t)dest, (size_t)len);
}

bool qv_fwcfg_dma(uint16_t key, uint64_t dest, uint64_t len)
{
	uint32_t control = ((uint32_t)key << 16) | DMA_SELECT | DMA_READ;

	if (!dma_supported()) {
		select_item(key);
		pio_to(dest, len);
		return true;
	}
	while (len) {
		uint32_t n = len > 0x40000000 ? 0x40000000 : (uint32_t)len;

		if (!dma_chunk(control, dest, n))
			return false;
		control = DMA_READ;	/* continue where the last chunk ended */
		dest += n;
		len -= n;
	}
	return true;
}

static bool name_is(const char *a, const char *b)
{
	size_t i = 0;

	for (; i < 55 && a[i] && a[i] == b[i]; i++)
		;
	return a[i] == b[i];
}

uint16_t qv_fwcfg_file(const char *name, uint32_t *size)
{
	uint32_t count;
	struct file_entry e;

	select_item(KEY_FILE_DIR);
	read_data(&count, sizeof(count));
	for (count = be32(count); count; count--) {
		read_data(&e, sizeof(e));
		e.name[55] = '\0';
		if (name_is(e.name, name)) {
			*size = be32(e.size);
			return be16(e.select);
		}
	}
	return 0;
}

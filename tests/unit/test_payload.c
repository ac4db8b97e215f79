// SPDX-License-Identifier: BSD-3-Clause
/*
 * The QEMU board's payload loader (monitor/plat/qemu-virt/payload.c):
 * which first bytes make which kind of payload on which port, where each
 * kind goes and how much room it takes, and that a payload never meets the
 * DT, the mailbox, the end of normal-world RAM or secure memory; an arm64
 * Image's text_offset checked, and the one list of reserved ranges that
 * every loading path (kernel, initrd, payload) uses. The file is
 * compiled into this test with the fw_cfg side stubbed (a QEMU run covers
 * that: tests/uboot/suite.sh).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../monitor/plat/qemu-virt/payload.c"

/* Normal-world RAM as QEMU virt with 1 GiB has it. */
#define RAM_BASE	0x40000000ull
#define RAM_END		0x80000000ull

bool plat_ns_range_ok(uint64_t base, uint64_t size)
{
	return base >= RAM_BASE && size <= RAM_END - base;
}

/* What payload.c needs besides the above; never reached by these tests. */
uint16_t qv_fwcfg_file(const char *name, uint32_t *size)
{
	(void)name;
	(void)size;
	fail();
	return 0;
}

bool qv_fwcfg_dma(uint16_t key, uint64_t dest, uint64_t len)
{
	(void)key;
	(void)dest;
	(void)len;
	fail();
	return false;
}

_Noreturn void qv_boot_failed(const char *why)
{
	fail_msg("boot failed: %s", why);
	abort();
}

void fw_info(const char *fmt, ...)
{
	(void)fmt;
}

int fw_snprintf(char *buf, size_t n, const char *fmt, ...)
{
	(void)buf;
	(void)n;
	(void)fmt;
	return 0;
}

static const struct qv_keep keep[] = {
	{ RAM_BASE, 0x100000, "the DT" },
	{ RAM_BASE + 0x100000, 0x1000, "the power-off mailbox" },
};

static void put32(uint8_t *h, unsigned off, uint32_t v)
{
	for (unsigned i = 0; i < 4; i++)
		h[off + i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *h, unsigned off, uint64_t v)
{
	put32(h, off, (uint32_t)v);
	put32(h, off + 4, (uint32_t)(v >> 32));
}

/* An arm64 Image header: code0 is not a branch (Debian's is "MZ"-ish). */
static void image(uint8_t *h, uint64_t text_offset, uint64_t image_size)
{
	memset(h, 0, HEADER_SIZE);
	put32(h, 0, 0xfa405a4du);
	put64(h, ARM64_TEXT_OFF, text_offset);
	put64(h, ARM64_SIZE_OFF, image_size);
	put32(h, ARM64_MAGIC_OFF, ARM64_MAGIC);
}

static void first_word(uint8_t *h, uint32_t insn)
{
	memset(h, 0, HEADER_SIZE);
	put32(h, 0, insn);
}

static void kinds_by_first_bytes(void **state)
{
	static const struct {
		uint32_t word0;
		bool aarch64;
		int kind;
	} cases[] = {
		{ 0x1400000au, true, QV_PAYLOAD_RAW },	/* Debian's qemu_arm64 u-boot.bin: b +0x28 */
		{ 0x17ffffffu, true, QV_PAYLOAD_RAW },	/* b -4 */
		{ 0x94000001u, true, -1 },		/* bl: not an entry branch */
		{ 0xd503201fu, true, -1 },		/* nop */
		{ 0xea0000b8u, false, QV_PAYLOAD_RAW },	/* Debian's qemu_arm u-boot.bin: b reset */
		{ 0x0a0000b8u, false, -1 },		/* beq: conditional */
		{ 0xeb000000u, false, -1 },		/* bl */
		{ 0xea0000b8u, true, -1 },		/* an A32 branch on the AArch64 port */
		{ 0x1400000au, false, -1 },		/* an A64 branch on the AArch32 port */
		{ 0x00000000u, true, -1 },
		{ 0x00000000u, false, -1 },
	};
	uint8_t h[HEADER_SIZE];

	(void)state;
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		first_word(h, cases[i].word0);
		assert_int_equal(qv_payload_kind(h, 1 << 20, cases[i].aarch64), cases[i].kind);
	}
}

static void a_payload_kind_is_told_by_its_magic(void **state)
{
	uint8_t h[HEADER_SIZE];

	(void)state;
	image(h, 0, 0x2000000);
	assert_int_equal(qv_payload_kind(h, 0x1f00000, true), QV_PAYLOAD_ARM64_IMAGE);
	assert_int_equal(qv_payload_kind(h, 0x1f00000, false), -1);
	/* A file shorter than the header is nothing, whatever its bytes. */
	assert_int_equal(qv_payload_kind(h, HEADER_SIZE - 1, true), -1);

	memset(h, 0, sizeof(h));
	put32(h, 0, 0xe1a00000u);	/* zImage: mov r0, r0 */
	put32(h, ZIMAGE_MAGIC_OFF, ZIMAGE_MAGIC);
	put32(h, ZIMAGE_ENDIAN_OFF, 0x04030201u);
	assert_int_equal(qv_payload_kind(h, 0x500000, false), QV_PAYLOAD_ZIMAGE);
	assert_int_equal(qv_payload_kind(h, 0x500000, true), -1);
	put32(h, ZIMAGE_ENDIAN_OFF, ZIMAGE_BIG_ENDIAN);
	assert_int_equal(qv_payload_kind(h, 0x500000, false), -1);
}

static void each_kind_is_placed_where_its_header_says_with_its_room(void **state)
{
	const struct qv_payload_slot a64 = { RAM_BASE + 0x200000, true, keep, 2 };
	const struct qv_payload_slot a32 = { RAM_BASE + 0x2000000, false, keep, 2 };
	struct qv_payload p;
	uint8_t h[HEADER_SIZE];

	(void)state;
	/* Image: text_offset honoured, image_size of room even if the file is smaller. */
	image(h, 0x80000, 0x2400000);
	assert_int_equal(qv_payload_place(h, 0x1f6dfc0, &a64, &p), 0);
	assert_int_equal(p.kind, QV_PAYLOAD_ARM64_IMAGE);
	assert_int_equal(p.load, RAM_BASE + 0x280000);
	assert_int_equal(p.end, RAM_BASE + 0x280000 + 0x2400000);
	/* image_size 0: a kernel before 3.17, text_offset 0x80000 whatever the field says. */
	image(h, 0x12345, 0);
	assert_int_equal(qv_payload_place(h, 0x800000, &a64, &p), 0);
	assert_int_equal(p.load, RAM_BASE + 0x280000);
	assert_int_equal(p.end, RAM_BASE + 0x280000 + 0x800000);
	/* Raw: exactly at the slot (4 KiB aligned), its own size. */
	first_word(h, 0x1400000au);
	assert_int_equal(qv_payload_place(h, 971304, &a64, &p), 0);
	assert_int_equal(p.kind, QV_PAYLOAD_RAW);
	assert_int_equal(p.load, RAM_BASE + 0x200000);
	assert_int_equal(p.load & 0xfff, 0);
	assert_int_equal(p.end, RAM_BASE + 0x200000 + 971304);
	/* zImage: room for its decompressor after it. */
	memset(h, 0, sizeof(h));
	put32(h, ZIMAGE_MAGIC_OFF, ZIMAGE_MAGIC);
	assert_int_equal(qv_payload_place(h, 0x500000, &a32, &p), 0);
	assert_int_equal(p.load, RAM_BASE + 0x2000000);
	assert_int_equal(p.end, RAM_BASE + 0x2000000 + 0x500000 + ZIMAGE_SLACK);
	/* Nothing recognised: nothing placed. */
	first_word(h, 0);
	assert_int_equal(qv_payload_place(h, 0x1000, &a64, &p), -1);
}

static void never_meets_what_is_kept(void **state)
{
	static const struct {
		uint64_t load, end;
		const char *clash;
	} cases[] = {
		{ RAM_BASE + 0x200000, RAM_BASE + 0x300000, NULL },
		{ RAM_BASE + 0x101000, RAM_BASE + 0x200000, NULL },	/* right after the mailbox */
		{ RAM_BASE + 0x0ff000, RAM_BASE + 0x100000, "the DT" },
		{ RAM_BASE + 0x100fff, RAM_BASE + 0x101000, "the power-off mailbox" },
		{ RAM_BASE + 0x080000, RAM_BASE + 0x400000, "the DT" },	/* over both */
		{ RAM_END - 0x1000, RAM_END, NULL },			/* the last page */
		{ RAM_END - 0x1000, RAM_END + 1, "the end of normal-world RAM or secure memory" },
		{ 0x0e000000, 0x0e100000, "the end of normal-world RAM or secure memory" },
		/* An image_size that wraps the address space. */
		{ RAM_BASE + 0x200000, RAM_BASE + 0x100000, "the end of normal-world RAM or secure memory" },
	};
	const struct qv_payload_slot s = { RAM_BASE + 0x200000, true, keep, 2 };

	(void)state;
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct qv_payload p = { QV_PAYLOAD_RAW, cases[i].load, cases[i].end, 0, NULL };
		const char *got = qv_payload_clash(&p, &s);

		if (!cases[i].clash)
			assert_null(got);
		else
			assert_string_equal(got, cases[i].clash);
	}
}

/* An Image whose image_size would run past the end of RAM is caught. */
static void huge_image_size_is_caught(void **state)
{
	const struct qv_payload_slot s = { RAM_BASE + 0x200000, true, keep, 2 };
	struct qv_payload p;
	uint8_t h[HEADER_SIZE];

	(void)state;
	image(h, 0, UINT64_MAX - 0x1000);
	assert_int_equal(qv_payload_place(h, 0x100000, &s, &p), 0);
	assert_non_null(qv_payload_clash(&p, &s));
	image(h, 0, RAM_END - RAM_BASE);
	assert_int_equal(qv_payload_place(h, 0x100000, &s, &p), 0);
	assert_non_null(qv_payload_clash(&p, &s));
}

/*
 * text_offset (Linux's booting.rst: the Image at a 2 MiB-aligned base +
 * text_offset, in usable RAM): a multiple of 4 KiB, and never past the end
 * of the address space. A "negative" one (0xfffffffffffff000) once put the
 * kernel on the fw_cfg DMA control block below the slot, an odd one at an
 * address the CPU cannot start at.
 */
static void text_offset_checked(void **state)
{
	static const struct {
		uint64_t text_offset;
		const char *refused;
	} cases[] = {
		{ 0, NULL },
		{ 0x80000, NULL },
		{ 0x1280000, NULL },			/* past 2 MiB: fine, if RAM holds it */
		{ 0x1001, "its text_offset is not a multiple of 4 KiB" },
		{ 0x800, "its text_offset is not a multiple of 4 KiB" },
		{ 0xfffffffffffff000ull, "its text_offset takes it past the end of the address space" },
		{ 0xffffffffbfe00000ull, "its text_offset takes it past the end of the address space" },
	};
	const uint64_t base = RAM_BASE + 0x200000;
	struct qv_payload p;
	uint8_t h[HEADER_SIZE];

	(void)state;
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		image(h, cases[i].text_offset, 0x100000);
		qv_arm64_place(h, 0x80000, base, &p);
		if (!cases[i].refused) {
			assert_null(p.refused);
			assert_int_equal(p.load, base + cases[i].text_offset);
			assert_int_equal(p.end, p.load + 0x100000);
		} else {
			assert_non_null(p.refused);
			assert_string_equal(p.refused, cases[i].refused);
		}
	}
	/* The payload path places an Image the same way. */
	image(h, 0x1001, 0x100000);
	{
		const struct qv_payload_slot s = { base, true, keep, 2 };

		assert_int_equal(qv_payload_place(h, 0x80000, &s, &p), 0);
		assert_non_null(p.refused);
	}
}

/*
 * The one list of reserved ranges (the AArch64 port's, platform.h): the DT,
 * the mailbox, the SCMI channel and the fw_cfg DMA control block, each
 * named when something would land on it.
 */
static void reserved_ranges_named(void **state)
{
	static const struct {
		uint64_t load, end;
		const char *clash;
	} cases[] = {
		{ RAM_BASE + 0x0ff000, RAM_BASE + 0x100000, "the DT" },
		{ QV_MAILBOX_BASE, QV_MAILBOX_BASE + 1, "the power-off mailbox" },
		{ QV_SCMI_BASE + QV_SCMI_SIZE - 1, QV_SCMI_BASE + QV_SCMI_SIZE, "the SCMI channel" },
		{ QV_FWCFG_DMA_CONTROL + 8, RAM_BASE + 0x300000, "the fw_cfg DMA control block" },
		{ QV_FWCFG_DMA_CONTROL + QV_FWCFG_DMA_CONTROL_SIZE, RAM_BASE + 0x300000, NULL },
		{ RAM_BASE + 0x200000, RAM_END, NULL },
	};
	struct qv_keep k[QV_NRESERVED];
	unsigned n = qv_reserved(k, RAM_BASE, 0x100000, QV_MAILBOX_BASE, false);

	(void)state;
	assert_int_equal(n, 4);
	assert_int_equal(qv_reserved(k, RAM_BASE, 0x100000, 0, false), 3);	/* no mailbox */
	/* Without a trusted OS, OP-TEE's shared memory is the OS's RAM like any other. */
	assert_null(qv_range_clash(QV_TOS_SHM_BASE, QV_TOS_SHM_BASE + QV_TOS_SHM_SIZE, k, 3));
	n = qv_reserved(k, RAM_BASE, 0x100000, QV_MAILBOX_BASE, false);
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *got = qv_range_clash(cases[i].load, cases[i].end, k, n);

		if (!cases[i].clash)
			assert_null(got);
		else
			assert_string_equal(got, cases[i].clash);
	}
}

/*
 * With a trusted OS offered, OP-TEE's static shared memory (0x42000000,
 * 2 MiB) is kept, and the kernel and initrd go to the first 2 MiB boundary
 * past what they would meet: Debian's arm64 kernel (image_size 0x2010000
 * from 0x40200000) would cover it.
 */
static void the_trusted_os_shared_memory_is_kept_clear(void **state)
{
	struct qv_keep k[QV_NRESERVED];
	unsigned n = qv_reserved(k, RAM_BASE, 0x100000, QV_MAILBOX_BASE, true);
	uint8_t h[HEADER_SIZE] = { 0 };
	struct qv_payload p;
	uint64_t base;

	(void)state;
	assert_int_equal(n, 5);
	assert_string_equal(qv_range_clash(0x421ff000, 0x42201000, k, n),
			    "the trusted OS's shared memory");
	assert_null(qv_range_clash(0x42200000, 0x44200000, k, n));
	/* Debian's kernel: moved past it, and then clear of everything. */
	put32(h, ARM64_MAGIC_OFF, ARM64_MAGIC);
	put32(h, ARM64_SIZE_OFF, 0x2010000);
	qv_arm64_place(h, 0x1f6e000, RAM_BASE + 0x200000, &p);
	assert_string_equal(qv_range_clash(p.load, p.end, k, n), "the trusted OS's shared memory");
	base = qv_first_fit(RAM_BASE + 0x200000, p.end - (RAM_BASE + 0x200000), 0x200000, k, n);
	assert_int_equal(base, 0x42200000);
	qv_arm64_place(h, 0x1f6e000, base, &p);
	assert_null(qv_range_clash(p.load, p.end, k, n));
	/* A kernel that fits below it stays where it was; its initrd then jumps it. */
	assert_int_equal(qv_first_fit(RAM_BASE + 0x200000, 0x1000000, 0x200000, k, n),
			 RAM_BASE + 0x200000);
	assert_int_equal(qv_first_fit(0x41200000, 0x1000000, 0x200000, k, n), 0x42200000);
	assert_int_equal(qv_first_fit(0x41200000, 0xe00000, 0x200000, k, n), 0x41200000);
	/* From inside the DT's room, past the DT, the mailbox and the rest, to the first free. */
	assert_int_equal(qv_first_fit(RAM_BASE, 0x1000, 0x1000, k, n), RAM_BASE + 0x102000);
	/* Without a trusted OS nothing moves. */
	n = qv_reserved(k, RAM_BASE, 0x100000, QV_MAILBOX_BASE, false);
	assert_int_equal(qv_first_fit(RAM_BASE + 0x200000, 0x2010000, 0x200000, k, n),
			 RAM_BASE + 0x200000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kinds_by_first_bytes),
		cmocka_unit_test(a_payload_kind_is_told_by_its_magic),
		cmocka_unit_test(each_kind_is_placed_where_its_header_says_with_its_room),
		cmocka_unit_test(never_meets_what_is_kept),
		cmocka_unit_test(huge_image_size_is_caught),
		cmocka_unit_test(text_offset_checked),
		cmocka_unit_test(reserved_ranges_named),
		cmocka_unit_test(the_trusted_os_shared_memory_is_kept_clear),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

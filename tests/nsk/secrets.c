// SPDX-License-Identifier: BSD-3-Clause
/*
 * nsk.test=secrets, both nsks: nothing QEMU gave the secure world is left
 * where the normal world can read it. QEMU writes one DTB at the base of
 * RAM, with /secure-chosen holding the secure world's rng-seed and
 * kaslr-seed; the firmware hands over a DTB without that node and must leave
 * no other copy behind: neither QEMU's original (when it moved the DTB) nor
 * the bytes a deletion or fdt_pack() left past the new end. The seeds are
 * random in every run, so the checks are structural:
 *   - the handed-over DTB has no /secure-chosen;
 *   - the bytes "secure-chosen" occur nowhere in the low RAM below the nsk
 *     image (at most 4 MiB) nor in the MiB from the DTB;
 *   - there is no FDT header there but the handed-over DTB's;
 *   - the DTB's room past its end (256 KiB) holds only zeros.
 */
#include "dt.h"
#include "nsk.h"

#define LOW_SCAN	0x400000ull
#define DTB_SCAN	0x100000ull
#define TAIL_SCAN	0x40000ull

/*
 * The node name XORed with a key, so that the nsk's own image never holds
 * the bytes it looks for (the image is outside the scan anyway).
 */
#define K 0x5a
static const uint8_t needle[] = {
	's' ^ K, 'e' ^ K, 'c' ^ K, 'u' ^ K, 'r' ^ K, 'e' ^ K, '-' ^ K,
	'c' ^ K, 'h' ^ K, 'o' ^ K, 's' ^ K, 'e' ^ K, 'n' ^ K,
};

struct found {
	unsigned names, headers;
	uint64_t first_name, first_header;
};

/* MMU off: Device memory, so aligned 32-bit loads and byte loads only. */
static void scan(uint64_t from, uint64_t to, uint64_t dtb, struct found *f)
{
	const volatile uint8_t *p = (const volatile uint8_t *)(uintptr_t)from;
	uint64_t n = to - from;

	for (uint64_t i = 0; i < n; i++) {
		uint64_t at = from + i;
		size_t k;

		if (!(at & 3) && at != dtb &&
		    *(const volatile uint32_t *)(uintptr_t)at == 0xedfe0dd0u) {	/* d00dfeed, BE */
			if (!f->headers++)
				f->first_header = at;
		}
		if ((p[i] ^ K) != needle[0] || i + sizeof(needle) > n)
			continue;
		for (k = 1; k < sizeof(needle) && (p[i + k] ^ K) == needle[k]; k++)
			;
		if (k == sizeof(needle) && !f->names++)
			f->first_name = at;
	}
}

/* The memory bank the image is in: [*base, *end). */
static void ram_bank(const struct dtb *dt, uint64_t image_base, uint64_t *base, uint64_t *end)
{
	*base = *end = 0;
	for (int n = dt_next_node(dt, -1); n >= 0; n = dt_next_node(dt, n)) {
		uint64_t b, s;

		if (!dt_prop_has_string(dt, n, "device_type", "memory") || !dt_available(dt, n))
			continue;
		for (int i = 0; dt_reg(dt, n, i, &b, &s); i++) {
			if (image_base >= b && image_base - b < s) {
				*base = b;
				*end = b + s;
			}
		}
	}
}

static uint64_t min64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

int secrets_run(const struct dtb *dt, uint64_t image_base, uint64_t image_end)
{
	uint64_t dtb = (uintptr_t)dt->base, base, end, low_end, dtb_end, tail_end, nonzero = 0;
	uint64_t first_nonzero = 0;
	struct found f = { 0 };
	unsigned tap = 0;
	int fail = 0;

	ram_bank(dt, image_base, &base, &end);
	con_printf("1..4\n");
	fail += con_tap(&tap, dt_path(dt, "/secure-chosen") < 0,
			"secrets: the DTB handed over (0x%llx) has no /secure-chosen",
			(unsigned long long)dtb);
	if (!end) {
		con_printf("Bail out! secrets: no memory node holds the image at 0x%llx\n",
			   (unsigned long long)image_base);
		return fail + 1;
	}
	low_end = min64(min64(base + LOW_SCAN, image_base), end);
	dtb_end = min64(dtb + DTB_SCAN, end);
	if (dtb < image_end && dtb_end > image_base)
		dtb_end = image_base;
	scan(base, low_end, dtb, &f);
	if (dtb_end > low_end)
		scan(dtb < low_end ? low_end : dtb, dtb_end, dtb, &f);
	con_printf("# secrets: scanned 0x%llx-0x%llx and 0x%llx-0x%llx\n",
		   (unsigned long long)base, (unsigned long long)low_end,
		   (unsigned long long)dtb, (unsigned long long)dtb_end);
	fail += con_tap(&tap, f.names == 0,
			"secrets: no \"secure-chosen\" left in normal-world RAM (%u found, first at "
			"0x%llx)", f.names, (unsigned long long)f.first_name);
	fail += con_tap(&tap, f.headers == 0,
			"secrets: no DTB in normal-world RAM but the one handed over (%u other "
			"headers, first at 0x%llx)", f.headers, (unsigned long long)f.first_header);
	tail_end = min64(dtb + dt->totalsize + TAIL_SCAN, dtb_end);
	for (uint64_t a = dtb + dt->totalsize; a < tail_end; a++) {
		if (*(const volatile uint8_t *)(uintptr_t)a && !nonzero++)
			first_nonzero = a;
	}
	if (nonzero) {
		con_printf("# secrets: from 0x%llx:", (unsigned long long)first_nonzero);
		for (unsigned i = 0; i < 48 && first_nonzero + i < tail_end; i++)
			con_printf(" %02x", *(const volatile uint8_t *)(uintptr_t)(first_nonzero + i));
		con_printf("\n");
	}
	fail += con_tap(&tap, nonzero == 0,
			"secrets: the %llu bytes past the DTB's end are zero (%llu are not, first "
			"at 0x%llx)", (unsigned long long)(tail_end - dtb - dt->totalsize),
			(unsigned long long)nonzero, (unsigned long long)first_nonzero);
	con_printf("# secrets: %d failed\n", fail);
	return fail;
}

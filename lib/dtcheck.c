// SPDX-License-Identifier: BSD-3-Clause
/*
 * A walk of a flattened device tree's structure block that always ends:
 * every tag moves it forward, every length is checked against what is left.
 * libfdt's own walks trust property lengths (a length of -12 brings
 * fdt_next_tag() back to the same tag, for ever, even in fdt_check_full()),
 * so a tree from outside goes through this first. Versions before 16 (full
 * paths for node names, 8-byte aligned values; dtc has not written them
 * since 2008) are refused: libfdt's handling of them has crashed
 * fdt_check_full() under fuzzing. Plain byte reads, no libfdt: it builds
 * wherever the library does.
 */
#include <secmon/calltab.h>

#define FDT_MAGIC	0xd00dfeedu
#define TAG_BEGIN_NODE	1u
#define TAG_END_NODE	2u
#define TAG_PROP	3u
#define TAG_NOP		4u
#define TAG_END		9u

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint32_t align4(uint32_t v)
{
	return (v + 3) & ~3u;
}

int secmon_dt_check_structure(const void *fdt, size_t size)
{
	const uint8_t *b = fdt;
	uint32_t total, start, end, version, strings_size, off, depth = 0;

	if (!b || size < 40 || be32(b) != FDT_MAGIC)
		return SECMON_E_BAD_TABLE;
	total = be32(b + 4);
	start = be32(b + 8);
	version = be32(b + 20);
	strings_size = be32(b + 32);
	if (total > size || start > total || (start & 3) || version < 16 || be32(b + 24) > 17)
		return SECMON_E_BAD_TABLE;
	end = version >= 17 ? be32(b + 36) : total - start;
	if (end > total - start)
		return SECMON_E_BAD_TABLE;
	end += start;
	for (off = start; end - off >= 4;) {
		uint32_t tag = be32(b + off), n;

		off += 4;
		switch (tag) {
		case TAG_BEGIN_NODE:
			for (n = off; n < end && b[n]; n++)
				;
			if (n >= end)
				return SECMON_E_BAD_TABLE;
			off = align4(n + 1);
			depth++;
			break;
		case TAG_END_NODE:
			if (!depth--)
				return SECMON_E_BAD_TABLE;
			break;
		case TAG_PROP:
			if (end - off < 8)
				return SECMON_E_BAD_TABLE;
			n = be32(b + off);
			if (be32(b + off + 4) >= strings_size)
				return SECMON_E_BAD_TABLE;
			off += 8;
			if (n > end - off)
				return SECMON_E_BAD_TABLE;
			off = align4(off + n);
			break;
		case TAG_NOP:
			break;
		case TAG_END:
			return depth ? SECMON_E_BAD_TABLE : SECMON_OK;
		default:
			return SECMON_E_BAD_TABLE;
		}
		if (off > end)
			return SECMON_E_BAD_TABLE;
	}
	return SECMON_E_BAD_TABLE;
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * The one thing the payload reads from the normal world's DT at cold boot:
 * the /memory nodes' reg, which says where normal-world RAM is (the
 * secure-media service accepts buffers only there). A bounded walk of the
 * flattened tree's structure block; every offset is checked against the
 * blob's size, and a malformed blob gives -1.
 */
#include "core.h"

#define FDT_MAGIC	0xd00dfeedu
#define FDT_BEGIN_NODE	1u
#define FDT_END_NODE	2u
#define FDT_PROP	3u
#define FDT_NOP		4u
#define FDT_END		9u
#define MAX_DEPTH	16

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint64_t cells(const uint8_t *p, uint32_t n)
{
	uint64_t v = 0;

	for (uint32_t i = 0; i < n; i++)
		v = v << 32 | be32(p + 4 * i);
	return v;
}

static bool str_eq(const uint8_t *s, size_t room, const char *want)
{
	size_t i = 0;

	for (; want[i]; i++)
		if (i >= room || s[i] != (uint8_t)want[i])
			return false;
	return i < room && s[i] == 0;
}

/* "memory" or "memory@...". */
static bool is_memory(const uint8_t *name, size_t room)
{
	static const char m[] = "memory";

	for (size_t i = 0; i < sizeof(m) - 1; i++)
		if (i >= room || name[i] != (uint8_t)m[i])
			return false;
	return room > 6 && (name[6] == 0 || name[6] == '@');
}

int tos_dt_memory(const void *dtb, size_t max_size, uint64_t (*out)[2], unsigned max)
{
	const uint8_t *b = dtb;
	uint32_t size, off_struct, off_strings, size_struct, size_strings, p, end;
	uint32_t acells = 2, scells = 1;
	int depth = 0, n = 0;
	bool in_memory = false;

	if (!b || max_size < 40 || be32(b) != FDT_MAGIC)
		return -1;
	size = be32(b + 4);
	off_struct = be32(b + 8);
	off_strings = be32(b + 12);
	size_strings = be32(b + 32);
	size_struct = be32(b + 36);
	if (size > max_size || off_struct > size || size_struct > size - off_struct ||
	    off_strings > size || size_strings > size - off_strings || (off_struct & 3))
		return -1;
	p = off_struct;
	end = off_struct + size_struct;
	while (p + 4 <= end) {
		uint32_t tok = be32(b + p);

		p += 4;
		if (tok == FDT_BEGIN_NODE) {
			const uint8_t *name = b + p;
			uint32_t len = 0;

			while (p + len < end && name[len])
				len++;
			if (p + len >= end || ++depth > MAX_DEPTH)
				return -1;
			in_memory = depth == 2 && is_memory(name, len + 1);
			p = (p + len + 1 + 3) & ~3u;
		} else if (tok == FDT_END_NODE) {
			if (--depth < 0)
				return -1;
			in_memory = false;
		} else if (tok == FDT_PROP) {
			uint32_t len, nameoff;
			const uint8_t *val, *pname;

			if (p + 8 > end)
				return -1;
			len = be32(b + p);
			nameoff = be32(b + p + 4);
			p += 8;
			if (len > end - p || nameoff >= size_strings)
				return -1;
			val = b + p;
			pname = b + off_strings + nameoff;
			if (depth == 1 && len == 4 && str_eq(pname, size_strings - nameoff, "#address-cells"))
				acells = be32(val);
			else if (depth == 1 && len == 4 && str_eq(pname, size_strings - nameoff, "#size-cells"))
				scells = be32(val);
			else if (in_memory && str_eq(pname, size_strings - nameoff, "reg")) {
				uint32_t step = 4 * (acells + scells);

				if (acells < 1 || acells > 2 || scells < 1 || scells > 2)
					return -1;
				for (uint32_t o = 0; o + step <= len && (unsigned)n < max; o += step) {
					out[n][0] = cells(val + o, acells);
					out[n][1] = cells(val + o + 4 * acells, scells);
					n++;
				}
			}
			p = (p + len + 3) & ~3u;
		} else if (tok == FDT_END) {
			return depth == 0 ? n : -1;
		} else if (tok != FDT_NOP) {
			return -1;
		}
	}
	return -1;
}

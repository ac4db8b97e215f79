// SPDX-License-Identifier: BSD-3-Clause
/*
 * Read-only DTB walker. Every access is bounds-checked against the header and
 * done with byte loads: the nsk runs with the MMU off, where data accesses are
 * Device memory and must be aligned.
 */
#include "dt.h"
#include "nsk.h"

#define FDT_MAGIC	0xd00dfeedu
#define TOK_BEGIN_NODE	1u
#define TOK_END_NODE	2u
#define TOK_PROP	3u
#define TOK_NOP		4u
#define TOK_END		9u
#define MAX_DEPTH	32

static uint32_t be32(const uint8_t *p)
{
	return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static int align4(int x)
{
	return (x + 3) & ~3;
}

int dt_open(struct dtb *f, uint64_t addr)
{
	const uint8_t *b = (const uint8_t *)(uintptr_t)addr;

	if (!addr || (addr & 7) || be32(b) != FDT_MAGIC)
		return -1;
	f->base = b;
	f->totalsize = be32(b + 4);
	f->off_struct = be32(b + 8);
	f->off_strings = be32(b + 12);
	f->size_strings = be32(b + 32);
	f->size_struct = be32(b + 36);
	/* version (at 20) 17 has size_dt_struct; last_comp_version (24) must be <= 17. */
	if (be32(b + 20) < 17 || be32(b + 24) > 17)
		return -1;
	if ((f->off_struct & 3) || f->off_struct > f->totalsize ||
	    f->size_struct > f->totalsize - f->off_struct || f->off_strings > f->totalsize ||
	    f->size_strings > f->totalsize - f->off_strings)
		return -1;
	return 0;
}

static uint32_t word(const struct dtb *f, int off)
{
	if (off < 0 || (uint32_t)off + 4 > f->size_struct)
		return TOK_END;
	return be32(f->base + f->off_struct + off);
}

/* Length of a NUL-terminated string at struct offset off, -1 if unterminated. */
static int str_len(const struct dtb *f, int off)
{
	const uint8_t *p = f->base + f->off_struct;

	for (uint32_t i = (uint32_t)off; i < f->size_struct; i++)
		if (!p[i])
			return (int)(i - (uint32_t)off);
	return -1;
}

/* The token after the one at off, or -1. */
static int next_tok(const struct dtb *f, int off)
{
	int n;

	switch (word(f, off)) {
	case TOK_BEGIN_NODE:
		n = str_len(f, off + 4);
		return n < 0 ? -1 : align4(off + 4 + n + 1);
	case TOK_PROP:
		n = (int)word(f, off + 4);
		if (n < 0 || (uint32_t)n > f->size_struct)
			return -1;
		return align4(off + 12 + n);
	case TOK_END_NODE:
	case TOK_NOP:
		return off + 4;
	default:
		return -1;
	}
}

static int skip_nops(const struct dtb *f, int off)
{
	while (off >= 0 && word(f, off) == TOK_NOP)
		off += 4;
	return off;
}

int dt_root(const struct dtb *f)
{
	int off = skip_nops(f, 0);

	return word(f, off) == TOK_BEGIN_NODE ? off : -1;
}

/* The first token after a node's name and properties. */
static int after_props(const struct dtb *f, int node)
{
	int off = next_tok(f, node);

	while (off >= 0 && (word(f, off) == TOK_PROP || word(f, off) == TOK_NOP))
		off = next_tok(f, off);
	return off;
}

int dt_first_child(const struct dtb *f, int node)
{
	int off;

	if (node < 0)
		return -1;
	off = after_props(f, node);
	return off >= 0 && word(f, off) == TOK_BEGIN_NODE ? off : -1;
}

/* The offset just past node's FDT_END_NODE. */
static int skip_node(const struct dtb *f, int node)
{
	int depth = 0, off = node;

	while (off >= 0) {
		uint32_t t = word(f, off);

		if (t == TOK_BEGIN_NODE) {
			depth++;
		} else if (t == TOK_END_NODE) {
			if (--depth == 0)
				return off + 4;
		} else if (t != TOK_PROP && t != TOK_NOP) {
			return -1;
		}
		off = next_tok(f, off);
	}
	return -1;
}

int dt_next_sibling(const struct dtb *f, int node)
{
	int off;

	if (node < 0)
		return -1;
	off = skip_nops(f, skip_node(f, node));
	return off >= 0 && word(f, off) == TOK_BEGIN_NODE ? off : -1;
}

int dt_next_node(const struct dtb *f, int node)
{
	int off = node < 0 ? dt_root(f) : next_tok(f, node);

	if (node < 0)
		return off;
	while (off >= 0) {
		uint32_t t = word(f, off);

		if (t == TOK_BEGIN_NODE)
			return off;
		if (t != TOK_PROP && t != TOK_NOP && t != TOK_END_NODE)
			return -1;
		off = next_tok(f, off);
	}
	return -1;
}

int dt_parent(const struct dtb *f, int node)
{
	int stack[MAX_DEPTH], depth = 0, off = dt_root(f);

	while (off >= 0) {
		uint32_t t = word(f, off);

		if (t == TOK_BEGIN_NODE) {
			if (off == node)
				return depth ? stack[depth - 1] : -1;
			if (depth == MAX_DEPTH)
				return -1;
			stack[depth++] = off;
		} else if (t == TOK_END_NODE) {
			if (depth-- == 0)
				return -1;
		} else if (t != TOK_PROP && t != TOK_NOP) {
			return -1;
		}
		off = next_tok(f, off);
	}
	return -1;
}

const char *dt_name(const struct dtb *f, int node)
{
	if (node < 0 || word(f, node) != TOK_BEGIN_NODE || str_len(f, node + 4) < 0)
		return "";
	return (const char *)f->base + f->off_struct + node + 4;
}

static bool string_is(const struct dtb *f, uint32_t nameoff, const char *s)
{
	const uint8_t *p = f->base + f->off_strings;
	uint32_t i;

	for (i = 0; nameoff + i < f->size_strings; i++) {
		if (p[nameoff + i] != (uint8_t)s[i])
			return false;
		if (!s[i])
			return true;
	}
	return false;
}

const void *dt_prop(const struct dtb *f, int node, const char *name, int *len)
{
	int off;

	if (node < 0 || word(f, node) != TOK_BEGIN_NODE)
		return 0;
	off = next_tok(f, node);
	while (off >= 0) {
		uint32_t t = word(f, off);

		if (t == TOK_PROP) {
			if (string_is(f, word(f, off + 8), name)) {
				if (len)
					*len = (int)word(f, off + 4);
				return f->base + f->off_struct + off + 12;
			}
		} else if (t != TOK_NOP) {
			break;
		}
		off = next_tok(f, off);
	}
	return 0;
}

bool dt_has_prop(const struct dtb *f, int node, const char *name)
{
	return dt_prop(f, node, name, 0) != 0;
}

bool dt_prop_has_string(const struct dtb *f, int node, const char *prop, const char *s)
{
	int len, i = 0;
	const char *v = dt_prop(f, node, prop, &len);

	if (!v)
		return false;
	while (i < len) {
		int n = 0;

		while (i + n < len && v[i + n])
			n++;
		if (i + n < len && strncmp(v + i, s, (size_t)n) == 0 && s[n] == '\0')
			return true;
		i += n + 1;
	}
	return false;
}

bool dt_compatible(const struct dtb *f, int node, const char *compat)
{
	return dt_prop_has_string(f, node, "compatible", compat);
}

bool dt_available(const struct dtb *f, int node)
{
	int len;
	const char *s = dt_prop(f, node, "status", &len);

	return !s || strcmp(s, "okay") == 0 || strcmp(s, "ok") == 0;
}

int dt_find_compatible(const struct dtb *f, int after, const char *compat)
{
	for (int n = dt_next_node(f, after); n >= 0; n = dt_next_node(f, n))
		if (dt_compatible(f, n, compat))
			return n;
	return -1;
}

/* Does node name `name` match path component comp[0..n)? */
static bool name_matches(const char *name, const char *comp, size_t n)
{
	bool has_unit = false;

	for (size_t i = 0; i < n; i++)
		has_unit |= comp[i] == '@';
	if (strncmp(name, comp, n) != 0)
		return false;
	return name[n] == '\0' || (!has_unit && name[n] == '@');
}

int dt_path(const struct dtb *f, const char *path)
{
	int node = dt_root(f);

	if (path[0] != '/') {
		int len;
		const char *alias = dt_prop(f, dt_path(f, "/aliases"), path, &len);

		return alias && alias[0] == '/' ? dt_path(f, alias) : -1;
	}
	while (node >= 0) {
		size_t n = 0;
		int child;

		while (*path == '/')
			path++;
		if (!*path)
			return node;
		while (path[n] && path[n] != '/')
			n++;
		for (child = dt_first_child(f, node); child >= 0; child = dt_next_sibling(f, child))
			if (name_matches(dt_name(f, child), path, n))
				break;
		node = child;
		path += n;
	}
	return -1;
}

uint32_t dt_cell(const uint32_t *cells, int i)
{
	return be32((const uint8_t *)&cells[i]);
}

uint64_t dt_read_cells(const uint32_t *cells, int i, unsigned n)
{
	uint64_t v = 0;

	for (unsigned k = 0; k < n; k++)
		v = (v << 32) | dt_cell(cells, i + (int)k);
	return v;
}

static unsigned cells_of(const struct dtb *f, int node, const char *name, unsigned dflt)
{
	int len;
	const uint32_t *p = dt_prop(f, dt_parent(f, node), name, &len);

	return p && len == 4 ? dt_cell(p, 0) : dflt;
}

unsigned dt_addr_cells(const struct dtb *f, int node)
{
	return cells_of(f, node, "#address-cells", 2);
}

unsigned dt_size_cells(const struct dtb *f, int node)
{
	return cells_of(f, node, "#size-cells", 1);
}

bool dt_reg(const struct dtb *f, int node, int i, uint64_t *addr, uint64_t *size)
{
	unsigned ac = dt_addr_cells(f, node), sc = dt_size_cells(f, node);
	int len;
	const uint32_t *reg = dt_prop(f, node, "reg", &len);

	if (!reg || ac > 2 || sc > 2 || ac == 0 || i < 0 ||
	    (i + 1) * (int)(ac + sc) * 4 > len)
		return false;
	*addr = dt_read_cells(reg, i * (int)(ac + sc), ac);
	*size = dt_read_cells(reg, i * (int)(ac + sc) + (int)ac, sc);
	return true;
}

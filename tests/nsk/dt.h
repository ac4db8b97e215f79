/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A small read-only flattened device tree walker (the DTB format of the
 * Devicetree Specification, chapter 5). A node is named by the offset of its
 * FDT_BEGIN_NODE token in the structure block; -1 means "none".
 */
#ifndef NSK_DT_H
#define NSK_DT_H

#include <stdbool.h>
#include <stdint.h>

struct dtb {
	const uint8_t *base;
	uint32_t totalsize;
	uint32_t off_struct, size_struct;
	uint32_t off_strings, size_strings;
};

/* 0 when addr holds a usable DTB (version 17 layout). */
int dt_open(struct dtb *f, uint64_t addr);

int dt_root(const struct dtb *f);
int dt_first_child(const struct dtb *f, int node);
int dt_next_sibling(const struct dtb *f, int node);
int dt_next_node(const struct dtb *f, int node);	/* depth-first, all nodes */
int dt_parent(const struct dtb *f, int node);
/* "/a/b": a component without '@' also matches "name@unit". Aliases too. */
int dt_path(const struct dtb *f, const char *path);
const char *dt_name(const struct dtb *f, int node);

const void *dt_prop(const struct dtb *f, int node, const char *name, int *len);
bool dt_has_prop(const struct dtb *f, int node, const char *name);
/* A string-list property contains s. */
bool dt_prop_has_string(const struct dtb *f, int node, const char *prop, const char *s);
bool dt_compatible(const struct dtb *f, int node, const char *compat);
/* status absent, "okay" or "ok". */
bool dt_available(const struct dtb *f, int node);
/* First node (after `after`, or from the start with -1) compatible with s. */
int dt_find_compatible(const struct dtb *f, int after, const char *compat);

/* Cell i of a property; 0 when out of range. */
uint32_t dt_cell(const uint32_t *cells, int i);
uint64_t dt_read_cells(const uint32_t *cells, int i, unsigned n);
/* #address-cells / #size-cells that apply to node's reg (its parent's). */
unsigned dt_addr_cells(const struct dtb *f, int node);
unsigned dt_size_cells(const struct dtb *f, int node);
/* Entry i of node's reg; false when absent. */
bool dt_reg(const struct dtb *f, int node, int i, uint64_t *addr, uint64_t *size);

#endif

/* SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause */
/*
 * The part of libfdt's read-only API that the library (lib/) uses, served inside the
 * kernel from the live device tree (the of_* API) by ../secmon-dt.c.
 *
 * Debian's arm64 kernel has libfdt built in but exports none of its fdt_*
 * functions to modules, and the headers package ships no libfdt source. So
 * the library's "fdt" is here a struct secmon_dt: a snapshot of the node
 * pointers of a subtree of the live tree, in depth-first order, whose
 * indices are the library's node offsets. Property values are the live
 * tree's (big-endian cells, as in a blob), so the library's parsing code
 * runs unchanged. The functions are renamed secmon_dt_* so that the module
 * can also be built into a kernel whose own libfdt is linked in.
 */
#ifndef SECMON_COMPAT_LIBFDT_H
#define SECMON_COMPAT_LIBFDT_H

#include <linux/types.h>
#include <asm/byteorder.h>

typedef __be32 fdt32_t;

static inline u32 fdt32_to_cpu(fdt32_t x)
{
	return be32_to_cpu(x);
}

/* libfdt's error numbers, returned negated. */
#define FDT_ERR_NOTFOUND	1
#define FDT_ERR_BADOFFSET	4
#define FDT_ERR_BADPATH		5
#define FDT_ERR_BADNCELLS	14
#define FDT_ERR_BADVALUE	15

#define fdt_getprop			secmon_dt_getprop
#define fdt_get_name			secmon_dt_get_name
#define fdt_first_subnode		secmon_dt_first_subnode
#define fdt_next_subnode		secmon_dt_next_subnode
#define fdt_stringlist_count		secmon_dt_stringlist_count
#define fdt_stringlist_get		secmon_dt_stringlist_get
#define fdt_stringlist_search		secmon_dt_stringlist_search
#define fdt_node_check_compatible	secmon_dt_node_check_compatible
#define fdt_node_offset_by_compatible	secmon_dt_node_offset_by_compatible
#define fdt_path_offset			secmon_dt_path_offset
#define fdt_address_cells		secmon_dt_address_cells
#define fdt_parent_offset		secmon_dt_parent_offset
#define fdt_first_property_offset	secmon_dt_first_property_offset
#define fdt_next_property_offset	secmon_dt_next_property_offset
#define fdt_getprop_by_offset		secmon_dt_getprop_by_offset

const void *fdt_getprop(const void *fdt, int nodeoffset, const char *name, int *lenp);
const char *fdt_get_name(const void *fdt, int nodeoffset, int *lenp);
int fdt_first_subnode(const void *fdt, int offset);
int fdt_next_subnode(const void *fdt, int offset);
int fdt_stringlist_count(const void *fdt, int nodeoffset, const char *property);
const char *fdt_stringlist_get(const void *fdt, int nodeoffset, const char *property, int index,
			       int *lenp);
int fdt_stringlist_search(const void *fdt, int nodeoffset, const char *property,
			  const char *string);
int fdt_node_check_compatible(const void *fdt, int nodeoffset, const char *compatible);
int fdt_node_offset_by_compatible(const void *fdt, int startoffset, const char *compatible);
int fdt_path_offset(const void *fdt, const char *path);
int fdt_address_cells(const void *fdt, int nodeoffset);
int fdt_parent_offset(const void *fdt, int nodeoffset);
/*
 * Property offsets are node offset << SECMON_DT_PROP_SHIFT | 1 + index in
 * the node's property list. The "name" property Linux makes up for every
 * node of a flattened tree (it is not in the source) is left out.
 */
#define SECMON_DT_PROP_SHIFT 12
int fdt_first_property_offset(const void *fdt, int nodeoffset);
int fdt_next_property_offset(const void *fdt, int offset);
const void *fdt_getprop_by_offset(const void *fdt, int offset, const char **namep, int *lenp);

#define fdt_for_each_property_offset(property, fdt, node)	\
	for (property = fdt_first_property_offset(fdt, node);	\
	     property >= 0;					\
	     property = fdt_next_property_offset(fdt, property))

#define fdt_for_each_subnode(node, fdt, parent)		\
	for (node = fdt_first_subnode(fdt, parent);	\
	     node >= 0;					\
	     node = fdt_next_subnode(fdt, node))

#endif

// SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause
/*
 * libfdt's read-only calls (the subset the library in lib/ makes) over the kernel's
 * live device tree; see compat/libfdt.h for why.
 */
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <libfdt.h>
#include "secmon-dt.h"

#define MAX_DEPTH 32

static const struct secmon_dt_node *node_at(const void *fdt, int offset)
{
	const struct secmon_dt *dt = fdt;

	return offset >= 0 && offset < dt->count ? &dt->nodes[offset] : NULL;
}

static unsigned int count_nodes(struct device_node *np, unsigned int depth)
{
	struct device_node *child;
	unsigned int n = 1;

	if (depth >= MAX_DEPTH)
		return n;
	for_each_child_of_node(np, child)
		n += count_nodes(child, depth + 1);
	return n;
}

/* Appends np and its subtree; returns np's offset, or -1 when full. */
static int add_nodes(struct secmon_dt *dt, unsigned int cap, struct device_node *np, int parent,
		     unsigned int depth)
{
	struct device_node *child;
	int self, prev = -1;

	if (dt->count >= cap)
		return -1;
	self = dt->count++;
	dt->nodes[self] = (struct secmon_dt_node){
		.np = of_node_get(np),
		/* full_name is the name with its unit address; the root's is "/". */
		.name = np->parent && np->full_name ? kbasename(np->full_name) : "",
		.parent = parent, .child = -1, .sibling = -1,
	};
	if (depth >= MAX_DEPTH)
		return self;
	for_each_child_of_node(np, child) {
		int c = add_nodes(dt, cap, child, self, depth + 1);

		if (c < 0) {
			of_node_put(child);
			return -1;
		}
		if (prev < 0)
			dt->nodes[self].child = c;
		else
			dt->nodes[prev].sibling = c;
		prev = c;
	}
	return self;
}

struct secmon_dt *secmon_dt_build(struct device_node *root)
{
	struct secmon_dt *dt;
	unsigned int cap;
	int tries;

	root = root ? of_node_get(root) : of_find_node_by_path("/");
	if (!root)
		return NULL;
	/* The tree may grow between counting and copying (overlays): retry. */
	for (tries = 0; tries < 4; tries++) {
		cap = count_nodes(root, 0) + 8;
		dt = kvzalloc(struct_size(dt, nodes, cap), GFP_KERNEL);
		if (!dt)
			break;
		if (add_nodes(dt, cap, root, -1, 0) == 0) {
			dt->last_named = -1;
			of_node_put(root);
			return dt;
		}
		secmon_dt_free(dt);
	}
	of_node_put(root);
	return NULL;
}

void secmon_dt_free(struct secmon_dt *dt)
{
	unsigned int i;

	if (!dt)
		return;
	for (i = 0; i < dt->count; i++)
		of_node_put(dt->nodes[i].np);
	kvfree(dt);
}

int secmon_dt_offset(const struct secmon_dt *dt, const struct device_node *np)
{
	unsigned int i;

	for (i = 0; i < dt->count; i++)
		if (dt->nodes[i].np == np)
			return i;
	return -1;
}

struct device_node *secmon_dt_node(const struct secmon_dt *dt, int offset)
{
	return offset >= 0 && offset < dt->count ? dt->nodes[offset].np : NULL;
}

/* The child of `node` named by the `len` bytes at `name`, or -1. */
static int child_named(const struct secmon_dt *dt, int node, const char *name, size_t len)
{
	int c;

	for (c = dt->nodes[node].child; c >= 0; c = dt->nodes[c].sibling)
		if (!strncmp(dt->nodes[c].name, name, len) && !dt->nodes[c].name[len])
			return c;
	return -1;
}

/* err->node is a name, or names a node below it ("l2x0-init/call@1"). */
static int resolve(const struct secmon_dt *dt, int first, const char *rest)
{
	while (first >= 0 && *rest == '/') {
		size_t len;

		rest++;
		len = strchrnul(rest, '/') - rest;
		first = child_named(dt, first, rest, len);
		rest += len;
	}
	return *rest ? -1 : first;
}

void secmon_dt_error_path(const struct secmon_dt *dt, const struct secmon_ct_error *err,
			  char *buf, size_t size)
{
	size_t len = strchrnul(err->node, '/') - err->node;
	int i = dt->last_named, n = -1;

	if (i >= 0 && i < dt->count && !strncmp(dt->nodes[i].name, err->node, len) &&
	    !dt->nodes[i].name[len])
		n = resolve(dt, i, err->node + len);
	for (i = 0; n < 0 && i < dt->count; i++)
		if (!strncmp(dt->nodes[i].name, err->node, len) && !dt->nodes[i].name[len])
			n = resolve(dt, i, err->node + len);
	if (n >= 0)
		snprintf(buf, size, "%pOF", dt->nodes[n].np);
	else
		snprintf(buf, size, "%s", err->node);
}

int fdt_parent_offset(const void *fdt, int nodeoffset)
{
	const struct secmon_dt_node *n = node_at(fdt, nodeoffset);

	if (!n)
		return -FDT_ERR_BADOFFSET;
	return n->parent >= 0 ? n->parent : -FDT_ERR_NOTFOUND;
}

/* --- libfdt's calls ------------------------------------------------------ */

const void *fdt_getprop(const void *fdt, int nodeoffset, const char *name, int *lenp)
{
	const struct secmon_dt_node *n = node_at(fdt, nodeoffset);
	struct property *pp;
	int len;

	if (!n) {
		if (lenp)
			*lenp = -FDT_ERR_BADOFFSET;
		return NULL;
	}
	pp = of_find_property(n->np, name, &len);
	if (!pp) {
		if (lenp)
			*lenp = -FDT_ERR_NOTFOUND;
		return NULL;
	}
	if (lenp)
		*lenp = len;
	/* An empty property may have no value; it is still present. */
	return pp->value ? pp->value : "";
}

const char *fdt_get_name(const void *fdt, int nodeoffset, int *lenp)
{
	struct secmon_dt *dt = (struct secmon_dt *)fdt;
	const struct secmon_dt_node *n = node_at(fdt, nodeoffset);

	if (!n) {
		if (lenp)
			*lenp = -FDT_ERR_BADOFFSET;
		return NULL;
	}
	dt->last_named = nodeoffset;
	if (lenp)
		*lenp = strlen(n->name);
	return n->name;
}

int fdt_first_subnode(const void *fdt, int offset)
{
	const struct secmon_dt_node *n = node_at(fdt, offset);

	if (!n)
		return -FDT_ERR_BADOFFSET;
	return n->child >= 0 ? n->child : -FDT_ERR_NOTFOUND;
}

int fdt_next_subnode(const void *fdt, int offset)
{
	const struct secmon_dt_node *n = node_at(fdt, offset);

	if (!n)
		return -FDT_ERR_BADOFFSET;
	return n->sibling >= 0 ? n->sibling : -FDT_ERR_NOTFOUND;
}

/*
 * Walks a string-list property: the index of `string` in it (when not
 * NULL), or the string at `index` (through *found), or the count.
 */
static int walk_strings(const void *fdt, int nodeoffset, const char *property, const char *string,
			int index, const char **found, int *found_len)
{
	int len, i = 0;
	const char *s = fdt_getprop(fdt, nodeoffset, property, &len);

	if (!s)
		return len;
	while (len > 0) {
		int l = strnlen(s, len) + 1;

		if (l > len)
			return -FDT_ERR_BADVALUE;
		if (string && !strcmp(s, string))
			return i;
		if (found && i == index) {
			*found = s;
			*found_len = l - 1;
			return i;
		}
		s += l;
		len -= l;
		i++;
	}
	return string || found ? -FDT_ERR_NOTFOUND : i;
}

int fdt_stringlist_count(const void *fdt, int nodeoffset, const char *property)
{
	return walk_strings(fdt, nodeoffset, property, NULL, -1, NULL, NULL);
}

const char *fdt_stringlist_get(const void *fdt, int nodeoffset, const char *property, int index,
			       int *lenp)
{
	const char *s = NULL;
	int l = 0, e = walk_strings(fdt, nodeoffset, property, NULL, index, &s, &l);

	if (lenp)
		*lenp = e < 0 ? e : l;
	return e < 0 ? NULL : s;
}

int fdt_stringlist_search(const void *fdt, int nodeoffset, const char *property,
			  const char *string)
{
	return walk_strings(fdt, nodeoffset, property, string, -1, NULL, NULL);
}

int fdt_node_check_compatible(const void *fdt, int nodeoffset, const char *compatible)
{
	int i = fdt_stringlist_search(fdt, nodeoffset, "compatible", compatible);

	if (i >= 0)
		return 0;
	return i == -FDT_ERR_NOTFOUND && fdt_getprop(fdt, nodeoffset, "compatible", NULL) ? 1 : i;
}

int fdt_node_offset_by_compatible(const void *fdt, int startoffset, const char *compatible)
{
	const struct secmon_dt *dt = fdt;
	int i;

	if (startoffset < -1 || startoffset >= (int)dt->count)
		return -FDT_ERR_BADOFFSET;
	for (i = startoffset + 1; i < dt->count; i++)
		if (fdt_node_check_compatible(fdt, i, compatible) == 0)
			return i;
	return -FDT_ERR_NOTFOUND;
}

/* libfdt's rule: "cpu" matches "cpu" and "cpu@0"; "cpu@0" only "cpu@0". */
static bool name_matches(const char *name, const char *comp, size_t len)
{
	if (strncmp(name, comp, len))
		return false;
	return name[len] == '\0' || (!memchr(comp, '@', len) && name[len] == '@');
}

int fdt_path_offset(const void *fdt, const char *path)
{
	const struct secmon_dt *dt = fdt;
	int node = 0;

	if (!dt->count)
		return -FDT_ERR_NOTFOUND;
	if (path[0] != '/')
		return -FDT_ERR_BADPATH;	/* no aliases here */
	while (*path) {
		size_t len;
		int child;

		while (*path == '/')
			path++;
		if (!*path)
			break;
		len = strchrnul(path, '/') - path;
		for (child = dt->nodes[node].child; child >= 0; child = dt->nodes[child].sibling)
			if (name_matches(dt->nodes[child].name, path, len))
				break;
		if (child < 0)
			return -FDT_ERR_NOTFOUND;
		node = child;
		path += len;
	}
	return node;
}

int fdt_address_cells(const void *fdt, int nodeoffset)
{
	int len;
	const fdt32_t *v = fdt_getprop(fdt, nodeoffset, "#address-cells", &len);
	u32 n;

	if (!v)
		return len == -FDT_ERR_NOTFOUND ? 2 : len;
	if (len != 4)
		return -FDT_ERR_BADNCELLS;
	n = fdt32_to_cpu(*v);
	if (n == 0 || n > 4)
		return -FDT_ERR_BADNCELLS;
	return n;
}

/* --- Properties, in list order ------------------------------------------- */

/* Linux's made-up "name": the node name up to its unit address. */
static bool made_up(const struct secmon_dt_node *n, const struct property *pp)
{
	size_t len = strchrnul(n->name, '@') - n->name;

	return !strcmp(pp->name, "name") && pp->length == len + 1 &&
	       !memcmp(pp->value, n->name, len) && !((const char *)pp->value)[len];
}

/*
 * The property at `index` (counting from 0, made-up names skipped) and
 * after, or NULL. The live tree's property list changes only under
 * of_mutex by overlays; secmon reads it when parsing, as the library
 * walks a blob.
 */
static struct property *prop_at(const struct secmon_dt_node *n, int index)
{
	struct property *pp;
	int i = 0;

	for (pp = n->np->properties; pp; pp = pp->next) {
		if (made_up(n, pp))
			continue;
		if (i++ == index)
			return pp;
	}
	return NULL;
}

static int prop_offset(const void *fdt, int nodeoffset, int index)
{
	const struct secmon_dt_node *n = node_at(fdt, nodeoffset);

	if (!n || index >= (1 << SECMON_DT_PROP_SHIFT) - 1)
		return -FDT_ERR_BADOFFSET;
	if (!prop_at(n, index))
		return -FDT_ERR_NOTFOUND;
	return nodeoffset << SECMON_DT_PROP_SHIFT | (index + 1);
}

int fdt_first_property_offset(const void *fdt, int nodeoffset)
{
	return prop_offset(fdt, nodeoffset, 0);
}

int fdt_next_property_offset(const void *fdt, int offset)
{
	int index = (offset & ((1 << SECMON_DT_PROP_SHIFT) - 1)) - 1;

	if (offset < 0 || index < 0)
		return -FDT_ERR_BADOFFSET;
	return prop_offset(fdt, offset >> SECMON_DT_PROP_SHIFT, index + 1);
}

const void *fdt_getprop_by_offset(const void *fdt, int offset, const char **namep, int *lenp)
{
	int index = (offset & ((1 << SECMON_DT_PROP_SHIFT) - 1)) - 1;
	const struct secmon_dt_node *n = offset < 0 ? NULL :
		node_at(fdt, offset >> SECMON_DT_PROP_SHIFT);
	struct property *pp = n && index >= 0 ? prop_at(n, index) : NULL;

	if (!pp) {
		if (lenp)
			*lenp = -FDT_ERR_BADOFFSET;
		return NULL;
	}
	if (namep)
		*namep = pp->name;
	if (lenp)
		*lenp = pp->length;
	return pp->value ? pp->value : "";
}

/* SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause */
/*
 * A snapshot of a subtree of the live device tree that the library reads
 * through its libfdt calls (compat/libfdt.h): offset i is nodes[i], in
 * depth-first order with the subtree's root at offset 0. Every node is
 * held (of_node_get) until secmon_dt_free(), so names and property values
 * the library keeps in its tables stay valid as long as the snapshot does.
 */
#ifndef SECMON_LINUX_DT_H
#define SECMON_LINUX_DT_H

#include <linux/of.h>
#include <secmon/calltab.h>

struct secmon_dt_node {
	struct device_node *np;
	const char *name;	/* with its unit address; "" for the root */
	int parent, child, sibling;	/* offsets, -1 for none */
};

struct secmon_dt {
	unsigned int count;
	int last_named;		/* offset of the last fdt_get_name() */
	struct secmon_dt_node nodes[];
};

/* Snapshot of the subtree at `root` (NULL: the whole tree); NULL on ENOMEM. */
struct secmon_dt *secmon_dt_build(struct device_node *root);
void secmon_dt_free(struct secmon_dt *dt);

/* The offset of `np`, or -1 when it is not in the snapshot. */
int secmon_dt_offset(const struct secmon_dt *dt, const struct device_node *np);
struct device_node *secmon_dt_node(const struct secmon_dt *dt, int offset);

/*
 * The full path of the node a library error names: err->node holds its
 * name, or a name and the path below it ("l2x0-init/call@1"), taken from
 * the node the library last asked the name of when it matches, else from
 * the first node of that name; else err->node itself.
 */
void secmon_dt_error_path(const struct secmon_dt *dt, const struct secmon_ct_error *err,
			  char *buf, size_t size);

#endif

// SPDX-License-Identifier: BSD-3-Clause
/*
 * The DT handed to the OS: the monitor's description of itself, written
 * into the platform's DT by the services, each its own part, in the order
 * core/services.c's mon_services_os_dt() calls them (PSCI's node, idle
 * states and power domains; the SCMI server; the board's call tables),
 * with the helpers they share here. Cold boot only.
 */
#include <libfdt.h>
#include <secmon/calltab.h>
#include <secmon/psci.h>
#include "../monitor.h"
#include "service.h"

#define MAX_CHILDREN 64
/* Call tables are three levels deep; a deeper board DT is refused. */
#define MAX_DEPTH 4

/* A board phandle names a board node: in the OS's DT it could clash. */
static bool is_phandle(const char *prop)
{
	static const char *const names[] = { "phandle", "linux,phandle" };

	for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const char *a = prop, *b = names[i];

		for (; *a && *a == *b; a++, b++)
			;
		if (*a == *b)
			return true;
	}
	return false;
}

static int copy_node(void *dst, int parent, const void *src, int node, unsigned depth)
{
	const char *name = fdt_get_name(src, node, 0);
	int d, prop, child, err;
	int children[MAX_CHILDREN];
	unsigned n = 0;

	if (!name || depth > MAX_DEPTH)
		return -FDT_ERR_BADSTRUCTURE;
	d = fdt_subnode_offset(dst, parent, name);

	if (d >= 0 && (err = fdt_del_node(dst, d)) < 0)
		return err;
	d = fdt_add_subnode(dst, parent, name);
	if (d < 0)
		return d;
	fdt_for_each_property_offset(prop, src, node) {
		const char *pname;
		int len;
		const void *v = fdt_getprop_by_offset(src, prop, &pname, &len);

		/* libfdt lets a negative length through: never copy one. */
		if (!v || len < 0)
			return v ? -FDT_ERR_BADSTRUCTURE : len;
		if (is_phandle(pname))
			continue;
		err = fdt_setprop(dst, d, pname, v, len);
		if (err < 0)
			return err;
	}
	/* libfdt puts a new node ahead of its siblings: add the last first. */
	fdt_for_each_subnode(child, src, node) {
		if (n == MAX_CHILDREN)
			return -FDT_ERR_NOSPACE;
		children[n++] = child;
	}
	while (n-- > 0) {
		err = copy_node(dst, d, src, children[n], depth + 1);
		if (err < 0)
			return err;
	}
	return 0;
}

int mon_dt_copy_node(void *dst, int parent, const void *src, int node)
{
	return copy_node(dst, parent, src, node, 0);
}

/* The board's own PSCI node, or a negative number. */
int mon_dt_board_psci(const void *board)
{
	int node = secmon_calltab_find(board, -1, "arm,psci");

	return node >= 0 ? node : secmon_calltab_find(board, -1, "arm,psci-0.2");
}

/*
 * A board whose PSCI node is 0.1 only gives the OS no SMCCC conduit (Linux
 * finds it through PSCI 0.2 or later): it could not reach an SMC transport.
 */
static bool smccc_conduit(const void *board)
{
	int node = board ? secmon_calltab_find(board, -1, "arm,psci") : -1;

	return node < 0 || fdt_node_check_compatible(board, node, "arm,psci-0.2") == 0 ||
	       fdt_node_check_compatible(board, node, "arm,psci-1.0") == 0;
}

/* A fresh, empty node PARENT/NAME (an old one of that name is replaced). */
int mon_dt_new_node(void *fdt, int parent, const char *name)
{
	int node = fdt_subnode_offset(fdt, parent, name), err;

	if (node >= 0 && (err = fdt_del_node(fdt, node)) < 0)
		return err;
	return fdt_add_subnode(fdt, parent, name);
}

/* mon_dt_set_phandle()'s next phandle; 0: the tree not walked yet. */
static uint32_t next_phandle;

int mon_dt_set_phandle(void *fdt, int node, uint32_t *phandle)
{
	if (!next_phandle) {
		uint32_t max = 0;
		int err = fdt_find_max_phandle(fdt, &max);

		if (err)
			return err;
		if (max >= FDT_MAX_PHANDLE)
			return -FDT_ERR_NOPHANDLES;
		next_phandle = max + 1;
	}
	if (next_phandle > FDT_MAX_PHANDLE)
		return -FDT_ERR_NOPHANDLES;
	*phandle = next_phandle++;
	return fdt_setprop_u32(fdt, node, "phandle", *phandle);
}

int mon_dt_fixup(void *fdt, const void *board)
{
	struct mon_os_dt o = { .fdt = fdt, .board = board };

	next_phandle = 0;
	/* A corrupt structure block could send libfdt's walks round for ever. */
	if (board && (fdt_check_header(board) != 0 ||
		      secmon_dt_check_structure(board, fdt_totalsize(board)) != SECMON_OK))
		return -FDT_ERR_BADSTRUCTURE;
	o.board_psci = board && mon_dt_board_psci(board) >= 0;
	o.smccc = smccc_conduit(board);
	return mon_services_os_dt(&o);
}

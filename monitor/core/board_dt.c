// SPDX-License-Identifier: BSD-3-Clause
/*
 * The normal world's description of this monitor: the board's PSCI node
 * (or a standard PSCI 1.1 one), the SCMI server (services/scmi_dt.c) and
 * the board's call tables, written into the DT
 * the monitor hands over. Cold boot only.
 */
#include <libfdt.h>
#include <secmon/calltab.h>
#include "../monitor.h"
#include "../services/scmi.h"

#define MAX_CHILDREN 64
/* Call tables are three levels deep; a deeper board DT is refused. */
#define MAX_DEPTH 4

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

static int psci_node(void *fdt, const void *board)
{
	static const char compat[] = "arm,psci-1.0\0arm,psci-0.2";
	int node = board ? secmon_calltab_find(board, -1, "arm,psci") : -1;
	int dst, err;

	if (node < 0 && board)
		node = secmon_calltab_find(board, -1, "arm,psci-0.2");
	if (node >= 0)
		return copy_node(fdt, 0, board, node, 0);
	dst = fdt_subnode_offset(fdt, 0, "psci");
	if (dst >= 0 && (err = fdt_del_node(fdt, dst)) < 0)
		return err;
	dst = fdt_add_subnode(fdt, 0, "psci");
	if (dst < 0)
		return dst;
	err = fdt_setprop(fdt, dst, "compatible", compat, sizeof(compat));
	return err ? err : fdt_setprop_string(fdt, dst, "method", "smc");
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

int mon_dt_fixup(void *fdt, const void *board)
{
	int fw, node = -1, err;

	/* A corrupt structure block could send libfdt's walks round for ever. */
	if (board && (fdt_check_header(board) != 0 ||
		      secmon_dt_check_structure(board, fdt_totalsize(board)) != SECMON_OK))
		return -FDT_ERR_BADSTRUCTURE;
	err = psci_node(fdt, board);
	if (!err && smccc_conduit(board))
		err = scmi_dt_fixup(fdt);
	if (err || !board)
		return err;
	while ((node = secmon_calltab_find(board, node, "secmon,call-table")) >= 0) {
		fw = fdt_subnode_offset(fdt, 0, "firmware");
		if (fw < 0)
			fw = fdt_add_subnode(fdt, 0, "firmware");
		if (fw < 0)
			return fw;
		err = copy_node(fdt, fw, board, node, 0);
		if (err)
			return err;
	}
	return 0;
}

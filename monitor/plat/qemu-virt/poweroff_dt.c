/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The power-off mailbox of PSCI 0.1 boards (poweroff.c), at cold boot:
 * whether the board DT needs it, and the reserved page, syscon and
 * syscon-poweroff/syscon-reboot nodes it adds to the OS's DT.
 */
#include <stdbool.h>
#include <stdint.h>
#include <libfdt.h>
#include <secmon/calltab.h>
#include "../../arch/arch.h"
#include "platform.h"
#include "qemu-virt.h"
#include "../../fwlib/fwlib.h"
#include "../../plat.h"

/* Linux's PSCI driver picks 0.2 (with SYSTEM_OFF) whenever the node lists it. */
static bool psci_0_1_only(const void *board)
{
	int node = secmon_calltab_find(board, -1, "arm,psci");

	return node >= 0 && fdt_node_check_compatible(board, node, "arm,psci-0.2") != 0 &&
	       fdt_node_check_compatible(board, node, "arm,psci-1.0") != 0;
}

bool qv_poweroff_init(const void *board, uint64_t mailbox)
{
	qv_poweroff_enabled = qv_sec_timer_mine = false;
	if (!board || !psci_0_1_only(board))
		return false;
	if (!plat_ns_range_ok(mailbox, QV_MAILBOX_SIZE)) {
		fw_err("PSCI 0.1 board: no normal-world RAM at %lx for the power-off mailbox\n",
		       (unsigned long)mailbox);
		return false;
	}
	qv_mailbox_base = mailbox;
	/* RAM survives a reset: a stale QV_MAILBOX_RESET would reset at once. */
	for (uint64_t off = 0; off < QV_MAILBOX_SIZE; off += 4)
		mmio_write32((uintptr_t)(mailbox + off), 0);
	qv_poweroff_enabled = qv_sec_timer_mine = true;
	fw_info("PSCI 0.1 board: power-off and reboot through the mailbox at %lx, watched "
		"every %u ms\n", (unsigned long)mailbox, QV_WATCH_MS);
	return true;
}

static int cells_of(const void *fdt, int node, const char *name, int dflt)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, name, &len);

	return (p && len == 4) ? (int)fdt32_to_cpu(*p) : dflt;
}

/* reg = <base size> in the cells of `parent`. */
static int set_reg(void *fdt, int parent, int node)
{
	int ac = cells_of(fdt, parent, "#address-cells", 2);
	int sc = cells_of(fdt, parent, "#size-cells", 1);
	fdt32_t reg[4];
	int n = 0;

	if (ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return -FDT_ERR_BADNCELLS;
	if (ac == 2)
		reg[n++] = cpu_to_fdt32((uint32_t)(qv_mailbox_base >> 32));
	reg[n++] = cpu_to_fdt32((uint32_t)qv_mailbox_base);
	if (sc == 2)
		reg[n++] = cpu_to_fdt32(0);
	reg[n++] = cpu_to_fdt32(QV_MAILBOX_SIZE);
	return fdt_setprop(fdt, node, "reg", reg, n * (int)sizeof(reg[0]));
}

static int add_node(void *fdt, int parent, const char *name)
{
	int node = fdt_subnode_offset(fdt, parent, name), err;

	if (node >= 0 && (err = fdt_del_node(fdt, node)) < 0)
		return err;
	return fdt_add_subnode(fdt, parent, name);
}

/* The page leaves the OS's memory: Linux maps a syscon only outside it. */
static int reserve_page(void *fdt, const char *name)
{
	int rm = fdt_subnode_offset(fdt, 0, "reserved-memory"), node, err;

	if (rm < 0) {
		rm = fdt_add_subnode(fdt, 0, "reserved-memory");
		if (rm < 0)
			return rm;
		err = fdt_setprop_u32(fdt, rm, "#address-cells",
				      (uint32_t)cells_of(fdt, 0, "#address-cells", 2));
		if (!err)
			err = fdt_setprop_u32(fdt, rm, "#size-cells",
					      (uint32_t)cells_of(fdt, 0, "#size-cells", 1));
		if (!err)
			err = fdt_setprop_empty(fdt, rm, "ranges");
		if (err)
			return err;
	}
	node = add_node(fdt, rm, name);
	if (node < 0)
		return node;
	err = set_reg(fdt, rm, node);
	return err ? err : fdt_setprop_empty(fdt, node, "no-map");
}

static int add_writer(void *fdt, const char *name, const char *compatible, uint32_t phandle,
		      uint32_t value)
{
	int node = add_node(fdt, 0, name), err;

	if (node < 0)
		return node;
	err = fdt_setprop_string(fdt, node, "compatible", compatible);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "regmap", phandle);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "offset", 0);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "value", value);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "mask", 0xffffffffu);
	return err;
}

int qv_poweroff_dt_fixup(void *fdt)
{
	char name[40];
	uint32_t phandle;
	int node, err;

	if (!qv_poweroff_enabled)
		return 0;
	fw_snprintf(name, sizeof(name), "secmon-mailbox@%lx", (unsigned long)qv_mailbox_base);
	err = reserve_page(fdt, name);
	if (!err)
		err = fdt_generate_phandle(fdt, &phandle);
	if (err)
		return err;
	node = add_node(fdt, 0, name);
	if (node < 0)
		return node;
	err = fdt_setprop_string(fdt, node, "compatible", "syscon");
	if (!err)
		err = set_reg(fdt, 0, node);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "phandle", phandle);
	if (!err)
		err = add_writer(fdt, "secmon-poweroff", "syscon-poweroff", phandle, QV_MAILBOX_OFF);
	if (!err)
		err = add_writer(fdt, "secmon-reboot", "syscon-reboot", phandle, QV_MAILBOX_RESET);
	return err;
}


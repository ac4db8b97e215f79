// SPDX-License-Identifier: BSD-3-Clause
/*
 * The Exynos4210's DTs at cold boot. QEMU's (the OS's, at the start of
 * DRAM): its /memory gives the normal world's DRAM, less the monitor's
 * carve-out; the normal world's SYSRAM page (the mailbox) is its memory too.
 * The OS's, moved to EX_OS_DTB and fixed up for Linux's Exynos code:
 *   - the monitor's own nodes (mon_dt_fixup(): the board's call table under
 *     /firmware), but no PSCI node: Linux's mach-exynos would take its SMP
 *     operations from PSCI, and this board's OS uses Samsung's calls
 *     (PSCI stays callable);
 *   - /firmware@203f000, compatible "samsung,secure-firmware": Linux then
 *     calls the firmware (arch/arm/mach-exynos/firmware.c);
 *   - the carve-out in /reserved-memory, no-map;
 *   - the secure SYSRAM node (samsung,exynos4210-sysram) widened to every
 *     page of iRAM the monitor runs in, so that Linux's SRAM driver hands
 *     none of it out;
 *   - UART0, the secure console, disabled.
 */
#include <stdint.h>
#include <libfdt.h>
#include "exynos4210.h"
#include "../../fwlib/fwlib.h"
#include "../../monitor.h"

static uint64_t cell(const fdt32_t *p, int n)
{
	return n == 2 ? (uint64_t)fdt32_to_cpu(p[0]) << 32 | fdt32_to_cpu(p[1])
		      : fdt32_to_cpu(p[0]);
}

/* One DRAM range, less the carve-out. */
static void add_dram(uint64_t base, uint64_t size)
{
	uint64_t end = base + size, lo = EX_SECURE_DRAM, hi = lo + EX_SECURE_DRAM_SIZE;

	if (end <= lo || base >= hi) {
		ex_add_ns_range(base, size);
		return;
	}
	if (base < lo)
		ex_add_ns_range(base, lo - base);
	if (end > hi)
		ex_add_ns_range(hi, end - hi);
}

MON_COLD_BOOT void ex_dt_scan(const void *fdt)
{
	int node, len, ac, sc;
	const fdt32_t *reg;

	if (fdt_check_header(fdt) != 0)
		ex_boot_failed("no DT at the start of DRAM (QEMU: -dtb exynos4210-smdkv310.dtb)");
	ac = fdt_address_cells(fdt, 0);
	sc = fdt_size_cells(fdt, 0);
	node = fdt_node_offset_by_prop_value(fdt, -1, "device_type", "memory", 7);
	reg = node >= 0 ? fdt_getprop(fdt, node, "reg", &len) : 0;
	if (!reg || ac < 1 || ac > 2 || sc < 1 || sc > 2 || len < 4 * (ac + sc))
		ex_boot_failed("QEMU's DT: no /memory node with a reg property");
	for (; len >= 4 * (ac + sc); len -= 4 * (ac + sc), reg += ac + sc)
		add_dram(cell(reg, ac), cell(reg + ac, sc));
	ex_add_ns_range(EX_SYSRAM_NS, EX_SYSRAM_NS_SIZE);
}

/* reg = <base size> in the parent's cells. */
static int set_reg(void *fdt, int node, int parent, uint64_t base, uint64_t size)
{
	int ac = fdt_address_cells(fdt, parent), sc = fdt_size_cells(fdt, parent), err;

	err = fdt_setprop(fdt, node, "reg", 0, 0);
	if (!err)
		err = ac == 2 ? fdt_appendprop_u64(fdt, node, "reg", base)
			      : fdt_appendprop_u32(fdt, node, "reg", (uint32_t)base);
	if (!err)
		err = sc == 2 ? fdt_appendprop_u64(fdt, node, "reg", size)
			      : fdt_appendprop_u32(fdt, node, "reg", (uint32_t)size);
	return err;
}

static int no_psci(void *fdt)
{
	int node = fdt_path_offset(fdt, "/psci"), err = 0;

	if (node >= 0)
		err = fdt_del_node(fdt, node);
	node = fdt_path_offset(fdt, "/cpus/idle-states");
	if (!err && node >= 0)
		err = fdt_del_node(fdt, node);
	fdt_for_each_subnode(node, fdt, fdt_path_offset(fdt, "/cpus"))
		if (!err && fdt_getprop(fdt, node, "cpu-idle-states", 0))
			err = fdt_delprop(fdt, node, "cpu-idle-states");
	return err;
}

static int samsung_firmware(void *fdt)
{
	int node = fdt_add_subnode(fdt, 0, "firmware@203f000"), err;

	if (node < 0)
		return node;
	err = fdt_setprop_string(fdt, node, "compatible", "samsung,secure-firmware");
	return err ? err : set_reg(fdt, node, 0, EX_SYSRAM_NS, EX_SYSRAM_NS_SIZE);
}

static int reserve_carveout(void *fdt)
{
	int rm = fdt_path_offset(fdt, "/reserved-memory"), node, err = 0;

	if (rm < 0) {
		rm = fdt_add_subnode(fdt, 0, "reserved-memory");
		if (rm < 0)
			return rm;
		err = fdt_setprop_u32(fdt, rm, "#address-cells", (uint32_t)fdt_address_cells(fdt, 0));
		if (!err)
			err = fdt_setprop_u32(fdt, rm, "#size-cells", (uint32_t)fdt_size_cells(fdt, 0));
		if (!err)
			err = fdt_setprop(fdt, rm, "ranges", 0, 0);
		if (err)
			return err;
	}
	node = fdt_add_subnode(fdt, rm, "secmon@7f800000");
	if (node < 0)
		return node;
	err = set_reg(fdt, node, rm, EX_SECURE_DRAM, EX_SECURE_DRAM_SIZE);
	return err ? err : fdt_setprop(fdt, node, "no-map", 0, 0);
}

/* The secure SYSRAM child of the iRAM node: every page below the mailbox. */
static int iram(void *fdt)
{
	int node = fdt_node_offset_by_compatible(fdt, -1, "samsung,exynos4210-sysram");

	if (node < 0)
		return 0;
	return set_reg(fdt, node, fdt_parent_offset(fdt, node), 0, EX_SYSRAM_NS - EX_IRAM_BASE);
}

static int secure_uart(void *fdt)
{
	int node = -1, len;

	while ((node = fdt_node_offset_by_compatible(fdt, node, "samsung,exynos4210-uart")) >= 0) {
		const fdt32_t *reg = fdt_getprop(fdt, node, "reg", &len);

		if (reg && len >= 4 && fdt32_to_cpu(reg[0]) == EX_UART0_BASE)
			return fdt_setprop_string(fdt, node, "status", "disabled");
	}
	return 0;
}

MON_COLD_BOOT void ex_dt_fixup(void *fdt, const void *board)
{
	int err = fdt_move((const void *)EX_QEMU_DTB, fdt, EX_OS_DTB_MAX);

	if (err)
		fw_err("moving QEMU's DT: %s\n", fdt_strerror(err));
	if (!err && (err = mon_dt_fixup(fdt, board)) != 0)
		fw_err("the monitor's nodes: %s\n", fdt_strerror(err));
	if (!err) {
		static int (*const steps[])(void *) = { no_psci, samsung_firmware,
							reserve_carveout, iram, secure_uart };

		for (unsigned i = 0; !err && i < sizeof(steps) / sizeof(steps[0]); i++)
			err = steps[i](fdt);
		if (err)
			fw_err("the Exynos nodes: %s\n", fdt_strerror(err));
	}
	if (err)
		ex_boot_failed("DT fix-up failed");
	/* QEMU's copy at the start of DRAM: Linux decompresses over it. */
	memset((void *)EX_QEMU_DTB, 0, fdt_totalsize((const void *)EX_QEMU_DTB));
}

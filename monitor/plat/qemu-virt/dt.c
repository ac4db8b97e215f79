/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Reading QEMU's DTB (normal-world memory, CPUs) and fixing it up for the
 * OS (the monitor's own nodes, enable-method, /chosen). Cold-boot path only: libfdt uses
 * FP/SIMD registers, which nothing of the normal world holds yet.
 */
#include <stdbool.h>
#include <stdint.h>
#include <libfdt.h>
#include "platform.h"
#include "qemu-virt.h"
#include "../../arch/arch.h"
#include "../../fwlib/fwlib.h"
#include "../../monitor.h"

static uint64_t read_cells(const fdt32_t *p, int cells)
{
	uint64_t v = 0;

	for (int i = 0; i < cells; i++)
		v = (v << 32) | fdt32_to_cpu(p[i]);
	return v;
}

static int cells_of(const void *fdt, int node, const char *name, int dflt)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, name, &len);

	return (p && len == 4) ? (int)fdt32_to_cpu(*p) : dflt;
}

static bool node_enabled(const void *fdt, int node)
{
	int len;
	const char *s = fdt_getprop(fdt, node, "status", &len);

	return !s || strcmp(s, "okay") == 0 || strcmp(s, "ok") == 0;
}

static bool prop_is(const void *fdt, int node, const char *prop, const char *val)
{
	const char *s = fdt_getprop(fdt, node, prop, NULL);

	return s && strcmp(s, val) == 0;
}

/*
 * Enabled device_type = "memory" nodes only: the secure RAM node is
 * "disabled" with secure-status = "okay", and so is no normal-world memory.
 */
static unsigned scan_memory(const void *fdt, struct fw_range *r)
{
	int ac = cells_of(fdt, 0, "#address-cells", 2), sc = cells_of(fdt, 0, "#size-cells", 1);
	unsigned n = 0;
	int node, len;

	fdt_for_each_subnode(node, fdt, 0) {
		const fdt32_t *reg;

		if (!prop_is(fdt, node, "device_type", "memory") || !node_enabled(fdt, node))
			continue;
		reg = fdt_getprop(fdt, node, "reg", &len);
		for (int i = 0; reg && i + (ac + sc) * 4 <= len && n < QV_MAX_MEM_RANGES;
		     i += (ac + sc) * 4) {
			r[n].base = read_cells(reg + i / 4, ac);
			r[n].size = read_cells(reg + i / 4 + ac, sc);
			n++;
		}
	}
	return n;
}

static unsigned scan_cpus(const void *fdt, uint64_t *mpidr)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	int ac = cells_of(fdt, cpus, "#address-cells", 1);
	unsigned n = 0;
	int node, len;

	if (cpus < 0)
		return 0;
	fdt_for_each_subnode(node, fdt, cpus) {
		const fdt32_t *reg = fdt_getprop(fdt, node, "reg", &len);

		if (!prop_is(fdt, node, "device_type", "cpu") || !reg || len < ac * 4)
			continue;
		/* The monitor's CPU n is the one the entry code gave stack n. */
		if (n < PLAT_MAX_CPUS && arch_cpu_index(read_cells(reg, ac)) != (int)n) {
			fw_err("/cpus/%s: reg %lx is not CPU %u as this board numbers its CPUs\n",
			       fdt_get_name(fdt, node, NULL), (unsigned long)read_cells(reg, ac), n);
			return 0;
		}
		if (n < PLAT_MAX_CPUS)
			mpidr[n] = read_cells(reg, ac);
		n++;
	}
	return n;
}

/* The secure world's seed, read before the fix-up removes /secure-chosen. */
static void scan_rng_seed(const void *fdt)
{
	int node = fdt_path_offset(fdt, "/secure-chosen"), len = 0;
	const void *seed = node < 0 ? NULL : fdt_getprop(fdt, node, "rng-seed", &len);

	if (seed && len > 0)
		qv_entropy_seed(seed, (unsigned)len);
	fw_info("TRNG entropy: %s\n", qv_entropy_source());
}

int qv_dt_scan(const void *fdt)
{
	struct fw_range mem[QV_MAX_MEM_RANGES];
	uint64_t mpidr[PLAT_MAX_CPUS];
	unsigned nmem, ncpu;

	if (fdt_check_header(fdt) != 0)
		return -1;
	nmem = scan_memory(fdt, mem);
	ncpu = scan_cpus(fdt, mpidr);
	if (!nmem || !ncpu)
		return -1;
	if (ncpu > PLAT_MAX_CPUS)
		fw_err("%u CPUs in the DTB; this port drives the first %u\n", ncpu, PLAT_MAX_CPUS);
	qv_set_ns_memory(mem, nmem);
	qv_set_cpus(mpidr, ncpu);
	scan_rng_seed(fdt);
	for (unsigned i = 0; i < nmem; i++)
		fw_info("normal-world RAM %lx-%lx\n", (unsigned long)mem[i].base,
			(unsigned long)(mem[i].base + mem[i].size - 1));
	return 0;
}

/* CPUs past PLAT_MAX_CPUS never leave the monitor: the OS must not see them. */
static int fixup_cpus(void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	unsigned n = 0;
	int node, err;

	if (cpus < 0)
		return cpus;
	for (node = fdt_first_subnode(fdt, cpus); node >= 0;) {
		if (!prop_is(fdt, node, "device_type", "cpu")) {
			node = fdt_next_subnode(fdt, node);
			continue;
		}
		if (n++ >= PLAT_MAX_CPUS) {
			err = fdt_del_node(fdt, node);
			if (err)
				return err;
			continue;	/* the next node now sits at this offset */
		}
		err = fdt_setprop_string(fdt, node, "enable-method", "psci");
		if (err)
			return err;
		node = fdt_next_subnode(fdt, node);
	}
	return 0;
}

/* QEMU's seeds for the secure world (rng-seed, kaslr-seed) stay secret. */
static int remove_secure_chosen(void *fdt)
{
	int node = fdt_path_offset(fdt, "/secure-chosen");

	return node < 0 ? 0 : fdt_del_node(fdt, node);
}

/* Absent is as good as removed. */
static int delprop(void *fdt, int node, const char *name)
{
	int err = fdt_delprop(fdt, node, name);

	return err == -FDT_ERR_NOTFOUND ? 0 : err;
}

/*
 * /chosen says what the monitor loaded and nothing else: QEMU writes its
 * -append there too, which is not for a payload (payload.c) but for the OS
 * the payload loads from fw_cfg.
 */
static int fixup_chosen(void *fdt, const struct qv_boot_info *bi)
{
	int node = fdt_path_offset(fdt, "/chosen");
	int err;

	if (node < 0)
		node = fdt_add_subnode(fdt, 0, "chosen");
	if (node < 0)
		return node;
	err = delprop(fdt, node, "bootargs");
	if (!err)
		err = delprop(fdt, node, "linux,initrd-start");
	if (!err)
		err = delprop(fdt, node, "linux,initrd-end");
	if (!err && bi->cmdline)
		err = fdt_setprop_string(fdt, node, "bootargs", bi->cmdline);
	if (!err && bi->initrd_end > bi->initrd_start)
		err = fdt_setprop_u64(fdt, node, "linux,initrd-start", bi->initrd_start);
	if (!err && bi->initrd_end > bi->initrd_start)
		err = fdt_setprop_u64(fdt, node, "linux,initrd-end", bi->initrd_end);
	return err;
}

/*
 * Devices the OS uses that depend on an SCMI resource, so that their
 * working proves the path: every virtio-mmio transport sits in SCMI power
 * domain 0 ("virtio" in the model, services/scmi_model.c).
 */
static int scmi_consumers(void *fdt)
{
	int pd = fdt_path_offset(fdt, "/firmware/scmi/protocol@11"), node, err;
	fdt32_t ref[2];

	if (pd < 0)
		return 0;
	ref[0] = cpu_to_fdt32(fdt_get_phandle(fdt, pd));
	ref[1] = cpu_to_fdt32(0);
	/* Setting a property moves nodes: look again from where this one is. */
	for (node = fdt_node_offset_by_compatible(fdt, -1, "virtio,mmio"); node >= 0;
	     node = fdt_node_offset_by_compatible(fdt, node, "virtio,mmio")) {
		err = fdt_setprop(fdt, node, "power-domains", ref, sizeof(ref));
		if (err)
			return err;
	}
	return node == -FDT_ERR_NOTFOUND ? 0 : node;
}

/*
 * The psci node and the board's call tables come from the portable monitor;
 * a PSCI 0.1 board also gets the power-off mailbox (the AArch64 port's
 * poweroff.c). No /memreserve/ or reserved-memory for the monitor itself:
 * everything it owns (flash, secure RAM) is outside the normal world's
 * memory nodes.
 */
int qv_dt_fixup(void *fdt, size_t max, const struct qv_boot_info *bi, const void *board_dtb)
{
	int err = fdt_open_into(fdt, fdt, (int)max);

	if (!err)
		err = mon_dt_fixup(fdt, board_dtb);
	if (!err)
		err = scmi_consumers(fdt);
	if (!err)
		err = qv_poweroff_dt_fixup(fdt);
	if (!err)
		err = fixup_cpus(fdt);
	if (!err)
		err = remove_secure_chosen(fdt);
	if (!err)
		err = fixup_chosen(fdt, bi);
	if (!err)
		err = fdt_pack(fdt);
	if (err)
		fw_err("DT fix-up failed: %s\n", fdt_strerror(err));
	return err;
}

/* Zeroes [at, at + n): aligned 64-bit stores (the MMU is off: Device memory). */
static void wipe(uintptr_t at, size_t n)
{
	uintptr_t end = at + n;

	for (; at < end && (at & 7); at++)
		*(volatile uint8_t *)at = 0;
	for (; at + 8 <= end; at += 8)
		*(volatile uint64_t *)at = 0;
	for (; at < end; at++)
		*(volatile uint8_t *)at = 0;
}

/*
 * Cold boot, the step after the fix-up (and after anything that reads
 * /secure-chosen from QEMU's DTB): nothing QEMU gave the secure world stays
 * readable by the normal world. Zeroes the fixed-up DTB's room past its end,
 * where a deletion or fdt_pack() leaves old bytes behind, and QEMU's
 * original when the DTB was moved (orig, orig_size; NULL, 0 when fixed up in
 * place).
 */
void qv_dt_wipe_secure_leftovers(void *fdt, size_t max, void *orig, size_t orig_size)
{
	size_t used = fdt_totalsize(fdt);

	if (used < max)
		wipe((uintptr_t)fdt + used, max - used);
	if (orig)
		wipe((uintptr_t)orig, orig_size);
}

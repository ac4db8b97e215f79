// SPDX-License-Identifier: BSD-3-Clause
/*
 * The OS's description of the SCMI server, written at cold boot from the
 * monitor's own tables (the channel it serves, the protocols it has): the
 * channel as a no-map /reserved-memory region compatible "arm,scmi-shmem",
 * and /firmware/scmi ("arm,scmi-smc") with a protocol@NN child, carrying
 * its provider cells and a phandle, for every protocol but Base.
 */
#include <libfdt.h>
#include "../core/service.h"
#include "scmi.h"

/* The provider's #...-cells property, or NULL. */
static const char *provider_cells(uint8_t protocol)
{
	switch (protocol) {
	case SECMON_SCMI_POWER:
		return "#power-domain-cells";
	case SECMON_SCMI_PERF:	/* Linux 6.1's binding: the DVFS domains as clocks */
	case SECMON_SCMI_CLOCK:
		return "#clock-cells";
	case SECMON_SCMI_RESET:
		return "#reset-cells";
	default:
		return 0;
	}
}

/* "name@<hex>" into buf (at least 40 bytes). */
static void unit_name(char *buf, const char *name, uint64_t addr)
{
	char hex[17];
	unsigned n = 0, i = 0;

	do {
		hex[n++] = "0123456789abcdef"[addr & 0xf];
		addr >>= 4;
	} while (addr && n < 16);
	while (*name)
		buf[i++] = *name++;
	buf[i++] = '@';
	while (n)
		buf[i++] = hex[--n];
	buf[i] = '\0';
}

static int cells_of(const void *fdt, int node, const char *name, uint32_t dflt)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, name, &len);

	return (int)(p && len == 4 ? fdt32_to_cpu(*p) : dflt);
}

static int subnode(void *fdt, int parent, const char *name)
{
	int node = fdt_subnode_offset(fdt, parent, name);

	return node >= 0 ? node : fdt_add_subnode(fdt, parent, name);
}

static int reserved_memory(void *fdt)
{
	int rm = fdt_subnode_offset(fdt, 0, "reserved-memory"), err;

	if (rm >= 0)
		return rm;
	rm = fdt_add_subnode(fdt, 0, "reserved-memory");
	if (rm < 0)
		return rm;
	err = fdt_setprop_u32(fdt, rm, "#address-cells", (uint32_t)cells_of(fdt, 0, "#address-cells", 2));
	if (!err)
		err = fdt_setprop_u32(fdt, rm, "#size-cells", (uint32_t)cells_of(fdt, 0, "#size-cells", 1));
	if (!err)
		err = fdt_setprop_empty(fdt, rm, "ranges");
	return err ? err : rm;
}

/* The channel's region; its phandle in *ph. */
static int shmem_node(void *fdt, const struct scmi_be_channel *ch, uint32_t *ph)
{
	int rm = reserved_memory(fdt), node, ac, sc, n = 0, err;
	fdt32_t reg[4];
	char name[40];

	if (rm < 0)
		return rm;
	ac = cells_of(fdt, rm, "#address-cells", 2);
	sc = cells_of(fdt, rm, "#size-cells", 1);
	if (ac < 1 || ac > 2 || sc < 1 || sc > 2 || (ac == 1 && ch->base >> 32))
		return -FDT_ERR_BADNCELLS;
	if (ac == 2)
		reg[n++] = cpu_to_fdt32((uint32_t)(ch->base >> 32));
	reg[n++] = cpu_to_fdt32((uint32_t)ch->base);
	if (sc == 2)
		reg[n++] = 0;
	reg[n++] = cpu_to_fdt32(ch->size);
	unit_name(name, "scmi-shmem", ch->base);
	node = mon_dt_new_node(fdt, rm, name);
	if (node < 0)
		return node;
	err = fdt_setprop_string(fdt, node, "compatible", "arm,scmi-shmem");
	if (!err)
		err = fdt_setprop(fdt, node, "reg", reg, n * (int)sizeof(reg[0]));
	if (!err)
		err = fdt_setprop_empty(fdt, node, "no-map");
	return err ? err : mon_dt_set_phandle(fdt, node, ph);
}

static int protocol_node(void *fdt, int scmi, uint8_t id)
{
	const char *cells = provider_cells(id);
	char name[40];
	uint32_t ph;
	int node, err;

	unit_name(name, "protocol", id);
	node = fdt_add_subnode(fdt, scmi, name);
	if (node < 0)
		return node;
	err = fdt_setprop_u32(fdt, node, "reg", id);
	if (!err && cells)
		err = fdt_setprop_u32(fdt, node, cells, 1);
	return err ? err : mon_dt_set_phandle(fdt, node, &ph);
}

int scmi_os_dt(const struct mon_os_dt *o)
{
	void *fdt = o->fdt;
	struct scmi_be_channel ch;
	uint32_t shmem;
	int fw, scmi, err;

	if (!o->smccc || !scmi_channel(&ch))
		return 0;
	err = shmem_node(fdt, &ch, &shmem);
	if (err)
		return err;
	fw = subnode(fdt, 0, "firmware");
	if (fw < 0)
		return fw;
	scmi = mon_dt_new_node(fdt, fw, "scmi");
	if (scmi < 0)
		return scmi;
	err = fdt_setprop_string(fdt, scmi, "compatible", "arm,scmi-smc");
	if (!err)
		err = fdt_setprop_u32(fdt, scmi, "arm,smc-id", SECMON_SIP_SCMI);
	if (!err)
		err = fdt_setprop_u32(fdt, scmi, "shmem", shmem);
	if (!err)
		err = fdt_setprop_u32(fdt, scmi, "#address-cells", 1);
	if (!err)
		err = fdt_setprop_u32(fdt, scmi, "#size-cells", 0);
	/* libfdt puts a new node ahead of its siblings: add the last first. */
	for (unsigned i = scmi_protocol_count; !err && i-- > 1;)
		err = protocol_node(fdt, scmi, scmi_protocols[i]->id);
	return err;
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * Calls described by the board's device tree, at cold boot: every call
 * table of the board DT is parsed (lib/calltab.c), each operation bound to
 * one of the monitor's handlers and each name a handler uses resolved to its
 * register (described.h). Nothing here runs once the normal world does.
 */
#include <libfdt.h>
#include <secmon/fwops.h>
#include <secmon/psci.h>
#include "../core/log.h"
#include "../plat.h"
#include "described.h"

struct binding {
	const char *name;
	enum described_op op;
};

static const struct binding fw_ops[] = {
	{ "cpu-boot", DOP_CPU_BOOT },
	{ "set-cpu-boot-addr", DOP_SET_BOOT_ADDR },
	{ "get-cpu-boot-addr", DOP_GET_BOOT_ADDR },
	{ "do-idle", DOP_DO_IDLE },
	{ "suspend", DOP_SUSPEND },
	{ "resume", DOP_RESUME },
	{ "l2x0-init", DOP_L2X0 },
	{ "c15resume", DOP_C15RESUME },
	{ "cpu-on", DOP_CPU_ON },
	{ "cpu-off", DOP_CPU_OFF },
	{ "cpu-suspend", DOP_CPU_SUSPEND },
	{ "migrate", DOP_NOT_SUPPORTED },
	{ "system-off", DOP_SYSTEM_OFF },
	{ "system-reset", DOP_SYSTEM_RESET },
};

static const struct binding media_ops[] = {
	{ "set-format", DOP_MEDIA_SET_FORMAT },
	{ "protect-buffer", DOP_MEDIA_PROTECT },
	{ "unprotect-buffer", DOP_MEDIA_UNPROTECT },
	{ "get-status", DOP_MEDIA_STATUS },
};

/* Which implementation serves a table: its most specific compatible. */
static const struct {
	const char *compatible;
	const struct binding *ops;
	unsigned nops;
} services[] = {
	{ "secmon,call-table", fw_ops, sizeof(fw_ops) / sizeof(fw_ops[0]) },
	{ "arm,psci", fw_ops, sizeof(fw_ops) / sizeof(fw_ops[0]) },
	{ "secmon,secure-media", media_ops, sizeof(media_ops) / sizeof(media_ops[0]) },
};

static const char *const slot_names[DS_COUNT] = {
	[DS_MPIDR] = "mpidr", [DS_CPU] = "cpu", [DS_ENTRY] = "entry",
	[DS_CONTEXT] = "context", [DS_POWER_STATE] = "power-state", [DS_REGS] = "regs",
	[DS_FORMAT] = "format", [DS_ADDR] = "addr", [DS_SIZE] = "size",
	[DS_HANDLE] = "handle", [DS_STATUS] = "status", [DS_BUFFERS] = "buffers",
};

static bool streq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

static const struct binding *bind(const struct binding *ops, unsigned n, const char *name)
{
	for (unsigned i = 0; i < n; i++)
		if (secmon_calltab_name_is(name, ops[i].name))
			return &ops[i];
	return 0;
}

/* Each named register of `r[0..n)` into `slots` (first of a name wins). */
static void map_regs(const struct secmon_ct_reg *r, unsigned n, uint8_t slots[DS_COUNT])
{
	for (unsigned s = 0; s < DS_COUNT; s++)
		slots[s] = DS_NONE;
	for (unsigned i = 0; i < n; i++)
		for (unsigned s = 0; r[i].name && s < DS_COUNT; s++)
			if (slots[s] == DS_NONE && streq(r[i].name, slot_names[s]))
				slots[s] = r[i].reg;
}

/*
 * entry-address: only cpu-boot starts a CPU at an entry read from memory,
 * and the word must be normal-world memory the monitor may read.
 */
static int check_entry_address(const void *fdt, int node, const struct described_table *tb,
			       unsigned op)
{
	const struct secmon_ct_op *o = &tb->t.ops[op];

	for (unsigned s = 0; s < o->ncalls; s++) {
		uint64_t at = tb->t.calls[o->first_call + s].entry_addr;
		const char *why = 0;

		if (!at)
			continue;
		if (tb->op[op] != DOP_CPU_BOOT)
			why = "only cpu-boot reads its entry from memory";
		else if (!plat_ns_range_ok(at, 4) || !plat_ns_map(at, 4))
			why = "not in the normal world's memory";
		if (why) {
			mon_log("secmon: board DT: node %s/%s, property entry-address: 0x%llx: %s\n",
				secmon_calltab_node_name(fdt, node), o->name,
				(unsigned long long)at, why);
			return -1;
		}
	}
	return 0;
}

/* Binds every operation of a parsed table; an unknown one is an error. */
static int add_table(const void *fdt, int node, unsigned svc)
{
	struct described_table *tb = &described_tables[described_ntables];

	for (unsigned i = 0; i < tb->t.nops; i++) {
		const struct binding *b = bind(services[svc].ops, services[svc].nops,
					       tb->t.ops[i].name);

		if (!b) {
			mon_log("secmon: board DT: node %s/%s: this monitor has no operation by "
				"that name for %s\n",
				secmon_calltab_node_name(fdt, node), tb->t.ops[i].name,
				services[svc].compatible);
			return -1;
		}
		tb->op[i] = (uint8_t)b->op;
	}
	for (unsigned i = 0; i < tb->t.nops; i++)
		if (check_entry_address(fdt, node, tb, i))
			return -1;
	for (unsigned i = 0; i < tb->t.ncalls; i++) {
		const struct secmon_ct_call *c = &tb->t.calls[i];

		map_regs(&tb->t.regs[c->first], c->nargs, tb->map[i].in);
		map_regs(&tb->t.regs[c->first + c->nargs], c->nresults, tb->map[i].out);
	}
	described_ntables++;
	return 0;
}

/*
 * A call carried in x0 whose ID the monitor answers itself would never reach
 * its table. (A PSCI 0.1 node is checked by check_psci01_not_shadowed():
 * its IDs may be the standard PSCI ones of the same operations.)
 */
static int check_not_shadowed(const void *fdt, int node, const struct secmon_calltab *t)
{
	for (unsigned o = 0; o < t->nops; o++)
		for (unsigned s = 0; s < t->ops[o].ncalls; s++) {
			const struct secmon_ct_call *c = &t->calls[t->ops[o].first_call + s];

			if (c->id_reg != 0 || !mon_fid_answered(c->fid))
				continue;
			mon_log("secmon: board DT: node %s/%s, property function-id: 0x%x is a call "
				"this monitor answers itself\n",
				secmon_calltab_node_name(fdt, node), t->ops[o].name, (unsigned)c->fid);
			return -1;
		}
	return 0;
}

/* A PSCI 0.1 node's operations: their DT property and standard PSCI function. */
static const struct {
	const char *op, *prop;
	unsigned fn;
} psci01_fns[] = {
	{ "cpu-suspend", "cpu_suspend", SECMON_PSCI_FN_CPU_SUSPEND },
	{ "cpu-off", "cpu_off", SECMON_PSCI_FN_CPU_OFF },
	{ "cpu-on", "cpu_on", SECMON_PSCI_FN_CPU_ON },
	{ "migrate", "migrate", SECMON_PSCI_FN_MIGRATE },
};

/*
 * A PSCI 0.1 ID that the monitor answers itself is allowed only as the
 * standard ID (either width) of the same function, which the PSCI service
 * then serves. Any other would rename one call as another: cpu_on =
 * <0x84000002> would make the OS's CPU_ON a CPU_OFF.
 */
static int check_psci01_not_shadowed(const void *fdt, int node, const struct secmon_calltab *t)
{
	for (unsigned o = 0; o < t->nops; o++) {
		uint32_t raw = t->calls[t->ops[o].first_call].fid;
		uint32_t fid = raw & ~SECMON_FID_SVE_HINT;

		for (unsigned i = 0; i < sizeof(psci01_fns) / sizeof(psci01_fns[0]); i++) {
			unsigned fn = psci01_fns[i].fn;

			if (!streq(t->ops[o].name, psci01_fns[i].op) || !mon_fid_answered(fid) ||
			    fid == SECMON_PSCI_FN32(fn) || fid == SECMON_PSCI_FN64(fn))
				continue;
			mon_log("secmon: board DT: node %s, property %s: 0x%x is another call this "
				"monitor answers itself (only the standard PSCI ID of %s may be "
				"given)\n", secmon_calltab_node_name(fdt, node), psci01_fns[i].prop,
				(unsigned)raw, psci01_fns[i].prop);
			return -1;
		}
	}
	return 0;
}

static int report(const struct secmon_ct_error *e)
{
	mon_log("secmon: board DT: node %s, property %s: %s\n", e->node,
		e->property[0] ? e->property : "-", e->message);
	return -1;
}

static int too_many_tables(const void *fdt, int node)
{
	mon_log("secmon: board DT: node %s: too many call tables (at most %u)\n",
		secmon_calltab_node_name(fdt, node), DESCRIBED_MAX_TABLES);
	return -1;
}

/* The first compatible of `node` that names a service, or -1. */
static int service_of(const void *fdt, int node)
{
	const char *first = fdt_stringlist_get(fdt, node, "compatible", 0, 0);

	for (unsigned i = 0; first && i < sizeof(services) / sizeof(services[0]); i++)
		if (streq(first, services[i].compatible))
			return (int)i;
	return -1;
}

/* Two described calls the monitor could not tell apart, across tables. */
static int check_unique_ids(void)
{
	const struct described_table *t = described_tables;

	for (unsigned a = 0; a < described_ntables; a++)
		for (unsigned b = a + 1; b < described_ntables; b++)
			for (unsigned i = 0; i < t[a].t.ncalls; i++)
				for (unsigned j = 0; j < t[b].t.ncalls; j++) {
					const struct secmon_ct_call *x = &t[a].t.calls[i];
					const struct secmon_ct_call *y = &t[b].t.calls[j];

					if (x->fid != y->fid || x->id_reg != y->id_reg)
						continue;
					mon_log("secmon: board DT: node %s, property function-id: "
						"0x%x is described by node %s too\n",
						t[b].t.path_name, (unsigned)y->fid, t[a].t.path_name);
					return -1;
				}
	return 0;
}

int described_init(const void *fdt)
{
	struct secmon_ct_error err;
	int node = -1, svc;

	described_reset();
	media_init();
	if (!fdt)
		return 0;
	/* A corrupt structure block could send libfdt's walks round for ever. */
	if (fdt_check_header(fdt) != 0 ||
	    secmon_dt_check_structure(fdt, fdt_totalsize(fdt)) != SECMON_OK) {
		mon_log("secmon: board DT: not a valid flattened device tree\n");
		return -1;
	}
	while ((node = secmon_calltab_find(fdt, node, "secmon,call-table")) >= 0) {
		svc = service_of(fdt, node);
		if (svc < 0) {
			mon_log("secmon: board DT: node %s, property compatible: no service of this "
				"monitor has that compatible\n", secmon_calltab_node_name(fdt, node));
			return -1;
		}
		if (described_ntables >= DESCRIBED_MAX_TABLES)
			return too_many_tables(fdt, node);
		if (secmon_calltab_parse(fdt, node, &described_tables[described_ntables].t, &err))
			return report(&err);
		if (check_not_shadowed(fdt, node, &described_tables[described_ntables].t) ||
		    add_table(fdt, node, (unsigned)svc))
			return -1;
	}
	node = secmon_calltab_find(fdt, -1, "arm,psci");
	if (node >= 0 && fdt_stringlist_count(fdt, node, "compatible") == 1) {
		if (described_ntables >= DESCRIBED_MAX_TABLES)
			return too_many_tables(fdt, node);
		if (secmon_calltab_from_psci(fdt, node, &described_tables[described_ntables].t,
					     &err))
			return report(&err);
		if (check_psci01_not_shadowed(fdt, node, &described_tables[described_ntables].t) ||
		    add_table(fdt, node, 1))
			return -1;
	}
	return check_unique_ids();
}

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
#include "media.h"

/* The firmware operations, as the vocabulary (<secmon/calltab.h>) numbers and names them. */
static const struct described_op fw_ops[SECMON_CT_FW_OPS] = {
	[SECMON_CT_CPU_BOOT] = { .run = described_cpu_boot },
	[SECMON_CT_SET_CPU_BOOT_ADDR] = { .run = described_set_boot_addr },
	[SECMON_CT_GET_CPU_BOOT_ADDR] = { .run = described_get_boot_addr },
	[SECMON_CT_DO_IDLE] = { .run = described_do_idle },
	[SECMON_CT_SUSPEND] = { .run = described_suspend },
	[SECMON_CT_RESUME] = { .run = described_resume },
	[SECMON_CT_L2X0_INIT] = { .run = described_l2x0 },
	[SECMON_CT_C15RESUME] = { .run = described_c15resume },
	[SECMON_CT_CPU_SUSPEND] = { .run = described_cpu_suspend },
	[SECMON_CT_CPU_OFF] = { .run = described_cpu_off },
	[SECMON_CT_CPU_ON] = { .run = described_cpu_on },
	[SECMON_CT_MIGRATE] = { .run = described_not_supported },
	[SECMON_CT_SYSTEM_OFF] = { .run = described_system_off },
	[SECMON_CT_SYSTEM_RESET] = { .run = described_system_reset },
};

static const char *const fw_compatibles[] = { "secmon,call-table", "arm,psci", 0 };
static const char *const fw_slots[] = {
	[FW_MPIDR] = "mpidr", [FW_CPU] = "cpu", [FW_ENTRY] = "entry", [FW_CONTEXT] = "context",
	[FW_POWER_STATE] = "power-state", [FW_REGS] = "regs", 0
};

/*
 * The firmware operations: a "secmon,call-table" node that is no other
 * service, or a PSCI 0.1 node's IDs (lib/fwops_dt.c makes them a table).
 */
static const struct described_service fw_service = {
	.compatibles = fw_compatibles,
	.fw_vocabulary = true,
	.ops = fw_ops,
	.nops = SECMON_CT_FW_OPS,
	.slots = fw_slots,
};

/* The services a table may describe. */
static const struct described_service *const services[] = {
	&fw_service,
	&media_service,
};

static bool streq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

/* Operation i's name in svc. */
static const char *op_name(const struct described_service *svc, unsigned i)
{
	return svc->fw_vocabulary ? secmon_ct_fw_vocab[i].op : svc->ops[i].name;
}

/* The operation of svc named `name` ("cpu-boot@1" too), or -1. */
static int bind(const struct described_service *svc, const char *name)
{
	for (unsigned i = 0; i < svc->nops; i++)
		if (svc->ops[i].run && secmon_calltab_name_is(name, op_name(svc, i)))
			return (int)i;
	return -1;
}

/*
 * Each named register of `r[0..n)` into the slot of its name in `names`
 * (first of a name wins); "status" into *status.
 */
static void map_regs(const struct secmon_ct_reg *r, unsigned n, const char *const *names,
		     uint8_t slots[DESCRIBED_MAX_SLOTS], uint8_t *status)
{
	for (unsigned s = 0; s < DESCRIBED_MAX_SLOTS; s++)
		slots[s] = DS_NONE;
	for (unsigned i = 0; i < n; i++) {
		if (!r[i].name)
			continue;
		if (status && *status == DS_NONE && streq(r[i].name, "status"))
			*status = r[i].reg;
		for (unsigned s = 0; s < DESCRIBED_MAX_SLOTS && names[s]; s++)
			if (slots[s] == DS_NONE && streq(r[i].name, names[s]))
				slots[s] = r[i].reg;
	}
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
		if (tb->run[op] != described_cpu_boot)
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

/*
 * resume-word: only do-idle and suspend power their caller down (its word
 * is normal-world memory: check_words()). The call (one: the parser
 * checked) then reads its entry from the word as cpu-boot does from
 * entry-address: the word becomes its entry_addr.
 */
static int bind_resume_word(const void *fdt, int node, struct described_table *tb, unsigned op)
{
	const struct secmon_ct_op *o = &tb->t.ops[op];
	uint64_t at;

	if (!o->resume_word)
		return 0;
	at = tb->t.words[o->first_word + o->resume_word - 1].addr;
	if (tb->run[op] == described_do_idle || tb->run[op] == described_suspend) {
		tb->t.calls[o->first_call].entry_addr = at;
		return 0;
	}
	mon_log("secmon: board DT: node %s/%s, property resume-word: 0x%llx: only do-idle and "
		"suspend power their caller down\n", secmon_calltab_node_name(fdt, node), o->name,
		(unsigned long long)at);
	return -1;
}

/*
 * The memory words an operation's caller writes (word-addresses,
 * word-const-addresses) are the normal world's, as entry-address is: a
 * word elsewhere (secure memory, a device) would have the OS write there.
 * (The parser checked they are aligned.)
 */
static int check_words(const void *fdt, int node, const struct described_table *tb, unsigned op)
{
	const struct secmon_ct_op *o = &tb->t.ops[op];

	for (unsigned i = 0; i < o->nwords; i++) {
		const struct secmon_ct_word *w = &tb->t.words[o->first_word + i];

		if (plat_ns_range_ok(w->addr, 4) && plat_ns_map(w->addr, 4))
			continue;
		mon_log("secmon: board DT: node %s/%s, property %s: 0x%llx: not in the normal "
			"world's memory\n", secmon_calltab_node_name(fdt, node), o->name,
			w->name ? "word-addresses" : "word-const-addresses",
			(unsigned long long)w->addr);
		return -1;
	}
	return 0;
}

/*
 * Binds every operation of a parsed table to svc (named by `compatible`);
 * an unknown one is an error.
 */
static int add_table(const void *fdt, int node, const struct described_service *svc,
		     const char *compatible)
{
	struct described_table *tb = &described_tables[described_ntables];

	for (unsigned i = 0; i < tb->t.nops; i++) {
		int op = bind(svc, tb->t.ops[i].name);

		if (op < 0) {
			mon_log("secmon: board DT: node %s/%s: this monitor has no operation by "
				"that name for %s\n",
				secmon_calltab_node_name(fdt, node), tb->t.ops[i].name, compatible);
			return -1;
		}
		tb->run[i] = svc->ops[op].run;
	}
	for (unsigned i = 0; i < tb->t.nops; i++)
		if (check_entry_address(fdt, node, tb, i) || check_words(fdt, node, tb, i) ||
		    bind_resume_word(fdt, node, tb, i))
			return -1;
	for (unsigned i = 0; i < tb->t.ncalls; i++) {
		const struct secmon_ct_call *c = &tb->t.calls[i];
		struct described_map *m = &tb->map[i];

		m->status = DS_NONE;
		map_regs(&tb->t.regs[c->first], c->nargs, svc->slots, m->in, 0);
		map_regs(&tb->t.regs[c->first + c->nargs], c->nresults, svc->slots, m->out,
			 &m->status);
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
		const struct secmon_ct_vocab *vb = secmon_ct_fw_vocab_of(t->ops[o].name);
		unsigned fn = vb ? vb->psci_fn : 0;

		if (!vb || !vb->psci01_prop || !mon_fid_answered(fid) ||
		    fid == SECMON_PSCI_FN32(fn) || fid == SECMON_PSCI_FN64(fn))
			continue;
		mon_log("secmon: board DT: node %s, property %s: 0x%x is another call this "
			"monitor answers itself (only the standard PSCI ID of %s may be "
			"given)\n", secmon_calltab_node_name(fdt, node), vb->psci01_prop,
			(unsigned)raw, vb->psci01_prop);
		return -1;
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

/* The service a table's first compatible names (*compatible gets it), or NULL. */
static const struct described_service *service_of(const void *fdt, int node,
						  const char **compatible)
{
	const char *first = fdt_stringlist_get(fdt, node, "compatible", 0, 0);

	*compatible = first;
	for (unsigned i = 0; first && i < sizeof(services) / sizeof(services[0]); i++)
		for (const char *const *c = services[i]->compatibles; *c; c++)
			if (streq(first, *c))
				return services[i];
	return 0;
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
	const struct described_service *svc;
	const char *compatible;
	int node = -1;

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
		svc = service_of(fdt, node, &compatible);
		if (!svc) {
			mon_log("secmon: board DT: node %s, property compatible: no service of this "
				"monitor has that compatible\n", secmon_calltab_node_name(fdt, node));
			return -1;
		}
		if (described_ntables >= DESCRIBED_MAX_TABLES)
			return too_many_tables(fdt, node);
		if (secmon_calltab_parse(fdt, node, &described_tables[described_ntables].t, &err))
			return report(&err);
		if (check_not_shadowed(fdt, node, &described_tables[described_ntables].t) ||
		    add_table(fdt, node, svc, compatible))
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
		    add_table(fdt, node, &fw_service, "arm,psci"))
			return -1;
	}
	return check_unique_ids();
}

int described_os_dt(const struct mon_os_dt *o)
{
	int fw, node = -1, err;

	while (o->board && (node = secmon_calltab_find(o->board, node, "secmon,call-table")) >= 0) {
		fw = fdt_subnode_offset(o->fdt, 0, "firmware");
		if (fw < 0)
			fw = fdt_add_subnode(o->fdt, 0, "firmware");
		if (fw < 0)
			return fw;
		err = mon_dt_copy_node(o->fdt, fw, o->board, node);
		if (err)
			return err;
	}
	return 0;
}

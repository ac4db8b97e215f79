// SPDX-License-Identifier: BSD-3-Clause
/*
 * Calls described by the board's device tree: legacy vendor ABIs, PSCI
 * 0.1's custom IDs and DT-described services. At cold boot each operation
 * of each table is bound to the monitor's own implementation; at run time a
 * call is matched by the value in its ID register, its arguments are taken
 * from the registers the table names, and only the described result
 * registers are written.
 */
#include <libfdt.h>
#include <secmon/calltab.h>
#include <secmon/fwops.h>
#include <secmon/psci.h>
#include "../core/log.h"
#include "../core/service.h"
#include "../plat.h"
#include "described.h"

#define MAX_TABLES 4

/* One described call as the handlers see it. */
struct dcall {
	struct mon_call *c;
	const struct secmon_calltab *t;
	const struct secmon_ct_op *op;
	const struct secmon_ct_call *call;
	unsigned step;
	bool smc64;
};

typedef int64_t (*op_fn)(struct dcall *d);

struct binding {
	const char *name;
	op_fn fn;
};

struct table {
	struct secmon_calltab t;
	op_fn fn[SECMON_CT_MAX_OPS];
};

static struct table tables[MAX_TABLES];
static unsigned ntables;
static uint64_t boot_addr[MON_MAX_CPUS];
static bool boot_addr_set[MON_MAX_CPUS];
static struct mon_described_stats stats;

static bool streq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

/* The value of the argument called `name`; false when the table has none. */
static bool arg(const struct dcall *d, const char *name, uint64_t *v)
{
	for (unsigned i = 0; i < d->call->nargs; i++) {
		const struct secmon_ct_reg *r = &d->t->regs[d->call->first + i];

		if (r->name && streq(r->name, name)) {
			*v = d->c->r->x[r->reg];
			if (!d->smc64)
				*v = (uint32_t)*v;
			return true;
		}
	}
	return false;
}

/* The CPU an operation names, by logical number or by MPIDR; -1 if none. */
static int target(const struct dcall *d)
{
	uint64_t v;

	if (arg(d, "mpidr", &v))
		return plat_cpu_index(v);
	if (arg(d, "cpu", &v))
		return v < plat_cpu_count() ? (int)v : -1;
	return -1;
}

/* The boot address set-cpu-boot-addr stored for cpu, read under the lock. */
static bool boot_addr_of(unsigned cpu, uint64_t *pc)
{
	bool set;

	plat_lock();
	set = boot_addr_set[cpu];
	*pc = boot_addr[cpu];
	plat_unlock();
	return set;
}

static int64_t op_cpu_boot(struct dcall *d)
{
	int cpu = target(d);
	uint64_t pc, ctx = 0;

	if (cpu < 0)
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (!arg(d, "entry", &pc) && !boot_addr_of((unsigned)cpu, &pc))
		return SECMON_PSCI_INVALID_ADDRESS;
	arg(d, "context", &ctx);
	return psci_cpu_on(d->c, plat_cpu_mpidr((unsigned)cpu), pc, ctx);
}

/* Without a CPU argument the address is every secondary's (OMAP style). */
static int64_t op_set_boot_addr(struct dcall *d)
{
	int cpu = target(d);
	uint64_t pc, any;

	if (!arg(d, "entry", &pc))
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (cpu < 0 && (arg(d, "cpu", &any) || arg(d, "mpidr", &any)))
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (!psci_entry_ok(pc, d->c->caller))
		return SECMON_PSCI_INVALID_ADDRESS;
	plat_lock();
	for (unsigned i = 0; i < plat_cpu_count() && i < MON_MAX_CPUS; i++) {
		if (cpu >= 0 && (unsigned)cpu != i)
			continue;
		boot_addr[i] = pc;
		boot_addr_set[i] = true;
	}
	plat_unlock();
	return SECMON_PSCI_SUCCESS;
}

static void set_result(struct dcall *d, const char *name, uint64_t v)
{
	for (unsigned i = 0; i < d->call->nresults; i++) {
		const struct secmon_ct_reg *r = &d->t->regs[d->call->first + d->call->nargs + i];

		if (streq(r->name, name))
			d->c->r->x[r->reg] = d->smc64 ? v : (uint32_t)v;
	}
}

static int64_t op_get_boot_addr(struct dcall *d)
{
	int cpu = target(d);
	uint64_t pc;

	if (cpu < 0)
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (!boot_addr_of((unsigned)cpu, &pc))
		return SECMON_PSCI_NOT_PRESENT;
	set_result(d, "entry", pc);
	return SECMON_PSCI_SUCCESS;
}

static int64_t op_do_idle(struct dcall *d)
{
	stats.idles++;
	return psci_cpu_suspend(d->c, 0, 0, 0);
}

static int64_t op_suspend(struct dcall *d)
{
	uint64_t pc, ctx = 0;

	if (!arg(d, "entry", &pc))
		return SECMON_PSCI_NOT_SUPPORTED;
	arg(d, "context", &ctx);
	return psci_system_suspend(d->c, pc, ctx);
}

static int64_t op_resume(struct dcall *d)
{
	(void)d;
	return SECMON_PSCI_SUCCESS;
}

/* The board's L2 set-up values arrive as constants: record each step. */
static int64_t op_l2x0(struct dcall *d)
{
	plat_lock();
	stats.l2x0_steps++;
	if (d->step + 1 == d->op->ncalls)
		stats.l2x0_inits++;
	plat_unlock();
	return SECMON_PSCI_SUCCESS;
}

static int64_t op_c15resume(struct dcall *d)
{
	uint64_t regs;

	if (arg(d, "regs", &regs) && !plat_ns_range_ok(regs, 64))
		return SECMON_PSCI_INVALID_ADDRESS;
	return SECMON_PSCI_SUCCESS;
}

static int64_t op_cpu_on(struct dcall *d)
{
	uint64_t mpidr = 0, pc = 0, ctx = 0;

	arg(d, "mpidr", &mpidr);
	arg(d, "entry", &pc);
	arg(d, "context", &ctx);
	return psci_cpu_on(d->c, mpidr, pc, ctx);
}

static int64_t op_cpu_off(struct dcall *d)
{
	return psci_cpu_off(d->c);
}

static int64_t op_cpu_suspend(struct dcall *d)
{
	uint64_t ps = 0, pc = 0, ctx = 0;

	arg(d, "power-state", &ps);
	arg(d, "entry", &pc);
	arg(d, "context", &ctx);
	return psci_cpu_suspend(d->c, (uint32_t)ps, pc, ctx);
}

static int64_t op_not_supported(struct dcall *d)
{
	(void)d;
	return SECMON_PSCI_NOT_SUPPORTED;
}

static int64_t op_system_off(struct dcall *d)
{
	(void)d;
	plat_system_off();
}

static int64_t op_system_reset(struct dcall *d)
{
	(void)d;
	plat_system_reset();
}

static const struct binding fw_ops[] = {
	{ "cpu-boot", op_cpu_boot },
	{ "set-cpu-boot-addr", op_set_boot_addr },
	{ "get-cpu-boot-addr", op_get_boot_addr },
	{ "do-idle", op_do_idle },
	{ "suspend", op_suspend },
	{ "resume", op_resume },
	{ "l2x0-init", op_l2x0 },
	{ "c15resume", op_c15resume },
	{ "cpu-on", op_cpu_on },
	{ "cpu-off", op_cpu_off },
	{ "cpu-suspend", op_cpu_suspend },
	{ "migrate", op_not_supported },
	{ "system-off", op_system_off },
	{ "system-reset", op_system_reset },
};

static int64_t op_media_set_format(struct dcall *d)
{
	uint64_t fmt = 0;

	arg(d, "format", &fmt);
	return media_set_format(fmt);
}

static int64_t op_media_protect(struct dcall *d)
{
	uint64_t addr = 0, size = 0, handle = 0;
	int64_t r;

	arg(d, "addr", &addr);
	arg(d, "size", &size);
	r = media_protect(addr, size, &handle);
	if (r == 0)
		set_result(d, "handle", handle);
	return r;
}

static int64_t op_media_unprotect(struct dcall *d)
{
	uint64_t handle = 0;

	arg(d, "handle", &handle);
	return media_unprotect(handle);
}

static int64_t op_media_status(struct dcall *d)
{
	uint64_t fmt, n;

	media_status(&fmt, &n);
	set_result(d, "format", fmt);
	set_result(d, "buffers", n);
	return SECMON_PSCI_SUCCESS;
}

static const struct binding media_ops[] = {
	{ "set-format", op_media_set_format },
	{ "protect-buffer", op_media_protect },
	{ "unprotect-buffer", op_media_unprotect },
	{ "get-status", op_media_status },
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

static unsigned base_len(const char *s)
{
	unsigned n = 0;

	while (s[n] && s[n] != '@')
		n++;
	return n;
}

static op_fn bind(const struct binding *ops, unsigned n, const char *name)
{
	unsigned len = base_len(name);

	for (unsigned i = 0; i < n; i++) {
		unsigned j = 0;

		while (j < len && ops[i].name[j] == name[j])
			j++;
		if (j == len && !ops[i].name[j])
			return ops[i].fn;
	}
	return 0;
}

/* Binds every operation of a parsed table; an unknown one is an error. */
static int add_table(const void *fdt, int node, unsigned svc)
{
	struct table *tb = &tables[ntables];

	for (unsigned i = 0; i < tb->t.nops; i++) {
		tb->fn[i] = bind(services[svc].ops, services[svc].nops, tb->t.ops[i].name);
		if (!tb->fn[i]) {
			mon_log("secmon: board DT: node %s/%s: this monitor has no operation by "
				"that name for %s\n",
				secmon_calltab_node_name(fdt, node), tb->t.ops[i].name,
				services[svc].compatible);
			return -1;
		}
	}
	ntables++;
	return 0;
}

static int report(const struct secmon_ct_error *e)
{
	mon_log("secmon: board DT: node %s, property %s: %s\n", e->node,
		e->property[0] ? e->property : "-", e->message);
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
	for (unsigned a = 0; a < ntables; a++)
		for (unsigned b = a + 1; b < ntables; b++)
			for (unsigned i = 0; i < tables[a].t.ncalls; i++)
				for (unsigned j = 0; j < tables[b].t.ncalls; j++) {
					const struct secmon_ct_call *x = &tables[a].t.calls[i];
					const struct secmon_ct_call *y = &tables[b].t.calls[j];

					if (x->fid != y->fid || x->id_reg != y->id_reg)
						continue;
					mon_log("secmon: board DT: node %s, property function-id: "
						"0x%x is described by node %s too\n",
						tables[b].t.path_name, (unsigned)y->fid,
						tables[a].t.path_name);
					return -1;
				}
	return 0;
}

int described_init(const void *fdt)
{
	struct secmon_ct_error err;
	int node = -1, svc;

	ntables = 0;
	stats = (struct mon_described_stats){ 0 };
	for (unsigned i = 0; i < MON_MAX_CPUS; i++)
		boot_addr_set[i] = false;
	media_init();
	if (!fdt)
		return 0;
	if (fdt_check_header(fdt) != 0) {
		mon_log("secmon: board DT: not a valid flattened device tree\n");
		return -1;
	}
	while ((node = fdt_node_offset_by_compatible(fdt, node, "secmon,call-table")) >= 0) {
		svc = service_of(fdt, node);
		if (svc < 0) {
			mon_log("secmon: board DT: node %s, property compatible: no service of this "
				"monitor has that compatible\n", secmon_calltab_node_name(fdt, node));
			return -1;
		}
		if (ntables >= MAX_TABLES) {
			mon_log("secmon: board DT: node %s: too many call tables (at most %u)\n",
				secmon_calltab_node_name(fdt, node), MAX_TABLES);
			return -1;
		}
		if (secmon_calltab_parse(fdt, node, &tables[ntables].t, &err))
			return report(&err);
		if (add_table(fdt, node, (unsigned)svc))
			return -1;
	}
	node = fdt_node_offset_by_compatible(fdt, -1, "arm,psci");
	if (node >= 0 && fdt_stringlist_count(fdt, node, "compatible") == 1) {
		if (ntables >= MAX_TABLES)
			return report(&(struct secmon_ct_error){ "psci", "", "too many call tables" });
		if (secmon_calltab_from_psci(fdt, node, &tables[ntables].t, &err))
			return report(&err);
		if (add_table(fdt, node, 1))
			return -1;
	}
	return check_unique_ids();
}

static bool find_call(const struct secmon_regs *r, unsigned *tab, unsigned *op, unsigned *step)
{
	for (unsigned i = 0; i < ntables; i++) {
		const struct secmon_calltab *t = &tables[i].t;

		for (unsigned o = 0; o < t->nops; o++) {
			for (unsigned s = 0; s < t->ops[o].ncalls; s++) {
				const struct secmon_ct_call *call = &t->calls[t->ops[o].first_call + s];

				if ((uint32_t)r->x[call->id_reg] == call->fid) {
					*tab = i;
					*op = o;
					*step = s;
					return true;
				}
			}
		}
	}
	return false;
}

void described_for_each_id(void (*fn)(uint32_t fid, unsigned id_reg, void *arg), void *arg)
{
	for (unsigned i = 0; i < ntables; i++) {
		const struct secmon_calltab *t = &tables[i].t;

		for (unsigned o = 0; o < t->nops; o++)
			for (unsigned s = 0; s < t->ops[o].ncalls; s++) {
				const struct secmon_ct_call *call = &t->calls[t->ops[o].first_call + s];

				fn(call->fid, call->id_reg, arg);
			}
	}
}

bool described_handle(struct mon_call *c)
{
	unsigned tab, op, step;
	struct dcall d;
	int64_t status;

	if (!ntables || !find_call(c->r, &tab, &op, &step))
		return false;
	d = (struct dcall){ .c = c, .t = &tables[tab].t, .step = step };
	d.op = &d.t->ops[op];
	d.call = &d.t->calls[d.op->first_call + step];
	if (d.call->smc64 && !d.call->native && c->caller->aarch32)
		return false;
	d.smc64 = d.call->native ? !c->caller->aarch32 : d.call->smc64;
	plat_lock();
	stats.calls++;
	plat_unlock();
	status = tables[tab].fn[op](&d);
	set_result(&d, "status", (uint64_t)status);
	return true;
}

void described_stats(struct mon_described_stats *s)
{
	plat_lock();
	*s = stats;
	plat_unlock();
}

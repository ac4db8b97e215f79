// SPDX-License-Identifier: BSD-3-Clause
/* Choosing the firmware-operations backend from a board's device tree. */
#include <libfdt.h>
#include <secmon/fwops.h>
#include "internal.h"

static int fail(struct secmon_ct_error *err, const void *fdt, int node, const char *prop,
		const char *msg)
{
	return secmon_ct_fail(err, secmon_calltab_node_name(fdt, node), prop, msg, SECMON_E_BAD_TABLE);
}

static int method(const void *fdt, int node, enum secmon_ct_method *m, struct secmon_ct_error *err)
{
	int len;
	const char *s = fdt_getprop(fdt, node, "method", &len);

	if (!s)
		return fail(err, fdt, node, "method", "missing required property");
	if (len < 1 || s[len - 1] || fdt_stringlist_count(fdt, node, "method") != 1)
		return fail(err, fdt, node, "method", "must be one string");
	if (secmon_streq(s, "smc"))
		*m = SECMON_CT_SMC;
	else if (secmon_streq(s, "hvc"))
		*m = SECMON_CT_HVC;
	else
		return fail(err, fdt, node, "method", "unknown value");
	return SECMON_OK;
}

int secmon_calltab_from_psci(const void *fdt, int node, struct secmon_calltab *t,
			     struct secmon_ct_error *err)
{
	int e;

	*err = (struct secmon_ct_error){ .node = { 0 } };
	*t = (struct secmon_calltab){ .path_name = secmon_calltab_node_name(fdt, node), .legacy = true };
	e = method(fdt, node, &t->method, err);
	if (e)
		return e;
	/* PSCI 0.1's DT properties, as Linux's "arm,psci" binding names them. */
	for (unsigned i = 0; i < SECMON_CT_FW_OPS; i++) {
		const struct secmon_ct_vocab *vb = &secmon_ct_fw_vocab[i];
		int len;
		const fdt32_t *v = vb->psci01_prop ? fdt_getprop(fdt, node, vb->psci01_prop, &len) : 0;
		struct secmon_ct_call *c = &t->calls[t->ncalls];
		unsigned n = 0;

		if (!v)
			continue;
		if (len != 4)
			return fail(err, fdt, node, vb->psci01_prop, "must be one 32-bit cell");
		/* Linux passes PSCI 0.1 arguments in its native register width. */
		*c = (struct secmon_ct_call){ .fid = fdt32_to_cpu(v[0]), .fast = true,
					      .native = true, .first = t->nregs };
		for (unsigned j = 0; j < t->ncalls; j++)
			if (t->calls[j].fid == c->fid)
				return fail(err, fdt, node, vb->psci01_prop,
					    "the same function ID as another operation");
		while (n < 3 && vb->params[n]) {
			t->regs[t->nregs++] = (struct secmon_ct_reg){ .name = vb->params[n],
								      .reg = (uint8_t)(n + 1) };
			n++;
		}
		t->regs[t->nregs++] = (struct secmon_ct_reg){ .name = "status", .reg = 0 };
		c->nargs = (uint8_t)n;
		c->nresults = 1;
		t->ops[t->nops++] = (struct secmon_ct_op){ .name = vb->op,
							   .first_call = t->ncalls, .ncalls = 1 };
		t->ncalls++;
	}
	/* Linux's binding requires these two. */
	for (unsigned i = 0; i < 2; i++) {
		const struct secmon_ct_vocab *vb =
			&secmon_ct_fw_vocab[i ? SECMON_CT_CPU_OFF : SECMON_CT_CPU_ON];

		if (!secmon_calltab_op(t, vb->op))
			return fail(err, fdt, node, vb->psci01_prop, "missing required property");
	}
	return SECMON_OK;
}

/* MPIDRs of the /cpus/cpu@N nodes, in order (only counted when mpidr is NULL). */
static int read_cpus(const void *fdt, uint64_t *mpidr, unsigned *n, struct secmon_ct_error *err)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;
	int ac;

	*n = 0;
	if (cpus < 0)
		return fail(err, fdt, 0, "cpus", "the tree has no /cpus node");
	ac = fdt_address_cells(fdt, cpus);
	if (ac != 1 && ac != 2)
		return fail(err, fdt, cpus, "#address-cells", "must be 1 or 2 (an MPIDR's cells)");
	fdt_for_each_subnode(node, fdt, cpus) {
		int len;
		const char *type = fdt_getprop(fdt, node, "device_type", &len);
		const fdt32_t *reg;

		if (!type || len < 1 || type[len - 1] || !secmon_streq(type, "cpu"))
			continue;
		reg = fdt_getprop(fdt, node, "reg", &len);
		if (!reg || len != 4 * ac)
			return fail(err, fdt, node, "reg", "must be one MPIDR in #address-cells cells");
		if (*n >= SECMON_FWOPS_MAX_CPUS)
			return secmon_ct_fail(err, secmon_calltab_node_name(fdt, node), 0,
					      "more CPUs than SECMON_FWOPS_MAX_CPUS",
					      SECMON_E_NO_SPACE);
		if (mpidr)
			mpidr[*n] = ac == 1 ? fdt32_to_cpu(reg[0]) :
				((uint64_t)fdt32_to_cpu(reg[0]) << 32) | fdt32_to_cpu(reg[1]);
		(*n)++;
	}
	return SECMON_OK;
}

static const struct secmon_conduit *pick(const struct secmon_conduits *cs,
					 enum secmon_ct_method m)
{
	return m == SECMON_CT_HVC ? cs->hvc : cs->smc;
}

/* The first node whose most specific compatible is exactly `compat`. */
static int find_exact(const void *fdt, const char *compat)
{
	int node = -1;

	while ((node = secmon_calltab_find(fdt, node, compat)) >= 0)
		if (fdt_stringlist_search(fdt, node, "compatible", compat) == 0)
			return node;
	return node;
}

/* The backend, with no CPUs yet. */
static int init_backend(struct secmon_fwops *o, const void *fdt, const struct secmon_conduits *cs,
			struct secmon_calltab *t, struct secmon_ct_error *err)
{
	int node, e;
	const struct secmon_conduit *c;

	node = find_exact(fdt, "secmon,call-table");
	if (node >= 0) {
		e = secmon_calltab_parse(fdt, node, t, err);
		if (!e && !(c = pick(cs, t->method)))
			e = fail(err, fdt, node, "method", "no such conduit here");
		return e ? e : secmon_fwops_init_table(o, c, t, 0, 0);
	}
	node = secmon_calltab_find(fdt, -1, "arm,psci-1.0");
	if (node < 0)
		node = secmon_calltab_find(fdt, -1, "arm,psci-0.2");
	if (node >= 0) {
		enum secmon_ct_method m = SECMON_CT_SMC;

		e = method(fdt, node, &m, err);
		if (!e && !(c = pick(cs, m)))
			e = fail(err, fdt, node, "method", "no such conduit here");
		return e ? e : secmon_fwops_init_psci(o, c, 0, 0);
	}
	node = secmon_calltab_find(fdt, -1, "arm,psci");
	if (node >= 0) {
		e = secmon_calltab_from_psci(fdt, node, t, err);
		if (!e && !(c = pick(cs, t->method)))
			e = fail(err, fdt, node, "method", "no such conduit here");
		return e ? e : secmon_fwops_init_table(o, c, t, 0, 0);
	}
	return SECMON_OK;
}

/*
 * The power_state of the DT's first standby idle state, else 0. An
 * "arm,idle-state" whose arm,psci-suspend-param has neither bit 16 nor bit
 * 30 set is a standby state in both power_state formats (DEN0022: the type
 * bit of the original and of the extended one); a power-down state always
 * has its format's bit set.
 */
static uint32_t standby_state(const void *fdt)
{
	int states = fdt_path_offset(fdt, "/cpus/idle-states"), node;

	if (states < 0)
		return 0;
	fdt_for_each_subnode(node, fdt, states) {
		int len;
		const fdt32_t *p = fdt_getprop(fdt, node, "arm,psci-suspend-param", &len);

		if (!p || len != 4 || fdt_node_check_compatible(fdt, node, "arm,idle-state") != 0 ||
		    !secmon_dt_node_enabled(fdt, node))
			continue;
		if (!(fdt32_to_cpu(*p) & (1u << 16 | 1u << 30)))
			return fdt32_to_cpu(*p);
	}
	return 0;
}

/*
 * The CPUs are read straight into o->mpidr (after the backend's init, which
 * clears it), so that no copy of SECMON_FWOPS_MAX_CPUS MPIDRs is made on
 * the stack: secmon.ko sets that limit to the kernel's NR_CPUS.
 */
int secmon_fwops_init_dt(struct secmon_fwops *o, const void *fdt, const struct secmon_conduits *cs,
			 struct secmon_calltab *t, struct secmon_ct_error *err)
{
	unsigned n;
	int e;

	secmon_fwops_init_none(o);
	*err = (struct secmon_ct_error){ .node = { 0 } };
	e = read_cpus(fdt, 0, &n, err);
	if (!e)
		e = init_backend(o, fdt, cs, t, err);
	if (e || o->backend == SECMON_FWOPS_NONE)
		return e;
	o->idle_state = standby_state(fdt);
	return read_cpus(fdt, o->mpidr, &o->ncpus, err);
}

// SPDX-License-Identifier: BSD-3-Clause
/*
 * `secmon dt <file.dtb|file.dts>`: the secure-monitor ABI a board DT
 * describes, as the library resolves it: every "secmon,call-table" node
 * (firmware operations, services) and the PSCI node (standard, or PSCI
 * 0.1's custom IDs as the table secmon_calltab_from_psci builds), each call
 * with its ID, ID register, convention, call type, arguments in register
 * order and results.
 */
#include <inttypes.h>
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "../monitor/plat/host/sim.h"
#include "cli.h"
#include "json.h"
#include "fid.h"
#include "dt.h"

#define CMD "dt"
#define NS_CPUS 4	/* CPUs of the normal world's DT with --ns */
#define LABEL "%-17s"
#define OPLABEL "    %-13s"	/* inside an operation: values still at column 17 */

void cmd_dt_help(FILE *f)
{
	fputs("usage: secmon dt [--ns] [--json] <file.dtb|file.dts>\n"
	      "\n"
	      "Shows the secure-monitor calls a board's device tree describes, read with\n"
	      "the library's own parser: every node compatible with \"secmon,call-table\"\n"
	      "(the firmware-operations table, services such as secmon,secure-media) and\n"
	      "the PSCI node (standard PSCI needs no table; PSCI 0.1's cpu_on, cpu_off,\n"
	      "cpu_suspend and migrate IDs are shown as the table the library builds).\n"
	      "For each operation: its calls in order, each with the function ID (and\n"
	      "its SMCCC fields where the table's abi is smccc), the register carrying\n"
	      "the ID, SMC32/SMC64, fast/yielding, the argument registers in register\n"
	      "order (a named parameter or a constant) and the result registers.\n"
	      "\n"
	      "A .dts is compiled with dtc ($SECMON_DTC, else dtc on the PATH), with the\n"
	      "file's directory as include path for /include/; anything else must be a\n"
	      "DTB.\n"
	      "\n"
	      "A table the parser refuses is reported as\n"
	      "  secmon dt: FILE: node NODE, property PROP: what is wrong\n"
	      "with exit status 1 (with --json, an \"error\" object on stdout). A file\n"
	      "that cannot be read, compiled or parsed as a DTB is exit status 2.\n"
	      "\n"
	      "Options:\n"
	      "  --ns     show the normal world's DT that the simulated monitor builds\n"
	      "           from this board DT (sim_ns_dt: its PSCI node and call tables\n"
	      "           copied under /firmware), i.e. what a driver reads\n"
	      "  --json   one JSON object on stdout (keys in docs/cli.md)\n"
	      "  --help   this help\n"
	      "\n"
	      "Example: secmon dt boards/legacy-negative.dts\n",
	      f);
}

/* A property that is one string, or NULL. */
static const char *string_prop(const void *fdt, int node, const char *prop)
{
	int len;
	const char *s = fdt_getprop(fdt, node, prop, &len);

	return s && len > 0 && s[len - 1] == '\0' ? s : 0;
}

/* "\"a\", \"b\"" from a string-list property. */
static void quoted_list(const void *fdt, int node, const char *prop, char *buf, size_t len)
{
	int n = fdt_stringlist_count(fdt, node, prop);

	buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		size_t used = strlen(buf);

		snprintf(buf + used, len - used, "%s\"%s\"", i ? ", " : "",
			 fdt_stringlist_get(fdt, node, prop, i, 0));
	}
}

static void json_string_list(struct json *j, const void *fdt, int node, const char *prop)
{
	int n = fdt_stringlist_count(fdt, node, prop);

	json_arr(j);
	for (int i = 0; i < n; i++)
		json_str(j, fdt_stringlist_get(fdt, node, prop, i, 0));
	json_end(j);
}

/* PSCI 0.1's property for one of the operations secmon_calltab_from_psci makes. */
static const char *psci01_prop(const char *op, char *buf, size_t len)
{
	size_t i;

	for (i = 0; op[i] && i + 1 < len; i++)
		buf[i] = op[i] == '-' ? '_' : op[i];
	buf[i] = '\0';
	return buf;
}

/* What bare operation names reach, and what <x>/ names. */
static const char *call_prefix(const struct dt_scan *s, const struct dt_entry *e)
{
	if (e->kind == DT_SERVICE)
		return e->service;
	if (s->fwops == (int)(e - s->e))
		return "";
	if (e->kind == DT_PSCI01)
		return "psci";
	return 0;	/* a second firmware-operations table: not reachable */
}

/* ---- text ------------------------------------------------------------- */

static void print_call_text(const struct dt_entry *e, const struct secmon_ct_call *c,
			    const char *label)
{
	const struct secmon_calltab *t = &e->t;
	unsigned idx[SECMON_CT_MAX_ARGS], n, i;
	char rn[8];

	printf(OPLABEL "0x%08" PRIx32, label, c->fid);
	if (e->kind == DT_PSCI01)
		printf(" (PSCI 0.1 ID)");
	else if (t->legacy && (int32_t)c->fid < 0)
		printf(" (legacy ID, signed %" PRId32 ")", (int32_t)c->fid);
	else if (t->legacy)
		printf(" (legacy ID)");
	printf(" in %s, %s, %s\n", dt_reg_name(c->id_reg, false, rn, sizeof(rn)),
	       c->smc64 ? "SMC64" : "SMC32", c->fast ? "fast" : "yielding");
	if (!t->legacy) {
		struct fid_decode d;

		fid_decode(c->fid, &d);
		if (d.fast)
			printf(OPLABEL "fast %s, owning entity %u \"%s\", function 0x%04x", "SMCCC",
			       d.smc64 ? "SMC64" : "SMC32", d.oen, d.oen_name, d.num);
		else
			printf(OPLABEL "yielding %s (SMCCC gives yielding IDs no further fields)",
			       "SMCCC", d.smc64 ? "SMC64" : "SMC32");
		if (d.known)
			printf(", %s %s", d.k.service, d.k.name);
		putchar('\n');
		for (i = 0; i < d.nanomalies; i++)
			printf(OPLABEL "%s\n", "note", d.anomalies[i]);
	}
	n = dt_args_sorted(t, c, idx);
	if (!n)
		printf(OPLABEL "none\n", "arguments");
	for (i = 0; i < n; i++) {
		const struct secmon_ct_reg *r = &t->regs[idx[i]];

		printf(OPLABEL "%s = ", i ? "" : "arguments",
		       dt_reg_name(r->reg, false, rn, sizeof(rn)));
		if (r->name)
			printf("%s\n", r->name);
		else
			printf("0x%" PRIx32 " (constant)\n", r->value);
	}
	n = dt_results_sorted(t, c, idx);
	if (!n)
		printf(OPLABEL "none\n", "results");
	for (i = 0; i < n; i++)
		printf(OPLABEL "%s = %s\n", i ? "" : "results",
		       dt_reg_name(t->regs[idx[i]].reg, false, rn, sizeof(rn)),
		       t->regs[idx[i]].name);
}

static void print_table_text(const void *fdt, const struct dt_scan *s, const struct dt_entry *e)
{
	const struct secmon_calltab *t = &e->t;
	const char *prefix = call_prefix(s, e);
	char compat[256], prop[32];

	quoted_list(fdt, e->node, "compatible", compat, sizeof(compat));
	printf(LABEL "%s\n", e->kind == DT_PSCI ? "psci" : "table", e->path);
	switch (e->kind) {
	case DT_FWOPS:
		printf(LABEL "firmware operations (compatible %s)%s\n", "kind", compat,
		       prefix ? "" : "; not used: the library takes the first such table");
		break;
	case DT_SERVICE:
		printf(LABEL "service \"%s\" (compatible %s)\n", "kind", e->service, compat);
		break;
	case DT_PSCI01:
		printf(LABEL "PSCI 0.1 (compatible %s): the board's own IDs for PSCI calls\n",
		       "kind", compat);
		break;
	case DT_PSCI:
		printf(LABEL "standard PSCI (compatible %s)\n", "kind", compat);
		break;
	}
	printf(LABEL "%s\n", "method", e->method ? e->method : "(none)");
	if (e->kind == DT_PSCI) {
		printf(LABEL "PSCI's own function IDs and registers (DEN0022): no table\n",
		       "calls");
		return;
	}
	if (e->kind == DT_PSCI01)
		printf(LABEL "PSCI's layout: ID in x0, arguments from x1, status in x0\n",
		       "abi");
	else if (t->legacy)
		printf(LABEL "legacy: function IDs need not follow SMCCC\n", "abi");
	else
		printf(LABEL "smccc: function IDs follow SMCCC's layout\n", "abi");
	if (prefix)
		printf(LABEL "%s%s<operation>\n", "call as", prefix, prefix[0] ? "/" : "");
	for (unsigned o = 0; o < t->nops; o++) {
		const struct secmon_ct_op *op = &t->ops[o];

		putchar('\n');
		if (op->ncalls == 1)
			printf("  %s\n", op->name);
		else
			printf("  %s (%u calls, in order)\n", op->name, op->ncalls);
		if (e->kind == DT_PSCI01)
			printf(OPLABEL "%s\n", "property", psci01_prop(op->name, prop, sizeof(prop)));
		for (unsigned c = 0; c < op->ncalls; c++) {
			char label[16];

			if (op->ncalls == 1)
				snprintf(label, sizeof(label), "call");
			else
				snprintf(label, sizeof(label), "call %u", c + 1);
			print_call_text(e, &t->calls[op->first_call + c], label);
		}
	}
}

static void print_text(const struct dtfile *f, const struct dt_scan *s, bool ns)
{
	char compat[256];
	const struct dt_entry *fw = s->fwops >= 0 ? &s->e[s->fwops] : 0;

	printf(LABEL "%s%s\n", "file", f->path, f->compiled ? " (compiled with dtc)" : "");
	if (ns)
		printf(LABEL "the normal world's DT the simulated monitor builds from it\n",
		       "view");
	quoted_list(f->fdt, 0, "compatible", compat, sizeof(compat));
	if (compat[0])
		printf(LABEL "%s\n", "board", compat);
	if (string_prop(f->fdt, 0, "model"))
		printf(LABEL "%s\n", "model", string_prop(f->fdt, 0, "model"));
	if (!fw)
		printf(LABEL "none: no call table and no PSCI node (drivers get "
			     "NOT_SUPPORTED)\n",
		       "firmware ops");
	else if (fw->kind == DT_FWOPS)
		printf(LABEL "call table %s\n", "firmware ops", fw->path);
	else if (fw->kind == DT_PSCI)
		printf(LABEL "standard PSCI (%s)\n", "firmware ops", fw->path);
	else
		printf(LABEL "PSCI 0.1 table %s\n", "firmware ops", fw->path);
	if (s->overflow)
		printf(LABEL "more than %u tables: the rest are not shown\n", "note",
		       (unsigned)DT_MAX_TABLES);
	for (unsigned i = 0; i < s->n; i++) {
		putchar('\n');
		print_table_text(f->fdt, s, &s->e[i]);
	}
}

/* ---- JSON ------------------------------------------------------------- */

static void json_reg(struct json *j, const struct secmon_ct_reg *r, bool result)
{
	char rn[8];

	json_obj(j);
	json_key(j, "register");
	json_uint(j, r->reg);
	json_key(j, "reg");
	json_str(j, dt_reg_name(r->reg, false, rn, sizeof(rn)));
	json_key(j, "name");
	json_str(j, r->name);
	if (!result) {
		json_key(j, "value");
		if (r->name)
			json_null(j);
		else
			json_strf(j, "0x%" PRIx32, r->value);
	}
	json_end(j);
}

static void json_call(struct json *j, const struct dt_entry *e, const struct secmon_ct_call *c)
{
	const struct secmon_calltab *t = &e->t;
	unsigned idx[SECMON_CT_MAX_ARGS], n, i;
	char rn[8];

	json_obj(j);
	json_key(j, "fid");
	json_strf(j, "0x%08" PRIx32, c->fid);
	json_key(j, "signed");
	if (t->legacy)
		json_int(j, (int32_t)c->fid);
	else
		json_null(j);
	json_key(j, "id_register");
	json_uint(j, c->id_reg);
	json_key(j, "id_reg");
	json_str(j, dt_reg_name(c->id_reg, false, rn, sizeof(rn)));
	json_key(j, "convention");
	json_str(j, c->smc64 ? "SMC64" : "SMC32");
	json_key(j, "call_type");
	json_str(j, c->fast ? "fast" : "yielding");
	json_key(j, "smccc");
	if (t->legacy) {
		json_null(j);
	} else {
		struct fid_decode d;

		fid_decode(c->fid, &d);
		json_obj(j);
		json_key(j, "oen");
		json_uint(j, d.oen);
		json_key(j, "oen_name");
		json_str(j, d.oen_name);
		json_key(j, "function_number");
		json_uint(j, d.num);
		json_key(j, "known_name");
		json_str(j, d.known ? d.k.name : 0);
		json_key(j, "anomalies");
		json_arr(j);
		for (i = 0; i < d.nanomalies; i++)
			json_str(j, d.anomalies[i]);
		json_end(j);
		json_end(j);
	}
	json_key(j, "arguments");
	json_arr(j);
	n = dt_args_sorted(t, c, idx);
	for (i = 0; i < n; i++)
		json_reg(j, &t->regs[idx[i]], false);
	json_end(j);
	json_key(j, "results");
	json_arr(j);
	n = dt_results_sorted(t, c, idx);
	for (i = 0; i < n; i++)
		json_reg(j, &t->regs[idx[i]], true);
	json_end(j);
	json_end(j);
}

/* The distinct names of an operation's parameters (or results), in table order. */
static void json_names(struct json *j, const struct secmon_calltab *t,
		       const struct secmon_ct_op *op, bool results)
{
	const char *seen[SECMON_CT_MAX_ARGS];
	unsigned nseen = 0;

	json_arr(j);
	for (unsigned c = 0; c < op->ncalls; c++) {
		const struct secmon_ct_call *call = &t->calls[op->first_call + c];
		unsigned from = call->first + (results ? call->nargs : 0);
		unsigned to = from + (results ? call->nresults : call->nargs);

		for (unsigned r = from; r < to; r++) {
			const char *name = t->regs[r].name;
			bool dup = false;

			for (unsigned k = 0; name && k < nseen; k++)
				dup = dup || !strcmp(seen[k], name);
			if (!name || dup || nseen >= SECMON_CT_MAX_ARGS)
				continue;
			seen[nseen++] = name;
			json_str(j, name);
		}
	}
	json_end(j);
}

static void json_table(struct json *j, const void *fdt, const struct dt_scan *s,
		       const struct dt_entry *e)
{
	const struct secmon_calltab *t = &e->t;
	const char *prefix = call_prefix(s, e);
	char prop[32];

	json_obj(j);
	json_key(j, "path");
	json_str(j, e->path);
	json_key(j, "name");
	json_str(j, fdt_get_name(fdt, e->node, 0));
	json_key(j, "kind");
	json_str(j, dt_kind_key(e->kind));
	json_key(j, "compatible");
	json_string_list(j, fdt, e->node, "compatible");
	json_key(j, "service");
	json_str(j, e->service);
	json_key(j, "method");
	json_str(j, e->method);
	json_key(j, "abi");
	json_str(j, t->legacy ? "legacy" : "smccc");
	json_key(j, "firmware_operations");
	json_bool(j, s->fwops == (int)(e - s->e));
	json_key(j, "call_as");
	if (prefix)
		json_strf(j, "%s%s<operation>", prefix, prefix[0] ? "/" : "");
	else
		json_null(j);
	json_key(j, "operations");
	json_arr(j);
	for (unsigned o = 0; o < t->nops; o++) {
		const struct secmon_ct_op *op = &t->ops[o];

		json_obj(j);
		json_key(j, "name");
		json_str(j, op->name);
		json_key(j, "call_name");
		if (prefix)
			json_strf(j, "%s%s%s", prefix, prefix[0] ? "/" : "", op->name);
		else
			json_null(j);
		if (e->kind == DT_PSCI01) {
			json_key(j, "psci_property");
			json_str(j, psci01_prop(op->name, prop, sizeof(prop)));
		}
		json_key(j, "parameters");
		json_names(j, t, op, false);
		json_key(j, "results");
		json_names(j, t, op, true);
		json_key(j, "calls");
		json_arr(j);
		for (unsigned c = 0; c < op->ncalls; c++)
			json_call(j, e, &t->calls[op->first_call + c]);
		json_end(j);
		json_end(j);
	}
	json_end(j);
	json_end(j);
}

static void json_psci(struct json *j, const void *fdt, const struct dt_scan *s)
{
	for (unsigned i = 0; i < s->n; i++) {
		const struct dt_entry *e = &s->e[i];

		if (e->kind != DT_PSCI && e->kind != DT_PSCI01)
			continue;
		json_obj(j);
		json_key(j, "path");
		json_str(j, e->path);
		json_key(j, "compatible");
		json_string_list(j, fdt, e->node, "compatible");
		json_key(j, "method");
		json_str(j, e->method);
		json_key(j, "standard");
		json_bool(j, e->kind == DT_PSCI);
		json_key(j, "version");
		json_str(j, e->kind == DT_PSCI ? "0.2+" : "0.1");
		json_key(j, "table");
		json_str(j, e->kind == DT_PSCI01 ? e->path : 0);
		json_end(j);
		return;
	}
	json_null(j);
}

static void print_json(const struct dtfile *f, const struct dt_scan *s, bool ns)
{
	const struct dt_entry *fw = s->fwops >= 0 ? &s->e[s->fwops] : 0;
	static const char *const backends[] = {
		[DT_FWOPS] = "table", [DT_SERVICE] = "?", [DT_PSCI01] = "psci-0.1",
		[DT_PSCI] = "psci",
	};
	struct json j;

	json_begin(&j, stdout);
	json_obj(&j);
	json_key(&j, "file");
	json_str(&j, f->path);
	json_key(&j, "compiled");
	json_bool(&j, f->compiled);
	json_key(&j, "view");
	json_str(&j, ns ? "normal-world" : "board");
	json_key(&j, "board");
	json_string_list(&j, f->fdt, 0, "compatible");
	json_key(&j, "model");
	json_str(&j, string_prop(f->fdt, 0, "model"));
	json_key(&j, "firmware_operations");
	json_obj(&j);
	json_key(&j, "backend");
	json_str(&j, fw ? backends[fw->kind] : "none");
	json_key(&j, "node");
	json_str(&j, fw ? fw->path : 0);
	json_end(&j);
	json_key(&j, "psci");
	json_psci(&j, f->fdt, s);
	json_key(&j, "tables");
	json_arr(&j);
	for (unsigned i = 0; i < s->n; i++)
		if (s->e[i].kind != DT_PSCI)
			json_table(&j, f->fdt, s, &s->e[i]);
	json_end(&j);
	json_key(&j, "truncated");
	json_bool(&j, s->overflow);
	json_end(&j);
	json_finish(&j);
}

/* ---- refused tables ------------------------------------------------------ */

static void json_error(struct json *j, const struct dt_entry *e)
{
	char text[DT_ERROR_TEXT_MAX];

	dt_error_text(e, text, sizeof(text));
	json_obj(j);
	json_key(j, "kind");
	json_str(j, "bad-table");
	json_key(j, "table");
	json_str(j, e->path);
	json_key(j, "node");
	json_str(j, e->err.node);
	json_key(j, "path");
	json_str(j, e->err_path[0] ? e->err_path : 0);
	json_key(j, "property");
	json_str(j, e->err.property[0] ? e->err.property : 0);
	json_key(j, "message");
	json_str(j, e->err.message);
	json_key(j, "code");
	json_str(j, e->rc == SECMON_E_NO_SPACE ? "NO_SPACE" : "BAD_TABLE");
	json_key(j, "text");
	json_str(j, text);
	json_end(j);
}

static int report_refused(const struct dtfile *f, const struct dt_scan *s, bool json)
{
	struct json j;
	bool first = true;

	for (unsigned i = 0; i < s->n; i++) {
		char text[DT_ERROR_TEXT_MAX];

		if (!s->e[i].rc)
			continue;
		dt_error_text(&s->e[i], text, sizeof(text));
		cli_fail(CMD, "%s: %s", f->path, text);
	}
	if (!json)
		return CLI_EXIT_FAIL;
	json_begin(&j, stdout);
	json_obj(&j);
	json_key(&j, "file");
	json_str(&j, f->path);
	for (unsigned i = 0; i < s->n; i++) {
		if (!s->e[i].rc)
			continue;
		if (first) {
			json_key(&j, "error");
			json_error(&j, &s->e[i]);
			json_key(&j, "errors");
			json_arr(&j);
			first = false;
		}
		json_error(&j, &s->e[i]);
	}
	json_end(&j);
	json_end(&j);
	json_finish(&j);
	return CLI_EXIT_FAIL;
}

/*
 * --ns: replaces f's tree by the normal world's DT the simulated monitor
 * builds from it (sim_ns_dt), which is what a driver reads.
 */
static int to_ns_dt(struct dtfile *f)
{
	size_t size = f->size + 65536;
	char *ns = malloc(size);
	int err;

	if (!ns)
		return cli_fail(CMD, "out of memory");
	err = sim_ns_dt(ns, (int)size, NS_CPUS, f->fdt);
	if (err) {
		free(ns);
		return cli_fail(CMD, "%s: cannot build the normal world's DT: %s", f->path,
				fdt_strerror(err));
	}
	free(f->fdt);
	f->fdt = ns;
	f->size = fdt_totalsize(ns);
	return 0;
}

int cmd_dt(int argc, char **argv)
{
	static struct dt_scan s;
	const char *path = 0;
	bool json = false, opts = true, ns = false;
	struct dtfile f;
	int i, rc;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (opts && cli_is_help(a)) {
			cmd_dt_help(stdout);
			return CLI_EXIT_OK;
		} else if (opts && !strcmp(a, "--json")) {
			json = true;
		} else if (opts && !strcmp(a, "--ns")) {
			ns = true;
		} else if (opts && !strcmp(a, "--")) {
			opts = false;
		} else if (opts && a[0] == '-' && a[1]) {
			return cli_usage(CMD, "unknown option '%s'", a);
		} else if (path) {
			return cli_usage(CMD, "one file at a time: unexpected '%s'", a);
		} else {
			path = a;
		}
	}
	if (!path)
		return cli_usage(CMD, "missing the DT file (a .dtb or a .dts)");
	rc = dtfile_load(CMD, path, &f);
	if (rc)
		return rc;
	if (ns && (rc = to_ns_dt(&f)) != 0) {
		dtfile_free(&f);
		return rc;
	}
	dt_scan(f.fdt, &s);
	if (s.nbad)
		rc = report_refused(&f, &s, json);
	else if (json)
		print_json(&f, &s, ns);
	else
		print_text(&f, &s, ns);
	dtfile_free(&f);
	return rc;
}

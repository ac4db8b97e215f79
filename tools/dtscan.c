// SPDX-License-Identifier: BSD-3-Clause
/*
 * The call tables a DT describes, read with the library's own parser
 * (secmon_calltab_parse, secmon_calltab_from_psci) so that the tool shows
 * exactly what a driver would get, and the names a command line gives
 * operations by.
 */
#include <libfdt.h>
#include <stdio.h>
#include <string.h>

#include <secmon/fwops.h>
#include "dt.h"

const char *dt_kind_key(enum dt_kind k)
{
	switch (k) {
	case DT_FWOPS:
		return "firmware-operations";
	case DT_SERVICE:
		return "service";
	case DT_PSCI01:
		return "psci-0.1";
	case DT_PSCI:
		return "psci";
	}
	return "?";
}

const char *dt_reg_name(unsigned reg, bool aarch32, char *buf, size_t len)
{
	snprintf(buf, len, "%c%u", aarch32 ? 'r' : 'x', reg);
	return buf;
}

/* Insertion sort of n register indices by register number (stable). */
static void sort_regs(const struct secmon_calltab *t, unsigned *idx, unsigned n)
{
	for (unsigned i = 1; i < n; i++) {
		unsigned v = idx[i], j = i;

		while (j > 0 && t->regs[idx[j - 1]].reg > t->regs[v].reg) {
			idx[j] = idx[j - 1];
			j--;
		}
		idx[j] = v;
	}
}

unsigned dt_args_sorted(const struct secmon_calltab *t, const struct secmon_ct_call *c,
			unsigned *idx)
{
	for (unsigned i = 0; i < c->nargs; i++)
		idx[i] = c->first + i;
	sort_regs(t, idx, c->nargs);
	return c->nargs;
}

unsigned dt_results_sorted(const struct secmon_calltab *t, const struct secmon_ct_call *c,
			   unsigned *idx)
{
	for (unsigned i = 0; i < c->nresults; i++)
		idx[i] = c->first + c->nargs + i;
	sort_regs(t, idx, c->nresults);
	return c->nresults;
}

static bool has_compatible(const void *fdt, int node, const char *compat)
{
	return fdt_stringlist_search(fdt, node, "compatible", compat) >= 0;
}

/*
 * The library's error names a node by its name only: find it under the
 * table (the table node included) and give its path when only one node
 * there has that name.
 */
static void locate_error(const void *fdt, struct dt_entry *e)
{
	int node = e->node, depth = 0, found = -1, count = 0;

	e->err_path[0] = '\0';
	do {
		const char *name = fdt_get_name(fdt, node, 0);

		if (name && !strcmp(name, e->err.node)) {
			found = node;
			count++;
		}
		node = fdt_next_node(fdt, node, &depth);
	} while (node >= 0 && depth > 0);
	if (count == 1 && fdt_get_path(fdt, found, e->err_path, sizeof(e->err_path)) != 0)
		e->err_path[0] = '\0';
}

static const char *string_prop(const void *fdt, int node, const char *prop)
{
	int len;
	const char *s = fdt_getprop(fdt, node, prop, &len);

	return s && len > 0 && s[len - 1] == '\0' ? s : 0;
}

/* The kind of node this is, or -1 when it is neither a table nor PSCI. */
static int classify(const void *fdt, int node)
{
	const char *first = fdt_stringlist_get(fdt, node, "compatible", 0, 0);

	if (!first)
		return -1;
	if (has_compatible(fdt, node, "secmon,call-table"))
		return !strcmp(first, "secmon,call-table") ? DT_FWOPS : DT_SERVICE;
	if (has_compatible(fdt, node, "arm,psci-1.0") || has_compatible(fdt, node, "arm,psci-0.2"))
		return DT_PSCI;
	if (has_compatible(fdt, node, "arm,psci"))
		return DT_PSCI01;
	return -1;
}

static void add(const void *fdt, int node, enum dt_kind kind, struct dt_scan *s)
{
	struct dt_entry *e;
	const char *comma;

	if (s->n >= DT_MAX_TABLES) {
		s->overflow = true;
		return;
	}
	e = &s->e[s->n++];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->node = node;
	if (fdt_get_path(fdt, node, e->path, sizeof(e->path)) != 0)
		snprintf(e->path, sizeof(e->path), "%s", fdt_get_name(fdt, node, 0));
	e->compatible = fdt_stringlist_get(fdt, node, "compatible", 0, 0);
	e->method = string_prop(fdt, node, "method");
	if (kind == DT_SERVICE) {
		comma = strchr(e->compatible, ',');
		e->service = comma ? comma + 1 : e->compatible;
	}
	if (kind == DT_FWOPS || kind == DT_SERVICE)
		e->rc = secmon_calltab_parse(fdt, node, &e->t, &e->err);
	else if (kind == DT_PSCI01)
		e->rc = secmon_calltab_from_psci(fdt, node, &e->t, &e->err);
	if (e->rc) {
		s->nbad++;
		locate_error(fdt, e);
	}
}

/* The first entry of `kind`, or -1. */
static int first_of(const struct dt_scan *s, enum dt_kind kind)
{
	for (unsigned i = 0; i < s->n; i++)
		if (s->e[i].kind == kind)
			return (int)i;
	return -1;
}

void dt_scan(const void *fdt, struct dt_scan *s)
{
	int node = 0, depth = 0, kind;

	s->n = 0;
	s->overflow = false;
	s->nbad = 0;
	for (node = fdt_next_node(fdt, 0, &depth); node >= 0;
	     node = fdt_next_node(fdt, node, &depth)) {
		kind = classify(fdt, node);
		if (kind >= 0)
			add(fdt, node, (enum dt_kind)kind, s);
	}
	/* As secmon_fwops_init_dt() chooses: a table, else PSCI, else PSCI 0.1. */
	s->fwops = first_of(s, DT_FWOPS);
	if (s->fwops < 0)
		s->fwops = first_of(s, DT_PSCI);
	if (s->fwops < 0)
		s->fwops = first_of(s, DT_PSCI01);
}

_Static_assert(DT_ERROR_TEXT_MAX >= sizeof "node , property : " +
		       sizeof((struct secmon_ct_error *)0)->node +
		       sizeof((struct secmon_ct_error *)0)->property +
		       sizeof((struct secmon_ct_error *)0)->message,
	       "DT_ERROR_TEXT_MAX cannot hold a refused table's text");

void dt_error_text(const struct dt_entry *e, char *buf, size_t len)
{
	if (e->err.property[0])
		snprintf(buf, len, "node %s, property %s: %s", e->err.node, e->err.property,
			 e->err.message);
	else
		snprintf(buf, len, "node %s: %s", e->err.node, e->err.message);
}

/* Appends to a message buffer, cutting at its end. */
static void cat(char *msg, size_t len, const char *s)
{
	size_t n = strlen(msg);

	if (n + 1 < len)
		snprintf(msg + n, len - n, "%s", s);
}

/* The names a command line can call, comma-separated, into msg. */
static void list_names(const struct dt_scan *s, char *msg, size_t len)
{
	bool any = false;

	for (unsigned i = 0; i < s->n; i++) {
		const struct dt_entry *e = &s->e[i];
		const char *prefix = 0;

		if (e->kind == DT_PSCI || e->rc)
			continue;
		if (e->kind == DT_SERVICE)
			prefix = e->service;
		else if (e->kind == DT_PSCI01 && s->fwops != (int)i)
			prefix = "psci";
		else if (s->fwops != (int)i)
			continue;
		for (unsigned o = 0; o < e->t.nops; o++) {
			cat(msg, len, any ? ", " : "");
			if (prefix) {
				cat(msg, len, prefix);
				cat(msg, len, "/");
			}
			cat(msg, len, e->t.ops[o].name);
			any = true;
		}
	}
	if (!any)
		cat(msg, len, "nothing");
}

/* Which entry "<service>/" names: a service by compatible, or "psci". */
static const struct dt_entry *find_service(const struct dt_scan *s, const char *name, size_t n)
{
	for (unsigned i = 0; i < s->n; i++) {
		const struct dt_entry *e = &s->e[i];
		bool hit = false;

		if (e->kind == DT_SERVICE)
			hit = (strlen(e->service) == n && !strncmp(e->service, name, n)) ||
			      (strlen(e->compatible) == n && !strncmp(e->compatible, name, n));
		else if (e->kind == DT_PSCI01)
			hit = n == 4 && !strncmp(name, "psci", 4);
		if (hit)
			return e;
	}
	return 0;
}

bool dt_find_op(const struct dt_scan *s, const char *name, const struct dt_entry **e,
		const struct secmon_ct_op **op, char *msg, size_t msglen)
{
	const char *slash = strrchr(name, '/');
	const char *opname = slash ? slash + 1 : name;

	msg[0] = '\0';
	*e = 0;
	*op = 0;
	if (slash) {
		*e = find_service(s, name, (size_t)(slash - name));
		if (!*e) {
			snprintf(msg, msglen, "no service '%.*s' in this DT; it has: ",
				 (int)(slash - name), name);
			list_names(s, msg, msglen);
			return false;
		}
	} else if (s->fwops >= 0 && s->e[s->fwops].kind != DT_PSCI) {
		*e = &s->e[s->fwops];
	} else {
		if (s->fwops >= 0)
			snprintf(msg, msglen,
				 "no operation '%s' here: this DT's firmware operations are "
				 "standard PSCI (%s), which needs no table: call PSCI functions by "
				 "name without --dtb (secmon call --sim CPU_ON ...); it has: ",
				 name, s->e[s->fwops].path);
		else
			snprintf(msg, msglen, "no operation '%s': this DT describes no firmware "
					      "operations; it has: ",
				 name);
		list_names(s, msg, msglen);
		return false;
	}
	if ((*e)->rc) {
		char why[DT_ERROR_TEXT_MAX];

		dt_error_text(*e, why, sizeof(why));
		snprintf(msg, msglen, "the call table %s is refused: %s", (*e)->path, why);
		return false;
	}
	*op = secmon_calltab_op(&(*e)->t, opname);
	if (!*op || !opname[0]) {
		snprintf(msg, msglen, "no operation '%s' in %s; this DT has: ", opname,
			 (*e)->path);
		list_names(s, msg, msglen);
		return false;
	}
	return true;
}

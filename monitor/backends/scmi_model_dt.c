// SPDX-License-Identifier: BSD-3-Clause
/*
 * The model backend's resources from the board DT, at cold boot: a
 * "secmon,scmi" node (docs/bindings/secmon,scmi.yaml) whose domain-list,
 * clock-list, reset-list, perf-list and sensor-list children hold
 * domain@N, clock@N, reset@N, perf@N and sensor@N nodes, the resources
 * with ID N. Without such a node the built-in
 * resources stay. Names and nothing else point into the
 * board DT, which stays where it is while the monitor runs.
 */
#include <stdbool.h>
#include <libfdt.h>
#include <secmon/calltab.h>
#include "../core/log.h"
#include "scmi_model.h"

/* The kinds the binding describes, in enum scmi_be_kind's order. */
#define DT_KINDS SCMI_BE_KINDS
static const char *const lists[DT_KINDS] = {
	"domain-list", "clock-list", "reset-list", "perf-list", "sensor-list",
};
static const char *const kinds[DT_KINDS] = { "domain", "clock", "reset", "perf", "sensor" };
static const char *const not_kind[DT_KINDS] = {
	"not domain@N", "not clock@N", "not reset@N", "not perf@N", "not sensor@N",
};

static struct scmi_be_res res[DT_KINDS][SCMI_MODEL_MAX];
static uint64_t rates[SCMI_MODEL_MAX][SCMI_MODEL_MAX_RATES];
static uint64_t levels[SCMI_MODEL_MAX][SCMI_MODEL_MAX_RATES];

static int fail(const char *node, const char *prop, const char *why)
{
	mon_log("secmon: board DT: node %s, property %s: %s\n", node, prop, why);
	return -1;
}

/* Whether `name` is `kind` or `kind`@... */
static bool named(const char *name, const char *kind)
{
	while (*kind && *name == *kind)
		name++, kind++;
	return !*kind && (*name == '@' || !*name);
}

static int read_rates(const void *fdt, int node, const char *name, struct scmi_be_res *r,
		      uint64_t *out)
{
	int nl, rl;
	const fdt32_t *list = fdt_getprop(fdt, node, "secmon,rates", &nl);
	const fdt32_t *range = fdt_getprop(fdt, node, "secmon,rate-range", &rl);
	const fdt32_t *p = list ? list : range;
	int len = list ? nl : rl;

	if (!list == !range)
		return fail(name, "secmon,rates", "a clock needs secmon,rates or secmon,rate-range");
	if (len <= 0 || len % 8 || len / 8 > SCMI_MODEL_MAX_RATES || (range && len != 24))
		return fail(name, list ? "secmon,rates" : "secmon,rate-range",
			    list ? "1 to 16 64-bit rates" : "3 64-bit values: min, max, step");
	r->nrates = (unsigned)len / 8;
	r->range = !list;
	for (unsigned i = 0; i < r->nrates; i++) {
		out[i] = (uint64_t)fdt32_to_cpu(p[2 * i]) << 32 | fdt32_to_cpu(p[2 * i + 1]);
		if (list && i && out[i] <= out[i - 1])
			return fail(name, "secmon,rates", "rates must increase");
	}
	if (range && (out[0] == 0 || out[0] >= out[1] || out[2] == 0))
		return fail(name, "secmon,rate-range", "needs 0 < min < max and a step");
	/*
	 * CLOCK_RATE_SET rounds to min + k * step, at most one step past max
	 * before it is clamped: that sum must not wrap (nor may step + 1).
	 */
	if (range && out[2] > UINT64_MAX - out[1])
		return fail(name, "secmon,rate-range", "max + step must fit in 64 bits");
	r->rates = out;
	return 0;
}

/* A performance domain's levels: 1 to 16 frequencies in kHz, increasing. */
static int read_levels(const void *fdt, int node, const char *name, struct scmi_be_res *r,
		       uint64_t *out)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, "secmon,levels-khz", &len);

	if (!p || len <= 0 || len % 4 || len / 4 > SCMI_MODEL_MAX_RATES)
		return fail(name, "secmon,levels-khz", "1 to 16 levels in kHz");
	r->nrates = (unsigned)len / 4;
	for (unsigned i = 0; i < r->nrates; i++) {
		out[i] = fdt32_to_cpu(p[i]);
		if (!out[i] || (i && out[i] <= out[i - 1]))
			return fail(name, "secmon,levels-khz", "levels must be non-zero and increase");
	}
	r->rates = out;
	return 0;
}

/* A sensor's SCMI type (1 to 0xff) and unit exponent (-16 to 15). */
static int read_sensor(const void *fdt, int node, const char *name, struct scmi_be_res *r)
{
	int len;
	const fdt32_t *t = fdt_getprop(fdt, node, "secmon,sensor-type", &len);
	int32_t scale;

	if (!t || len != 4 || fdt32_to_cpu(*t) < 1 || fdt32_to_cpu(*t) > 0xff)
		return fail(name, "secmon,sensor-type", "one cell, an SCMI sensor type 1 to 255");
	r->sensor_type = (uint8_t)fdt32_to_cpu(*t);
	t = fdt_getprop(fdt, node, "secmon,sensor-scale", &len);
	if (t && len != 4)
		return fail(name, "secmon,sensor-scale", "one cell");
	scale = t ? (int32_t)fdt32_to_cpu(*t) : 0;
	if (scale < -16 || scale > 15)
		return fail(name, "secmon,sensor-scale", "a power of ten from -16 to 15");
	r->sensor_scale = (int8_t)scale;
	return 0;
}

static int read_child(const void *fdt, int node, int k)
{
	const char *name = secmon_calltab_node_name(fdt, node), *label;
	const fdt32_t *p;
	struct scmi_be_res *r;
	int len;
	uint32_t id;

	if (!named(name, kinds[k]))
		return fail(name, "(name)", not_kind[k]);
	p = fdt_getprop(fdt, node, "reg", &len);
	if (!p || len != 4)
		return fail(name, "reg", "one cell, the resource's ID");
	id = fdt32_to_cpu(*p);
	if (id >= SCMI_MODEL_MAX)
		return fail(name, "reg", "at most 16 resources of a kind");
	r = &res[k][id];
	if (r->name)
		return fail(name, "reg", "an ID given twice");
	label = fdt_getprop(fdt, node, "label", &len);
	if (!label || len < 2 || len > 16 || label[len - 1] || fdt_stringlist_count(fdt, node, "label") != 1)
		return fail(name, "label", "one string of 1 to 15 characters");
	r->name = label;
	r->secure = fdt_getprop(fdt, node, "secmon,secure-only", 0) != 0;
	p = fdt_getprop(fdt, node, "latency-us", &len);
	if (p && len != 4)
		return fail(name, "latency-us", "one cell");
	r->latency_us = p ? fdt32_to_cpu(*p) : 0;
	if (k == SCMI_BE_CLOCK)
		return read_rates(fdt, node, name, r, rates[id]);
	if (k == SCMI_BE_PERF)
		return read_levels(fdt, node, name, r, levels[id]);
	if (k == SCMI_BE_SENSOR)
		return read_sensor(fdt, node, name, r);
	return 0;
}

int scmi_be_init(const void *board)
{
	int node = board ? secmon_calltab_find(board, -1, "secmon,scmi") : -1, list, child;
	unsigned n[SCMI_BE_KINDS] = { 0 };
	const char *list_name[DT_KINDS] = { 0 };

	scmi_model_builtin();
	if (node < 0)
		return 0;
	for (int k = 0; k < DT_KINDS; k++)
		for (unsigned i = 0; i < SCMI_MODEL_MAX; i++)
			res[k][i] = (struct scmi_be_res){ 0 };
	fdt_for_each_subnode(list, board, node) {
		const char *name = secmon_calltab_node_name(board, list);
		int k = 0;

		while (k < DT_KINDS && !named(name, lists[k]))
			k++;
		if (k == DT_KINDS)
			return fail(name, "(name)", "not domain-list, clock-list, reset-list, "
						    "perf-list or sensor-list");
		list_name[k] = name;
		fdt_for_each_subnode(child, board, list) {
			if (read_child(board, child, k))
				return -1;
		}
	}
	/* IDs are 0..n-1 for each kind. */
	for (int k = 0; k < DT_KINDS; k++) {
		while (n[k] < SCMI_MODEL_MAX && res[k][n[k]].name)
			n[k]++;
		for (unsigned i = n[k]; i < SCMI_MODEL_MAX; i++)
			if (res[k][i].name)
				return fail(list_name[k], "reg", "IDs must run from 0 without a gap");
	}
	/* A board that describes its resources has those alone. */
	for (int k = 0; k < SCMI_BE_KINDS; k++) {
		scmi_model_tab[k] = res[k];
		scmi_model_n[k] = n[k];
	}
	return 0;
}

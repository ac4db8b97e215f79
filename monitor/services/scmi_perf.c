// SPDX-License-Identifier: BSD-3-Clause
/* SCMI Performance domain management protocol (0x13), version 2.0. */
#include "scmi.h"

#define PERF_VERSION 0x20000u
#define ATTR_SET_LIMITS (1u << 31)
#define ATTR_SET_LEVEL (1u << 30)

static int attributes(struct scmi_msg *m)
{
	scmi_put(m, scmi_be_count(SCMI_BE_PERF) & 0xffffu);	/* power in abstract units */
	scmi_put(m, 0);	/* no statistics shared memory */
	scmi_put(m, 0);
	scmi_put(m, 0);
	return SCMI_SUCCESS;
}

/* Whether `level` is one of the domain's. */
static bool is_level(const struct scmi_be_res *r, uint32_t level)
{
	for (unsigned i = 0; i < r->nrates; i++)
		if (r->rates[i] == level)
			return true;
	return false;
}

static int domain_attributes(struct scmi_msg *m)
{
	const struct scmi_be_res *r;
	int st = scmi_res_get(SCMI_BE_PERF, m->in[0], &r);
	uint32_t top;

	if (st)
		return st;
	top = (uint32_t)r->rates[r->nrates - 1];
	scmi_put(m, ATTR_SET_LIMITS | ATTR_SET_LEVEL);
	scmi_put(m, 0);		/* no rate limit between level changes */
	scmi_put(m, top);	/* sustained frequency, kHz */
	scmi_put(m, top);	/* sustained level */
	scmi_put_name(m, r->name);
	return SCMI_SUCCESS;
}

/* Levels from an index: value, power cost, latency; three words each. */
static int describe_levels(struct scmi_msg *m)
{
	const struct scmi_be_res *r;
	uint32_t index = m->in[1], n, room;
	int st = scmi_res_get(SCMI_BE_PERF, m->in[0], &r);

	if (st)
		return st;
	if (index >= r->nrates)
		return SCMI_OUT_OF_RANGE;
	room = (m->out_max - m->out_len - 4) / 12;
	n = r->nrates - index < room ? r->nrates - index : room;
	scmi_put(m, (r->nrates - index - n) << 16 | n);
	for (uint32_t i = 0; i < n; i++) {
		scmi_put(m, (uint32_t)r->rates[index + i]);
		scmi_put(m, (uint32_t)(r->rates[index + i] / 1000));	/* power: MHz */
		scmi_put(m, r->latency_us & 0xffffu);
	}
	return SCMI_SUCCESS;
}

static int limits_set(struct scmi_msg *m)
{
	const struct scmi_be_res *r;
	uint32_t id = m->in[0], max = m->in[1], min = m->in[2];
	int st = scmi_res_get(SCMI_BE_PERF, id, &r);

	if (st)
		return st;
	if (!is_level(r, min) || !is_level(r, max) || min > max)
		return SCMI_INVALID_PARAMETERS;
	return scmi_be_perf_set_limits(id, min, max);
}

static int limits_get(struct scmi_msg *m)
{
	const struct scmi_be_res *r;
	uint32_t min, max;
	int st = scmi_res_get(SCMI_BE_PERF, m->in[0], &r);

	if (st)
		return st;
	scmi_be_perf_limits(m->in[0], &min, &max);
	scmi_put(m, max);
	scmi_put(m, min);
	return SCMI_SUCCESS;
}

static int level_set(struct scmi_msg *m)
{
	const struct scmi_be_res *r;
	uint32_t id = m->in[0], level = m->in[1], min, max;
	int st = scmi_res_get(SCMI_BE_PERF, id, &r);

	if (st)
		return st;
	scmi_be_perf_limits(id, &min, &max);
	if (!is_level(r, level))
		return SCMI_INVALID_PARAMETERS;
	if (level < min || level > max)
		return SCMI_OUT_OF_RANGE;
	return scmi_be_perf_set_level(id, level);
}

static int level_get(struct scmi_msg *m)
{
	const struct scmi_be_res *r;
	int st = scmi_res_get(SCMI_BE_PERF, m->in[0], &r);

	if (st)
		return st;
	scmi_put(m, scmi_be_perf_level(m->in[0]));
	return SCMI_SUCCESS;
}

static const struct scmi_cmd cmds[] = {
	[SECMON_SCMI_PERFORMANCE_DOMAIN_ATTRIBUTES] = { 1, domain_attributes },
	[SECMON_SCMI_PERFORMANCE_DESCRIBE_LEVELS] = { 2, describe_levels },
	[SECMON_SCMI_PERFORMANCE_LIMITS_SET] = { 3, limits_set },
	[SECMON_SCMI_PERFORMANCE_LIMITS_GET] = { 1, limits_get },
	[SECMON_SCMI_PERFORMANCE_LEVEL_SET] = { 2, level_set },
	[SECMON_SCMI_PERFORMANCE_LEVEL_GET] = { 1, level_get },
};

const struct scmi_protocol scmi_perf = {
	.id = SECMON_SCMI_PERF,
	.version = PERF_VERSION,
	.cmds = cmds,
	.ncmds = sizeof(cmds) / sizeof(cmds[0]),
	.attributes = attributes,
};

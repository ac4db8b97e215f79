// SPDX-License-Identifier: BSD-3-Clause
/* SCMI Clock management protocol (0x14), version 2.0. */
#include "scmi.h"

#define CLOCK_VERSION 0x20000u
#define ATTR_ENABLED 0x1u
#define RATES_RANGE (1u << 12)
#define SET_ASYNC 0x1u
#define SET_IGNORE_DELAYED 0x2u
#define SET_ROUND(f) (((f) >> 2) & 0x3u)
#define SET_FLAGS 0xfu
enum { ROUND_DOWN, ROUND_UP, ROUND_AUTO };

static int attributes(struct scmi_msg *m)
{
	/* No asynchronous rate changes (bits 23:16 zero). */
	scmi_put(m, scmi_be_count(SCMI_BE_CLOCK) & 0xffffu);
	return SCMI_SUCCESS;
}

static void put_rate(struct scmi_msg *m, uint64_t rate)
{
	scmi_put(m, (uint32_t)rate);
	scmi_put(m, (uint32_t)(rate >> 32));
}

static int clock_attributes(struct scmi_msg *m)
{
	const struct scmi_be_res *r;
	int st = scmi_res_get(SCMI_BE_CLOCK, m->in[0], &r);

	if (st)
		return st;
	scmi_put(m, scmi_be_clock_enabled(m->in[0]) ? ATTR_ENABLED : 0);
	scmi_put_name(m, r->name);
	scmi_put(m, r->latency_us);
	return SCMI_SUCCESS;
}

static int describe_rates(struct scmi_msg *m)
{
	const struct scmi_be_res *r;
	uint32_t index = m->in[1], n, room;
	int st = scmi_res_get(SCMI_BE_CLOCK, m->in[0], &r);

	if (st)
		return st;
	if (r->range) {
		if (index)
			return SCMI_OUT_OF_RANGE;
		scmi_put(m, RATES_RANGE | 3);
		for (unsigned i = 0; i < 3; i++)
			put_rate(m, r->rates[i]);
		return SCMI_SUCCESS;
	}
	if (index >= r->nrates)
		return SCMI_OUT_OF_RANGE;
	room = (m->out_max - m->out_len - 4) / 8;
	n = r->nrates - index < room ? r->nrates - index : room;
	scmi_put(m, (r->nrates - index - n) << 16 | n);
	for (uint32_t i = 0; i < n; i++)
		put_rate(m, r->rates[index + i]);
	return SCMI_SUCCESS;
}

/*
 * The supported rate nearest `want` in the direction `round` asks. The
 * board DT's check (scmi_model_dt.c) keeps max + step within 64 bits, so
 * min + k * step and step + 1 never wrap here.
 */
static uint64_t range_rate(const uint64_t *t, uint64_t want, unsigned round)
{
	uint64_t min = t[0], max = t[1], step = t[2] ? t[2] : 1, k;

	if (want <= min)
		return min;
	if (want >= max)
		return max;
	k = (want - min) / step;
	if (round == ROUND_UP || (round == ROUND_AUTO && (want - min) % step >= (step + 1) / 2))
		k += (want - min) % step != 0;
	return min + k * step > max ? max : min + k * step;
}

static uint64_t discrete_rate(const uint64_t *t, unsigned n, uint64_t want, unsigned round)
{
	unsigned i = 0;

	while (i + 1 < n && t[i + 1] <= want)
		i++;
	if (t[i] >= want || i + 1 == n || round == ROUND_DOWN)
		return t[i];
	if (round == ROUND_UP || t[i + 1] - want < want - t[i])
		return t[i + 1];
	return t[i];
}

static int rate_set(struct scmi_msg *m)
{
	const struct scmi_be_res *r;
	uint32_t flags = m->in[0], id = m->in[1];
	uint64_t want = (uint64_t)m->in[3] << 32 | m->in[2];
	int st = scmi_res_get(SCMI_BE_CLOCK, id, &r);

	if (st)
		return st;
	if (flags & ~SET_FLAGS || SET_ROUND(flags) > ROUND_AUTO)
		return SCMI_INVALID_PARAMETERS;
	if (flags & SET_ASYNC)
		return SCMI_NOT_SUPPORTED;
	if (!r->nrates)
		return SCMI_NOT_SUPPORTED;
	return scmi_be_clock_set_rate(id, r->range ? range_rate(r->rates, want, SET_ROUND(flags))
						   : discrete_rate(r->rates, r->nrates, want,
								   SET_ROUND(flags)));
}

static int rate_get(struct scmi_msg *m)
{
	const struct scmi_be_res *r;
	int st = scmi_res_get(SCMI_BE_CLOCK, m->in[0], &r);

	if (st)
		return st;
	put_rate(m, scmi_be_clock_rate(m->in[0]));
	return SCMI_SUCCESS;
}

static int config_set(struct scmi_msg *m)
{
	const struct scmi_be_res *r;
	uint32_t id = m->in[0], attr = m->in[1];
	int st = scmi_res_get(SCMI_BE_CLOCK, id, &r);

	if (st)
		return st;
	if (attr & ~ATTR_ENABLED)
		return SCMI_INVALID_PARAMETERS;
	return scmi_be_clock_enable(id, attr & ATTR_ENABLED);
}

static const struct scmi_cmd cmds[] = {
	[SECMON_SCMI_CLOCK_ATTRIBUTES] = { 1, clock_attributes },
	[SECMON_SCMI_CLOCK_DESCRIBE_RATES] = { 2, describe_rates },
	[SECMON_SCMI_CLOCK_RATE_SET] = { 4, rate_set },
	[SECMON_SCMI_CLOCK_RATE_GET] = { 1, rate_get },
	[SECMON_SCMI_CLOCK_CONFIG_SET] = { 2, config_set },
};

const struct scmi_protocol scmi_clock = {
	.id = SECMON_SCMI_CLOCK,
	.version = CLOCK_VERSION,
	.cmds = cmds,
	.ncmds = sizeof(cmds) / sizeof(cmds[0]),
	.attributes = attributes,
};

// SPDX-License-Identifier: BSD-3-Clause
/* SCMI Sensor management protocol (0x15), version 1.0: synchronous readings. */
#include "scmi.h"

#define SENSOR_VERSION 0x10000u
#define READ_ASYNC 0x1u

static int attributes(struct scmi_msg *m)
{
	scmi_put(m, scmi_be_count(SCMI_BE_SENSOR) & 0xffffu);	/* no asynchronous reads */
	scmi_put(m, 0);	/* no sensor register region */
	scmi_put(m, 0);
	scmi_put(m, 0);
	return SCMI_SUCCESS;
}

/*
 * Descriptors from an index: ID, attributes low (no trip points, no
 * asynchronous reads), attributes high (unit multiplier 15:11, type 7:0),
 * name; seven words each. A secure-only sensor is listed (IDs have no
 * gaps); reading it is DENIED.
 */
static int description_get(struct scmi_msg *m)
{
	uint32_t index = m->in[0], total = scmi_be_count(SCMI_BE_SENSOR), n, room;

	/* Index 0 of no sensors is an empty list; any index past the end is out of range. */
	if (index > total || (index == total && total))
		return SCMI_INVALID_PARAMETERS;
	room = (m->out_max - m->out_len - 4) / 28;
	n = total - index < room ? total - index : room;
	scmi_put(m, (total - index - n) << 16 | n);
	for (uint32_t i = index; i < index + n; i++) {
		const struct scmi_be_res *r = scmi_be_res(SCMI_BE_SENSOR, i);

		scmi_put(m, i);
		scmi_put(m, 0);
		scmi_put(m, ((uint32_t)(r->sensor_scale & 0x1f) << 11) | r->sensor_type);
		scmi_put_name(m, r->name);
	}
	return SCMI_SUCCESS;
}

static int reading_get(struct scmi_msg *m)
{
	const struct scmi_be_res *r;
	uint32_t id = m->in[0], flags = m->in[1];
	int64_t v;
	int st = scmi_res_get(SCMI_BE_SENSOR, id, &r);

	if (st)
		return st;
	if (flags & ~READ_ASYNC)
		return SCMI_INVALID_PARAMETERS;
	if (flags & READ_ASYNC)
		return SCMI_NOT_SUPPORTED;
	st = scmi_be_sensor_read(id, &v);
	if (st)
		return st;
	scmi_put(m, (uint32_t)(uint64_t)v);
	scmi_put(m, (uint32_t)((uint64_t)v >> 32));
	return SCMI_SUCCESS;
}

static const struct scmi_cmd cmds[] = {
	[SECMON_SCMI_SENSOR_DESCRIPTION_GET] = { 1, description_get },
	[SECMON_SCMI_SENSOR_READING_GET] = { 2, reading_get },
};

const struct scmi_protocol scmi_sensor = {
	.id = SECMON_SCMI_SENSOR,
	.version = SENSOR_VERSION,
	.cmds = cmds,
	.ncmds = sizeof(cmds) / sizeof(cmds[0]),
	.attributes = attributes,
};

// SPDX-License-Identifier: BSD-3-Clause
/* SCMI Reset domain management protocol (0x16), version 1.0. */
#include "scmi.h"

#define RESET_VERSION 0x10000u
#define FLAG_AUTONOMOUS 0x1u
#define FLAG_ASSERT 0x2u
#define FLAG_ASYNC 0x4u
#define STATE_IMPDEF (1u << 31)

static int attributes(struct scmi_msg *m)
{
	scmi_put(m, scmi_be_count(SCMI_BE_RESET) & 0xffffu);
	return SCMI_SUCCESS;
}

static int domain_attributes(struct scmi_msg *m)
{
	const struct scmi_be_res *r;
	int st = scmi_res_get(SCMI_BE_RESET, m->in[0], &r);

	if (st)
		return st;
	scmi_put(m, 0);	/* synchronous only, no notifications */
	scmi_put(m, r->latency_us);
	scmi_put_name(m, r->name);
	return SCMI_SUCCESS;
}

/* RESET: a domain asserted, deasserted or cycled. */
static int reset_domain(struct scmi_msg *m)
{
	const struct scmi_be_res *r;
	uint32_t id = m->in[0], flags = m->in[1], state = m->in[2];
	int st = scmi_res_get(SCMI_BE_RESET, id, &r);

	if (st)
		return st;
	if (flags & ~(FLAG_AUTONOMOUS | FLAG_ASSERT | FLAG_ASYNC))
		return SCMI_INVALID_PARAMETERS;
	if (flags & FLAG_ASYNC || state & STATE_IMPDEF)
		return SCMI_NOT_SUPPORTED;
	/* Architectural reset types: only 0, the full reset, is defined. */
	if (state)
		return SCMI_INVALID_PARAMETERS;
	return scmi_be_reset(id, flags & FLAG_AUTONOMOUS, flags & FLAG_ASSERT);
}

static const struct scmi_cmd cmds[] = {
	[SECMON_SCMI_RESET_DOMAIN_ATTRIBUTES] = { 1, domain_attributes },
	[SECMON_SCMI_RESET_RESET] = { 3, reset_domain },
};

const struct scmi_protocol scmi_reset = {
	.id = SECMON_SCMI_RESET,
	.version = RESET_VERSION,
	.cmds = cmds,
	.ncmds = sizeof(cmds) / sizeof(cmds[0]),
	.attributes = attributes,
};

// SPDX-License-Identifier: BSD-3-Clause
/*
 * SCMI Power domain management protocol (0x11), version 2.0. A secure-only
 * domain is one the agent may see but not use, as the protocol has it: its
 * attributes say it takes no state set (neither synchronous nor
 * asynchronous), its state can be read, and POWER_STATE_SET is DENIED.
 * (Linux's scmi_pm_domain reads every domain's state at probe and warns on
 * any error; it then keeps the domain as it found it.)
 */
#include "scmi.h"

#define POWER_VERSION 0x20000u
#define ATTR_SYNC (1u << 29)
#define FLAG_ASYNC 0x1u

static int attributes(struct scmi_msg *m)
{
	scmi_put(m, scmi_be_count(SCMI_BE_POWER) & 0xffffu);
	scmi_put(m, 0);	/* no statistics shared memory */
	scmi_put(m, 0);
	scmi_put(m, 0);
	return SCMI_SUCCESS;
}

static int domain_attributes(struct scmi_msg *m)
{
	const struct scmi_be_res *r;
	int st = scmi_res_find(SCMI_BE_POWER, m->in[0], &r);

	if (st)
		return st;
	scmi_put(m, r->secure ? 0 : ATTR_SYNC);
	scmi_put_name(m, r->name);
	return SCMI_SUCCESS;
}

static int state_set(struct scmi_msg *m)
{
	const struct scmi_be_res *r;
	uint32_t flags = m->in[0], id = m->in[1], state = m->in[2];
	int st = scmi_res_get(SCMI_BE_POWER, id, &r);

	if (st)
		return st;
	if (flags & ~FLAG_ASYNC)
		return SCMI_INVALID_PARAMETERS;
	if (flags & FLAG_ASYNC)
		return SCMI_NOT_SUPPORTED;
	if (state != SCMI_POWER_ON && state != SCMI_POWER_OFF)
		return SCMI_INVALID_PARAMETERS;
	return scmi_be_power_set(id, state);
}

static int state_get(struct scmi_msg *m)
{
	const struct scmi_be_res *r;
	int st = scmi_res_find(SCMI_BE_POWER, m->in[0], &r);

	if (st)
		return st;
	scmi_put(m, scmi_be_power_get(m->in[0]));
	return SCMI_SUCCESS;
}

static const struct scmi_cmd cmds[] = {
	[SECMON_SCMI_POWER_DOMAIN_ATTRIBUTES] = { 1, domain_attributes },
	[SECMON_SCMI_POWER_STATE_SET] = { 3, state_set },
	[SECMON_SCMI_POWER_STATE_GET] = { 1, state_get },
};

const struct scmi_protocol scmi_power = {
	.id = SECMON_SCMI_POWER,
	.version = POWER_VERSION,
	.cmds = cmds,
	.ncmds = sizeof(cmds) / sizeof(cmds[0]),
	.attributes = attributes,
};

// SPDX-License-Identifier: BSD-3-Clause
/* SCMI Base protocol (0x10), version 2.0: discovery of the server. */
#include "scmi.h"

#define BASE_VERSION 0x20000u
#define NUM_AGENTS 1u	/* the normal-world OS; the platform is agent 0 */
#define AGENT_SELF 0xffffffffu

static int vendor(struct scmi_msg *m)
{
	scmi_put_name(m, scmi_be_info()->vendor);
	return SCMI_SUCCESS;
}

static int sub_vendor(struct scmi_msg *m)
{
	scmi_put_name(m, scmi_be_info()->sub_vendor);
	return SCMI_SUCCESS;
}

static int impl_version(struct scmi_msg *m)
{
	scmi_put(m, scmi_be_info()->impl_version);
	return SCMI_SUCCESS;
}

/* Protocol IDs other than Base, four to a word, from index `skip`. */
static int list_protocols(struct scmi_msg *m)
{
	uint32_t skip = m->in[0], total = scmi_protocol_count - 1, n, i;
	uint32_t room = (m->out_max - m->out_len - 4) / 4 * 4;

	if (skip > total)
		return SCMI_INVALID_PARAMETERS;
	n = total - skip < room ? total - skip : room;
	scmi_put(m, n);
	for (i = 0; i < n; i += 4) {
		uint32_t w = 0;

		for (unsigned b = 0; b < 4 && i + b < n; b++)
			w |= (uint32_t)scmi_protocols[1 + skip + i + b]->id << (8 * b);
		scmi_put(m, w);
	}
	return SCMI_SUCCESS;
}

static int discover_agent(struct scmi_msg *m)
{
	uint32_t id = m->in[0] == AGENT_SELF ? 1 : m->in[0];

	if (id > NUM_AGENTS)
		return SCMI_NOT_FOUND;
	scmi_put(m, id);
	scmi_put_name(m, id ? "OSPM" : "platform");
	return SCMI_SUCCESS;
}

static int attributes(struct scmi_msg *m)
{
	scmi_put(m, NUM_AGENTS << 8 | (scmi_protocol_count - 1));
	return SCMI_SUCCESS;
}

static const struct scmi_cmd cmds[] = {
	[SECMON_SCMI_BASE_DISCOVER_VENDOR] = { 0, vendor },
	[SECMON_SCMI_BASE_DISCOVER_SUB_VENDOR] = { 0, sub_vendor },
	[SECMON_SCMI_BASE_DISCOVER_IMPLEMENTATION_VERSION] = { 0, impl_version },
	[SECMON_SCMI_BASE_DISCOVER_LIST_PROTOCOLS] = { 1, list_protocols },
	[SECMON_SCMI_BASE_DISCOVER_AGENT] = { 1, discover_agent },
};

const struct scmi_protocol scmi_base = {
	.id = SECMON_SCMI_BASE,
	.version = BASE_VERSION,
	.cmds = cmds,
	.ncmds = sizeof(cmds) / sizeof(cmds[0]),
	.attributes = attributes,
};
